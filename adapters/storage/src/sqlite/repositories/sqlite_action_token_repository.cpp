#include "pokeca/storage/sqlite/sqlite_action_token_repository.hpp"

#include "pokeca/storage/sqlite/statement.hpp"

namespace pokeca::storage {

struct SqliteActionTokenRepository::Statements {
  explicit Statements(Connection& c)
      : insert(c,
               "INSERT INTO action_tokens (token_hash, user_id, purpose, created_at, expires_at)"
               " VALUES (:hash, :user_id, :purpose, :created_at, :expires_at)"),
        consume(c,
                "UPDATE action_tokens SET used_at = :now WHERE token_hash = :hash AND purpose = :purpose"
                " AND used_at IS NULL AND expires_at > :now RETURNING user_id, created_at, expires_at"),
        find_used(c,
                  "SELECT user_id, created_at, expires_at FROM action_tokens WHERE token_hash = :hash"
                  " AND purpose = :purpose AND used_at IS NOT NULL"),
        delete_for_user(c, "DELETE FROM action_tokens WHERE user_id = :user_id AND purpose = :purpose") {}

  Statement insert, consume, find_used, delete_for_user;
};

SqliteActionTokenRepository::SqliteActionTokenRepository(Database& db) : statements_(db, "action_tokens") {}
SqliteActionTokenRepository::~SqliteActionTokenRepository() = default;

Result<void> SqliteActionTokenRepository::create(const ActionToken& t) {
  return statements_.with([&](Statements& st) {
    return st.insert.bind_text(":hash", t.token_hash)
        .bind_int(":user_id", t.user_id)
        .bind_text(":purpose", to_string(t.purpose))
        .bind_int(":created_at", t.created_at)
        .bind_int(":expires_at", t.expires_at)
        .run();
  });
}

Result<std::optional<ActionToken>> SqliteActionTokenRepository::consume(std::string_view token_hash,
                                                                        ActionPurpose purpose, UnixSeconds now) {
  return statements_.with([&](Statements& st) -> Result<std::optional<ActionToken>> {
    std::optional<ActionToken> found;
    st.consume.bind_text(":hash", token_hash).bind_text(":purpose", to_string(purpose)).bind_int(":now", now);
    auto ok = st.consume.each([&](const Row& row) {
      found = ActionToken{std::string(token_hash), row.int64(0), purpose, row.int64(1), row.int64(2)};
    });
    if (!ok) return std::unexpected(ok.error());
    return found;
  });
}

Result<std::optional<ActionToken>> SqliteActionTokenRepository::find_used(std::string_view token_hash,
                                                                          ActionPurpose purpose) {
  return statements_.with([&](Statements& st) -> Result<std::optional<ActionToken>> {
    std::optional<ActionToken> found;
    st.find_used.bind_text(":hash", token_hash).bind_text(":purpose", to_string(purpose));
    auto ok = st.find_used.each([&](const Row& row) {
      found = ActionToken{std::string(token_hash), row.int64(0), purpose, row.int64(1), row.int64(2)};
    });
    if (!ok) return std::unexpected(ok.error());
    return found;
  });
}

Result<void> SqliteActionTokenRepository::delete_for_user(UserId user, ActionPurpose purpose) {
  return statements_.with([&](Statements& st) {
    return st.delete_for_user.bind_int(":user_id", user).bind_text(":purpose", to_string(purpose)).run();
  });
}

}  // namespace pokeca::storage
