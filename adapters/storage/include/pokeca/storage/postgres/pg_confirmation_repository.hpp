#pragma once
// ConfirmationRepository over PostgreSQL, as SqliteConfirmationRepository: an answer moves
// its store's latest state in the same transaction (whose stores trigger tells every
// server's caches).
#include "pokeca/contributions/confirmation_ports.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/per_connection.hpp"

namespace pokeca::storage::postgres {

class PgConfirmationRepository final : public ConfirmationRepository {
 public:
  // Prepares its statements on every connection; throws StorageError.
  explicit PgConfirmationRepository(Database& db);
  ~PgConfirmationRepository() override;

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

}  // namespace pokeca::storage::postgres
