#pragma once
// ActionTokenRepository over PostgreSQL: mail-link tokens, hashed, consumed atomically.
#include "pokeca/accounts/auth_ports.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/per_connection.hpp"

namespace pokeca::storage::postgres {

class PgActionTokenRepository final : public ActionTokenRepository {
 public:
  explicit PgActionTokenRepository(Database& db);  // throws StorageError
  ~PgActionTokenRepository() override;

  Result<void> create(const ActionToken& token) override;
  Result<std::optional<ActionToken>> consume(std::string_view token_hash, ActionPurpose purpose,
                                             UnixSeconds now) override;
  Result<std::optional<ActionToken>> find_used(std::string_view token_hash, ActionPurpose purpose) override;
  Result<void> delete_for_user(UserId user, ActionPurpose purpose) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage::postgres
