#include "api/error_mapping.hpp"

#include "common/json_text.hpp"
#include "pokeca/shared/messages.hpp"

namespace pokeca::http {

ErrorStatus error_status(ErrorCode code) {
  switch (code) {
    case ErrorCode::kBadRequest: return {Status::bad_request, "bad_request"};
    case ErrorCode::kUnauthorized: return {Status::unauthorized, "unauthorized"};
    case ErrorCode::kForbidden: return {Status::forbidden, "forbidden"};
    case ErrorCode::kBlocked: return {Status::forbidden, "blocked"};
    case ErrorCode::kNotFound: return {Status::not_found, "not_found"};
    case ErrorCode::kConflict: return {Status::conflict, "conflict"};
    case ErrorCode::kPayloadTooLarge: return {Status::payload_too_large, "payload_too_large"};
    case ErrorCode::kUnsupportedMedia: return {Status::unsupported_media_type, "unsupported_media_type"};
    case ErrorCode::kRateLimited: return {Status::too_many_requests, "rate_limited"};
    case ErrorCode::kUnavailable: return {Status::service_unavailable, "unavailable"};
    case ErrorCode::kInternal: break;
  }
  return {Status::internal_server_error, "internal"};
}

std::string error_envelope(std::string_view message, std::string_view code, std::optional<std::int64_t> retry_after) {
  std::string out = R"({"success":false,"error":)";
  append_json_string(out, message);
  out += R"(,"code":)";
  append_json_string(out, code);
  if (retry_after) out += R"(,"retry_after":)" + std::to_string(*retry_after);
  out += '}';
  return out;
}

ErrorReply error_reply(const DomainError& error) {
  const auto mapped = error_status(error.code);
  if (mapped.status == Status::internal_server_error)
    return {mapped.status, error_envelope(msg::kInternal, mapped.code)};
  // `detail` is the client's code; `log_detail` never leaves the server (the router logs
  // it). A 5xx answers with its status's own code.
  const bool server_side = static_cast<unsigned>(mapped.status) >= 500;
  const std::string_view code = (server_side || error.detail.empty()) ? mapped.code : std::string_view(error.detail);
  std::optional<std::int64_t> retry_after;
  if (error.code == ErrorCode::kRateLimited)
    retry_after = error.retry_after_seconds.value_or(kDefaultRetryAfterSeconds);
  return {mapped.status, error_envelope(error.message, code, retry_after)};
}

}  // namespace pokeca::http
