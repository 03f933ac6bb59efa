// The store lists with "reported since" read migration 009's structures (the prefecture
// index of reported stores, the R*Tree of reported stores by place and time), on real
// SQLite files: in_prefecture and nearest give exactly the brute-force answer (every
// store filtered in memory) after reports are added and deleted, stores hidden, moved,
// revived and deleted, with type and product filters, as the cut-off moves through the
// hours; the R*Tree holds exactly the reported stores; the per type and product hour
// buckets (migration 010's store_recent_kinds blobs, read back per kind) are an exact
// recount and cells() with a type or product filter agrees with a brute-force aggregate;
// so are migration 011's 8-hour blocks of the same blobs, with the cut-off anywhere in an
// hour and a block, and for a cut-off on an hour cells() sums exactly the hour rows (the
// path before 011); and migrating a populated version-8, 9, 10 or 12 file gives the same answers
// (migration 013 filling each product's latest report from the reports).
// Since migration 013 "reported since" keeps a store whose latest report (of the filter's
// product, or of any) says bought: the reports cycle through products and results.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <random>
#include <set>
#include <tuple>

#include "cell_oracle.hpp"
#include "engine/recent_kinds.hpp"
#include "pokeca/shared/geo.hpp"
#include "pokeca/storage/sqlite/migrations.hpp"
#include "pokeca/storage/sqlite/statement.hpp"
#include "report_tracker.hpp"
#include "sqlite_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::kNow;
using testing::make_store;
using testing::cell_oracle::matches;
using namespace testing::cell_oracle;

constexpr UnixSeconds kHour = 3600;
constexpr LatLng kShinjuku{35.6938, 139.7036};
constexpr LatLng kOsaka{34.70, 135.50};

std::vector<StoreId> expected_prefecture(const std::vector<Store>& all, std::string_view code, const StoreFilters& f,
                                         int limit) {
  std::vector<StoreId> out;
  for (const auto& s : all)
    if (s.prefecture == code && matches(s, f)) out.push_back(s.id);
  std::sort(out.begin(), out.end());
  if (out.size() > static_cast<std::size_t>(limit)) out.resize(static_cast<std::size_t>(limit));
  return out;
}

std::vector<StoreId> expected_nearest(const std::vector<Store>& all, LatLng centre, double radius_km,
                                      const StoreFilters& f, int limit) {
  std::vector<std::pair<double, StoreId>> found;
  for (const auto& s : all) {
    if (!matches(s, f)) continue;
    const double d = haversine_km(centre, s.location);
    if (d <= radius_km) found.emplace_back(d, s.id);
  }
  std::sort(found.begin(), found.end());
  std::vector<StoreId> out;
  for (std::size_t i = 0; i < found.size() && i < static_cast<std::size_t>(limit); ++i) out.push_back(found[i].second);
  return out;
}

std::set<StoreId> rtree_ids(Database& db) {
  auto lease = db.acquire();
  Statement read(lease.connection(), "SELECT id FROM stores_reported_rtree");
  std::set<StoreId> out;
  EXPECT_TRUE(read.each([&](const Row& r) { out.insert(r.int64(0)); }));
  return out;
}

// Migration 013: the reported stores some filter can keep, whose latest report of all or
// of a product says bought.
std::set<StoreId> reported_ids(const std::vector<Store>& all) {
  std::set<StoreId> out;
  for (const auto& s : all) {
    bool bought = s.last_report_kind == ReportKind::kBought;
    for (const auto& latest : s.latest_by_product) bought = bought || (latest && latest->kind == ReportKind::kBought);
    if (s.last_report_at && bought) out.insert(s.id);
  }
  return out;
}

std::vector<StoreFilters> filters_since(UnixSeconds since) {
  std::vector<StoreFilters> out;
  out.push_back(testing::reported_since(since));
  auto typed = testing::of_types({"card_shop", "toy"});
  typed.reported_since = since;
  out.push_back(typed);
  auto product = testing::selling(Product::kBox);
  product.reported_since = since;
  out.push_back(product);
  auto both = testing::of_types({"convenience"});
  both.product = Product::kPack;
  both.reported_since = since;
  out.push_back(both);
  return out;
}

void expect_lists_agree(SqliteStoreRepository& stores, const std::vector<Store>& all, UnixSeconds since,
                        const std::string& label) {
  int checked = 0;
  for (const auto& f : filters_since(since)) {
    const std::string what = label + " since " + std::to_string(since) + " filter " + std::to_string(checked++);
    for (const std::string_view code : {"tokyo", "osaka"})
      for (const int limit : {1, 7, 50, 1000}) {
        auto got = stores.in_prefecture(code, f, limit);
        ASSERT_TRUE(got) << what;
        EXPECT_EQ(testing::ids_of(*got), expected_prefecture(all, code, f, limit))
            << what << " " << code << " " << limit;
      }
    for (const auto centre : {kShinjuku, kOsaka})
      for (const double radius : {0.8, 5.0, 40.0})
        for (const int limit : {1, 5, 60}) {
          auto got = stores.nearest(centre, radius, f, limit);
          ASSERT_TRUE(got) << what;
          std::vector<StoreId> ids;
          for (const auto& s : *got) {
            ids.push_back(s.store.id);
            EXPECT_NEAR(s.distance_km, haversine_km(centre, s.store.location), 1e-9) << what;
          }
          EXPECT_EQ(ids, expected_nearest(all, centre, radius, f, limit)) << what << " r " << radius << " " << limit;
        }
  }
}

using KindBuckets =
    std::map<std::tuple<std::int64_t, std::string, std::string, std::int64_t, std::int64_t, std::int64_t>,
             std::int64_t>;

// What the kind buckets must hold: (level, type, product, hour, cx, cy) → count; with
// unit = kBlock, migration 011's 8-hour blocks instead of hours.
constexpr UnixSeconds kBlock = 8 * kHour;

KindBuckets expected_kind_buckets(const std::vector<Store>& all, UnixSeconds unit = kHour) {
  KindBuckets out;
  for (const auto& s : all) {
    if (s.status != StoreStatus::kActive || !s.last_report_at) continue;
    // Migration 013: (type, '*') when the latest report says bought; a product's kinds when
    // the store sells it and its latest report of the product says bought.
    std::vector<std::pair<std::string, std::string>> kinds;
    if (s.last_report_kind == ReportKind::kBought) kinds.emplace_back(s.store_type, "*");
    const std::array<std::pair<std::optional<bool>, Product>, 3> sells{
        {{s.sells.packs, Product::kPack}, {s.sells.boxes, Product::kBox}, {s.sells.singles, Product::kSingle}}};
    for (const auto& [sold, product] : sells) {
      const auto& latest = s.latest_by_product[product_index(product)];
      if (sold == true && latest && latest->kind == ReportKind::kBought) {
        kinds.emplace_back(s.store_type, to_string(product));
        kinds.emplace_back("*", to_string(product));
      }
    }
    for (int level = 0; level <= kMaxCellLevel; ++level) {
      const auto k = cell_of(s.location, level);
      for (const auto& [type, product] : kinds) ++out[{level, type, product, *s.last_report_at / unit, k.x, k.y}];
    }
  }
  return out;
}

// store_recent_kinds read back per kind: each type's own slots, and ('*', product) as
// the sum over the types; kinds with no store are absent, as in the recount. The blocks
// of migration 011 (store_recent_blocks) hold the same blobs.
KindBuckets stored_kind_buckets(Database& db, bool blocks = false) {
  constexpr std::array<const char*, recent_kinds::kSlots> kProducts{"*", "pack", "box", "single"};
  auto lease = db.acquire();
  Statement read(lease.connection(), blocks ? "SELECT level, block, cx, cy, kinds FROM store_recent_blocks"
                                            : "SELECT level, hour, cx, cy, kinds FROM store_recent_kinds");
  KindBuckets out;
  EXPECT_TRUE(read.each([&](const Row& r) {
    recent_kinds::for_each_type(r.blob(4), [&](const recent_kinds::TypeSums& t) {
      for (std::size_t p = 0; p < recent_kinds::kSlots; ++p) {
        if (t.slots[p].count == 0) continue;
        out[{r.int64(0), t.type, kProducts[p], r.int64(1), r.int64(2), r.int64(3)}] = t.slots[p].count;
        if (p > 0) out[{r.int64(0), "*", kProducts[p], r.int64(1), r.int64(2), r.int64(3)}] += t.slots[p].count;
      }
    });
  }));
  return out;
}

const std::vector<BoundingBox> kViews{
    {122.0, 24.0, 146.0, 46.0},      // all of Japan
    {139.55, 35.55, 139.90, 35.85},  // 東京
    {139.68, 35.65, 139.74, 35.72},  // a few wards
    {135.30, 34.50, 135.70, 34.90},  // 大阪
};

void expect_kind_cells_agree(SqliteStoreRepository& stores, const std::vector<Store>& all, UnixSeconds since,
                             const std::string& label) {
  std::vector<StoreFilters> filters = filters_since(since);
  auto repeated = testing::of_types({"toy", "card_shop", "toy"});  // a type named twice counts once
  repeated.reported_since = since;
  filters.push_back(repeated);
  for (std::size_t i = 0; i < filters.size(); ++i)
    for (int level : {0, 4, 8, 10, 12})
      for (std::size_t v = 0; v < kViews.size(); ++v) {
        const auto range = cells_covering(kViews[v], level);
        auto got = stores.cells(range, filters[i]);
        ASSERT_TRUE(got);
        expect_same(fold(*got), brute_force(all, range, filters[i]),
                    label + " since " + std::to_string(since) + " filter " + std::to_string(i) + " level " +
                        std::to_string(level) + " view " + std::to_string(v));
      }
}

const std::vector<std::string> kTypes{"card_shop", "convenience", "toy", "supermarket"};

Store random_store(std::mt19937_64& rng, StoreId id) {
  std::uniform_real_distribution<double> unit(0, 1);
  const bool tokyo = id % 3 != 0;
  const LatLng at = tokyo ? LatLng{35.60 + 0.2 * unit(rng), 139.60 + 0.25 * unit(rng)}
                          : LatLng{34.60 + 0.2 * unit(rng), 135.40 + 0.25 * unit(rng)};
  auto s = make_store(id, "店", kTypes[id % kTypes.size()], tokyo ? "tokyo" : "osaka", at);
  const auto tri = [&]() -> std::optional<bool> {
    const double u = unit(rng);
    if (u < 0.2) return std::nullopt;
    return u < 0.6;
  };
  s.sells = {tri(), tri(), tri()};
  s.external_id = "ext:" + std::to_string(id);
  if (id % 13 == 0) s.status = StoreStatus::kHidden;
  if (id % 29 == 0) s.status = StoreStatus::kClosed;
  return s;
}

class ReportedLists : public testing::StorageTest {
 protected:
  void SetUp() override {
    std::mt19937_64 rng(2027);
    for (StoreId id = 1; id <= 900; ++id) all.push_back(random_store(rng, id));
    ASSERT_TRUE(stores.insert_many(all));
  }

  ReportId report(StoreId id, UnixSeconds at) { return tracker.report(id, at); }
  void unreport(ReportId report_id) { tracker.unreport(report_id); }

  Store& store(StoreId id) {
    return *std::find_if(all.begin(), all.end(), [&](const Store& s) { return s.id == id; });
  }

  void expect_right(const std::string& label) {
    EXPECT_EQ(rtree_ids(db), reported_ids(all)) << label;
    EXPECT_EQ(stored_kind_buckets(db), expected_kind_buckets(all)) << label;
    EXPECT_EQ(stored_kind_buckets(db, true), expected_kind_buckets(all, kBlock)) << label;
    for (const UnixSeconds since :
         {kNow - 24 * kHour, kNow - 24 * kHour + 1234, kNow - 3 * kHour + 1, kNow - 30 * 24 * kHour, kNow + 1}) {
      expect_lists_agree(stores, all, since, label);
      expect_kind_cells_agree(stores, all, since, label);
    }
  }

  std::vector<Store> all;
  testing::ReportTracker tracker{reports, all};
};

TEST_F(ReportedLists, FollowReportsInsertedAndDeleted) {
  expect_right("no reports");
  std::mt19937_64 rng(5);
  std::uniform_int_distribution<StoreId> pick(1, 900);
  std::uniform_int_distribution<UnixSeconds> age(0, 40 * 24 * kHour);
  std::vector<ReportId> ids;
  for (int i = 0; i < 700; ++i) ids.push_back(report(pick(rng), kNow - age(rng)));
  expect_right("after 700 reports");
  for (std::size_t i = 0; i < ids.size(); i += 3) unreport(ids[i]);
  expect_right("after deleting a third");
  const auto newest = report(2, kNow - kHour);
  report(2, kNow - 10 * kHour);
  expect_right("after an older report");
  unreport(newest);
  expect_right("after deleting the newest");
}

