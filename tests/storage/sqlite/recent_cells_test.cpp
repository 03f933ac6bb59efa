// "Reported since" clusters from migration 008's hour buckets (store_recent_cells),
// on real SQLite files: the table is an exact recount of the active reported stores
// after reports are added and deleted, stores hidden, moved and deleted; cells()
// agrees with a brute-force aggregate as the cut-off moves through the hours (time
// passing); and migrating a version-7 file fills the buckets from the stores it holds.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <tuple>

#include "cell_oracle.hpp"
#include "pokeca/storage/sqlite/migrations.hpp"
#include "pokeca/storage/sqlite/statement.hpp"
#include "report_tracker.hpp"
#include "sqlite_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::kNow;
using testing::make_store;
using namespace testing::cell_oracle;

constexpr UnixSeconds kHour = 3600;

using Buckets = std::map<std::tuple<std::int64_t, std::int64_t, std::int64_t, std::int64_t>, std::int64_t>;

// What store_recent_cells must hold for these stores: (level, hour, cx, cy) → count of the
// active stores whose latest report says bought (migration 013).
Buckets expected_buckets(const std::vector<Store>& all) {
  Buckets out;
  for (const auto& s : all) {
    if (s.status != StoreStatus::kActive || !s.last_report_at || s.last_report_kind != ReportKind::kBought) continue;
    for (int level = 0; level <= kMaxCellLevel; ++level) {
      const auto k = cell_of(s.location, level);
      ++out[{level, *s.last_report_at / kHour, k.x, k.y}];
    }
  }
  return out;
}

Buckets stored_buckets(Database& db) {
  auto lease = db.acquire();
  Statement read(lease.connection(), "SELECT level, hour, cx, cy, count FROM store_recent_cells");
  Buckets out;
  EXPECT_TRUE(read.each([&](const Row& r) { out[{r.int64(0), r.int64(1), r.int64(2), r.int64(3)}] = r.int64(4); }));
  return out;
}

const std::vector<BoundingBox> kViews{
    {122.0, 24.0, 146.0, 46.0},      // all of Japan
    {139.55, 35.55, 139.90, 35.85},  // 東京
    {139.68, 35.65, 139.74, 35.72},  // a few wards
};

void expect_cells_agree(SqliteStoreRepository& stores, const std::vector<Store>& all, UnixSeconds since,
                        const std::string& label) {
  for (int level : {0, 4, 8, 10, 12})
    for (std::size_t v = 0; v < kViews.size(); ++v) {
      const auto range = cells_covering(kViews[v], level);
      const auto f = testing::reported_since(since);
      auto got = stores.cells(range, f);
      ASSERT_TRUE(got);
      expect_same(
          fold(*got), brute_force(all, range, f),
          label + " since " + std::to_string(since) + " level " + std::to_string(level) + " view " + std::to_string(v));
    }
}

class RecentCells : public testing::StorageTest {
 protected:
  void SetUp() override {
    std::mt19937_64 rng(2026);
    std::uniform_real_distribution<double> unit(0, 1);
    for (StoreId id = 1; id <= 600; ++id) {
      const LatLng at = id % 2 == 0 ? LatLng{35.6 + 0.2 * unit(rng), 139.6 + 0.25 * unit(rng)}
                                    : LatLng{33.0 + 3.5 * unit(rng), 133.0 + 8.0 * unit(rng)};
      auto s = make_store(id, "店", "card_shop", "tokyo", at);
      s.external_id = "ext:" + std::to_string(id);
      if (id % 13 == 0) s.status = StoreStatus::kHidden;
      all.push_back(s);
    }
    ASSERT_TRUE(stores.insert_many(all));
  }

  ReportId report(StoreId id, UnixSeconds at) { return tracker.report(id, at); }
  void unreport(ReportId report_id) { tracker.unreport(report_id); }

  void expect_right(const std::string& label) {
    EXPECT_EQ(stored_buckets(db), expected_buckets(all)) << label;
    for (const UnixSeconds since :
         {kNow - 24 * kHour, kNow - 24 * kHour + 1234, kNow - 3 * kHour + 1, kNow - 30 * 24 * kHour, kNow + 1})
      expect_cells_agree(stores, all, since, label);
  }

  std::vector<Store> all;
  testing::ReportTracker tracker{reports, all};
};

TEST_F(RecentCells, CellLevelsAreTheStoredLevels) {
  auto lease = db.acquire();
  Statement read(lease.connection(), "SELECT min(level), max(level), count(*) FROM cell_levels");
  ASSERT_TRUE(read.each([](const Row& r) {
    EXPECT_EQ(r.int64(0), 0);
    EXPECT_EQ(r.int64(1), kMaxCellLevel);
    EXPECT_EQ(r.int64(2), kMaxCellLevel + 1);
  }));
}

TEST_F(RecentCells, FollowReportsInsertedAndDeleted) {
  expect_right("no reports");
  std::mt19937_64 rng(5);
  std::uniform_int_distribution<StoreId> store(1, 600);
  std::uniform_int_distribution<UnixSeconds> age(0, 40 * 24 * kHour);
  std::vector<ReportId> ids;
  for (int i = 0; i < 500; ++i) ids.push_back(report(store(rng), kNow - age(rng)));
  expect_right("after 500 reports");
  // Deleting a store's newest report moves it back to its previous one, or out.
  for (std::size_t i = 0; i < ids.size(); i += 3) unreport(ids[i]);
  expect_right("after deleting a third");
  // An older report does not move a store's last report.
  const auto newest = report(2, kNow - kHour);
  report(2, kNow - 10 * kHour);
  expect_right("after an older report");
  unreport(newest);
  expect_right("after deleting the newest");
}

TEST_F(RecentCells, FollowStoresHiddenMovedRevivedAndDeleted) {
  std::mt19937_64 rng(8);
  std::uniform_int_distribution<UnixSeconds> age(0, 3 * 24 * kHour);
  for (StoreId id = 1; id <= 600; id += 2) report(id, kNow - age(rng));
  for (StoreId id = 1; id <= 600; id += 7) {
    auto& s = all[static_cast<std::size_t>(id - 1)];
    if (id % 3 == 0)
      s.status = s.status == StoreStatus::kActive ? StoreStatus::kHidden : StoreStatus::kActive;
    else
      s.location = {s.location.lat + 0.05, s.location.lng - 0.05};
    ASSERT_EQ(stores.upsert_by_external_id(s).value(), UpsertOutcome::kUpdated) << id;
  }
  expect_right("after hiding, reviving and moving");
  {
    auto lease = db.acquire();
    ASSERT_TRUE(lease.connection().exec("DELETE FROM stores WHERE id IN (1, 3, 5, 7)"));
  }
  std::erase_if(all, [](const Store& s) { return s.id == 1 || s.id == 3 || s.id == 5 || s.id == 7; });
  EXPECT_EQ(stored_buckets(db), expected_buckets(all));
  expect_cells_agree(stores, all, kNow - 24 * kHour, "after deleting stores");
}

TEST_F(RecentCells, AgreeAsTheCutOffMovesThroughTheHours) {
  std::mt19937_64 rng(11);
  std::uniform_int_distribution<UnixSeconds> age(0, 30 * kHour);
  for (StoreId id = 1; id <= 600; ++id) report(id, kNow - age(rng));
  // The clock passing: "the last 24 hours" seen every 20 minutes for 6 hours, cut-offs
  // on and between hour boundaries; the stored buckets do not change, the sums do.
  const UnixSeconds start = (kNow / kHour) * kHour - 24 * kHour;
  for (UnixSeconds since = start; since <= start + 6 * kHour; since += 20 * 60)
    expect_cells_agree(stores, all, since, "moving cut-off");
}

// A version-7 file with reported stores gains its buckets when 008 runs on opening.
TEST(RecentCellsMigration, FillsTheBucketsFromTheStoresAlreadyThere) {
  testing::TempDir dir;
  const auto file = dir.path() / "v7.db";
  std::vector<Store> all;
  {
    Connection conn(file, {});
    for (const auto& m : all_migrations()) {
      if (m.version > 7) break;
      ASSERT_TRUE(conn.exec(m.sql));
      ASSERT_TRUE(conn.exec("PRAGMA user_version = " + std::to_string(m.version)));
    }
    std::mt19937_64 rng(3);
    std::uniform_real_distribution<double> unit(0, 1);
    Statement insert(conn,
                     "INSERT INTO stores (id, name, store_type, prefecture, lat, lng, location_precision,"
                     " status, source, created_at, updated_at, last_report_at, last_report_kind)"
                     " VALUES (:id, '店', 'card_shop', 'tokyo', :lat, :lng, 'exact', :status, 'demo', 0, 0, :at,"
                     " :kind)");
    // The store's one report (migration 013 reads the per-product latest from the reports).
    Statement report(conn,
                     "INSERT INTO purchase_reports (store_id, kind, product, purchased_at, created_at)"
                     " VALUES (:id, :kind, 'pack', :at, :at)");
    for (StoreId id = 1; id <= 400; ++id) {
      auto s = make_store(id, "店", "card_shop", "tokyo", {33.0 + 3.5 * unit(rng), 133.0 + 8.0 * unit(rng)});
      if (id % 11 == 0) s.status = StoreStatus::kHidden;
      if (id % 3 != 0) {
        s.last_report_at = kNow - static_cast<UnixSeconds>(unit(rng) * 5 * 86'400);
        s.last_report_kind = id % 4 == 0 ? ReportKind::kSoldOut : ReportKind::kBought;
        s.latest_by_product[product_index(Product::kPack)] = LatestReport{*s.last_report_at, *s.last_report_kind};
      }
      insert.bind_int(":id", id)
          .bind_real(":lat", s.location.lat)
          .bind_real(":lng", s.location.lng)
          .bind_text(":status", to_string(s.status))
          .bind_int(":at", s.last_report_at);
      if (s.last_report_kind)
        insert.bind_text(":kind", to_string(*s.last_report_kind));
      else
        insert.bind_null(":kind");
      ASSERT_TRUE(insert.run());
      if (s.last_report_at) {
        ASSERT_TRUE(report.bind_int(":id", id)
                        .bind_text(":kind", to_string(*s.last_report_kind))
                        .bind_int(":at", *s.last_report_at)
                        .run());
      }
      all.push_back(s);
    }
  }
  Database db(file);
  {
    auto lease = db.acquire();
    EXPECT_EQ(schema_version(lease.connection()).value(), latest_schema_version());
  }
  EXPECT_EQ(stored_buckets(db), expected_buckets(all));
  SqliteStoreRepository stores(db);
  expect_cells_agree(stores, all, kNow - 24 * kHour + 99, "migrated");
}

}  // namespace
}  // namespace pokeca::storage
