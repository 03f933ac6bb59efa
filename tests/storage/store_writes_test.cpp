// insert_many and upsert_by_external_id.
#include <gtest/gtest.h>

#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::ids_of;
using testing::kNow;
using testing::make_store;

using StoreWrites = testing::StorageTest;

Store imported(std::string external_id, std::string name, LatLng at) {
  auto s = make_store(0, std::move(name), "card_shop", "tokyo", at);
  s.source = StoreSource::kImport;
  s.external_id = std::move(external_id);
  return s;
}

TEST_F(StoreWrites, InsertManyKeepsGivenIdsAndNumbersTheRest) {
  ASSERT_TRUE(stores.insert_many(std::vector{make_store(100, "a", "toy", "tokyo", {35.7, 139.7}),
                                             make_store(0, "b", "toy", "tokyo", {35.7, 139.7}),
                                             make_store(50, "c", "toy", "tokyo", {35.7, 139.7})}));
  EXPECT_EQ(ids_of(stores.in_prefecture("tokyo", {}, 10).value()), (std::vector<StoreId>{50, 100, 101}));
}

TEST_F(StoreWrites, InsertManyOfNothingIsFine) {
  EXPECT_TRUE(stores.insert_many({}));
  EXPECT_EQ(stores.count_active().value(), 0);
}

TEST_F(StoreWrites, UpsertInsertsThenReportsUnchangedWhenRepeated) {
  const auto s = imported("osm:node/1", "ポケモンセンタートウキョーDX", {35.6812, 139.7671});
  EXPECT_EQ(stores.upsert_by_external_id(s).value(), UpsertOutcome::kInserted);
  EXPECT_EQ(stores.upsert_by_external_id(s).value(), UpsertOutcome::kUnchanged);
  EXPECT_EQ(stores.upsert_by_external_id(s).value(), UpsertOutcome::kUnchanged);
  EXPECT_EQ(stores.count_active().value(), 1);
}

TEST_F(StoreWrites, UpsertUpdatesFactsButKeepsIdentityAndHistory) {
  auto s = imported("osm:node/2", "旧店名", {35.6812, 139.7671});
  ASSERT_EQ(stores.upsert_by_external_id(s).value(), UpsertOutcome::kInserted);
  const StoreId id = stores.in_prefecture("tokyo", {}, 1).value().at(0).id;
  ASSERT_TRUE(reports.insert_many(std::vector{testing::make_report(id, kNow - 60)}));

  s.name = "新店名";
  s.location = {35.6600, 139.7000};
  s.created_at = kNow;  // an import's clock: must not replace the original
  s.updated_at = kNow;
  EXPECT_EQ(stores.upsert_by_external_id(s).value(), UpsertOutcome::kUpdated);
  EXPECT_EQ(stores.upsert_by_external_id(s).value(), UpsertOutcome::kUnchanged);

  const auto stored = stores.find(id).value().value();
  EXPECT_EQ(stored.name, "新店名");
  EXPECT_DOUBLE_EQ(stored.location.lat, 35.6600);
  EXPECT_EQ(stored.created_at, kNow - 86'400);
  EXPECT_EQ(stored.updated_at, kNow);
  EXPECT_EQ(stored.last_report_at, kNow - 60);
  // The R*Tree followed the move.
  EXPECT_TRUE(stores.in_bbox({139.76, 35.67, 139.78, 35.69}, {}, 10).value().empty());
  EXPECT_EQ(stores.in_bbox({139.69, 35.65, 139.71, 35.67}, {}, 10).value().size(), 1u);
}

TEST_F(StoreWrites, UpsertCanHideAStoreAndTheCountsFollow) {
  auto s = imported("osm:node/3", "店", {35.6812, 139.7671});
  ASSERT_TRUE(stores.upsert_by_external_id(s));
  s.status = StoreStatus::kClosed;
  EXPECT_EQ(stores.upsert_by_external_id(s).value(), UpsertOutcome::kUpdated);
  EXPECT_EQ(stores.count_active().value(), 0);
  EXPECT_TRUE(stores.count_by_prefecture().value().empty());
  EXPECT_TRUE(stores.cells(testing::whole_world(), {}).value().empty());
}

TEST_F(StoreWrites, UpsertWithoutAnExternalIdIsRefused) {
  auto result = stores.upsert_by_external_id(make_store(0, "x", "toy", "tokyo", {35.7, 139.7}));
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().code, ErrorCode::kInternal);
}

TEST_F(StoreWrites, StoresWithoutExternalIdDoNotClash) {
  // "" is stored as NULL, so the UNIQUE constraint leaves them alone.
  EXPECT_TRUE(stores.insert_many(std::vector{make_store(0, "a", "toy", "tokyo", {35.7, 139.7}),
                                             make_store(0, "b", "toy", "tokyo", {35.7, 139.7})}));
  EXPECT_EQ(stores.find(1).value()->external_id, "");
}

}  // namespace
}  // namespace pokeca::storage
