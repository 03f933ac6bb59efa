#include "pokeca/storage/postgres/pg_action_token_repository.hpp"

#include "pokeca/storage/postgres/statement.hpp"

namespace pokeca::storage::postgres {

struct PgActionTokenRepository::Statements {
  explicit Statements(Connection& c)
      : insert(c,
               "INSERT INTO action_tokens (token_hash, user_id, purpose, created_at, expires_at)"
               " VALUES ($1, $2, $3, $4, $5)"),
        // One UPDATE: of two consumers at once, the second waits for the first's row lock
        // and then finds used_at set (READ COMMITTED re-checks the WHERE on the new row).
        consume(c,
                "UPDATE action_tokens SET used_at = $3 WHERE token_hash = $1 AND purpose = $2"
                " AND used_at IS NULL AND expires_at > $3 RETURNING user_id, created_at, expires_at"),
        find_used(c,
                  "SELECT user_id, created_at, expires_at FROM action_tokens WHERE token_hash = $1"
                  " AND purpose = $2 AND used_at IS NOT NULL"),
        delete_for_user(c, "DELETE FROM action_tokens WHERE user_id = $1 AND purpose = $2") {}

  Statement insert, consume, find_used, delete_for_user;
};

namespace {
Result<std::optional<ActionToken>> one_token(Result<Rows> rows, std::string_view hash, ActionPurpose purpose) {
  if (!rows) return std::unexpected(rows.error());
  if (rows->empty()) return std::nullopt;
  return ActionToken{std::string(hash), rows->int64(0, 0), purpose, rows->int64(0, 1), rows->int64(0, 2)};
}
}  // namespace

PgActionTokenRepository::PgActionTokenRepository(Database& db) : statements_(db, "action_tokens") {}
PgActionTokenRepository::~PgActionTokenRepository() = default;

Result<void> PgActionTokenRepository::create(const ActionToken& t) {
  return statements_.with([&](Statements& st) -> Result<void> {
    auto rows = st.insert.run({t.token_hash, t.user_id, to_string(t.purpose), t.created_at, t.expires_at});
    if (!rows) return std::unexpected(rows.error());
    return {};
  });
}

Result<std::optional<ActionToken>> PgActionTokenRepository::consume(std::string_view token_hash, ActionPurpose purpose,
                                                                    UnixSeconds now) {
  return statements_.with([&](Statements& st) {
    return one_token(st.consume.run({token_hash, to_string(purpose), now}), token_hash, purpose);
  });
}

Result<std::optional<ActionToken>> PgActionTokenRepository::find_used(std::string_view token_hash,
                                                                      ActionPurpose purpose) {
  return statements_.with([&](Statements& st) {
    return one_token(st.find_used.run({token_hash, to_string(purpose)}), token_hash, purpose);
  });
}

Result<void> PgActionTokenRepository::delete_for_user(UserId user, ActionPurpose purpose) {
  return statements_.with([&](Statements& st) -> Result<void> {
    auto rows = st.delete_for_user.run({user, to_string(purpose)});
    if (!rows) return std::unexpected(rows.error());
    return {};
  });
}

}  // namespace pokeca::storage::postgres
