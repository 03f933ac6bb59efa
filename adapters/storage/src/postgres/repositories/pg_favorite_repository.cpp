#include "pokeca/storage/postgres/pg_favorite_repository.hpp"

#include <string>

#include "pokeca/storage/postgres/statement.hpp"
#include "pokeca/storage/postgres/transaction.hpp"
#include "repositories/store_rows.hpp"

namespace pokeca::storage::postgres {

struct PgFavoriteRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        existing(c, "SELECT created_at FROM favorites WHERE user_id = $1 AND store_id = $2"),
        store_active(c, "SELECT 1 FROM stores WHERE id = $1 AND status = 'active'"),
        count(c, "SELECT count(*) FROM favorites WHERE user_id = $1"),
        insert(c, "INSERT INTO favorites (user_id, store_id, created_at) VALUES ($1, $2, $3)"),
        remove(c, "DELETE FROM favorites WHERE user_id = $1 AND store_id = $2"),
        list(c, "SELECT " + std::string(kStoreColumns) +
                    ", f.created_at FROM favorites AS f"
                    " JOIN stores AS s ON s.id = f.store_id WHERE f.user_id = $1"
                    " ORDER BY f.created_at DESC, f.store_id DESC LIMIT $2"),
        recipients(c,
                   "SELECT u.id, u.email FROM favorites AS f JOIN users AS u ON u.id = f.user_id"
                   " WHERE f.store_id = $1 AND u.id <> $2 AND u.favorite_alerts"
                   " AND u.email_verified_at IS NOT NULL AND NOT u.blocked AND u.withdrawn_at IS NULL"
                   " ORDER BY u.id") {}

  Connection& conn;
  Statement existing, store_active, count, insert, remove, list, recipients;
};

PgFavoriteRepository::PgFavoriteRepository(Database& db) : statements_(db, "favorites") {}
PgFavoriteRepository::~PgFavoriteRepository() = default;

Result<FavoriteAdded> PgFavoriteRepository::add(UserId user, StoreId store, UnixSeconds at, int max_per_user) {
  return statements_.with([&](Statements& st) -> Result<FavoriteAdded> {
    FavoriteAdded added;
    // SERIALIZABLE: the limit holds even with two adds at once (one of them runs again).
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      auto existing = st.existing.run({user, store});
      if (!existing) return std::unexpected(existing.error());
      if (!existing->empty()) {
        added = {FavoriteAddOutcome::kAlreadyFavorite, store, existing->int64(0, 0)};
        return {};
      }
      auto active = st.store_active.run({store});
      if (!active) return std::unexpected(active.error());
      if (active->empty()) {
        added = {FavoriteAddOutcome::kNoSuchStore, store, 0};
        return {};
      }
      auto count = st.count.run({user});
      if (!count) return std::unexpected(count.error());
      if (count->int64(0, 0) >= max_per_user) {
        added = {FavoriteAddOutcome::kLimitReached, store, 0};
        return {};
      }
      auto inserted = st.insert.run({user, store, at});
      if (!inserted) return std::unexpected(inserted.error());
      added = {FavoriteAddOutcome::kAdded, store, at};
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return added;
  });
}

Result<void> PgFavoriteRepository::remove(UserId user, StoreId store) {
  return statements_.with([&](Statements& st) -> Result<void> {
    auto rows = st.remove.run({user, store});
    if (!rows) return std::unexpected(rows.error());
    return {};
  });
}

Result<std::vector<Favorite>> PgFavoriteRepository::list(UserId user, int limit) {
  return statements_.with([&](Statements& st) -> Result<std::vector<Favorite>> {
    auto rows = st.list.run({user, limit});
    if (!rows) return std::unexpected(rows.error());
    std::vector<Favorite> out;
    out.reserve(rows->count());
    constexpr int kCreatedAtColumn = kStoreColumnCount;  // after kStoreColumns
    for (int i = 0; i < rows->size(); ++i) {
      auto s = read_store(*rows, i);
      if (!s) return std::unexpected(s.error());
      out.push_back({std::move(*s), rows->int64(i, kCreatedAtColumn)});
    }
    return out;
  });
}

Result<std::int64_t> PgFavoriteRepository::count(UserId user) {
  return statements_.with([&](Statements& st) -> Result<std::int64_t> {
    auto rows = st.count.run({user});
    if (!rows) return std::unexpected(rows.error());
    return rows->int64(0, 0);
  });
}

Result<std::vector<AlertRecipient>> PgFavoriteRepository::alert_recipients(StoreId store, UserId except) {
  return statements_.with([&](Statements& st) -> Result<std::vector<AlertRecipient>> {
    auto rows = st.recipients.run({store, except});
    if (!rows) return std::unexpected(rows.error());
    std::vector<AlertRecipient> out;
    out.reserve(rows->count());
    for (int i = 0; i < rows->size(); ++i) out.push_back({rows->int64(i, 0), std::string(rows->text(i, 1))});
    return out;
  });
}

}  // namespace pokeca::storage::postgres
