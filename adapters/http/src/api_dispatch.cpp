#include "api_dispatch.hpp"

#include <array>
#include <cctype>
#include <optional>
#include <vector>

#include "api_handlers.hpp"
#include "auth_handlers.hpp"
#include "export_handlers.hpp"
#include "purchase_handlers.hpp"
#include "ranking_handlers.hpp"
#include "submission_handlers.hpp"
#include "error_mapping.hpp"
#include "pokeca/http/api_routes.hpp"
#include "pokeca/auth_codes.hpp"
#include "pokeca/messages.hpp"
#include "query_string.hpp"

namespace pokeca::http {
namespace {

// Who may call a route. Enforced here, before the handler runs, so a handler cannot
// forget it; the authorization matrix test walks every route with every role.
enum class Access {
  kPublic,        // anyone; a bearer token is ignored
  kOptionalUser,  // anyone; a valid bearer token makes call.user the account
  kUser,          // a valid bearer token of a verified, unblocked account
  kAdmin,         // kUser and the admin flag
};

// Counts against the "every write" rate limits (per IP and per account). Routes with
// rules of their own (sign-up, login, resend, reset) and the session plumbing
// (refresh, logout) are not.
enum class Limit { kNone, kWrite };

// What a body must be: JSON (the default; anything else is a 415), or a
// multipart/form-data upload that its handler parses, with its own larger size limit.
enum class Body { kJson, kMultipart };

struct Route {
  ApiRouteInfo info;
  Access access;
  Lane lane;
  Limit limit;
  ApiHandler handler;
  Body body = Body::kJson;
};

using enum Access;
using enum Limit;
constexpr Lane kNormalLane = Lane::kNormal;
constexpr Lane kSlowLane = Lane::kSlow;  // hashes a password
constexpr Lane kUploadLane = Lane::kUpload;  // decodes photos (about a second each)

// Order matters only where a literal and a parameter segment overlap: /stores/clusters
// comes before /stores/{id}.
constexpr std::array kRoutes{
    Route{{"GET", "/api/v1/healthz"}, kPublic, kNormalLane, kNone, &get_healthz},
    Route{{"GET", "/api/v1/config"}, kPublic, kNormalLane, kNone, &get_config},
    Route{{"GET", "/api/v1/initial_data"}, kOptionalUser, kNormalLane, kNone, &get_initial_data},
    Route{{"GET", "/api/v1/prefectures"}, kPublic, kNormalLane, kNone, &get_prefectures},
    Route{{"GET", "/api/v1/stores"}, kPublic, kNormalLane, kNone, &get_stores},
    Route{{"GET", "/api/v1/stores/clusters"}, kPublic, kNormalLane, kNone, &get_store_clusters},
    Route{{"GET", "/api/v1/stores/{id}"}, kPublic, kNormalLane, kNone, &get_store},
    Route{{"GET", "/api/v1/stats/summary"}, kPublic, kNormalLane, kNone, &get_stats_summary},
    Route{{"GET", "/api/v1/purchases/timeline"}, kPublic, kNormalLane, kNone, &get_purchase_timeline},
    // Open data (issue 12)
    Route{{"GET", "/api/v1/export/stores.csv"}, kPublic, kNormalLane, kNone, &get_export_stores_csv},
    Route{{"GET", "/api/v1/export/stores.geojson"}, kPublic, kNormalLane, kNone, &get_export_stores_geojson},
    // Accounts (issue 3)
    Route{{"POST", "/api/v1/users"}, kPublic, kSlowLane, kNone, &post_users},
    Route{{"POST", "/api/v1/auth/login"}, kPublic, kSlowLane, kNone, &post_auth_login},
    Route{{"POST", "/api/v1/auth/refresh"}, kPublic, kNormalLane, kNone, &post_auth_refresh},
    Route{{"POST", "/api/v1/auth/logout"}, kPublic, kNormalLane, kNone, &post_auth_logout},
    Route{{"POST", "/api/v1/auth/verify-email"}, kPublic, kNormalLane, kWrite, &post_auth_verify_email},
    Route{{"POST", "/api/v1/auth/resend-verification"}, kPublic, kSlowLane, kNone, &post_auth_resend_verification},
    Route{{"POST", "/api/v1/auth/password-reset"}, kPublic, kNormalLane, kNone, &post_auth_password_reset},
    Route{{"POST", "/api/v1/auth/password-reset/confirm"}, kPublic, kSlowLane, kNone,
          &post_auth_password_reset_confirm},
    Route{{"GET", "/api/v1/auth/me"}, kUser, kNormalLane, kNone, &get_auth_me},
    Route{{"GET", "/api/v1/admin/check"}, kAdmin, kNormalLane, kNone, &get_admin_check},
    Route{{"GET", "/api/v1/users/profile"}, kUser, kNormalLane, kNone, &get_users_profile},
    Route{{"PUT", "/api/v1/users/profile"}, kUser, kNormalLane, kWrite, &put_users_profile},
    Route{{"DELETE", "/api/v1/users/withdrawal"}, kUser, kNormalLane, kWrite, &delete_users_withdrawal},
    // Contributions (issue 4)
    Route{{"GET", "/api/v1/users/ranking"}, kPublic, kNormalLane, kNone, &get_users_ranking},
    Route{{"POST", "/api/v1/purchases"}, kUser, kNormalLane, kWrite, &post_purchases},
    Route{{"DELETE", "/api/v1/admin/purchases/{id}"}, kAdmin, kNormalLane, kWrite, &delete_admin_purchase},
    Route{{"POST", "/api/v1/store_submissions"}, kUser, kUploadLane, kWrite, &post_store_submissions,
          Body::kMultipart},
    Route{{"GET", "/api/v1/admin/submissions"}, kAdmin, kNormalLane, kNone, &get_admin_submissions},
    Route{{"POST", "/api/v1/admin/submissions/{id}/approve"}, kAdmin, kNormalLane, kWrite,
          &post_admin_submission_approve},
    Route{{"POST", "/api/v1/admin/submissions/{id}/reject"}, kAdmin, kNormalLane, kWrite,
          &post_admin_submission_reject},
};

constexpr auto kRouteInfos = [] {
  std::array<ApiRouteInfo, kRoutes.size()> infos{};
  for (std::size_t i = 0; i < kRoutes.size(); ++i) infos[i] = kRoutes[i].info;
  return infos;
}();

std::string_view next_segment(std::string_view& rest) {
  rest.remove_prefix(1);  // the '/'
  const auto slash = rest.find('/');
  const auto segment = rest.substr(0, slash);
  rest = slash == std::string_view::npos ? std::string_view{} : rest.substr(slash);
  return segment;
}

// Segment-by-segment match; "{…}" segments match any non-empty segment and are
// returned decoded. nullopt when the path does not match.
std::optional<std::vector<std::string>> match(std::string_view pattern, std::string_view path) {
  std::vector<std::string> params;
  while (!pattern.empty() && !path.empty()) {
    const auto want = next_segment(pattern);
    const auto got = next_segment(path);
    if (want.starts_with('{')) {
      auto decoded = percent_decode(got, false);
      if (got.empty() || !decoded) return std::nullopt;
      params.push_back(std::move(*decoded));
    } else if (want != got) {
      return std::nullopt;
    }
  }
  if (!pattern.empty() || !path.empty()) return std::nullopt;
  return params;
}

ApiReply error(const DomainError& e) {
  auto reply = error_reply(e);
  ApiReply out{reply.status, std::move(reply.body), {}, {}, {}, {}, {}};
  if (e.code == ErrorCode::kRateLimited) out.retry_after = e.retry_after_seconds.value_or(kDefaultRetryAfterSeconds);
  return out;
}

// "Bearer <token>" (scheme case-insensitive); empty when absent or another scheme.
std::string_view bearer_token(std::string_view authorization) {
  constexpr std::string_view kScheme = "bearer ";
  if (authorization.size() <= kScheme.size()) return {};
  for (std::size_t i = 0; i < kScheme.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(authorization[i])) != kScheme[i]) return {};
  auto token = authorization.substr(kScheme.size());
  while (!token.empty() && token.front() == ' ') token.remove_prefix(1);
  while (!token.empty() && token.back() == ' ') token.remove_suffix(1);
  return token;
}

bool is_json(std::string_view content_type) {
  constexpr std::string_view kJson = "application/json";
  if (content_type.size() < kJson.size()) return false;
  for (std::size_t i = 0; i < kJson.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(content_type[i])) != kJson[i]) return false;
  return content_type.size() == kJson.size() || content_type[kJson.size()] == ';' ||
         content_type[kJson.size()] == ' ';
}

