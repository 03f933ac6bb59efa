#pragma once
// Counts over a user's contributions (GET /users/stats) and a store's recent reports
// (StoreDetail.activity), over SQLite.
#include "pokeca/map/store_activity.hpp"
#include "pokeca/personal/user_stats.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/per_connection.hpp"

namespace pokeca::storage {

class SqliteActivityRepository final : public UserStatsRepository, public StoreActivityRepository {
 public:
  explicit SqliteActivityRepository(Database& db);  // throws StorageError
  ~SqliteActivityRepository() override;

  Result<UserActivity> activity(UserId user, UnixSeconds since) override;
  Result<std::vector<UnixSeconds>> report_times(StoreId store, UnixSeconds since) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage
