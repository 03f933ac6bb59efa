#pragma once
// ConfirmationRepository over SQLite: answers to purchase reports (report_confirmations)
// and the counts and standings read from them. An answer moves its store's latest state in
// the same transaction, so the lists, clusters and kept store objects follow it as they
// follow a new report.
#include "pokeca/contributions/confirmation_ports.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/per_connection.hpp"

namespace pokeca::storage {

class SqliteConfirmationRepository final : public ConfirmationRepository {
 public:
  // Prepares its statements on every connection; throws StorageError.
  explicit SqliteConfirmationRepository(Database& db);
  ~SqliteConfirmationRepository() override;

  Result<std::optional<PurchaseReport>> find_report(ReportId id) override;
  Result<std::optional<ConfirmationAnswer>> answer_of(ReportId report, std::int64_t user) override;
  Result<void> answer(const Confirmation& c) override;
  Result<std::vector<ReportTally>> tallies(std::span<const ReportId> reports,
                                           std::optional<std::int64_t> viewer) override;
  Result<std::vector<ReporterStanding>> standings(std::span<const std::int64_t> users, UnixSeconds since) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage
