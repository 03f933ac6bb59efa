#pragma once
// SessionRepository over PostgreSQL: refresh tokens (hashed), rotation in one transaction.
#include "pokeca/accounts/auth_ports.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/per_connection.hpp"

namespace pokeca::storage::postgres {

class PgSessionRepository final : public SessionRepository {
 public:
  explicit PgSessionRepository(Database& db);  // throws StorageError
  ~PgSessionRepository() override;

  Result<void> create(const RefreshSession& session) override;
  Result<std::optional<RefreshSession>> find_by_hash(std::string_view token_hash) override;
  Result<bool> rotate(std::string_view old_hash, const RefreshSession& next, UnixSeconds now) override;
  Result<void> revoke_family(std::string_view family, UnixSeconds at) override;
  Result<void> revoke_all_for_user(UserId user, UnixSeconds at) override;
  Result<bool> login_active(std::string_view family) override;
  Result<std::int64_t> delete_expired(UnixSeconds now) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage::postgres
