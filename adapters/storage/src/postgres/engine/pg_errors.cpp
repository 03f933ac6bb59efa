#include "engine/pg_errors.hpp"

#include "pokeca/shared/messages.hpp"
#include "pokeca/storage/postgres/connection.hpp"

namespace pokeca::storage::postgres {
namespace {
// Enough of a statement to recognise it in a log line.
constexpr std::size_t kMaxSqlInMessage = 240;
}  // namespace

bool is_unavailable(std::string_view sqlstate) {
  return sqlstate.starts_with("08") || sqlstate == "57P01" || sqlstate == "57P02" || sqlstate == "57P03" ||
         sqlstate == "53300" || is_retryable_transaction_failure(sqlstate);
}

std::string one_line(std::string_view message) {
  std::string out;
  for (char c : message) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
    out += c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

DomainError pg_failure(std::string_view sqlstate, std::string_view message, std::string_view sql) {
  std::string detail = "pg: " + std::string(sqlstate) + " " + one_line(message);
  if (!sql.empty()) {
    detail += " in: ";
    detail += sql.substr(0, kMaxSqlInMessage);
    if (sql.size() > kMaxSqlInMessage) detail += "…";
  }
  const bool retry = is_unavailable(sqlstate);
  return logged_error(retry ? ErrorCode::kUnavailable : ErrorCode::kInternal, retry ? msg::kBusy : msg::kInternal,
                      std::move(detail));
}

}  // namespace pokeca::storage::postgres
