#pragma once
// The database a server uses, as the operator gives it (--database-url /
// POKECA_DATABASE_URL): a postgresql:// URL or a libpq key/value string. Parsed before
// anything connects, and shown only masked: a password never reaches a log line.
#include <string>
#include <string_view>

#include "pokeca/shared/errors.hpp"

namespace pokeca::storage::postgres {

struct DatabaseUrl {
  std::string conninfo;  // what libpq connects with (holds the password: never log it)
  std::string masked;    // the same target for logs and messages: password=***
};

// kBadRequest with a one-line reason that holds no part of the password.
Result<DatabaseUrl> parse_database_url(std::string_view text);

// `text` with every quoted part replaced by "…": libpq's messages quote the values they
// reject, and a value may be (part of) a password.
std::string without_quoted_values(std::string_view text);

}  // namespace pokeca::storage::postgres
