#include "pokeca/storage/sqlite/sqlite_user_repository.hpp"

#include "pokeca/accounts/auth_codes.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/storage/sqlite/statement.hpp"
#include "pokeca/storage/sqlite/transaction.hpp"
#include "repositories/user_rows.hpp"

namespace pokeca::storage {
namespace {

Result<std::optional<User>> one_user(Statement& st) {
  std::optional<User> user;
  auto ok = st.each([&](const Row& row) { user = read_user(row); });
  if (!ok) return std::unexpected(ok.error());
  return user;
}

// Runs an UPDATE … RETURNING id; kNotFound when it touched no row.
Result<void> update_one(Statement& st) {
  bool touched = false;
  auto ok = st.each([&](const Row&) { touched = true; });
  if (!ok) return ok;
  if (!touched) return fail(ErrorCode::kNotFound, msg::kUserNotFound);
  return {};
}

}  // namespace

struct SqliteUserRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        create(c,
               "INSERT INTO users (email, password_hash, nickname, prefecture, created_at, updated_at)"
               " VALUES (:email, :hash, :nickname, :prefecture, :at, :at)"
               " ON CONFLICT (email) DO NOTHING RETURNING " +
                   std::string(kUserColumns)),
        by_id(c, select_user("id = :id")),
        by_email(c, select_user("email = :email")),
        mark_verified(c,
                      "UPDATE users SET email_verified_at = coalesce(email_verified_at, :at), updated_at = :at"
                      " WHERE id = :id RETURNING id"),
        set_password(c,
                     "UPDATE users SET password_hash = :hash, session_epoch = session_epoch + 1"
                     " WHERE id = :id AND withdrawn_at IS NULL RETURNING id"),
        update_profile(c,
                       "UPDATE users SET nickname = :nickname, prefecture = :prefecture, updated_at = :at"
                       " WHERE id = :id AND withdrawn_at IS NULL RETURNING " +
                           std::string(kUserColumns)),
        set_favorite_alerts(c,
                            "UPDATE users SET favorite_alerts = :on WHERE id = :id AND withdrawn_at IS NULL"
                            " RETURNING id"),
        set_review_mail(c, "UPDATE users SET review_mail = :on WHERE id = :id AND withdrawn_at IS NULL RETURNING id"),
        set_admin(c, "UPDATE users SET admin = :admin WHERE id = :id AND withdrawn_at IS NULL RETURNING id"),
        // Blocking bumps the epoch: access tokens from before the block stay dead after an
        // unblock.
        set_blocked(c,
                    "UPDATE users SET blocked = :blocked, session_epoch = session_epoch + :blocked"
                    " WHERE id = :id AND withdrawn_at IS NULL RETURNING id"),
        record_withdrawal(c, "INSERT INTO withdrawals (user_id, reason, withdrawn_at) VALUES (:id, :reason, :at)"),
        anonymise(c,
                  "UPDATE users SET email = 'withdrawn-' || id || '@invalid', password_hash = '',"
                  " nickname = :nickname, prefecture = '', admin = 0,"
                  " session_epoch = session_epoch + 1, withdrawn_at = :at, updated_at = :at"
                  " WHERE id = :id AND withdrawn_at IS NULL RETURNING id"),
        delete_sessions(c, "DELETE FROM refresh_sessions WHERE user_id = :id"),
        delete_tokens(c, "DELETE FROM action_tokens WHERE user_id = :id"),
        // A withdrawn account's confirmations stay as anonymous counts.
        unlink_confirmations(c, "UPDATE report_confirmations SET user_id = NULL WHERE user_id = :id") {}

  Connection& conn;
  Statement create, by_id, by_email, mark_verified, set_password, update_profile, set_favorite_alerts, set_review_mail,
      set_admin, set_blocked, record_withdrawal, anonymise, delete_sessions, delete_tokens;
  Statement unlink_confirmations;
};

SqliteUserRepository::SqliteUserRepository(Database& db) : statements_(db, "users") {}
SqliteUserRepository::~SqliteUserRepository() = default;

