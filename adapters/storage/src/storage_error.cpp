#include "pokeca/storage/storage_error.hpp"

#include <sqlite3.h>

#include <string>

#include "pokeca/messages.hpp"

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
  // A busy error's detail would reach the client as its code, so it stays generic.
  if (is_busy(rc)) return DomainError{ErrorCode::kUnavailable, std::string(msg::kBusy), {}};
  return DomainError{ErrorCode::kInternal, std::string(msg::kInternal),
                     describe_sqlite_error(db, rc, sql)};
}

}  // namespace pokeca::storage
