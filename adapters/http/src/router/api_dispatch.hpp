#pragma once
// The API's route table and what runs a route: match the path once (plan), then apply the
// route's access rule (public, optional user, signed-in user, admin), body rule and write
// rate limits, run its handler, and turn its ApiResult into the Reply: the one place a
// handler's answer becomes HTTP.
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "api/api_call.hpp"
#include "pokeca/accounts/auth_service.hpp"
#include "pokeca/http/http_types.hpp"
#include "pokeca/http/request_handler.hpp"
#include "pokeca/http/router.hpp"

namespace pokeca::http {

inline constexpr std::string_view kJsonType = "application/json; charset=utf-8";

// An API answer's head and body: JSON, and `Cache-Control: no-store` (answers are per
// request and may become personal: signed-in calls).
[[nodiscard]] Response json_response(Status status, std::string body);

// Why a request ended in a 5xx, for the one log line it gets.
struct Failure {
  std::string error;   // machine code ("internal", "unavailable") or "exception"
  std::string detail;  // DomainError::cause() (log_detail: SQL context, errno …) or the exception's text
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
  // account (empty for public routes); else the refusal (401, 403, or a 5xx when the
  // check itself failed).
  [[nodiscard]] std::optional<Response> admit(std::string_view authorization, const RoutePlan& plan,
                                              std::string& caller_key) const;

  // Runs the planned route for `request` from `client`: its reply (a download from disk
  // as a file reply), or 404 or 405 (with Allow) when the plan has none. A 5xx's cause
  // goes to `failure`, for the log.
  [[nodiscard]] Reply dispatch(const Request& request, const RoutePlan& plan, const ClientInfo& client,
                               Failure& failure) const;

  // The handler groups (defined in api_dispatch.cpp, next to the table that uses them).
  struct Handlers;

 private:
  AuthService& auth_;
  std::unique_ptr<const Handlers> handlers_;
};

}  // namespace pokeca::http
