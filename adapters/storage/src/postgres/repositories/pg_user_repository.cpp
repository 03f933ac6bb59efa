#include "pokeca/storage/postgres/pg_user_repository.hpp"

#include "pokeca/accounts/auth_codes.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/storage/postgres/statement.hpp"
#include "pokeca/storage/postgres/transaction.hpp"
#include "repositories/user_rows.hpp"

namespace pokeca::storage::postgres {
namespace {

Result<std::optional<User>> one_user(Result<Rows> rows) {
  if (!rows) return std::unexpected(rows.error());
  if (rows->empty()) return std::nullopt;
  return read_user(*rows, 0);
}

// An UPDATE … RETURNING id; kNotFound when it touched no row.
Result<void> update_one(Result<Rows> rows) {
  if (!rows) return std::unexpected(rows.error());
  if (rows->empty()) return fail(ErrorCode::kNotFound, msg::kUserNotFound);
  return {};
}

Result<void> done(Result<Rows> rows) {
  if (!rows) return std::unexpected(rows.error());
  return {};
}

}  // namespace

struct PgUserRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        create(c,
               "INSERT INTO users (email, password_hash, nickname, prefecture, created_at, updated_at)"
               " VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (email) DO NOTHING RETURNING " +
                   std::string(kUserColumns)),
        by_id(c, select_user("id = $1")),
        by_email(c, select_user("email = $1")),
        mark_verified(c,
                      "UPDATE users SET email_verified_at = coalesce(email_verified_at, $2), updated_at = $2"
                      " WHERE id = $1 RETURNING id"),
        set_password(c,
                     "UPDATE users SET password_hash = $2, session_epoch = session_epoch + 1"
                     " WHERE id = $1 AND withdrawn_at IS NULL RETURNING id"),
        update_profile(c,
                       "UPDATE users SET nickname = $2, prefecture = $3, updated_at = $4"
                       " WHERE id = $1 AND withdrawn_at IS NULL RETURNING " +
                           std::string(kUserColumns)),
        set_favorite_alerts(
            c, "UPDATE users SET favorite_alerts = $2 WHERE id = $1 AND withdrawn_at IS NULL RETURNING id"),
        set_review_mail(c, "UPDATE users SET review_mail = $2 WHERE id = $1 AND withdrawn_at IS NULL RETURNING id"),
        set_admin(c, "UPDATE users SET admin = $2 WHERE id = $1 AND withdrawn_at IS NULL RETURNING id"),
        // Blocking bumps the epoch: access tokens from before the block stay dead after an
        // unblock.
        set_blocked(c,
                    "UPDATE users SET blocked = $2::boolean, session_epoch = session_epoch + ($2::boolean)::int"
                    " WHERE id = $1 AND withdrawn_at IS NULL RETURNING id"),
        record_withdrawal(c, "INSERT INTO withdrawals (user_id, reason, withdrawn_at) VALUES ($1, $2, $3)"),
        anonymise(c,
                  "UPDATE users SET email = 'withdrawn-' || id || '@invalid', password_hash = '',"
                  " nickname = $2, prefecture = '', admin = false,"
                  " session_epoch = session_epoch + 1, withdrawn_at = $3, updated_at = $3"
                  " WHERE id = $1 AND withdrawn_at IS NULL RETURNING id"),
        delete_sessions(c, "DELETE FROM refresh_sessions WHERE user_id = $1"),
        delete_tokens(c, "DELETE FROM action_tokens WHERE user_id = $1"),
        // A withdrawn account's confirmations stay as anonymous counts.
        unlink_confirmations(c, "UPDATE report_confirmations SET user_id = NULL WHERE user_id = $1") {}

  Connection& conn;
  Statement create, by_id, by_email, mark_verified, set_password, update_profile, set_favorite_alerts, set_review_mail,
      set_admin, set_blocked, record_withdrawal, anonymise, delete_sessions, delete_tokens;
  Statement unlink_confirmations;
};

PgUserRepository::PgUserRepository(Database& db) : statements_(db, "users") {}
PgUserRepository::~PgUserRepository() = default;

Result<User> PgUserRepository::create(const NewUser& n) {
  return statements_.with([&](Statements& st) -> Result<User> {
    auto user = one_user(st.create.run({n.email, n.password_hash, n.nickname, n.prefecture, n.created_at}));
    if (!user) return std::unexpected(user.error());
    if (!*user) return fail(ErrorCode::kConflict, msg::kEmailAlreadyInUse, auth_code::kEmailAlreadyInUse);
    return std::move(**user);
  });
}

Result<std::optional<User>> PgUserRepository::find_by_id(UserId id) {
  return statements_.with([&](Statements& st) { return one_user(st.by_id.run({id})); });
}

Result<std::optional<User>> PgUserRepository::find_by_email(std::string_view email) {
  return statements_.with([&](Statements& st) { return one_user(st.by_email.run({email})); });
}

Result<void> PgUserRepository::mark_email_verified(UserId id, UnixSeconds at) {
  return statements_.with([&](Statements& st) { return update_one(st.mark_verified.run({id, at})); });
}

Result<void> PgUserRepository::set_password_hash(UserId id, std::string_view hash) {
  return statements_.with([&](Statements& st) { return update_one(st.set_password.run({id, hash})); });
}

Result<User> PgUserRepository::update_profile(UserId id, std::string_view nickname, std::string_view prefecture,
                                              UnixSeconds at) {
  return statements_.with([&](Statements& st) -> Result<User> {
    auto user = one_user(st.update_profile.run({id, nickname, prefecture, at}));
    if (!user) return std::unexpected(user.error());
    if (!*user) return fail(ErrorCode::kNotFound, msg::kUserNotFound);
    return std::move(**user);
  });
}

Result<void> PgUserRepository::set_favorite_alerts(UserId id, bool on) {
  return statements_.with([&](Statements& st) { return update_one(st.set_favorite_alerts.run({id, on})); });
}

Result<void> PgUserRepository::set_review_mail(UserId id, bool on) {
  return statements_.with([&](Statements& st) { return update_one(st.set_review_mail.run({id, on})); });
}

Result<void> PgUserRepository::set_admin(UserId id, bool admin) {
  return statements_.with([&](Statements& st) { return update_one(st.set_admin.run({id, admin})); });
}

Result<void> PgUserRepository::set_blocked(UserId id, bool blocked) {
  return statements_.with([&](Statements& st) { return update_one(st.set_blocked.run({id, blocked})); });
}

Result<void> PgUserRepository::withdraw(UserId id, std::string_view reason, UnixSeconds at) {
  return statements_.with([&](Statements& st) -> Result<void> {
    return in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      if (auto ok = update_one(st.anonymise.run({id, msg::kWithdrawnNickname, at})); !ok) return ok;
      if (auto ok = done(st.record_withdrawal.run({id, reason, at})); !ok) return ok;
      if (auto ok = done(st.delete_sessions.run({id})); !ok) return ok;
      if (auto ok = done(st.delete_tokens.run({id})); !ok) return ok;
      return done(st.unlink_confirmations.run({id}));
    });
  });
}

}  // namespace pokeca::storage::postgres
