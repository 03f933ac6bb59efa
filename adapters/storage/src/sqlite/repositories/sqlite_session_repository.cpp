#include "pokeca/storage/sqlite/sqlite_session_repository.hpp"

#include "pokeca/storage/sqlite/statement.hpp"
#include "pokeca/storage/sqlite/transaction.hpp"

namespace pokeca::storage {

struct SqliteSessionRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        insert(c,
               "INSERT INTO refresh_sessions (user_id, family, token_hash, created_at, expires_at)"
               " VALUES (:user_id, :family, :hash, :created_at, :expires_at)"),
        by_hash(c,
                "SELECT id, user_id, family, token_hash, created_at, expires_at, rotated_at, revoked_at"
                " FROM refresh_sessions WHERE token_hash = :hash"),
        mark_rotated(c,
                     "UPDATE refresh_sessions SET rotated_at = :now WHERE token_hash = :hash"
                     " AND rotated_at IS NULL AND revoked_at IS NULL AND expires_at > :now RETURNING id"),
        revoke_family(c, "UPDATE refresh_sessions SET revoked_at = :at WHERE family = :family AND revoked_at IS NULL"),
        revoke_user(c, "UPDATE refresh_sessions SET revoked_at = :at WHERE user_id = :user_id AND revoked_at IS NULL"),
        delete_expired(c, "DELETE FROM refresh_sessions WHERE expires_at < :now RETURNING id"),
        // refresh_sessions_by_family: a few rows a login.
        active(c, "SELECT 1 FROM refresh_sessions WHERE family = :family AND revoked_at IS NULL LIMIT 1") {}

  Connection& conn;
  Statement insert, by_hash, mark_rotated, revoke_family, revoke_user, delete_expired, active;

  Result<void> create(const RefreshSession& s) {
    return insert.bind_int(":user_id", s.user_id)
        .bind_text(":family", s.family)
        .bind_text(":hash", s.token_hash)
        .bind_int(":created_at", s.created_at)
        .bind_int(":expires_at", s.expires_at)
        .run();
  }
};

SqliteSessionRepository::SqliteSessionRepository(Database& db) : statements_(db, "sessions") {}
SqliteSessionRepository::~SqliteSessionRepository() = default;

Result<void> SqliteSessionRepository::create(const RefreshSession& session) {
  return statements_.with([&](Statements& st) { return st.create(session); });
}

Result<std::optional<RefreshSession>> SqliteSessionRepository::find_by_hash(std::string_view token_hash) {
  return statements_.with([&](Statements& st) -> Result<std::optional<RefreshSession>> {
    std::optional<RefreshSession> found;
    auto ok = st.by_hash.bind_text(":hash", token_hash).each([&](const Row& row) {
      found = RefreshSession{row.int64(0), row.int64(1), std::string(row.text(2)), std::string(row.text(3)),
                             row.int64(4), row.int64(5), row.optional_int64(6),    row.optional_int64(7)};
    });
    if (!ok) return std::unexpected(ok.error());
    return found;
  });
}

Result<bool> SqliteSessionRepository::rotate(std::string_view old_hash, const RefreshSession& next, UnixSeconds now) {
  return statements_.with([&](Statements& st) -> Result<bool> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    bool live = false;
    auto ok = st.mark_rotated.bind_text(":hash", old_hash).bind_int(":now", now).each([&](const Row&) { live = true; });
    if (!ok) return std::unexpected(ok.error());
    if (!live) return false;  // rolled back: nothing changed
    if (auto created = st.create(next); !created) return std::unexpected(created.error());
    if (auto committed = tx->commit(); !committed) return std::unexpected(committed.error());
    return true;
  });
}

Result<void> SqliteSessionRepository::revoke_family(std::string_view family, UnixSeconds at) {
  return statements_.with(
      [&](Statements& st) { return st.revoke_family.bind_text(":family", family).bind_int(":at", at).run(); });
}

Result<void> SqliteSessionRepository::revoke_all_for_user(UserId user, UnixSeconds at) {
  return statements_.with(
      [&](Statements& st) { return st.revoke_user.bind_int(":user_id", user).bind_int(":at", at).run(); });
}

Result<bool> SqliteSessionRepository::login_active(std::string_view family) {
  return statements_.with([&](Statements& st) -> Result<bool> {
    bool live = false;
    auto ok = st.active.bind_text(":family", family).each([&](const Row&) { live = true; });
    if (!ok) return std::unexpected(ok.error());
    return live;
  });
}

Result<std::int64_t> SqliteSessionRepository::delete_expired(UnixSeconds now) {
  return statements_.with([&](Statements& st) -> Result<std::int64_t> {
    std::int64_t n = 0;
    auto ok = st.delete_expired.bind_int(":now", now).each([&](const Row&) { ++n; });
    if (!ok) return std::unexpected(ok.error());
    return n;
  });
}

}  // namespace pokeca::storage
