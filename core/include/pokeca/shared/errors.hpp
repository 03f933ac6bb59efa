#pragma once
// Domain errors: a code the HTTP adapter maps to a status, a Japanese message that is
// shown to users as is (texts live in messages.hpp), an optional machine code for the
// client (`detail`) and an optional cause for the operator's log only (`log_detail`).
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace pokeca {

enum class ErrorCode {
  kBadRequest,        // malformed or out-of-range input
  kNotFound,          // no such resource
  kConflict,          // state forbids it (duplicate, already done)
  kUnauthorized,      // not signed in / bad credentials
  kForbidden,         // signed in but not allowed
  kBlocked,           // account blocked
  kPayloadTooLarge,   // body, file or field over its limit
  kUnsupportedMedia,  // file type refused
  kRateLimited,       // too many requests
  kUnavailable,       // retryable (e.g. database busy)
  kInternal,          // bug or I/O failure; message never leaks internals
};

struct DomainError {
  ErrorCode code;
  std::string message;  // Japanese, user-facing
  // Client-facing: the machine code the client gets instead of the ErrorCode's default
  // (e.g. "auth/invalid-email", "photo/corrupt"); empty = the default. Never internals:
  // those go to `log_detail`. A 5xx always answers with the default code.
  std::string detail{};
  // kRateLimited: seconds until a retry can succeed (HTTP: retry_after and Retry-After).
  std::optional<std::int64_t> retry_after_seconds{};
  // Log-only, never sent to a client: the cause for the operator (SQL context, errno, a
  // file name, the SMTP server's reply). No secrets; at most a masked e-mail address.
  // Set it with logged_error()/fail_logged().
  std::string log_detail{};

  // What a log line says about the cause: log_detail, else the client code, else the
  // message.
  [[nodiscard]] const std::string& cause() const {
    if (!log_detail.empty()) return log_detail;
    return detail.empty() ? message : detail;
  }
};

template <typename T>
using Result = std::expected<T, DomainError>;

inline std::unexpected<DomainError> fail(ErrorCode code, std::string_view message, std::string_view detail = {}) {
  return std::unexpected(DomainError{code, std::string(message), std::string(detail)});
}

inline std::unexpected<DomainError> fail_rate_limited(std::string_view message, std::string_view detail,
                                                      std::int64_t retry_after_seconds) {
  return std::unexpected(
      DomainError{ErrorCode::kRateLimited, std::string(message), std::string(detail), retry_after_seconds});
}

// A failure whose cause only the operator needs (typically kInternal, kUnavailable):
// the client sees `message` and the status's default code; `log_detail` is logged with
// the request id.
inline DomainError logged_error(ErrorCode code, std::string_view message, std::string log_detail) {
  return DomainError{code, std::string(message), {}, {}, std::move(log_detail)};
}
inline std::unexpected<DomainError> fail_logged(ErrorCode code, std::string_view message, std::string log_detail) {
  return std::unexpected(logged_error(code, message, std::move(log_detail)));
}

}  // namespace pokeca
