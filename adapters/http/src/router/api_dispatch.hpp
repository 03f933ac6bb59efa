#pragma once
// The API's route table and what runs a route: match the path once (plan), then apply the
// route's access rule (public, optional user, signed-in user, admin), body rule and write
// rate limits, and run its handler.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "api/api_call.hpp"
#include "pokeca/errors.hpp"
#include "pokeca/http/http_types.hpp"
#include "pokeca/http/request_handler.hpp"
#include "pokeca/http/router.hpp"

namespace pokeca::http {

// What dispatch reads from a request.
struct ApiRequest {
  bhttp::verb method = bhttp::verb::get;
  std::string_view path;  // raw (still percent-encoded), starting with "/api"
  std::string_view query;
  std::string_view body;
  std::string_view content_type;
  std::string_view authorization;  // the Authorization header
  std::string_view cookie;         // the Cookie header
  ClientInfo client;
  std::string_view user_agent = {};  // the User-Agent header (page-view analytics only)
};

struct ApiReply {
  Status status = Status::ok;
  std::string body;   // JSON text: the success body or the error envelope
  std::string allow;  // for 405: the methods the path does take
  std::vector<std::string> set_cookies;
  std::optional<std::int64_t> retry_after;  // 429: seconds, for the Retry-After header
  // A 5xx: the domain error behind it, for the log (never for the client).
  std::optional<DomainError> internal_error;
  std::string content_type;  // empty = JSON (downloads set their own)
  std::string content_disposition;
  std::optional<BodyFile> file;  // a download sent from disk (api_call.hpp)
};

class ApiDispatcher {
 public:
  // Builds every handler group with exactly the services it needs. The services and the
  // configuration must outlive the dispatcher.
  ApiDispatcher(const ApiServices& services, const RouterConfig& config);
  ~ApiDispatcher();
  ApiDispatcher(const ApiDispatcher&) = delete;
  ApiDispatcher& operator=(const ApiDispatcher&) = delete;

  // Looks the method and raw path up in the route table: the route, its lane and body
  // limit. An empty plan (no route) when nothing matches.
  [[nodiscard]] static RoutePlan plan(bhttp::verb method, std::string_view path);
  // Whether the planned route is a public read whose answer depends only on the URL and
  // the data (never on the caller), so the router may cache it.
  [[nodiscard]] static bool cacheable(const RoutePlan& plan);

  // The planned route's access rule alone, from the Authorization header (before the
  // body is read): nullopt when the caller may go on, `caller_key` then naming the
  // account (empty for public routes); else the refusal (401, 403).
  [[nodiscard]] std::optional<ApiReply> admit(std::string_view authorization, const RoutePlan& plan,
                                              std::string& caller_key) const;

  // Runs the planned route; 404 or 405 (with Allow) when the plan has none.
  [[nodiscard]] ApiReply dispatch(const ApiRequest& request, const RoutePlan& plan) const;

  // The handler groups (defined in api_dispatch.cpp, next to the table that uses them).
  struct Handlers;

 private:
  AuthService& auth_;
  std::unique_ptr<const Handlers> handlers_;
};

}  // namespace pokeca::http
