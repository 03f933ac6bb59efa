#pragma once
// What purchase reports and the ranking need from storage. Adapters implement it;
// apps/server wires it. Every method may be called from several threads at once.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "pokeca/contributions/purchase_report.hpp"
#include "pokeca/contributions/ranking.hpp"
#include "pokeca/shared/errors.hpp"

namespace pokeca {

struct ReportCounts {
  std::int64_t last_24h = 0;
  std::int64_t last_7d = 0;
  std::optional<UnixSeconds> latest;
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

}  // namespace pokeca
