#pragma once
// Schema migrations: migrations/NNN_name.sql, compiled into the binary, applied in
// order inside one transaction; PRAGMA user_version records how far a file has got.
#include <span>
#include <string_view>

#include "pokeca/shared/errors.hpp"

namespace pokeca::storage {

class Connection;

struct Migration {
  int version;  // NNN: 1, 2, … with no gaps
  std::string_view name;
  std::string_view sql;
};

[[nodiscard]] std::span<const Migration> all_migrations();
[[nodiscard]] int latest_schema_version();

// Reads PRAGMA user_version.
Result<int> schema_version(Connection& conn);
// Applies every migration newer than the file's version, all or nothing. Returns the
// version reached. A file newer than this binary is refused (kInternal).
Result<int> migrate(Connection& conn);

}  // namespace pokeca::storage
