#pragma once
// Domain errors: a code the HTTP adapter maps to a status, and a Japanese message
// that is shown to users as is (texts live in messages.hpp).
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>

namespace pokeca {

enum class ErrorCode {
  kBadRequest,       // malformed or out-of-range input
  kNotFound,         // no such resource
  kConflict,         // state forbids it (duplicate, already done)
  kUnauthorized,     // not signed in / bad credentials
  kForbidden,        // signed in but not allowed
  kBlocked,          // account blocked
  kPayloadTooLarge,  // body, file or field over its limit
  kUnsupportedMedia, // file type refused
  kRateLimited,      // too many requests
  kUnavailable,      // retryable (e.g. database busy)
  kInternal,         // bug or I/O failure; message never leaks internals
};

struct DomainError {
  ErrorCode code;
  std::string message;   // Japanese, user-facing
  std::string detail{};  // machine code override (e.g. "auth/invalid-email"); empty = default
  // kRateLimited: seconds until a retry can succeed (HTTP: retry_after and Retry-After).
  std::optional<std::int64_t> retry_after_seconds{};
};

template <typename T>
using Result = std::expected<T, DomainError>;

inline std::unexpected<DomainError> fail(ErrorCode code, std::string_view message,
                                         std::string_view detail = {}) {
  return std::unexpected(DomainError{code, std::string(message), std::string(detail)});
}

inline std::unexpected<DomainError> fail_rate_limited(std::string_view message, std::string_view detail,
                                                     std::int64_t retry_after_seconds) {
  return std::unexpected(DomainError{ErrorCode::kRateLimited, std::string(message), std::string(detail),
                                     retry_after_seconds});
}

}  // namespace pokeca
