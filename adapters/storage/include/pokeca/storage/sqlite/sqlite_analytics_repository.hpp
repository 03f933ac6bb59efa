#pragma once
// AnalyticsRepository over SQLite (migration 007): page views go into daily counters
// (their commits do not move the write generation: no cached answer reads them); the
// dashboard reads at most one row a day and key per table, plus the store and queue
// counts.
#include "pokeca/analytics/analytics.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/per_connection.hpp"

namespace pokeca::storage {

class SqliteAnalyticsRepository final : public AnalyticsRepository {
 public:
  explicit SqliteAnalyticsRepository(Database& db);  // throws StorageError
  ~SqliteAnalyticsRepository() override;

  Result<std::string> day_secret(AnalyticsDay day, std::string_view candidate) override;
  Result<void> drop_secrets_before(AnalyticsDay first_kept) override;
  Result<void> record(const PageView& view) override;
  Result<AnalyticsReport> report(AnalyticsDay from, AnalyticsDay to, std::size_t top) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage
