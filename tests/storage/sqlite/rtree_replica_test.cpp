// The copy of stores_rtree in memory: the same ids in the same order as
// SQLite's own search, through inserts, moves and deletes that reshape the tree, and
// never stale once a write is acknowledged.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "engine/rtree_replica.hpp"
#include "pokeca/storage/sqlite/statement.hpp"
#include "sqlite_fixture.hpp"

namespace pokeca::storage::testing {
namespace {

class RtreeReplicaTest : public StorageTest {
 protected:
  std::mt19937_64 random{20261124};

  LatLng somewhere() {
    // Most stores in one dense city, the rest across Japan: leaves of both shapes.
    std::uniform_real_distribution<double> u(0, 1);
    if (u(random) < 0.7) return {35.60 + 0.15 * u(random), 139.65 + 0.20 * u(random)};
    return {31.0 + 13.0 * u(random), 130.0 + 15.0 * u(random)};
  }
  BoundingBox some_box() {
    std::uniform_real_distribution<double> u(0, 1);
    const auto at = somewhere();
    const double w = u(random) < 0.5 ? 0.2 * u(random) : 4.0 * u(random);
    const double h = u(random) < 0.5 ? 0.2 * u(random) : 4.0 * u(random);
    return {at.lng - w / 2, at.lat - h / 2, at.lng + w / 2, at.lat + h / 2};
  }
  void insert(StoreId first, int count) {
    std::vector<Store> batch;
    for (StoreId id = first; id < first + count; ++id)
      batch.push_back(make_store(id, "店" + std::to_string(id), "card_shop", "tokyo", somewhere()));
    ASSERT_TRUE(stores.insert_many(batch));
  }
  void exec(const std::string& sql) {
    auto lease = db.acquire();
    ASSERT_TRUE(lease.connection().exec(sql)) << sql;
  }

  // What SQLite's rtree module answers, and what the copy read now answers.
  std::vector<StoreId> by_sql(const BoundingBox& box) {
    auto lease = db.acquire();
    Statement st(lease.connection(),
                 "SELECT id FROM stores_rtree WHERE min_lng <= :max_lng AND max_lng >= :min_lng"
                 " AND min_lat <= :max_lat AND max_lat >= :min_lat");
    st.bind_real(":min_lng", box.min_lng)
        .bind_real(":min_lat", box.min_lat)
        .bind_real(":max_lng", box.max_lng)
        .bind_real(":max_lat", box.max_lat);
    std::vector<StoreId> ids;
    EXPECT_TRUE(st.each([&](const Row& row) { ids.push_back(row.int64(0)); }));
    return ids;
  }
  std::optional<RtreeReplica> read_copy(std::size_t max_nodes = kRtreeReplicaMaxNodes) {
    auto lease = db.acquire();
    Statement size(lease.connection(), RtreeReplica::kSizeSql);
    Statement nodes(lease.connection(), RtreeReplica::kNodesSql);
    return RtreeReplica::load(size, nodes, max_nodes).value();
  }
  static std::vector<StoreId> search(const RtreeReplica& copy, const BoundingBox& box, std::size_t limit = 1'000'000) {
    std::vector<StoreId> ids;
    copy.search(box, [&](StoreId id) {
      ids.push_back(id);
      return ids.size() < limit;
    });
    return ids;
  }
  // Every box, and the first few of each (the search stops early), against SQL.
  void expect_same_as_sqlite(const std::string& when) {
    const auto copy = read_copy();
    ASSERT_TRUE(copy) << when;
    int non_empty = 0;
    for (int i = 0; i < 300; ++i) {
      const auto box = some_box();
      const auto want = by_sql(box);
      ASSERT_EQ(search(*copy, box), want) << when << ", box " << i;
      if (want.size() > 3) {
        ++non_empty;
        EXPECT_EQ(search(*copy, box, 3), std::vector<StoreId>(want.begin(), want.begin() + 3)) << when;
      }
    }
    EXPECT_GT(non_empty, 100) << when;  // the boxes do hold stores
  }
};

TEST_F(RtreeReplicaTest, SearchesInSqlitesOrderThroughInsertsMovesAndDeletes) {
  insert(1, 4'000);
  const auto grown = read_copy();
  ASSERT_TRUE(grown);
  EXPECT_GT(grown->node_count(), 20u);  // a tree of several levels, not one root
  expect_same_as_sqlite("after the inserts");
  // Moves and deletes take cells out of leaves; SQLite then merges and reinserts.
  exec("UPDATE stores SET lat = lat + 0.3, lng = lng - 0.4 WHERE id % 7 = 0");
  expect_same_as_sqlite("after the moves");
  exec("DELETE FROM stores WHERE id % 5 = 0 OR id BETWEEN 1000 AND 1800");
  expect_same_as_sqlite("after the deletes");
  insert(5'000, 1'500);
  expect_same_as_sqlite("after more inserts");
}

TEST_F(RtreeReplicaTest, AnEmptyTreeFindsNothingAndALargeOneIsNotCopied) {
  const auto empty = read_copy();
  ASSERT_TRUE(empty);
  EXPECT_TRUE(search(*empty, {120, 20, 150, 50}).empty());
  insert(1, 2'000);
  const auto nodes = read_copy()->node_count();
  EXPECT_FALSE(read_copy(nodes - 1));
  EXPECT_TRUE(read_copy(nodes));
}

TEST_F(RtreeReplicaTest, TheGenerationMovesWhenTheTreeChangesOnly) {
  insert(1, 10);
  auto before = db.stores_rtree_generation();
  exec("UPDATE stores SET name = '改名' WHERE id = 1");
  ASSERT_TRUE(reports.insert(make_report(2, kNow)));
  EXPECT_EQ(db.stores_rtree_generation(), before) << "a name or a report leaves the tree as it is";
  exec("UPDATE stores SET lat = lat + 0.01 WHERE id = 3");
  EXPECT_GT(db.stores_rtree_generation(), before) << "a move";
  before = db.stores_rtree_generation();
  exec("DELETE FROM stores WHERE id = 4");
  EXPECT_GT(db.stores_rtree_generation(), before) << "a delete";
  before = db.stores_rtree_generation();
  insert(20, 1);
  EXPECT_GT(db.stores_rtree_generation(), before) << "an insert";
  before = db.stores_rtree_generation();
  exec("BEGIN; UPDATE stores SET lat = lat + 0.01 WHERE id = 5; ROLLBACK");
  EXPECT_EQ(db.stores_rtree_generation(), before) << "a rolled back move";
}

// Through the repository: right after each acknowledged write, the list is what SQL
// answers (in_bbox), with the copy in use and with the copy refused (SQL search).
TEST_F(RtreeReplicaTest, TheListFollowsEveryAcknowledgedWrite) {
  insert(1, 3'000);
  SqliteStoreRepository by_sql_only(db, 1);
  const auto none = [](StoreId) -> const StoreListFacts* { return nullptr; };
  const BoundingBox box{139.70, 35.62, 139.78, 35.70};
  const auto expect_as_in_bbox = [&](const std::string& when) {
    const auto want = ids_in_box_order(stores.in_bbox(box, {}, 1000).value(), box);
    for (auto* repo : {&stores, &by_sql_only}) {
      const auto listed_now = list_unless_kept(*repo, box, {}, 1000, none);
      std::vector<StoreId> got;
      for (const auto& s : listed_now) got.push_back(s.id);
      EXPECT_EQ(got, want) << when << (repo == &stores ? " (copy)" : " (SQL)");
    }
    return want;
  };
  auto listed = expect_as_in_bbox("at first");
  ASSERT_GT(listed.size(), 50u);
  const auto count = [&](StoreId id) { return std::ranges::count(expect_as_in_bbox("now"), id); };

  std::vector<Store> one{make_store(9'001, "新しい店", "card_shop", "tokyo", {35.66, 139.74})};
  ASSERT_TRUE(stores.insert_many(one));
  EXPECT_EQ(count(9'001), 1) << "an inserted store";
  exec("UPDATE stores SET lat = 35.0, lng = 135.0 WHERE id = " + std::to_string(listed.front()));
  EXPECT_EQ(count(listed.front()), 0) << "a store moved away";
  exec("UPDATE stores SET lat = 35.65, lng = 139.75 WHERE id = " + std::to_string(listed.front()));
  EXPECT_EQ(count(listed.front()), 1) << "a store moved back";
  exec("DELETE FROM stores WHERE id = " + std::to_string(listed.back()));
  EXPECT_EQ(count(listed.back()), 0) << "a deleted store";
  exec("UPDATE stores SET status = 'hidden' WHERE id = " + std::to_string(listed[1]));
  EXPECT_EQ(count(listed[1]), 0) << "a hidden store (its row is read: not kept here)";
}

// Another process's commits move no generation here (its own Database, its own hooks):
// the copy is read again once it is older than its maximum age, so a store imported
// meanwhile is listed then. Without the age it would stay missing until a local change.
TEST_F(RtreeReplicaTest, AStoreWrittenByAnotherProcessIsListedOnceTheCopyIsOld) {
  insert(1, 500);
  constexpr auto kMaxAge = std::chrono::milliseconds(300);
  SqliteStoreRepository aged(db, kRtreeReplicaMaxNodes, kMaxAge);
  const auto none = [](StoreId) -> const StoreListFacts* { return nullptr; };
  const BoundingBox box{139.70, 35.62, 139.78, 35.70};
  const auto listed = [&] {
    const auto found = list_unless_kept(aged, box, {}, 1000, none);
    std::vector<StoreId> ids;
    for (const auto& s : found) ids.push_back(s.id);
    return ids;
  };
  EXPECT_EQ(std::ranges::count(listed(), StoreId{9'001}), 0);  // the copy is read here

  const auto generation = db.stores_rtree_generation();
  Database other_process(dir.path() / "pokeca.db");
  SqliteStoreRepository imported(other_process);
  std::vector<Store> one{make_store(9'001, "別のプロセスの店", "card_shop", "tokyo", {35.66, 139.74})};
  ASSERT_TRUE(imported.insert_many(one));
  ASSERT_EQ(db.stores_rtree_generation(), generation) << "this Database saw no commit of its own";

  std::this_thread::sleep_for(kMaxAge + std::chrono::milliseconds(100));
  const auto now_listed = listed();
  EXPECT_EQ(std::ranges::count(now_listed, StoreId{9'001}), 1);
  EXPECT_EQ(now_listed, ids_in_box_order(stores.in_bbox(box, {}, 1000).value(), box));
}

}  // namespace
}  // namespace pokeca::storage::testing