// The signed-in user the route's access rule asks for, or the refusal.
Result<std::optional<User>> caller(const Route& route, const ApiRequest& request, AuthService& auth) {
  if (route.access == kPublic) return std::optional<User>{};
  const auto token = bearer_token(request.authorization);
  if (token.empty()) {
    if (route.access == kOptionalUser) return std::optional<User>{};
    return fail(ErrorCode::kUnauthorized, msg::kUnauthenticated, auth_code::kUnauthenticated);
  }
  auto user = auth.authenticate(token);
  if (!user) {
    // initial_data answers a bad or blocked token with user: null.
    if (route.access == kOptionalUser) return std::optional<User>{};
    return std::unexpected(user.error());
  }
  if (route.access == kAdmin)
    if (auto ok = auth.require_admin(*user); !ok) return std::unexpected(ok.error());
  return std::optional<User>{std::move(*user)};
}

const Route* find_route(bhttp::verb method, std::string_view path, std::string* allow,
                        std::vector<std::string>* params) {
  // HEAD is GET without the body; the router drops the body.
  const std::string_view wanted =
      method == bhttp::verb::head ? "GET" : std::string_view(bhttp::to_string(method));
  for (const auto& route : kRoutes) {
    auto matched = match(route.info.path, path);
    if (!matched) continue;
    if (route.info.method != wanted) {
      if (allow) {
        if (!allow->empty()) *allow += ", ";
        *allow += route.info.method;
        if (route.info.method == "GET") *allow += ", HEAD";
      }
      continue;
    }
    if (params) *params = std::move(*matched);
    return &route;
  }
  return nullptr;
}

}  // namespace

