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

// One store of a list for a caller that keeps each store's rendering: `store`
// is null when the caller said it already has that store as it is now. A pointer, not an
// optional: a list of ~300 kept stores is 16 B an entry instead of a whole Store's room.
struct StoreOrKept {
  StoreId id = 0;
  std::unique_ptr<Store> store;
};

// What an idempotent import did with one store.
enum class UpsertOutcome { kInserted, kUpdated, kUnchanged };

class StoreRepository {
 public:
  virtual ~StoreRepository() = default;

  // Active stores only; at most `limit` (the caller asks limit+1 to detect truncation).
  virtual Result<std::vector<Store>> in_prefecture(std::string_view code, const StoreFilters& f, int limit) = 0;
  virtual Result<std::vector<Store>> in_bbox(const BoundingBox& box, const StoreFilters& f, int limit) = 0;
  // in_bbox's stores in the same order, read from one snapshot. For each candidate id of
  // the box `kept(id)` may be asked (in that order): the facts of a store the caller keeps
  // (valid until this call returns), or null. A kept store is listed when
  // listed_in(facts, box, f) and comes back as its id only; the others are read. The
  // default reads every store in full (a repository without a cheaper way).
  virtual Result<std::vector<StoreOrKept>> in_bbox_unless_kept(
      const BoundingBox& box, const StoreFilters& f, int limit,
      const std::function<const StoreListFacts*(StoreId)>& kept) {
    (void)kept;
    auto found = in_bbox(box, f, limit);
    if (!found) return std::unexpected(found.error());
    std::vector<StoreOrKept> out;
    out.reserve(found->size());
    for (auto& s : *found) out.push_back({s.id, std::make_unique<Store>(std::move(s))});
    return out;
  }
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
