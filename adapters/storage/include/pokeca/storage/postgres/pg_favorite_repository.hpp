#pragma once
// FavoriteRepository over PostgreSQL: the favorites table (migration 010). Adding is one
// SERIALIZABLE transaction, so two adds at once cannot both pass the per-user limit.
#include "pokeca/personal/favorites.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/per_connection.hpp"

namespace pokeca::storage::postgres {

class PgFavoriteRepository final : public FavoriteRepository {
 public:
  explicit PgFavoriteRepository(Database& db);  // throws StorageError
  ~PgFavoriteRepository() override;

  Result<FavoriteAdded> add(UserId user, StoreId store, UnixSeconds at, int max_per_user) override;
  Result<void> remove(UserId user, StoreId store) override;
  Result<std::vector<Favorite>> list(UserId user, int limit) override;
  Result<std::int64_t> count(UserId user) override;
  Result<std::vector<AlertRecipient>> alert_recipients(StoreId store, UserId except) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage::postgres
