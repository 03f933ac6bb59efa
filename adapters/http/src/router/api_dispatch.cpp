#include "router/api_dispatch.hpp"

#include <array>
#include <tuple>

#include <boost/beast/core/string.hpp>

#include "api/error_mapping.hpp"
#include "common/http_messages.hpp"
#include "common/query_string.hpp"
#include "endpoints/accounts/auth_handlers.hpp"
#include "endpoints/admin/admin_handlers.hpp"
#include "endpoints/analytics/analytics_handlers.hpp"
#include "endpoints/catalog/product_handlers.hpp"
#include "endpoints/config/site_handlers.hpp"
#include "endpoints/contributions/confirmation_handlers.hpp"
#include "endpoints/contributions/purchase_handlers.hpp"
#include "endpoints/contributions/ranking_handlers.hpp"
#include "endpoints/contributions/submission_handlers.hpp"
#include "endpoints/export/export_handlers.hpp"
#include "endpoints/geo/geo_handlers.hpp"
#include "endpoints/lotteries/calendar_handlers.hpp"
#include "endpoints/lotteries/lottery_handlers.hpp"
#include "endpoints/map/search_handlers.hpp"
#include "endpoints/map/store_handlers.hpp"
#include "endpoints/personal/alert_handlers.hpp"
#include "endpoints/personal/favorite_handlers.hpp"
#include "endpoints/personal/stats_handlers.hpp"
#include "endpoints/personal/watch_handlers.hpp"
#include "endpoints/push/push_handlers.hpp"
#include "endpoints/trips/trip_handlers.hpp"
#include "pokeca/accounts/auth_codes.hpp"
#include "pokeca/http/api_routes.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/text.hpp"
#include "router/file_reply.hpp"

namespace pokeca::http {

// Every handler group, each built with exactly the services it needs. A new feature
// adds its group to the tuple and one line to the constructor.
struct ApiDispatcher::Handlers {
  // clang-format off
  Handlers(const ApiServices& s, const RouterConfig& config)
      : groups{SiteHandlers{config.site},
               StoreHandlers{s.stores, config.read_model.get()},
               AccountHandlers{s.auth, s.submissions, config.secure_cookies},
               PurchaseHandlers{s.purchases},
               RankingHandlers{s.ranking},
               SubmissionHandlers{s.submissions},
               FavoriteHandlers{s.favorites},
               SearchHandlers{s.search},
               StatsHandlers{s.user_stats},
               AlertHandlers{s.alerts},
               ExportHandlers{config.open_data},
               TripHandlers{s.trips},
               AdminHandlers{s.admin},
               AnalyticsHandlers{s.analytics},
               GeoHandlers{s.ip_locator},
               ProductHandlers{s.products},
               LotteryHandlers{s.lotteries},
               ConfirmationHandlers{s.confirmations},
               WatchHandlers{s.watches},
               PushHandlers{s.push},
               CalendarHandlers{s.calendar}} {}
  // clang-format on

