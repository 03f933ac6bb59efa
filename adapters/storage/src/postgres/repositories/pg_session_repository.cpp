#include "pokeca/storage/postgres/pg_session_repository.hpp"

#include "pokeca/storage/postgres/statement.hpp"
#include "pokeca/storage/postgres/transaction.hpp"

namespace pokeca::storage::postgres {

struct PgSessionRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        insert(c,
               "INSERT INTO refresh_sessions (user_id, family, token_hash, created_at, expires_at)"
               " VALUES ($1, $2, $3, $4, $5)"),
        by_hash(c,
                "SELECT id, user_id, family, token_hash, created_at, expires_at, rotated_at, revoked_at"
                " FROM refresh_sessions WHERE token_hash = $1"),
        mark_rotated(c,
                     "UPDATE refresh_sessions SET rotated_at = $2 WHERE token_hash = $1"
                     " AND rotated_at IS NULL AND revoked_at IS NULL AND expires_at > $2 RETURNING id"),
        revoke_family(c, "UPDATE refresh_sessions SET revoked_at = $2 WHERE family = $1 AND revoked_at IS NULL"),
        revoke_user(c, "UPDATE refresh_sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL"),
        delete_expired(c, "DELETE FROM refresh_sessions WHERE expires_at < $1"),
        // refresh_sessions_by_family: a few rows a login.
        active(c, "SELECT 1 FROM refresh_sessions WHERE family = $1 AND revoked_at IS NULL LIMIT 1") {}

  Connection& conn;
  Statement insert, by_hash, mark_rotated, revoke_family, revoke_user, delete_expired, active;

  Result<void> create(const RefreshSession& s) {
    auto rows = insert.run({s.user_id, s.family, s.token_hash, s.created_at, s.expires_at});
    if (!rows) return std::unexpected(rows.error());
    return {};
  }
};

namespace {
Result<void> done(Result<Rows> rows) {
  if (!rows) return std::unexpected(rows.error());
  return {};
}
}  // namespace

PgSessionRepository::PgSessionRepository(Database& db) : statements_(db, "sessions") {}
PgSessionRepository::~PgSessionRepository() = default;

Result<void> PgSessionRepository::create(const RefreshSession& session) {
  return statements_.with([&](Statements& st) { return st.create(session); });
}

Result<std::optional<RefreshSession>> PgSessionRepository::find_by_hash(std::string_view token_hash) {
  return statements_.with([&](Statements& st) -> Result<std::optional<RefreshSession>> {
    auto rows = st.by_hash.run({token_hash});
    if (!rows) return std::unexpected(rows.error());
    if (rows->empty()) return std::nullopt;
    const auto& r = *rows;
    return RefreshSession{r.int64(0, 0), r.int64(0, 1), std::string(r.text(0, 2)), std::string(r.text(0, 3)),
                          r.int64(0, 4), r.int64(0, 5), r.optional_int64(0, 6),    r.optional_int64(0, 7)};
  });
}

Result<bool> PgSessionRepository::rotate(std::string_view old_hash, const RefreshSession& next, UnixSeconds now) {
  return statements_.with([&](Statements& st) -> Result<bool> {
    // SERIALIZABLE: of several rotations of one token at once, one updates the row and the
    // others fail with 40001, run again, and find it rotated.
    bool live = false;
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      live = false;
      auto marked = st.mark_rotated.run({old_hash, now});
      if (!marked) return std::unexpected(marked.error());
      if (marked->empty()) return {};  // nothing written
      live = true;
      return st.create(next);
    });
    if (!ok) return std::unexpected(ok.error());
    return live;
  });
}

Result<void> PgSessionRepository::revoke_family(std::string_view family, UnixSeconds at) {
  return statements_.with([&](Statements& st) { return done(st.revoke_family.run({family, at})); });
}

Result<void> PgSessionRepository::revoke_all_for_user(UserId user, UnixSeconds at) {
  return statements_.with([&](Statements& st) { return done(st.revoke_user.run({user, at})); });
}

Result<bool> PgSessionRepository::login_active(std::string_view family) {
  return statements_.with([&](Statements& st) -> Result<bool> {
    auto rows = st.active.run({family});
    if (!rows) return std::unexpected(rows.error());
    return !rows->empty();
  });
}

Result<std::int64_t> PgSessionRepository::delete_expired(UnixSeconds now) {
  return statements_.with([&](Statements& st) -> Result<std::int64_t> {
    auto rows = st.delete_expired.run({now});
    if (!rows) return std::unexpected(rows.error());
    return rows->affected();
  });
}

}  // namespace pokeca::storage::postgres
