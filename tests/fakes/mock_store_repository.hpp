#pragma once
// A gmock StoreRepository for core's unit tests (the real one is tested in tests/storage).
#include <gmock/gmock.h>

#include "pokeca/map/store_ports.hpp"

namespace pokeca::testing {

class MockStores : public StoreRepository {
 public:
  MOCK_METHOD(Result<std::vector<Store>>, in_prefecture, (std::string_view, const StoreFilters&, int), (override));
  MOCK_METHOD(Result<std::vector<Store>>, in_bbox, (const BoundingBox&, const StoreFilters&, int), (override));
  MOCK_METHOD(Result<std::vector<StoreWithDistance>>, nearest, (LatLng, double, const StoreFilters&, int), (override));
  MOCK_METHOD(Result<std::vector<CellAggregate>>, cells, (const CellRange&, const StoreFilters&), (override));
  MOCK_METHOD(Result<std::optional<Store>>, find, (StoreId), (override));
  MOCK_METHOD(Result<std::int64_t>, count_active, (), (override));
  MOCK_METHOD(Result<std::vector<PrefectureCount>>, count_by_prefecture, (), (override));
  MOCK_METHOD(Result<void>, insert_many, (std::span<const Store>), (override));
  MOCK_METHOD(Result<UpsertOutcome>, upsert_by_external_id, (const Store&), (override));
};

}  // namespace pokeca::testing