  std::tuple<SiteHandlers, StoreHandlers, AccountHandlers, PurchaseHandlers, RankingHandlers, SubmissionHandlers,
             FavoriteHandlers, SearchHandlers, StatsHandlers, AlertHandlers, ExportHandlers, TripHandlers,
             AdminHandlers, AnalyticsHandlers, GeoHandlers, ProductHandlers, LotteryHandlers, ConfirmationHandlers,
             WatchHandlers, PushHandlers, CalendarHandlers>
      groups;
};

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

// Whether the router may keep a 200 answer until the next database write: only public
// reads whose answer depends on nothing but the URL and the data (never the caller).
enum class Cache { kNo, kPublicRead };

// What a body must be: JSON up to the server's default limit (64 KiB; anything but JSON
// is a 415), or a multipart/form-data upload, which its handler parses, up to its own
// larger limit.
struct BodyRule {
  bool multipart = false;
  std::uint64_t max_bytes = 0;  // 0 = the server's default
  bool any_type = false;        // any Content-Type (the handler ignores the body)
};
constexpr BodyRule kJsonBody{};
// RFC 8058 one-click unsubscribe POSTs "List-Unsubscribe=One-Click" as a form.
constexpr BodyRule kIgnoredBody{false, 0, true};
constexpr BodyRule multipart_body(std::uint64_t max_bytes) { return {true, max_bytes}; }
constexpr BodyRule json_body(std::uint64_t max_bytes) { return {false, max_bytes}; }

// A handler: a const member function of one handler group, called on the router's
// instance of that group.
using ApiHandler = ApiResult (*)(const ApiDispatcher::Handlers&, const ApiCall&);

template <typename Method>
struct GroupOf;
template <typename Group>
struct GroupOf<ApiResult (Group::*)(const ApiCall&) const> {
  using type = Group;
};

template <auto Method>
ApiResult invoke(const ApiDispatcher::Handlers& handlers, const ApiCall& call) {
  using Group = typename GroupOf<decltype(Method)>::type;
  return (std::get<Group>(handlers.groups).*Method)(call);
}

// `call<&StoreHandlers::get_store>`: the table's way of naming a handler.
template <auto Method>
constexpr ApiHandler call = &invoke<Method>;

// Everything the adapter knows about a route, in one row.
struct Route {
  ApiRouteInfo info;
  Access access;
  Lane lane;
  Limit limit;
  ApiHandler handler;
  Cache cache = Cache::kNo;
  BodyRule body = kJsonBody;
};

using enum Access;
using enum Limit;
using enum Cache;
constexpr Lane kNormalLane = Lane::kNormal;
constexpr Lane kSlowLane = Lane::kSlow;      // hashes a password
constexpr Lane kUploadLane = Lane::kUpload;  // decodes photos (about a second each)

// THE route table: method and path, who may call, which pool runs it, whether it counts
// as a write, its handler, whether its answer may be cached, what body it takes.
// Order matters only where a literal and a parameter segment overlap: /stores/clusters
// comes before /stores/{id}.
// One route a row, the columns in the same order (clang-format would break the rows up).
// clang-format off
constexpr std::array kRoutes{
    // Never cached: a balancer asks it whether this server's database answers.
    Route{{"GET", "/api/v1/healthz"}, kPublic, kNormalLane, kNone, call<&StoreHandlers::get_healthz>, kNo},
    Route{{"GET", "/api/v1/config"}, kPublic, kNormalLane, kNone, call<&SiteHandlers::get_config>, kPublicRead},
    Route{{"GET", "/api/v1/initial_data"}, kOptionalUser, kNormalLane, kNone, call<&SiteHandlers::get_initial_data>},
    Route{{"GET", "/api/v1/prefectures"}, kPublic, kNormalLane, kNone, call<&StoreHandlers::get_prefectures>,
          kPublicRead},
    Route{{"GET", "/api/v1/stores"}, kPublic, kNormalLane, kNone, call<&StoreHandlers::get_stores>, kPublicRead},
    Route{{"GET", "/api/v1/stores/clusters"}, kPublic, kNormalLane, kNone, call<&StoreHandlers::get_store_clusters>,
          kPublicRead},
    Route{{"GET", "/api/v1/stores/search"}, kPublic, kNormalLane, kNone, call<&SearchHandlers::get_stores_search>,
          kPublicRead},
    Route{{"GET", "/api/v1/stores/{id}"}, kPublic, kNormalLane, kNone, call<&StoreHandlers::get_store>, kPublicRead},
    Route{{"GET", "/api/v1/stats/summary"}, kPublic, kNormalLane, kNone, call<&StoreHandlers::get_stats_summary>,
          kPublicRead},
    Route{{"GET", "/api/v1/purchases/timeline"}, kPublic, kNormalLane, kNone,
          call<&StoreHandlers::get_purchase_timeline>, kPublicRead},
    // Open data
    Route{{"GET", "/api/v1/export/stores.csv"}, kPublic, kNormalLane, kNone, call<&ExportHandlers::get_stores_csv>},
    Route{{"GET", "/api/v1/export/stores.geojson"}, kPublic, kNormalLane, kNone,
          call<&ExportHandlers::get_stores_geojson>},
    // Current location from the IP address: per caller, never cached.
    Route{{"GET", "/api/v1/geo/ip"}, kPublic, kNormalLane, kNone, call<&GeoHandlers::get_geo_ip>},
    // Accounts
    Route{{"POST", "/api/v1/users"}, kPublic, kSlowLane, kNone, call<&AccountHandlers::post_users>},
    Route{{"POST", "/api/v1/auth/login"}, kPublic, kSlowLane, kNone, call<&AccountHandlers::post_auth_login>},
    Route{{"POST", "/api/v1/auth/refresh"}, kPublic, kNormalLane, kNone, call<&AccountHandlers::post_auth_refresh>},
    Route{{"POST", "/api/v1/auth/logout"}, kPublic, kNormalLane, kNone, call<&AccountHandlers::post_auth_logout>},
    Route{{"POST", "/api/v1/auth/verify-email"}, kPublic, kNormalLane, kWrite,
          call<&AccountHandlers::post_auth_verify_email>},
    Route{{"POST", "/api/v1/auth/resend-verification"}, kPublic, kSlowLane, kNone,
          call<&AccountHandlers::post_auth_resend_verification>},
    Route{{"POST", "/api/v1/auth/password-reset"}, kPublic, kNormalLane, kNone,
          call<&AccountHandlers::post_auth_password_reset>},
    Route{{"POST", "/api/v1/auth/password-reset/confirm"}, kPublic, kSlowLane, kNone,
          call<&AccountHandlers::post_auth_password_reset_confirm>},
    Route{{"GET", "/api/v1/auth/me"}, kUser, kNormalLane, kNone, call<&AccountHandlers::get_auth_me>},
    Route{{"GET", "/api/v1/admin/check"}, kAdmin, kNormalLane, kNone, call<&AccountHandlers::get_admin_check>},
    Route{{"GET", "/api/v1/users/profile"}, kUser, kNormalLane, kNone, call<&AccountHandlers::get_users_profile>},
    Route{{"PUT", "/api/v1/users/profile"}, kUser, kNormalLane, kWrite, call<&AccountHandlers::put_users_profile>},
    Route{{"DELETE", "/api/v1/users/withdrawal"}, kUser, kNormalLane, kWrite,
          call<&AccountHandlers::delete_users_withdrawal>},
    // Contributions
    Route{{"GET", "/api/v1/users/ranking"}, kPublic, kNormalLane, kNone, call<&RankingHandlers::get_users_ranking>,
          kPublicRead},
    Route{{"POST", "/api/v1/purchases"}, kUser, kNormalLane, kWrite, call<&PurchaseHandlers::post_purchases>},
    Route{{"POST", "/api/v1/store_submissions"}, kUser, kUploadLane, kWrite,
          call<&SubmissionHandlers::post_store_submissions>, kNo, multipart_body(kSubmissionBodyBytes)},
    Route{{"GET", "/api/v1/admin/submissions"}, kAdmin, kNormalLane, kNone,
          call<&SubmissionHandlers::get_admin_submissions>},
    Route{{"POST", "/api/v1/admin/submissions/{id}/approve"}, kAdmin, kNormalLane, kWrite,
          call<&SubmissionHandlers::post_admin_submission_approve>},
    Route{{"POST", "/api/v1/admin/submissions/{id}/reject"}, kAdmin, kNormalLane, kWrite,
          call<&SubmissionHandlers::post_admin_submission_reject>},
    // Personal
    Route{{"GET", "/api/v1/favorites"}, kUser, kNormalLane, kNone, call<&FavoriteHandlers::get_favorites>},
    Route{{"POST", "/api/v1/favorites"}, kUser, kNormalLane, kWrite, call<&FavoriteHandlers::post_favorites>},
    Route{{"DELETE", "/api/v1/favorites/{id}"}, kUser, kNormalLane, kWrite, call<&FavoriteHandlers::delete_favorite>},
    Route{{"GET", "/api/v1/users/stats"}, kUser, kNormalLane, kNone, call<&StatsHandlers::get_users_stats>},
    Route{{"POST", "/api/v1/alerts/unsubscribe"}, kPublic, kNormalLane, kWrite,
          call<&AlertHandlers::post_alerts_unsubscribe>, kNo, kIgnoredBody},
    // Routes
    Route{{"POST", "/api/v1/routes/plan"}, kUser, kNormalLane, kNone, call<&TripHandlers::post_trips_plan>},
    Route{{"GET", "/api/v1/saved_routes"}, kUser, kNormalLane, kNone, call<&TripHandlers::get_saved_trips>},
    Route{{"POST", "/api/v1/saved_routes"}, kUser, kNormalLane, kWrite, call<&TripHandlers::post_saved_trips>},
    Route{{"GET", "/api/v1/saved_routes/{id}"}, kUser, kNormalLane, kNone, call<&TripHandlers::get_saved_trip>},
    Route{{"PUT", "/api/v1/saved_routes/{id}"}, kUser, kNormalLane, kWrite, call<&TripHandlers::put_saved_trip>},
    Route{{"DELETE", "/api/v1/saved_routes/{id}"}, kUser, kNormalLane, kWrite,
          call<&TripHandlers::delete_saved_trip>},
    // Public, but not kPublicRead: the answer must stop the moment sharing is turned off.
    Route{{"GET", "/api/v1/shared_routes/{share_id}"}, kPublic, kNormalLane, kNone,
          call<&TripHandlers::get_shared_trip>},
    // Admin console
    Route{{"GET", "/api/v1/admin/stores"}, kAdmin, kNormalLane, kNone, call<&AdminHandlers::get_admin_stores>},
    Route{{"GET", "/api/v1/admin/stores/{id}"}, kAdmin, kNormalLane, kNone, call<&AdminHandlers::get_admin_store>},
    Route{{"PUT", "/api/v1/admin/stores/{id}"}, kAdmin, kNormalLane, kWrite, call<&AdminHandlers::put_admin_store>},
    Route{{"DELETE", "/api/v1/admin/stores/{id}"}, kAdmin, kNormalLane, kWrite,
          call<&AdminHandlers::delete_admin_store>},
    Route{{"DELETE", "/api/v1/admin/photos/{hash}"}, kAdmin, kNormalLane, kWrite,
          call<&AdminHandlers::delete_admin_photo>},
    Route{{"GET", "/api/v1/admin/users"}, kAdmin, kNormalLane, kNone, call<&AdminHandlers::get_admin_users>},
    Route{{"GET", "/api/v1/admin/users/{id}"}, kAdmin, kNormalLane, kNone, call<&AdminHandlers::get_admin_user>},
    Route{{"POST", "/api/v1/admin/users/{id}/block"}, kAdmin, kNormalLane, kWrite,
          call<&AdminHandlers::post_admin_user_block>},
    Route{{"POST", "/api/v1/admin/users/{id}/unblock"}, kAdmin, kNormalLane, kWrite,
          call<&AdminHandlers::post_admin_user_unblock>},
    Route{{"POST", "/api/v1/admin/users/{id}/grant_admin"}, kAdmin, kNormalLane, kWrite,
          call<&AdminHandlers::post_admin_user_grant_admin>},
    Route{{"POST", "/api/v1/admin/users/{id}/revoke_admin"}, kAdmin, kNormalLane, kWrite,
          call<&AdminHandlers::post_admin_user_revoke_admin>},
    Route{{"GET", "/api/v1/admin/purchases"}, kAdmin, kNormalLane, kNone, call<&AdminHandlers::get_admin_purchases>},
    Route{{"DELETE", "/api/v1/admin/purchases/{id}"}, kAdmin, kNormalLane, kWrite,
          call<&AdminHandlers::delete_admin_purchase>},
    Route{{"POST", "/api/v1/admin/purchases/bulk_delete"}, kAdmin, kNormalLane, kWrite,
          call<&AdminHandlers::post_admin_purchases_bulk_delete>},
    Route{{"GET", "/api/v1/admin/audit"}, kAdmin, kNormalLane, kNone, call<&AdminHandlers::get_admin_audit>},
    // The product catalogue
    Route{{"GET", "/api/v1/products"}, kPublic, kNormalLane, kNone, call<&ProductHandlers::get_products>, kPublicRead},
    Route{{"GET", "/api/v1/admin/products"}, kAdmin, kNormalLane, kNone, call<&ProductHandlers::get_admin_products>},
    Route{{"POST", "/api/v1/admin/products"}, kAdmin, kNormalLane, kWrite, call<&ProductHandlers::post_admin_products>},
    Route{{"PUT", "/api/v1/admin/products/{id}"}, kAdmin, kNormalLane, kWrite,
          call<&ProductHandlers::put_admin_product>},
    Route{{"DELETE", "/api/v1/admin/products/{id}"}, kAdmin, kNormalLane, kWrite,
          call<&ProductHandlers::delete_admin_product>},
    // Lottery entries
    Route{{"GET", "/api/v1/lotteries"}, kPublic, kNormalLane, kNone, call<&LotteryHandlers::get_lotteries>, kPublicRead},
    Route{{"POST", "/api/v1/lotteries"}, kUser, kNormalLane, kWrite, call<&LotteryHandlers::post_lotteries>},
    Route{{"GET", "/api/v1/admin/lotteries"}, kAdmin, kNormalLane, kNone, call<&LotteryHandlers::get_admin_lotteries>},
    Route{{"POST", "/api/v1/admin/lotteries/{id}/approve"}, kAdmin, kNormalLane, kWrite,
          call<&LotteryHandlers::post_admin_lottery_approve>},
    Route{{"POST", "/api/v1/admin/lotteries/{id}/reject"}, kAdmin, kNormalLane, kWrite,
          call<&LotteryHandlers::post_admin_lottery_reject>},
    Route{{"POST", "/api/v1/admin/lotteries/{id}/hide"}, kAdmin, kNormalLane, kWrite,
          call<&LotteryHandlers::post_admin_lottery_hide>},
    // The lottery calendar: calendar apps fetch the feed without signing in (the token in the
    // query names the user; never cached here: the answer is one user's, with its own limits).
    Route{{"GET", "/api/v1/calendar/lotteries.ics"}, kPublic, kNormalLane, kNone,
          call<&CalendarHandlers::get_calendar_feed>},
    Route{{"GET", "/api/v1/users/calendar"}, kUser, kNormalLane, kNone, call<&CalendarHandlers::get_users_calendar>},
    Route{{"PUT", "/api/v1/users/calendar"}, kUser, kNormalLane, kWrite, call<&CalendarHandlers::put_users_calendar>},
    Route{{"POST", "/api/v1/users/calendar/token"}, kUser, kNormalLane, kWrite,
          call<&CalendarHandlers::post_users_calendar_token>},
    Route{{"DELETE", "/api/v1/users/calendar/token"}, kUser, kNormalLane, kWrite,
          call<&CalendarHandlers::delete_users_calendar_token>},
    // Analytics: page views count against their own per-IP limit (kAnalyticsEventsPerIp).
    Route{{"POST", "/api/v1/analytics/events"}, kPublic, kNormalLane, kNone,
          call<&AnalyticsHandlers::post_analytics_events>, kNo, json_body(kMaxAnalyticsBodyBytes)},
    Route{{"GET", "/api/v1/admin/analytics"}, kAdmin, kNormalLane, kNone, call<&AnalyticsHandlers::get_admin_analytics>},
    // Confirmations: answers count against their own per-account day limit (kConfirmationsPerAccount).
    Route{{"PUT", "/api/v1/purchases/{id}/confirmation"}, kUser, kNormalLane, kWrite,
          call<&ConfirmationHandlers::put_confirmation>},
    Route{{"GET", "/api/v1/purchases/confirmations"}, kOptionalUser, kNormalLane, kNone,
          call<&ConfirmationHandlers::get_confirmations>},
    Route{{"GET", "/api/v1/admin/reporter_standings"}, kAdmin, kNormalLane, kNone,
          call<&ConfirmationHandlers::get_admin_reporter_standings>},
    // Area watches
    Route{{"GET", "/api/v1/watches"}, kUser, kNormalLane, kNone, call<&WatchHandlers::get_watches>},
    Route{{"POST", "/api/v1/watches"}, kUser, kNormalLane, kWrite, call<&WatchHandlers::post_watches>},
    Route{{"PUT", "/api/v1/watches/{id}"}, kUser, kNormalLane, kWrite, call<&WatchHandlers::put_watch>},
    Route{{"DELETE", "/api/v1/watches/{id}"}, kUser, kNormalLane, kWrite, call<&WatchHandlers::delete_watch>},
    Route{{"PUT", "/api/v1/watch_settings"}, kUser, kNormalLane, kWrite, call<&WatchHandlers::put_watch_settings>},
    Route{{"POST", "/api/v1/watches/off"}, kPublic, kNormalLane, kWrite, call<&WatchHandlers::post_watches_off>, kNo,
          kIgnoredBody},
    // Web Push: the key is public (the browser needs it before subscribing); devices and
    // channel switches are the signed-in user's own.
    Route{{"GET", "/api/v1/push/public_key"}, kPublic, kNormalLane, kNone, call<&PushHandlers::get_push_public_key>},
    Route{{"GET", "/api/v1/push/subscriptions"}, kUser, kNormalLane, kNone,
          call<&PushHandlers::get_push_subscriptions>},
    Route{{"POST", "/api/v1/push/subscriptions"}, kUser, kNormalLane, kWrite,
          call<&PushHandlers::post_push_subscriptions>},
    Route{{"DELETE", "/api/v1/push/subscriptions/{id}"}, kUser, kNormalLane, kWrite,
          call<&PushHandlers::delete_push_subscription>},
    Route{{"POST", "/api/v1/push/subscriptions/{id}/test"}, kUser, kNormalLane, kWrite,
          call<&PushHandlers::post_push_subscription_test>},
    Route{{"GET", "/api/v1/push/settings"}, kUser, kNormalLane, kNone, call<&PushHandlers::get_push_settings>},
    Route{{"PUT", "/api/v1/push/settings"}, kUser, kNormalLane, kWrite, call<&PushHandlers::put_push_settings>},
};
// clang-format on

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

// HEAD is GET without the body; the router drops the body.
std::string_view wanted_method(bhttp::verb method) {
  return method == bhttp::verb::head ? "GET" : std::string_view(bhttp::to_string(method));
}

// The methods a path does take (for a 405's Allow), empty when no route has the path.
std::string allowed_methods(std::string_view path) {
  std::string allow;
  for (const auto& route : kRoutes) {
    if (!match(route.info.path, path)) continue;
    if (!allow.empty()) allow += ", ";
    allow += route.info.method;
    if (route.info.method == "GET") allow += ", HEAD";
  }
  return allow;
}

// A domain error as the client sees it: its status and envelope, Retry-After on a 429 and
// a 503; a 5xx's cause goes to `failure`, for the log.
Response error(const DomainError& e, Failure& failure) {
  auto [status, body] = error_reply(e);
  auto res = json_response(status, std::move(body));
  if (e.code == ErrorCode::kRateLimited)
    res.set(bhttp::field::retry_after, std::to_string(e.retry_after_seconds.value_or(kDefaultRetryAfterSeconds)));
  if (e.code == ErrorCode::kUnavailable)
    res.set(bhttp::field::retry_after, std::to_string(e.retry_after_seconds.value_or(kUnavailableRetryAfterSeconds)));
  if (static_cast<unsigned>(status) >= 500) failure = {std::string(error_status(e.code).code), e.cause()};
  return res;
}

// A handler's answer as HTTP: the one place an ApiOutput's fields reach the response. A
// download from disk is opened here (its headers on the response, its body the file).
Reply answer(ApiOutput out, const Request& request, Failure& failure) {
  Reply reply{json_response(out.status, std::move(out.body))};
  auto& res = reply.response;
  if (!out.content_type.empty()) res.set(bhttp::field::content_type, out.content_type);
  if (!out.content_disposition.empty()) res.set(bhttp::field::content_disposition, out.content_disposition);
  if (!out.cache_control.empty()) res.set(bhttp::field::cache_control, out.cache_control);
  for (const auto& cookie : out.set_cookies) res.insert(bhttp::field::set_cookie, cookie);
  if (out.file) {
    auto opened =
        open_body_file(*out.file, request[bhttp::field::accept_encoding], request[bhttp::field::if_none_match], res);
    if (!opened) {
      failure = {"internal", opened.error()};
      return {json_response(Status::internal_server_error, error_envelope(msg::kInternal, "internal"))};
    }
    reply.file = std::move(*opened);
  }
  return reply;
}

// "Bearer <token>" (scheme case-insensitive); empty when absent or another scheme.
std::string_view bearer_token(std::string_view authorization) {
  constexpr std::string_view kScheme = "bearer ";
  if (authorization.size() <= kScheme.size() ||
      !boost::beast::iequals(authorization.substr(0, kScheme.size()), kScheme))
    return {};
  return trim_blanks(authorization.substr(kScheme.size()));
}

bool is_json(std::string_view content_type) {
  constexpr std::string_view kJson = "application/json";
  if (content_type.size() < kJson.size() || !boost::beast::iequals(content_type.substr(0, kJson.size()), kJson))
    return false;
  return content_type.size() == kJson.size() || content_type[kJson.size()] == ';' || content_type[kJson.size()] == ' ';
}

// The signed-in user the route's access rule asks for, or the refusal.
Result<std::optional<User>> caller(const Route& route, std::string_view authorization, AuthService& auth) {
  if (route.access == kPublic) return std::optional<User>{};
  const auto token = bearer_token(authorization);
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

}  // namespace

std::span<const ApiRouteInfo> api_routes() { return kRouteInfos; }

std::span<const bool> api_routes_need_user() {
  static constexpr auto kNeedUser = [] {
    std::array<bool, kRoutes.size()> need{};
    for (std::size_t i = 0; i < kRoutes.size(); ++i)
      need[i] = kRoutes[i].access == kUser || kRoutes[i].access == kAdmin;
    return need;
  }();
  return kNeedUser;
}

Response json_response(Status status, std::string body) {
  Response res{status, 11};
  res.set(bhttp::field::content_type, kJsonType);
  res.set(bhttp::field::cache_control, "no-store");
  res.body() = std::move(body);
  return res;
}

ApiDispatcher::ApiDispatcher(const ApiServices& services, const RouterConfig& config)
    : auth_(services.auth), handlers_(std::make_unique<const Handlers>(services, config)) {}

ApiDispatcher::~ApiDispatcher() = default;

RoutePlan ApiDispatcher::plan(bhttp::verb method, std::string_view path) {
  const auto wanted = wanted_method(method);
  for (std::size_t i = 0; i < kRoutes.size(); ++i) {
    const auto& route = kRoutes[i];
    if (route.info.method != wanted || !match(route.info.path, path)) continue;
    RoutePlan plan{route.lane, std::nullopt, i};
    if (route.body.max_bytes != 0) plan.body_limit = route.body.max_bytes;
    // A large body for a route that needs a user: who is calling is checked before it
    // is read, so anonymous clients cannot make the server hold it.
    const bool needs_user = route.access == kUser || route.access == kAdmin;
    plan.admit_first = needs_user && (route.body.max_bytes != 0 || route.lane == kUploadLane);
    return plan;
  }
  return {};
}

bool ApiDispatcher::cacheable(const RoutePlan& plan) {
  return plan.route && *plan.route < kRoutes.size() && kRoutes[*plan.route].cache == kPublicRead;
}

std::optional<Response> ApiDispatcher::admit(std::string_view authorization, const RoutePlan& plan,
                                             std::string& caller_key) const {
  if (!plan.route || *plan.route >= kRoutes.size()) return std::nullopt;  // dispatch answers 404/405
  auto user = caller(kRoutes[*plan.route], authorization, auth_);
  Failure ignored;  // a failed check is answered (and logged) by dispatch, which runs it again
  if (!user) return error(user.error(), ignored);
  if (*user) caller_key = std::to_string((*user)->id);
  return std::nullopt;
}

Reply ApiDispatcher::dispatch(const Request& request, const RoutePlan& plan, const ClientInfo& client,
                              Failure& failure) const {
  const auto target = split_target(request.target());
  const Route* route = plan.route && *plan.route < kRoutes.size() ? &kRoutes[*plan.route] : nullptr;
  auto params = route ? match(route->info.path, target.path) : std::nullopt;
  if (!route || !params || route->info.method != wanted_method(request.method())) {
    if (auto allow = allowed_methods(target.path); !allow.empty()) {
      auto res =
          json_response(Status::method_not_allowed, error_envelope(msg::kMethodNotAllowed, "method_not_allowed"));
      res.set(bhttp::field::allow, allow);
      return {std::move(res)};
    }
    return {json_response(Status::not_found, error_envelope(msg::kApiNotFound, "not_found"))};
  }
  auto parsed = parse_query(target.query);
  if (!parsed) return {error(parsed.error(), failure)};
  const auto content_type = request[bhttp::field::content_type];
  // A multipart route's handler checks its own Content-Type (after the access rule).
  if (!route->body.multipart && !route->body.any_type && !request.body().empty() && !is_json(content_type))
    return {error({ErrorCode::kUnsupportedMedia, std::string(msg::kNeedJson)}, failure)};
  auto user = caller(*route, request[bhttp::field::authorization], auth_);
  if (!user) return {error(user.error(), failure)};
  if (route->limit == kWrite) {
    const auto account = *user ? std::optional<UserId>((*user)->id) : std::nullopt;
    if (auto ok = auth_.check_write_rate(client, account); !ok) return {error(ok.error(), failure)};
  }
  auto result =
      route->handler(*handlers_, ApiCall{*parsed, *params, request.body(), content_type, request[bhttp::field::cookie],
                                         client, *user, request[bhttp::field::user_agent]});
  if (!result) return {error(result.error(), failure)};
  return answer(std::move(*result), request, failure);
}

}  // namespace pokeca::http
