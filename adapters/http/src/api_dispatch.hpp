#pragma once
// Matches an API path against the route table, applies the route's access rule
// (public, optional user, signed-in user, admin) and the write rate limits, and runs
// its handler.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/auth_service.hpp"
#include "pokeca/http/http_types.hpp"
#include "pokeca/http/request_handler.hpp"
#include "pokeca/http/router.hpp"
#include "pokeca/store_service.hpp"
#include "pokeca/submission_service.hpp"

namespace pokeca::http {

struct ApiServices {
  StoreService& stores;
  AuthService& auth;
  ContributionServices contributions;
};

// What dispatch reads from a request.
struct ApiRequest {
  bhttp::verb method = bhttp::verb::get;
  std::string_view path;   // raw (still percent-encoded), starting with "/api"
  std::string_view query;
  std::string_view body;
  std::string_view content_type;
  std::string_view authorization;  // the Authorization header
  std::string_view cookie;         // the Cookie header
  ClientInfo client;
};

struct ApiReply {
  Status status = Status::ok;
  std::string body;   // JSON text: the success body or the error envelope
  std::string allow;  // for 405: the methods the path does take
  std::vector<std::string> set_cookies;
  std::optional<std::int64_t> retry_after;  // 429: seconds, for the Retry-After header
  std::string content_type;                 // empty = JSON
  std::string content_disposition;
};

[[nodiscard]] ApiReply dispatch_api(const ApiRequest& request, ApiServices services, const RouterConfig& config);

// The lane of the route a method and raw path match (kNormal when none does).
[[nodiscard]] Lane api_lane(bhttp::verb method, std::string_view path);
// The largest body the matched route takes, when it is not the server's default
// (multipart uploads).
[[nodiscard]] std::optional<std::uint64_t> api_body_limit(bhttp::verb method, std::string_view path);

}  // namespace pokeca::http
