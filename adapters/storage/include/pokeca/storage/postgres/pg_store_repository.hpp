#pragma once
// StoreRepository over PostgreSQL: the stores table with a GiST index on point(lng, lat).
// Box lists read the box through the index and, when cut, walk it best first
// (ORDER BY point <-> centre) until the nearest `limit` in BoxOrder are known; the map's
// bbox miss (scan_bbox) reads only the box's ids and the rows its caller does not keep;
// nearest() searches growing rings as SQLite does; cells() sums the rows the triggers keep
// per cell (migration 020) and, for "reported within", per cell and hour (022); the lottery
// filter aggregates the range's matching stores with core's aggregate_points.
#include <memory>

#include "pokeca/map/store_ports.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/per_connection.hpp"

namespace pokeca::storage::postgres {

// nearest(): the first ring and its growth, as SQLite's.
inline constexpr double kNearestFirstRingKm = 0.5;
inline constexpr double kNearestRingGrowth = 2.0;

class PgBboxScans;  // repositories/pg_bbox_scan.hpp

class PgStoreRepository final : public StoreRepository {
 public:
  explicit PgStoreRepository(Database& db);  // throws StorageError
  ~PgStoreRepository() override;

  Result<std::vector<Store>> in_prefecture(std::string_view code, const StoreFilters& f, int limit) override;
  Result<std::vector<Store>> in_bbox(const BoundingBox& box, const StoreFilters& f, int limit) override;
  // The box's ids only, each store's row read only when the caller does not keep it
  // (pg_bbox_scan.hpp).
  Result<std::unique_ptr<BboxScan>> scan_bbox(const BoundingBox& box, const StoreFilters& f, int limit) override;
  Result<std::vector<StoreWithDistance>> nearest(LatLng centre, double radius_km, const StoreFilters& f,
                                                 int limit) override;
  Result<std::vector<CellAggregate>> cells(const CellRange& range, const StoreFilters& f) override;
  Result<std::optional<Store>> find(StoreId id) override;
  Result<std::int64_t> count_active() override;
  Result<std::vector<PrefectureCount>> count_by_prefecture() override;
  Result<void> insert_many(std::span<const Store> stores) override;
  Result<UpsertOutcome> upsert_by_external_id(const Store& store) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
  std::unique_ptr<PgBboxScans> scans_;  // scan_bbox's statements
};

}  // namespace pokeca::storage::postgres
