#include "pokeca/storage/sqlite/sqlite_favorite_repository.hpp"

#include "pokeca/storage/sqlite/statement.hpp"
#include "pokeca/storage/sqlite/transaction.hpp"
#include "repositories/store_rows.hpp"

namespace pokeca::storage {

struct SqliteFavoriteRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        existing(c, "SELECT created_at FROM favorites WHERE user_id = :user AND store_id = :store"),
        store_active(c, "SELECT 1 FROM stores WHERE id = :store AND status = 'active'"),
        count(c, "SELECT count(*) FROM favorites WHERE user_id = :user"),
        insert(c, "INSERT INTO favorites (user_id, store_id, created_at) VALUES (:user, :store, :at)"),
        remove(c, "DELETE FROM favorites WHERE user_id = :user AND store_id = :store"),
        list(c, "SELECT " + std::string(kStoreColumns) +
                    ", f.created_at FROM favorites AS f"
                    " JOIN stores AS s ON s.id = f.store_id WHERE f.user_id = :user"
                    " ORDER BY f.created_at DESC, f.store_id DESC LIMIT :limit"),
        recipients(c,
                   "SELECT u.id, u.email FROM favorites AS f JOIN users AS u ON u.id = f.user_id"
                   " WHERE f.store_id = :store AND u.id <> :except AND u.favorite_alerts = 1"
                   " AND u.email_verified_at IS NOT NULL AND u.blocked = 0 AND u.withdrawn_at IS NULL") {}

  Connection& conn;
  Statement existing, store_active, count, insert, remove, list, recipients;
};

SqliteFavoriteRepository::SqliteFavoriteRepository(Database& db) : statements_(db, "favorites") {}
SqliteFavoriteRepository::~SqliteFavoriteRepository() = default;

namespace {

Result<std::int64_t> single_int(Statement& st, std::int64_t fallback) {
  std::int64_t value = fallback;
  auto ok = st.each([&](const Row& row) { value = row.int64(0); });
  if (!ok) return std::unexpected(ok.error());
  return value;
}

}  // namespace

Result<FavoriteAdded> SqliteFavoriteRepository::add(UserId user, StoreId store, UnixSeconds at, int max_per_user) {
  return statements_.with([&](Statements& st) -> Result<FavoriteAdded> {
    // One write transaction: the limit holds even with two adds at once.
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    auto existing = single_int(st.existing.bind_int(":user", user).bind_int(":store", store), -1);
    if (!existing) return std::unexpected(existing.error());
    if (*existing >= 0) return FavoriteAdded{FavoriteAddOutcome::kAlreadyFavorite, store, *existing};
    auto active = single_int(st.store_active.bind_int(":store", store), 0);
    if (!active) return std::unexpected(active.error());
    if (*active == 0) return FavoriteAdded{FavoriteAddOutcome::kNoSuchStore, store, 0};
    auto count = single_int(st.count.bind_int(":user", user), 0);
    if (!count) return std::unexpected(count.error());
    if (*count >= max_per_user) return FavoriteAdded{FavoriteAddOutcome::kLimitReached, store, 0};
    if (auto ok = st.insert.bind_int(":user", user).bind_int(":store", store).bind_int(":at", at).run(); !ok)
      return std::unexpected(ok.error());
    if (auto ok = tx->commit(); !ok) return std::unexpected(ok.error());
    return FavoriteAdded{FavoriteAddOutcome::kAdded, store, at};
  });
}

Result<void> SqliteFavoriteRepository::remove(UserId user, StoreId store) {
  return statements_.with(
      [&](Statements& st) { return st.remove.bind_int(":user", user).bind_int(":store", store).run(); });
}

Result<std::vector<Favorite>> SqliteFavoriteRepository::list(UserId user, int limit) {
  return statements_.with([&](Statements& st) -> Result<std::vector<Favorite>> {
    std::vector<Favorite> out;
    constexpr int kCreatedAtColumn = kStoreColumnCount;  // after kStoreColumns
    auto ok = st.list.bind_int(":user", user).bind_int(":limit", limit).each([&](const Row& row) -> Result<void> {
      auto s = read_store(row);
      if (!s) return std::unexpected(s.error());
      out.push_back({std::move(*s), row.int64(kCreatedAtColumn)});
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

Result<std::int64_t> SqliteFavoriteRepository::count(UserId user) {
  return statements_.with([&](Statements& st) { return single_int(st.count.bind_int(":user", user), 0); });
}

Result<std::vector<AlertRecipient>> SqliteFavoriteRepository::alert_recipients(StoreId store, UserId except) {
  return statements_.with([&](Statements& st) -> Result<std::vector<AlertRecipient>> {
    std::vector<AlertRecipient> out;
    auto ok = st.recipients.bind_int(":store", store).bind_int(":except", except).each([&](const Row& row) {
      out.push_back({row.int64(0), std::string(row.text(1))});
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

}  // namespace pokeca::storage
