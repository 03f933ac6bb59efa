#pragma once
// AnalyticsRepository over PostgreSQL (migration 014, SQLite's tables by name): page views
// go into daily counters (no change notification: no cached answer reads them); the
// dashboard reads at most one row a day and key per table, plus the store and queue counts.
// A page view is one READ COMMITTED transaction that locks its day's totals row first:
// the views of one day take turns (as every write does on SQLite), so the path cap and the
// visitor count stay exact with several servers, without the serialization failures that
// SERIALIZABLE would give every concurrent view of the same day.
#include "pokeca/analytics/analytics.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/per_connection.hpp"

namespace pokeca::storage::postgres {

class PgAnalyticsRepository final : public AnalyticsRepository {
 public:
  explicit PgAnalyticsRepository(Database& db);  // throws StorageError
  ~PgAnalyticsRepository() override;

  Result<std::string> day_secret(AnalyticsDay day, std::string_view candidate) override;
  Result<void> drop_secrets_before(AnalyticsDay first_kept) override;
  Result<void> record(const PageView& view) override;
  Result<AnalyticsReport> report(AnalyticsDay from, AnalyticsDay to, std::size_t top) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage::postgres