Result<User> SqliteUserRepository::create(const NewUser& n) {
  return statements_.with([&](Statements& st) -> Result<User> {
    st.create.bind_text(":email", n.email)
        .bind_text(":hash", n.password_hash)
        .bind_text(":nickname", n.nickname)
        .bind_text(":prefecture", n.prefecture)
        .bind_int(":at", n.created_at);
    auto user = one_user(st.create);
    if (!user) return std::unexpected(user.error());
    if (!*user) return fail(ErrorCode::kConflict, msg::kEmailAlreadyInUse, auth_code::kEmailAlreadyInUse);
    return std::move(**user);
  });
}

Result<std::optional<User>> SqliteUserRepository::find_by_id(UserId id) {
  return statements_.with([&](Statements& st) { return one_user(st.by_id.bind_int(":id", id)); });
}

Result<std::optional<User>> SqliteUserRepository::find_by_email(std::string_view email) {
  return statements_.with([&](Statements& st) { return one_user(st.by_email.bind_text(":email", email)); });
}

Result<void> SqliteUserRepository::mark_email_verified(UserId id, UnixSeconds at) {
  return statements_.with(
      [&](Statements& st) { return update_one(st.mark_verified.bind_int(":id", id).bind_int(":at", at)); });
}

Result<void> SqliteUserRepository::set_password_hash(UserId id, std::string_view hash) {
  return statements_.with(
      [&](Statements& st) { return update_one(st.set_password.bind_int(":id", id).bind_text(":hash", hash)); });
}

Result<User> SqliteUserRepository::update_profile(UserId id, std::string_view nickname, std::string_view prefecture,
                                                  UnixSeconds at) {
  return statements_.with([&](Statements& st) -> Result<User> {
    st.update_profile.bind_int(":id", id)
        .bind_text(":nickname", nickname)
        .bind_text(":prefecture", prefecture)
        .bind_int(":at", at);
    auto user = one_user(st.update_profile);
    if (!user) return std::unexpected(user.error());
    if (!*user) return fail(ErrorCode::kNotFound, msg::kUserNotFound);
    return std::move(**user);
  });
}

Result<void> SqliteUserRepository::set_favorite_alerts(UserId id, bool on) {
  return statements_.with([&](Statements& st) {
    return update_one(st.set_favorite_alerts.bind_int(":id", id).bind_int(":on", on ? 1 : 0));
  });
}

Result<void> SqliteUserRepository::set_review_mail(UserId id, bool on) {
  return statements_.with(
      [&](Statements& st) { return update_one(st.set_review_mail.bind_int(":id", id).bind_int(":on", on ? 1 : 0)); });
}

Result<void> SqliteUserRepository::set_admin(UserId id, bool admin) {
  return statements_.with(
      [&](Statements& st) { return update_one(st.set_admin.bind_int(":id", id).bind_int(":admin", admin ? 1 : 0)); });
}

Result<void> SqliteUserRepository::set_blocked(UserId id, bool blocked) {
  return statements_.with([&](Statements& st) {
    return update_one(st.set_blocked.bind_int(":id", id).bind_int(":blocked", blocked ? 1 : 0));
  });
}

Result<void> SqliteUserRepository::withdraw(UserId id, std::string_view reason, UnixSeconds at) {
  return statements_.with([&](Statements& st) -> Result<void> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    if (auto ok = update_one(
            st.anonymise.bind_int(":id", id).bind_text(":nickname", msg::kWithdrawnNickname).bind_int(":at", at));
        !ok)
      return ok;
    if (auto ok = st.record_withdrawal.bind_int(":id", id).bind_text(":reason", reason).bind_int(":at", at).run(); !ok)
      return ok;
    if (auto ok = st.delete_sessions.bind_int(":id", id).run(); !ok) return ok;
    if (auto ok = st.delete_tokens.bind_int(":id", id).run(); !ok) return ok;
    if (auto ok = st.unlink_confirmations.bind_int(":id", id).run(); !ok) return ok;
    return tx->commit();
  });
}

}  // namespace pokeca::storage
