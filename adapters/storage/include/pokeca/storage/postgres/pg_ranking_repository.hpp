#pragma once
// RankingRepository over PostgreSQL: sums approved store submissions and awarded lottery
// entries per account.
#include "pokeca/contributions/report_ports.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/per_connection.hpp"

namespace pokeca::storage::postgres {

class PgRankingRepository final : public RankingRepository {
 public:
  explicit PgRankingRepository(Database& db);  // throws StorageError
  ~PgRankingRepository() override;

  // By reviewed_at (the approval time); a submission without one is not counted.
  Result<std::vector<ContributorTotals>> contributor_totals(UnixSeconds approved_since) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage::postgres
