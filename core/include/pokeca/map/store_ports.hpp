#pragma once
// What the map needs from storage: the stores, read by box, cell, prefecture or distance,
// and written by the import. Adapters implement it; apps/server wires it. Every method may
// be called from several threads at once.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/map/clustering.hpp"
#include "pokeca/map/store.hpp"
#include "pokeca/map/store_query.hpp"
#include "pokeca/shared/errors.hpp"

namespace pokeca {

struct PrefectureCount {
  std::string code;
  std::int64_t count = 0;
};

// A box's stores read one by one, in one snapshot that ends when the
// scan is destroyed: the caller pulls candidate ids, tests the stores whose facts it keeps
// itself (listed_in) and reads only the others. The map's bbox list uses it to copy kept
// renderings instead of reading their rows; the calls go one way, caller to storage.
class BboxScan {
 public:
  virtual ~BboxScan() = default;
  // The next candidate id: every store the list may hold comes once, in the order of a
  // list that is not cut; a candidate need not be listed (the exact test follows). nullopt
  // at the end.
  virtual Result<std::optional<StoreId>> next() = 0;
  // Candidate `id` as the list would hold it (the exact box test and the filters, on its
  // row in the scan's snapshot), or nullopt when it is not listed.
  virtual Result<std::optional<Store>> read_listed(StoreId id) = 0;

  // For a list found cut (more than its limit listed): the candidates again from the start,
  // by increasing `bound`, a lower bound of their BoxOrder key for the scan's box; every
  // store among the nearest `wanted` listed ones comes (others may too). nullopt at the
  // end. Once called, next() is not called again.
  struct Nearer {
    StoreId id;
    double bound;
  };
  virtual Result<std::optional<Nearer>> next_nearest(std::size_t wanted) = 0;
};

// What an idempotent import did with one store.
enum class UpsertOutcome { kInserted, kUpdated, kUnchanged };

class StoreRepository {
 public:
  virtual ~StoreRepository() = default;

  // Active stores only; at most `limit` (the caller asks limit+1 to detect truncation).
  virtual Result<std::vector<Store>> in_prefecture(std::string_view code, const StoreFilters& f, int limit) = 0;
  // In the box: when more than `limit` are listed, the nearest `limit` in BoxOrder, in that
  // order; else all of them, in no stated order (the same set on every backend).
  virtual Result<std::vector<Store>> in_bbox(const BoundingBox& box, const StoreFilters& f, int limit) = 0;
  // in_bbox(box, f, limit)'s candidates one by one (BboxScan), for a caller that keeps
  // stores' renderings (list_bbox in bbox_list.hpp). The default reads in_bbox's list up front (a repository
  // without a cheaper way); its candidates are the listed stores.
  virtual Result<std::unique_ptr<BboxScan>> scan_bbox(const BoundingBox& box, const StoreFilters& f, int limit);
  // Nearest first, within radius_km.
  virtual Result<std::vector<StoreWithDistance>> nearest(LatLng centre, double radius_km, const StoreFilters& f,
                                                         int limit) = 0;
  // Per-cell aggregates of active stores in the range (any number of rows per key).
  virtual Result<std::vector<CellAggregate>> cells(const CellRange& range, const StoreFilters& f) = 0;
  virtual Result<std::optional<Store>> find(StoreId id) = 0;
  virtual Result<std::int64_t> count_active() = 0;
  virtual Result<std::vector<PrefectureCount>> count_by_prefecture() = 0;

  // Inserts stores as given; a store with id != 0 keeps its id. One transaction.
  virtual Result<void> insert_many(std::span<const Store> stores) = 0;
  // Import: insert or update by external_id.
  virtual Result<UpsertOutcome> upsert_by_external_id(const Store& store) = 0;
};

}  // namespace pokeca
