#pragma once
// FavoriteRepository over SQLite: the favorites table (migration 004).
#include "pokeca/personal/favorites.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/per_connection.hpp"

namespace pokeca::storage {

class SqliteFavoriteRepository final : public FavoriteRepository {
 public:
  explicit SqliteFavoriteRepository(Database& db);  // throws StorageError
  ~SqliteFavoriteRepository() override;

  Result<FavoriteAdded> add(UserId user, StoreId store, UnixSeconds at, int max_per_user) override;
  Result<void> remove(UserId user, StoreId store) override;
  Result<std::vector<Favorite>> list(UserId user, int limit) override;
  Result<std::int64_t> count(UserId user) override;
  Result<std::vector<AlertRecipient>> alert_recipients(StoreId store, UserId except) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage
