#pragma once
// How SQLite failures leave the storage adapter. Start-up failures (open, migrate,
// prepare) throw StorageError; failures while serving become a DomainError.
#include <stdexcept>
#include <string_view>

#include "pokeca/shared/errors.hpp"

struct sqlite3;

namespace pokeca::storage {

class StorageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// SQLITE_BUSY / SQLITE_LOCKED → kUnavailable (retryable, with msg::kBusy); anything
// else → kInternal with msg::kInternal. Both carry SQLite's message and the SQL in
// `log_detail`, which is logged (with the request id) and never sent to users.
[[nodiscard]] DomainError sqlite_failure(sqlite3* db, int rc, std::string_view sql);
[[nodiscard]] bool is_busy(int rc);

// "sqlite: <message> (code N) in: <sql>" for StorageError and logs.
[[nodiscard]] std::string describe_sqlite_error(sqlite3* db, int rc, std::string_view sql);

}  // namespace pokeca::storage