TEST_F(ReportedLists, FollowStoresHiddenMovedRevivedAndDeleted) {
  std::mt19937_64 rng(8);
  std::uniform_int_distribution<UnixSeconds> age(0, 3 * 24 * kHour);
  for (StoreId id = 1; id <= 900; id += 2) report(id, kNow - age(rng));
  for (StoreId id = 1; id <= 900; id += 7) {
    auto& s = store(id);
    if (id % 3 == 0)
      s.status = s.status == StoreStatus::kActive ? StoreStatus::kHidden : StoreStatus::kActive;
    else if (id % 3 == 1)
      s.location = {s.location.lat + 0.03, s.location.lng - 0.04};
    else {  // a new type and what it sells
      s.store_type = kTypes[(static_cast<std::size_t>(id) + 1) % kTypes.size()];
      s.sells = {s.sells.boxes, std::optional<bool>(true), s.sells.packs};
    }
    ASSERT_EQ(stores.upsert_by_external_id(s).value(), UpsertOutcome::kUpdated) << id;
  }
  expect_right("after hiding, reviving and moving");
  {
    auto lease = db.acquire();
    ASSERT_TRUE(lease.connection().exec("DELETE FROM stores WHERE id IN (1, 3, 5, 7, 8)"));
  }
  std::erase_if(all, [](const Store& s) { return s.id == 1 || s.id == 3 || s.id == 5 || s.id == 7 || s.id == 8; });
  expect_right("after deleting stores");
}

TEST_F(ReportedLists, AgreeAsTheCutOffMovesThroughTheHours) {
  std::mt19937_64 rng(11);
  std::uniform_int_distribution<UnixSeconds> age(0, 30 * kHour);
  for (StoreId id = 1; id <= 900; id += 2) report(id, kNow - age(rng));
  const UnixSeconds start = (kNow / kHour) * kHour - 24 * kHour;
  for (UnixSeconds since = start; since <= start + 6 * kHour; since += 40 * 60) {
    expect_lists_agree(stores, all, since, "moving cut-off");
    expect_kind_cells_agree(stores, all, since, "moving cut-off");
  }
}

// Migration 011's 8-hour blocks: a cut-off anywhere in an hour and in a block (the
// window is whole blocks, hour rows added or taken away, and the stores of part of an
// hour added or taken away) gives the brute-force answer, across block boundaries, with
// reports exactly on hour and block boundaries and on the cut-off itself.
TEST_F(ReportedLists, AgreeAsTheCutOffMovesThroughABlock) {
  std::mt19937_64 rng(13);
  std::uniform_int_distribution<UnixSeconds> age(0, 40 * kHour);
  const UnixSeconds start = (kNow / kBlock) * kBlock - 24 * kHour - kHour;  // an hour before a block boundary
  for (StoreId id = 1; id <= 900; id += 2) report(id, kNow - age(rng));
  for (StoreId id = 2; id <= 40; id += 2) report(id, start + kHour * (id % 11) + (id % 4 == 0 ? 0 : 1800));
  report(42, start + kHour);  // on a block boundary
  for (UnixSeconds since = start; since <= start + 10 * kHour; since += 37 * 60) {
    expect_kind_cells_agree(stores, all, since, "cut-off through a block");
    expect_kind_cells_agree(stores, all, since + 1, "cut-off through a block");
  }
  for (const UnixSeconds since : {start + kHour, start + kHour + 1800, start + 5 * kHour, start + 5 * kHour - 1})
    expect_kind_cells_agree(stores, all, since, "cut-off on a boundary");
}

