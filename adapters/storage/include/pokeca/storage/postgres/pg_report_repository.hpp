#pragma once
// ReportRepository over PostgreSQL: the purchase-report timeline and per-store history.
// A write moves (or recomputes) its store's last reports in the same transaction, so the
// lists and clusters "reported within", which read those columns, move with it.
#include "pokeca/contributions/report_ports.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/per_connection.hpp"

namespace pokeca::storage::postgres {

class PgReportRepository final : public ReportRepository {
 public:
  // Prepares its statements on every connection; throws StorageError.
  explicit PgReportRepository(Database& db);
  ~PgReportRepository() override;

  // Newest purchased_at first, reports of active stores only.
  Result<std::vector<TimelineItem>> timeline(int limit) override;
  Result<std::vector<PurchaseReport>> recent_for_store(StoreId id, int limit) override;
  // Counted by purchased_at (the time the timeline shows).
  Result<ReportCounts> counts(UnixSeconds since_24h, UnixSeconds since_7d) override;
  // A report with id != 0 keeps its id. A store's last report moves forward only: an
  // older report arriving later leaves it as it is (one at the same time replaces it).
  Result<void> insert_many(std::span<const PurchaseReport> reports) override;
  Result<PurchaseReport> insert(const PurchaseReport& report) override;
  Result<std::optional<PurchaseReport>> remove(ReportId id) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage::postgres
