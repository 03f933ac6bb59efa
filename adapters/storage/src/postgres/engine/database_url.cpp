#include "pokeca/storage/postgres/database_url.hpp"

#include <libpq-fe.h>

#include <memory>
#include <string>

#include "engine/pg_errors.hpp"

namespace pokeca::storage::postgres {
namespace {

struct FreeOptions {
  void operator()(PQconninfoOption* o) const { PQconninfoFree(o); }
};

bool is_url(std::string_view text) { return text.starts_with("postgresql://") || text.starts_with("postgres://"); }

// A key/value string has "key=value" pairs; anything else (a file name, "sqlite", a typo
// of the scheme) is not a database address.
bool is_key_value(std::string_view text) { return text.find('=') != std::string_view::npos; }

// The options that name the target, in the order an operator reads them.
constexpr std::string_view kShownOptions[] = {"host", "hostaddr", "port", "dbname", "user", "sslmode"};

}  // namespace

std::string without_quoted_values(std::string_view text) {
  std::string out;
  bool quoted = false;
  for (char c : text) {
    if (c == '"') {
      if (!quoted) out += "\"…\"";
      quoted = !quoted;
      continue;
    }
    if (!quoted) out += c;
  }
  return out;
}

Result<DatabaseUrl> parse_database_url(std::string_view text) {
  if (text.empty() || !(is_url(text) || is_key_value(text)))
    return fail(ErrorCode::kBadRequest,
                "database URL: expected postgresql://user:password@host:port/database or a libpq key=value string");
  const std::string conninfo(text);
  char* error = nullptr;
  std::unique_ptr<PQconninfoOption, FreeOptions> options(PQconninfoParse(conninfo.c_str(), &error));
  if (!options) {
    std::string reason = error != nullptr ? one_line(error) : "out of memory";
    if (error != nullptr) PQfreemem(error);
    return fail(ErrorCode::kBadRequest, "database URL: " + without_quoted_values(reason));
  }
  std::string masked;
  bool has_password = false;
  for (const auto& shown : kShownOptions) {
    for (auto* o = options.get(); o->keyword != nullptr; ++o) {
      if (shown != o->keyword || o->val == nullptr || *o->val == '\0') continue;
      if (!masked.empty()) masked += ' ';
      masked += std::string(o->keyword) + "=" + o->val;
    }
  }
  for (auto* o = options.get(); o->keyword != nullptr; ++o)
    if (std::string_view(o->keyword) == "password" && o->val != nullptr && *o->val != '\0') has_password = true;
  if (has_password) masked += masked.empty() ? "password=***" : " password=***";
  if (masked.empty()) masked = "(libpq defaults)";
  return DatabaseUrl{.conninfo = conninfo, .masked = masked};
}

}  // namespace pokeca::storage::postgres
