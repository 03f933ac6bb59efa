#pragma once
// Counts over a user's contributions (GET /users/stats) and a store's recent reports
// (StoreDetail.activity), over PostgreSQL.
#include "pokeca/map/store_activity.hpp"
#include "pokeca/personal/user_stats.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/per_connection.hpp"

namespace pokeca::storage::postgres {

class PgActivityRepository final : public UserStatsRepository, public StoreActivityRepository {
 public:
  explicit PgActivityRepository(Database& db);  // throws StorageError
  ~PgActivityRepository() override;

  Result<UserActivity> activity(UserId user, UnixSeconds since) override;
  Result<std::vector<UnixSeconds>> report_times(StoreId store, UnixSeconds since) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage::postgres
