#pragma once
// RankingRepository over SQLite: sums approved store_submissions per account.
#include "pokeca/contributions/report_ports.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/per_connection.hpp"

namespace pokeca::storage {

class SqliteRankingRepository final : public RankingRepository {
 public:
  explicit SqliteRankingRepository(Database& db);  // throws StorageError
  ~SqliteRankingRepository() override;

  // By reviewed_at (the approval time); a submission without one is not counted.
  Result<std::vector<ContributorTotals>> contributor_totals(UnixSeconds approved_since) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage
