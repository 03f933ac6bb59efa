#pragma once
// StoreRepository over SQLite: prefecture lists by index, boxes and nearest by
// R*Tree, clusters from the store_cells aggregates.
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>

#include "pokeca/map/store_ports.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/per_connection.hpp"

namespace pokeca::storage {

class RtreeReplica;

// nearest() searches rings that grow from this radius until one holds `limit` stores,
// so a dense city reads about `limit` rows rather than everything within radius_km.
inline constexpr double kNearestFirstRingKm = 0.5;
inline constexpr double kNearestRingGrowth = 2.0;
// A cut box list's nearest stores by SQL (in_bbox, scan_bbox without the copy): the
// first square around the centre has this fraction of the box's larger half side, and
// doubles; a store this near a square's edge (degrees) is not yet counted as within it.
inline constexpr double kBoxOrderFirstSquareDivisor = 8.0;
inline constexpr double kBoxOrderMarginDeg = 1e-9;
// cells(): up to this many columns are read by one index seek each; a wider range is
// read in one scan (the seeks would cost more than the rows they skip).
inline constexpr std::int64_t kMaxCellColumnSeeks = 64;
// cells() with reported_since: up to this many stores in the range are read through
// the R*Tree; beyond that, the stores reported since then are read instead.
inline constexpr std::int64_t kMaxStoresForBoxScan = 5'000;
// scan_bbox() searches a copy of stores_rtree in memory (rtree_replica.hpp)
// when the tree has at most this many nodes: 0.3 MiB for the 12,000 demo stores (369
// nodes), at most 16 MiB (168 cells of 24 bytes a node). A larger tree is searched by
// SQL, as before (1,000,000 stores: about 30,000 nodes).
inline constexpr std::size_t kRtreeReplicaMaxNodes = 4'096;
// ...and read again after this long even when no commit of this process changed the tree:
// a store imported by another process (`pokeca-server import` while the server runs)
// appears within it, as with the response cache's TTL. A read is ≈ 0.3 ms at 12,000
// stores and 2.2–2.5 ms at 100,000, once per this period while misses come.
inline constexpr std::chrono::seconds kRtreeReplicaMaxAge{5};
// insert_many() writes the cell aggregates after this many stores, bounding memory.
inline constexpr std::size_t kAggregateFlushEvery = 50'000;

class SqliteStoreRepository final : public StoreRepository {
 public:
  // Prepares its statements on every connection; throws StorageError.
  explicit SqliteStoreRepository(Database& db, std::size_t rtree_replica_max_nodes = kRtreeReplicaMaxNodes,
                                 std::chrono::steady_clock::duration rtree_replica_max_age = kRtreeReplicaMaxAge);
  ~SqliteStoreRepository() override;

  Result<std::vector<Store>> in_prefecture(std::string_view code, const StoreFilters& f, int limit) override;
  // An uncut list in the R*Tree's order; a cut list, the nearest `limit` found by doubling
  // squares around the centre (nearest_in_box in sqlite_store_repository.cpp).
  Result<std::vector<Store>> in_bbox(const BoundingBox& box, const StoreFilters& f, int limit) override;
  // The R*Tree's candidate ids alone, in in_bbox's uncut order, from the copy in memory
  // while it is current, else by SQL; a store read by id with in_bbox's exact test, in the
  // scan's snapshot. next_nearest(): the copy searched best first, or the nearest by SQL
  // as in_bbox finds them. The scan holds a connection until it ends.
  Result<std::unique_ptr<BboxScan>> scan_bbox(const BoundingBox& box, const StoreFilters& f, int limit) override;
  Result<std::vector<StoreWithDistance>> nearest(LatLng centre, double radius_km, const StoreFilters& f,
                                                 int limit) override;
  // Summed from store_cells for any mix of type and product filters. reported_since
  // cannot be pre-aggregated (it moves with the clock), so with it the matching
  // stores in the range are aggregated instead (core's aggregate_points): correct,
  // but O(stores in range), the slow path. The lottery filter (also moving with the clock):
  // the stores of the open entries in the range, aggregated the same way, as are in_bbox's
  // lists with it.
  Result<std::vector<CellAggregate>> cells(const CellRange& range, const StoreFilters& f) override;
  Result<std::optional<Store>> find(StoreId id) override;
  Result<std::int64_t> count_active() override;
  Result<std::vector<PrefectureCount>> count_by_prefecture() override;

  Result<void> insert_many(std::span<const Store> stores) override;
  // Matches on external_id (required). An update keeps id, created_at and the last
  // report, and writes every other field as given (including status).
  Result<UpsertOutcome> upsert_by_external_id(const Store& store) override;

  struct Statements;  // per connection; defined in store_statements.hpp
  class Scan;         // scan_bbox's, in sqlite_store_repository.cpp

 private:
  // The copy of stores_rtree for this moment, read first when stale; null when the
  // tree is too large, unreadable, or another thread is reading it.
  std::shared_ptr<const RtreeReplica> current_rtree_replica(Statements& st);

  Database& db_;
  PerConnection<Statements> statements_;
  const std::size_t rtree_replica_max_nodes_;
  const std::chrono::steady_clock::duration rtree_replica_max_age_;
  std::mutex rtree_replica_mutex_;  // guards the five below
  std::shared_ptr<const RtreeReplica> rtree_replica_;
  std::optional<std::uint64_t> rtree_replica_generation_;  // what rtree_replica_ was read at
  std::chrono::steady_clock::time_point rtree_replica_read_at_;
  bool rtree_replica_loading_ = false;
};

}  // namespace pokeca::storage