std::span<const ApiRouteInfo> api_routes() { return kRouteInfos; }

Lane api_lane(bhttp::verb method, std::string_view path) {
  const auto* route = find_route(method, path, nullptr, nullptr);
  return route ? route->lane : Lane::kNormal;
}

std::optional<std::uint64_t> api_body_limit(bhttp::verb method, std::string_view path) {
  const auto* route = find_route(method, path, nullptr, nullptr);
  if (!route || route->body != Body::kMultipart) return std::nullopt;
  return submission_form_schema().limits.max_body_bytes;
}

ApiReply dispatch_api(const ApiRequest& request, ApiServices services, const RouterConfig& config) {
  std::string allow;
  std::vector<std::string> params;
  const auto* route = find_route(request.method, request.path, &allow, &params);
  if (!route) {
    if (!allow.empty())
      return {Status::method_not_allowed, error_envelope(msg::kMethodNotAllowed, "method_not_allowed"),
              std::move(allow), {}, {}, {}, {}};
    return {Status::not_found, error_envelope(msg::kApiNotFound, "not_found"), {}, {}, {}, {}, {}};
  }
  auto parsed = parse_query(request.query);
  if (!parsed) return error(parsed.error());
  // A multipart route's handler checks its own Content-Type (after the access rule).
  if (route->body == Body::kJson && !request.body.empty() && !is_json(request.content_type))
    return error({ErrorCode::kUnsupportedMedia, std::string(msg::kNeedJson)});
  auto user = caller(*route, request, services.auth);
  if (!user) return error(user.error());
  if (route->limit == kWrite) {
    const auto account = *user ? std::optional<UserId>((*user)->id) : std::nullopt;
    if (auto ok = services.auth.check_write_rate(request.client, account); !ok) return error(ok.error());
  }
  auto result = route->handler(ApiCall{services.stores, services.auth, config, *parsed, params, request.body,
                                       request.cookie, request.client, *user, services.contributions,
                                       request.content_type});
  if (!result) return error(result.error());
  return {result->status, std::move(result->body), {}, std::move(result->set_cookies), {},
          std::move(result->content_type), std::move(result->content_disposition)};
}

}  // namespace pokeca::http
