#pragma once
// UserRepository over PostgreSQL: the users table; withdraw() also clears the account's
// refresh sessions and mail-link tokens and records the reason, in one transaction.
#include "pokeca/accounts/auth_ports.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/per_connection.hpp"

namespace pokeca::storage::postgres {

class PgUserRepository final : public UserRepository {
 public:
  explicit PgUserRepository(Database& db);  // throws StorageError
  ~PgUserRepository() override;

  Result<User> create(const NewUser& user) override;
  Result<std::optional<User>> find_by_id(UserId id) override;
  Result<std::optional<User>> find_by_email(std::string_view email) override;
  Result<void> mark_email_verified(UserId id, UnixSeconds at) override;
  Result<void> set_password_hash(UserId id, std::string_view hash) override;
  Result<User> update_profile(UserId id, std::string_view nickname, std::string_view prefecture,
                              UnixSeconds at) override;
  Result<void> set_favorite_alerts(UserId id, bool on) override;
  Result<void> set_review_mail(UserId id, bool on) override;
  Result<void> set_admin(UserId id, bool admin) override;
  Result<void> set_blocked(UserId id, bool blocked) override;
  // The e-mail becomes "withdrawn-<id>@invalid" (never a valid sign-up address, so the
  // real one is free again), the nickname msg::kWithdrawnNickname.
  Result<void> withdraw(UserId id, std::string_view reason, UnixSeconds at) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage::postgres
