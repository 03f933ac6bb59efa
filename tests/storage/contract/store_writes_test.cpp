// insert_many and upsert_by_external_id, through core's StoreRepository port: a backend
// contract test (backend.hpp).
#include <gtest/gtest.h>

#include "backend.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::ids_of;
using testing::kNow;
using testing::make_store;

template <class Backend>
class StoreWrites : public testing::BackendTest<Backend> {};
TYPED_TEST_SUITE(StoreWrites, testing::ReportBackends, testing::BackendName);

Store imported(std::string external_id, std::string name, LatLng at) {
  auto s = make_store(0, std::move(name), "card_shop", "tokyo", at);
  s.source = StoreSource::kImport;
  s.external_id = std::move(external_id);
  return s;
}

TYPED_TEST(StoreWrites, InsertManyKeepsGivenIdsAndNumbersTheRest) {
  ASSERT_TRUE(this->stores.insert_many(std::vector{make_store(100, "a", "toy", "tokyo", {35.7, 139.7}),
                                                   make_store(0, "b", "toy", "tokyo", {35.7, 139.7}),
                                                   make_store(50, "c", "toy", "tokyo", {35.7, 139.7})}));
  EXPECT_EQ(ids_of(this->stores.in_prefecture("tokyo", {}, 10).value()), (std::vector<StoreId>{50, 100, 101}));
}

TYPED_TEST(StoreWrites, InsertManyOfNothingIsFine) {
  EXPECT_TRUE(this->stores.insert_many({}));
  EXPECT_EQ(this->stores.count_active().value(), 0);
}

TYPED_TEST(StoreWrites, UpsertInsertsThenReportsUnchangedWhenRepeated) {
  const auto s = imported("osm:node/1", "ポケモンセンタートウキョーDX", {35.6812, 139.7671});
  EXPECT_EQ(this->stores.upsert_by_external_id(s).value(), UpsertOutcome::kInserted);
  EXPECT_EQ(this->stores.upsert_by_external_id(s).value(), UpsertOutcome::kUnchanged);
  EXPECT_EQ(this->stores.upsert_by_external_id(s).value(), UpsertOutcome::kUnchanged);
  EXPECT_EQ(this->stores.count_active().value(), 1);
}

TYPED_TEST(StoreWrites, UpsertUpdatesFactsButKeepsIdentityAndHistory) {
  auto s = imported("osm:node/2", "旧店名", {35.6812, 139.7671});
  ASSERT_EQ(this->stores.upsert_by_external_id(s).value(), UpsertOutcome::kInserted);
  const StoreId id = this->stores.in_prefecture("tokyo", {}, 1).value().at(0).id;
  ASSERT_TRUE(this->reports.insert_many(std::vector{testing::make_report(id, kNow - 60)}));

  s.name = "新店名";
  s.location = {35.6600, 139.7000};
  s.created_at = kNow;  // an import's clock: must not replace the original
  s.updated_at = kNow;
  EXPECT_EQ(this->stores.upsert_by_external_id(s).value(), UpsertOutcome::kUpdated);
  EXPECT_EQ(this->stores.upsert_by_external_id(s).value(), UpsertOutcome::kUnchanged);

  const auto stored = this->stores.find(id).value().value();
  EXPECT_EQ(stored.name, "新店名");
  EXPECT_DOUBLE_EQ(stored.location.lat, 35.6600);
  EXPECT_EQ(stored.created_at, kNow - 86'400);
  EXPECT_EQ(stored.updated_at, kNow);
  EXPECT_EQ(stored.last_report_at, kNow - 60);
  // The R*Tree followed the move.
  EXPECT_TRUE(this->stores.in_bbox({139.76, 35.67, 139.78, 35.69}, {}, 10).value().empty());
  EXPECT_EQ(this->stores.in_bbox({139.69, 35.65, 139.71, 35.67}, {}, 10).value().size(), 1u);
}

TYPED_TEST(StoreWrites, UpsertCanHideAStoreAndTheCountsFollow) {
  auto s = imported("osm:node/3", "店", {35.6812, 139.7671});
  ASSERT_TRUE(this->stores.upsert_by_external_id(s));
  s.status = StoreStatus::kClosed;
  EXPECT_EQ(this->stores.upsert_by_external_id(s).value(), UpsertOutcome::kUpdated);
  EXPECT_EQ(this->stores.count_active().value(), 0);
  EXPECT_TRUE(this->stores.count_by_prefecture().value().empty());
  EXPECT_TRUE(this->stores.cells(testing::whole_world(), {}).value().empty());
}

TYPED_TEST(StoreWrites, UpsertWithoutAnExternalIdIsRefused) {
  auto result = this->stores.upsert_by_external_id(make_store(0, "x", "toy", "tokyo", {35.7, 139.7}));
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().code, ErrorCode::kInternal);
}

TYPED_TEST(StoreWrites, StoresWithoutExternalIdDoNotClash) {
  // "" is stored as NULL, so the UNIQUE constraint leaves them alone.
  EXPECT_TRUE(this->stores.insert_many(std::vector{make_store(0, "a", "toy", "tokyo", {35.7, 139.7}),
                                                   make_store(0, "b", "toy", "tokyo", {35.7, 139.7})}));
  EXPECT_EQ(this->stores.find(1).value()->external_id, "");
}

}  // namespace
}  // namespace pokeca::storage
