#pragma once
// The one place a domain error becomes an HTTP status and a machine code.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "pokeca/http/http_types.hpp"
#include "pokeca/shared/errors.hpp"

namespace pokeca::http {

struct ErrorStatus {
  Status status;
  std::string_view code;  // default machine code for the ErrorCode
};

[[nodiscard]] ErrorStatus error_status(ErrorCode code);

// SPEC.md §9: a 429 without a known wait says 60 seconds.
inline constexpr std::int64_t kDefaultRetryAfterSeconds = 60;
// A 503 from the storage (the database restarting or unreachable, a busy pool): the pool
// reconnects on its next use, so a client may try again soon.
inline constexpr std::int64_t kUnavailableRetryAfterSeconds = 2;

// {"success":false,"error":"…","code":"…"}, plus "retry_after":N for a 429.
[[nodiscard]] std::string error_envelope(std::string_view message, std::string_view code,
                                         std::optional<std::int64_t> retry_after = std::nullopt);

// The envelope and status for a domain error: its message and client code (`detail`).
// A 500 never shows its own message, a 5xx never a client code, and `log_detail` (SQL,
// file names, errno) is never sent: the router logs it with the request id.
struct ErrorReply {
  Status status;
  std::string body;
};
[[nodiscard]] ErrorReply error_reply(const DomainError& error);

}  // namespace pokeca::http
