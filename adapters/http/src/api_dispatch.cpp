#include "api_dispatch.hpp"

#include <array>
#include <optional>
#include <vector>

#include "api_handlers.hpp"
#include "error_mapping.hpp"
#include "pokeca/http/api_routes.hpp"
#include "pokeca/messages.hpp"
#include "query_string.hpp"

namespace pokeca::http {
namespace {

struct Route {
  ApiRouteInfo info;
  ApiHandler handler;
};

// Order matters only where a literal and a parameter segment overlap: /stores/clusters
// comes before /stores/{id}.
constexpr std::array kRoutes{
    Route{{"GET", "/api/v1/healthz"}, &get_healthz},
    Route{{"GET", "/api/v1/config"}, &get_config},
    Route{{"GET", "/api/v1/initial_data"}, &get_initial_data},
    Route{{"GET", "/api/v1/prefectures"}, &get_prefectures},
    Route{{"GET", "/api/v1/stores"}, &get_stores},
    Route{{"GET", "/api/v1/stores/clusters"}, &get_store_clusters},
    Route{{"GET", "/api/v1/stores/{id}"}, &get_store},
    Route{{"GET", "/api/v1/stats/summary"}, &get_stats_summary},
    Route{{"GET", "/api/v1/purchases/timeline"}, &get_purchase_timeline},
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
  return {reply.status, std::move(reply.body), {}};
}

}  // namespace

std::span<const ApiRouteInfo> api_routes() { return kRouteInfos; }

ApiReply dispatch_api(bhttp::verb method, std::string_view path, std::string_view query,
                      StoreService& service, const RouterConfig& config) {
  // HEAD is GET without the body; the router drops the body.
  const std::string_view wanted =
      method == bhttp::verb::head ? "GET" : std::string_view(bhttp::to_string(method));
  std::string allow;
  for (const auto& route : kRoutes) {
    auto params = match(route.info.path, path);
    if (!params) continue;
    if (route.info.method != wanted) {
      if (!allow.empty()) allow += ", ";
      allow += route.info.method;
      if (route.info.method == "GET") allow += ", HEAD";
      continue;
    }
    auto parsed = parse_query(query);
    if (!parsed) return error(parsed.error());
    auto result = route.handler(ApiCall{service, config, *parsed, *params});
    if (!result) return error(result.error());
    return {Status::ok, std::move(*result), {}};
  }
  if (!allow.empty())
    return {Status::method_not_allowed, error_envelope(msg::kMethodNotAllowed, "method_not_allowed"),
            std::move(allow)};
  return {Status::not_found, error_envelope(msg::kApiNotFound, "not_found"), {}};
}

}  // namespace pokeca::http
