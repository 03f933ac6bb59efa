#pragma once
// The API routes the router serves, as "/api/v1/stores/{id}"-style templates.
// Public so the OpenAPI test can check the document against the real table.
#include <span>
#include <string_view>

namespace pokeca::http {

inline constexpr std::string_view kApiPrefix = "/api/v1";

struct ApiRouteInfo {
  std::string_view method;  // "GET"
  std::string_view path;    // full path template, "{name}" for a parameter segment
};

[[nodiscard]] std::span<const ApiRouteInfo> api_routes();
// For each of api_routes(), in the same order: whether it needs a signed-in user (or an
// admin), so the OpenAPI test can ask for its `security`.
[[nodiscard]] std::span<const bool> api_routes_need_user();

}  // namespace pokeca::http
