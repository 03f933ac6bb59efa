#include "pokeca/storage/sqlite/storage_error.hpp"

#include <sqlite3.h>

#include <string>

#include "pokeca/shared/messages.hpp"

namespace pokeca::storage {
namespace {
// Enough of a statement to recognise it in a log line.
constexpr std::size_t kMaxSqlInMessage = 240;
}  // namespace

bool is_busy(int rc) {
  const int primary = rc & 0xff;
  return primary == SQLITE_BUSY || primary == SQLITE_LOCKED;
}

std::string describe_sqlite_error(sqlite3* db, int rc, std::string_view sql) {
  std::string out = "sqlite: ";
  // The connection's message belongs to its last call; fall back to the code's text.
  out += (db != nullptr && sqlite3_extended_errcode(db) == rc) ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
  out += " (code " + std::to_string(rc) + ")";
  if (!sql.empty()) {
    out += " in: ";
    out += sql.substr(0, kMaxSqlInMessage);
    if (sql.size() > kMaxSqlInMessage) out += "…";
  }
  return out;
}

DomainError sqlite_failure(sqlite3* db, int rc, std::string_view sql) {
  // The SQL context is for the log (with the request id), never for the client.
  return logged_error(is_busy(rc) ? ErrorCode::kUnavailable : ErrorCode::kInternal,
                      is_busy(rc) ? msg::kBusy : msg::kInternal, describe_sqlite_error(db, rc, sql));
}

}  // namespace pokeca::storage
