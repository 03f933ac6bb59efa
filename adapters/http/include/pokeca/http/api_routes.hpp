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

}  // namespace pokeca::http