// The same sums as 010's hour rows alone (the path before 011) for a cut-off on an hour:
// every hour row from the cut-off's hour on, read through 011's store_recent_cells view.
TEST_F(ReportedLists, SameAnswerAsTheHourRowsAlone) {
  std::mt19937_64 rng(17);
  std::uniform_int_distribution<UnixSeconds> age(0, 50 * kHour);
  for (int i = 0; i < 1500; ++i) report(std::uniform_int_distribution<StoreId>(1, 900)(rng), kNow - age(rng));
  auto lease = db.acquire();
  Statement hours(lease.connection(),
                  "SELECT cx, cy, sum(count), sum(sum_lat), sum(sum_lng) FROM store_recent_cells"
                  " WHERE level = :level AND hour >= :hour AND cx BETWEEN :min_x AND :max_x"
                  " AND cy BETWEEN :min_y AND :max_y GROUP BY cx, cy HAVING sum(count) > 0 ORDER BY cx, cy");
  const UnixSeconds first = (kNow / kHour) * kHour - 30 * kHour;
  for (UnixSeconds since = first; since <= first + 9 * kHour; since += kHour)
    for (int level : {0, 4, 8, 10, 12})
      for (const auto& view : kViews) {
        const auto range = cells_covering(view, level);
        auto got = stores.cells(range, testing::reported_since(since));
        ASSERT_TRUE(got);
        std::vector<CellAggregate> want;
        ASSERT_TRUE(hours.bind_int(":level", level)
                        .bind_int(":hour", since / kHour)
                        .bind_int(":min_x", range.min_x)
                        .bind_int(":max_x", range.max_x)
                        .bind_int(":min_y", range.min_y)
                        .bind_int(":max_y", range.max_y)
                        .each([&](const Row& r) {
                          want.push_back({{level, r.int64(0), r.int64(1)}, r.int64(2), r.real(3), r.real(4)});
                        }));
        ASSERT_EQ(got->size(), want.size()) << since << " level " << level;
        for (std::size_t i = 0; i < want.size(); ++i) {
          EXPECT_EQ((*got)[i].key, want[i].key) << since << " level " << level;
          EXPECT_EQ((*got)[i].count, want[i].count) << since << " level " << level;
          EXPECT_NEAR((*got)[i].sum_lat, want[i].sum_lat, 1e-9) << since << " level " << level;
          EXPECT_NEAR((*got)[i].sum_lng, want[i].sum_lng, 1e-9) << since << " level " << level;
        }
      }
}

// The prefecture list and nearest with the filter read the new structures (a plan
// change would show here before it shows as a slow query).
TEST_F(ReportedLists, PlansUseTheNewStructures) {
  auto lease = db.acquire();
  const auto plan_of = [&](const std::string& sql) {
    Statement explain(lease.connection(), "EXPLAIN QUERY PLAN " + sql);
    std::string out;
    EXPECT_TRUE(explain.each([&](const Row& r) { out += std::string(r.text(3)) + "\n"; }));
    return out;
  };
  EXPECT_NE(plan_of("SELECT id FROM stores WHERE prefecture = 'tokyo' AND last_report_at >= 5"
                    " AND status = 'active' ORDER BY id LIMIT 10")
                .find("stores_by_prefecture_reported"),
            std::string::npos);
  EXPECT_NE(plan_of("SELECT id FROM stores_reported_rtree WHERE min_lng <= 1 AND max_t >= 5").find("VIRTUAL TABLE"),
            std::string::npos);
  EXPECT_NE(plan_of("SELECT cx, cy, kinds FROM store_recent_blocks WHERE level = 9 AND block = 7"
                    " AND cx BETWEEN 1 AND 5 AND cy BETWEEN 2 AND 6")
                .find("USING PRIMARY KEY (level=? AND block=? AND cx>? AND cx<?)"),
            std::string::npos);
  // A narrow view's columns: one seek per column and a cy range, inside the statement.
  EXPECT_NE(plan_of("SELECT cx, cy, kinds FROM store_recent_blocks WHERE level = 9 AND block = 7"
                    " AND cx IN (SELECT value FROM json_each('[1,2,3]')) AND cy BETWEEN 2 AND 6")
                .find("USING PRIMARY KEY (level=? AND block=? AND cx=? AND cy>? AND cy<?)"),
            std::string::npos);
}

// A version-8 file with reported stores gains the index and the R*Tree when 009 runs,
// a version-9 file (009's per-kind rows populated) gets 010's blobs, and a version-10
// file (008's and 010's hour rows populated) 011's blocks: the same answers.
class ReportedListsMigration : public ::testing::TestWithParam<int> {};

