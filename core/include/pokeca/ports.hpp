#pragma once
// The interfaces core needs from the outside world. Adapters implement them;
// apps/server wires them. Every method may be called from several threads at once.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "pokeca/clustering.hpp"
#include "pokeca/errors.hpp"
#include "pokeca/purchase_report.hpp"
#include "pokeca/ranking.hpp"
#include "pokeca/store.hpp"
#include "pokeca/store_query.hpp"

namespace pokeca {

struct PrefectureCount {
  std::string code;
  std::int64_t count = 0;
};

struct ReportCounts {
  std::int64_t last_24h = 0;
  std::int64_t last_7d = 0;
  std::optional<UnixSeconds> latest;
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

class ReportRepository {
 public:
  virtual ~ReportRepository() = default;

  virtual Result<std::vector<TimelineItem>> timeline(int limit) = 0;
  virtual Result<std::vector<PurchaseReport>> recent_for_store(StoreId id, int limit) = 0;
  virtual Result<ReportCounts> counts(UnixSeconds since_24h, UnixSeconds since_7d) = 0;
  // Inserts reports and moves each store's last_report_at/kind forward. One transaction.
  virtual Result<void> insert_many(std::span<const PurchaseReport> reports) = 0;
  // One report (id 0: a new id) and its store's last report moved forward, in one
  // transaction. Returns the report with its id.
  virtual Result<PurchaseReport> insert(const PurchaseReport& report) = 0;
  // Deletes the report and sets its store's last_report_at/kind from the newest report
  // left (none: NULL), in one transaction. The deleted report; nullopt when unknown.
  virtual Result<std::optional<PurchaseReport>> remove(ReportId id) = 0;
};

// The contributors' standings: one row per account with approved store submissions.
class RankingRepository {
 public:
  virtual ~RankingRepository() = default;
  // Points and approved submissions reviewed at or after `approved_since`, per account
  // that is neither withdrawn nor blocked and has more than 0 points. Any order.
  virtual Result<std::vector<ContributorTotals>> contributor_totals(UnixSeconds approved_since) = 0;
};

// Small key/value facts about the database (e.g. whether demo data was loaded).
class MetaRepository {
 public:
  virtual ~MetaRepository() = default;
  virtual Result<std::optional<std::string>> get(std::string_view key) = 0;
  virtual Result<void> set(std::string_view key, std::string_view value) = 0;
};

}  // namespace pokeca
