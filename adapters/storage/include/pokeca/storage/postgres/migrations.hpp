#pragma once
// The PostgreSQL schema: numbered migrations embedded in the binary (migrations/NNN_*.sql),
// each applied in its own transaction under an advisory lock, so that servers starting at
// once apply each exactly once. The version is kept in the table schema_version.
#include <span>
#include <string_view>

#include "pokeca/shared/errors.hpp"

namespace pokeca::storage::postgres {

class Connection;

struct Migration {
  int version;
  std::string_view name;
  std::string_view sql;
};

// The key of the transaction-level advisory lock every migration takes first: any fixed
// number no other code of this program locks ("pokeca" in ASCII).
inline constexpr long long kMigrationLockKey = 0x706f6b656361;

std::span<const Migration> all_migrations();
int latest_schema_version();
// 0 for an empty database.
Result<int> schema_version(Connection& conn);
// Applies what is missing; refuses a database newer than this program. Returns the
// version reached.
Result<int> migrate(Connection& conn);

}  // namespace pokeca::storage::postgres