TEST_P(ReportedListsMigration, KeepsTheAnswers) {
  const int from_version = GetParam();
  testing::TempDir dir;
  const auto file = dir.path() / "old.db";
  std::vector<Store> all;
  {
    Connection conn(file, {});
    for (const auto& m : all_migrations()) {
      if (m.version > from_version) break;
      ASSERT_TRUE(conn.exec(m.sql));
      ASSERT_TRUE(conn.exec("PRAGMA user_version = " + std::to_string(m.version)));
    }
    std::mt19937_64 rng(3);
    std::uniform_real_distribution<double> unit(0, 1);
    Statement insert(conn,
                     "INSERT INTO stores (id, name, store_type, prefecture, lat, lng, location_precision,"
                     " sells_packs, sells_boxes, sells_singles,"
                     " status, source, created_at, updated_at, last_report_at, last_report_kind)"
                     " VALUES (:id, '店', :type, :prefecture, :lat, :lng, 'exact', :packs, :boxes, :singles,"
                     " :status, 'demo', 0, 0, :at, :kind)");
    // The reports behind the last report: migration 013 reads each product's latest from
    // them (an older one of another product, and the last one).
    Statement report(conn,
                     "INSERT INTO purchase_reports (store_id, kind, product, purchased_at, created_at)"
                     " VALUES (:id, :kind, :product, :at, :at)");
    const auto add_report = [&](StoreId id, ReportKind kind, Product product, UnixSeconds at) {
      ASSERT_TRUE(report.bind_int(":id", id)
                      .bind_text(":kind", to_string(kind))
                      .bind_text(":product", to_string(product))
                      .bind_int(":at", at)
                      .run());
    };
    for (StoreId id = 1; id <= 700; ++id) {
      auto s = random_store(rng, id);
      if (id % 3 != 2) {
        s.last_report_at = kNow - static_cast<UnixSeconds>(unit(rng) * 5 * 86'400);
        s.last_report_kind = id % 4 == 0 ? ReportKind::kSoldOut : ReportKind::kBought;
        const auto last = kProducts[static_cast<std::size_t>(id) % kProductCount];
        const auto older = kProducts[static_cast<std::size_t>(id + 1) % kProductCount];
        const LatestReport before{*s.last_report_at - 3 * kHour,
                                  id % 5 == 0 ? ReportKind::kSoldOut : ReportKind::kBought};
        s.latest_by_product[product_index(older)] = before;
        s.latest_by_product[product_index(last)] = LatestReport{*s.last_report_at, *s.last_report_kind};
      }
      const auto bind_sells = [&](const char* name, std::optional<bool> v) {
        if (v)
          insert.bind_int(name, *v ? 1 : 0);
        else
          insert.bind_null(name);
      };
      insert.bind_int(":id", id)
          .bind_text(":type", s.store_type)
          .bind_text(":prefecture", s.prefecture)
          .bind_real(":lat", s.location.lat)
          .bind_real(":lng", s.location.lng)
          .bind_text(":status", to_string(s.status))
          .bind_int(":at", s.last_report_at);
      if (s.last_report_kind)
        insert.bind_text(":kind", to_string(*s.last_report_kind));
      else
        insert.bind_null(":kind");
      bind_sells(":packs", s.sells.packs);
      bind_sells(":boxes", s.sells.boxes);
      bind_sells(":singles", s.sells.singles);
      ASSERT_TRUE(insert.run());
      if (s.last_report_at) {
        const auto last = kProducts[static_cast<std::size_t>(id) % kProductCount];
        const auto older = kProducts[static_cast<std::size_t>(id + 1) % kProductCount];
        add_report(id, s.latest_by_product[product_index(older)]->kind, older, *s.last_report_at - 3 * kHour);
        add_report(id, *s.last_report_kind, last, *s.last_report_at);
      }
      all.push_back(s);
    }
  }
  Database db(file);
  {
    auto lease = db.acquire();
    EXPECT_EQ(schema_version(lease.connection()).value(), latest_schema_version());
  }
  EXPECT_EQ(rtree_ids(db), reported_ids(all));
  EXPECT_EQ(stored_kind_buckets(db), expected_kind_buckets(all));
  EXPECT_EQ(stored_kind_buckets(db, true), expected_kind_buckets(all, kBlock));
  SqliteStoreRepository stores(db);
  // Migration 013 fills each product's latest report from the reports already there.
  for (const auto& s : all) {
    const auto stored = stores.find(s.id).value();
    ASSERT_TRUE(stored);
    EXPECT_EQ(stored->latest_by_product, s.latest_by_product) << s.id;
    EXPECT_EQ(stored->last_report_kind, s.last_report_kind) << s.id;
  }
  for (const UnixSeconds since : {kNow - 24 * kHour + 99, kNow - 4 * 86'400}) {
    expect_lists_agree(stores, all, since, "migrated");
    expect_kind_cells_agree(stores, all, since, "migrated");
  }
}

INSTANTIATE_TEST_SUITE_P(FromVersions, ReportedListsMigration, ::testing::Values(8, 9, 10, 12));

}  // namespace
}  // namespace pokeca::storage
