// A cut box list is the nearest `limit` stores to the box's centre (BoxOrder), equal
// distances by smaller id, in that order: the same by SQL (in_bbox's doubling squares), by
// the scan over the R*Tree's copy (best first) and by the scan without the copy, with
// kept stores or without; a list that is not cut is the whole set.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "engine/rtree_replica.hpp"
#include "sqlite_fixture.hpp"

namespace pokeca::storage::testing {
namespace {

class BoxListOrder : public StorageTest {
 protected:
  void SetUp() override {
    std::mt19937_64 random(20261128);
    std::uniform_real_distribution<double> u(0, 1);
    const char* types[] = {"card_shop", "toy", "convenience"};
    std::vector<Store> all;
    for (StoreId id = 1; id <= 3'000; ++id) {
      // Most in one city, some across Japan; a 12 × 12 grid around (35.68, 139.76) for ties.
      LatLng at;
      if (id <= 144) {
        at = {35.6745 + static_cast<double>((id - 1) / 12) * 0.001,
              139.7545 + static_cast<double>((id - 1) % 12) * 0.001};
      } else if (u(random) < 0.8) {
        at = {35.60 + 0.15 * u(random), 139.65 + 0.20 * u(random)};
      } else {
        at = {31.0 + 13.0 * u(random), 130.0 + 15.0 * u(random)};
      }
      auto s = make_store(id, "店" + std::to_string(id), types[id % 3], "tokyo", at);
      if (id % 17 == 0) s.status = StoreStatus::kHidden;
      if (id % 5 == 0) {
        s.last_report_at = kNow - 600;
        s.last_report_kind = ReportKind::kBought;
      }
      all.push_back(std::move(s));
    }
    ASSERT_TRUE(stores.insert_many(all));
    for (const auto& s : all) facts.emplace(s.id, list_facts(*stores.find(s.id).value()));
  }

  // The rule by brute force over every store.
  std::vector<StoreId> by_rule(const BoundingBox& box, const StoreFilters& f, std::size_t limit) const {
    const BoxOrder order(box);
    std::vector<std::pair<double, StoreId>> listed;
    for (const auto& [id, fs] : facts)
      if (listed_in(fs, box, f)) listed.emplace_back(order.key(fs.location), id);
    std::ranges::sort(
        listed, [](const auto& a, const auto& b) { return BoxOrder::before(a.first, a.second, b.first, b.second); });
    std::vector<StoreId> ids;
    for (const auto& [key, id] : listed) ids.push_back(id);
    if (ids.size() > limit) ids.resize(limit);
    return ids;
  }

  std::map<StoreId, StoreListFacts> facts;
};

std::vector<StoreId> sorted(std::vector<StoreId> ids) {
  std::ranges::sort(ids);
  return ids;
}

TEST_F(BoxListOrder, ACutListIsTheNearestToTheCentreOnEveryPath) {
  SqliteStoreRepository by_sql_only(db, 1);  // the copy refused: the scan searches by SQL
  const BoundingBox boxes[] = {
      {139.7545, 35.6745, 139.7655, 35.6855},  // the grid, centred: ties all round
      {139.70, 35.62, 139.80, 35.72},          // a city view
      {139.66, 35.61, 139.71, 35.74},          // off centre, tall
      {129.0, 30.0, 146.0, 46.0},              // all of Japan, centre in the sea
      {139.76, 35.68, 139.76, 35.68},          // one point of the grid
  };
  StoreFilters toys = of_types({"toy"});
  StoreFilters recent;
  recent.reported_since = kNow - 3600;
  const auto none = [](StoreId) -> const StoreListFacts* { return nullptr; };
  const auto odd = [&](StoreId id) -> const StoreListFacts* { return id % 2 ? &facts.at(id) : nullptr; };
  int cut = 0;
  for (const auto& box : boxes)
    for (const auto& f : {StoreFilters{}, toys, recent})
      for (const int limit : {1, 7, 50, 301, 5'000}) {
        const auto want = by_rule(box, f, static_cast<std::size_t>(limit));
        const bool is_cut = by_rule(box, f, 100'000).size() > want.size();
        cut += is_cut;
        const auto expect = [&](std::vector<StoreId> got, const std::string& path) {
          if (is_cut) {
            EXPECT_EQ(got, want) << path << " limit " << limit << " box " << box.min_lng << "," << box.min_lat;
          } else {
            EXPECT_EQ(sorted(got), sorted(want)) << path << " limit " << limit;
          }
        };
        expect(ids_of(stores.in_bbox(box, f, limit).value()), "in_bbox (SQL)");
        for (auto* repo : {&stores, &by_sql_only})
          for (const auto& kept : {std::function<const StoreListFacts*(StoreId)>(none),
                                   std::function<const StoreListFacts*(StoreId)>(odd)}) {
            std::vector<StoreId> got;
            for (const auto& s : list_unless_kept(*repo, box, f, limit, kept)) got.push_back(s.id);
            expect(got, repo == &stores ? "scan (copy)" : "scan (SQL)");
          }
      }
  EXPECT_GT(cut, 30);
}

// The copy searched best first: every entry meeting the box once, by bounds that never
// decrease and are never above the key of the store's stored point.
TEST_F(BoxListOrder, TheCopysNearestCursorGivesEveryEntryByIncreasingBound) {
  auto lease = db.acquire();
  Statement size(lease.connection(), RtreeReplica::kSizeSql);
  Statement nodes(lease.connection(), RtreeReplica::kNodesSql);
  auto copy = RtreeReplica::load(size, nodes, 100'000);
  ASSERT_TRUE(copy && *copy);
  for (const BoundingBox box : {BoundingBox{139.70, 35.62, 139.80, 35.72}, BoundingBox{129.0, 30.0, 146.0, 46.0}}) {
    const BoxOrder order(box);
    std::vector<StoreId> in_order, in_tree;
    (*copy)->search(box, [&](std::int64_t id) {
      in_tree.push_back(id);
      return true;
    });
    RtreeReplica::NearestCursor cursor(**copy, box);
    double last = -1;
    while (const auto e = cursor.next()) {
      EXPECT_GE(e->bound, last);
      last = e->bound;
      EXPECT_LE(e->bound, order.key(facts.at(e->id).location));
      in_order.push_back(e->id);
    }
    EXPECT_EQ(sorted(in_order), sorted(in_tree));
  }
}

}  // namespace
}  // namespace pokeca::storage::testing
