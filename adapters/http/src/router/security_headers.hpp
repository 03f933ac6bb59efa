#pragma once
// Headers every response carries, whatever produced it.
#include <string>
#include <string_view>

#include "pokeca/http/http_types.hpp"

namespace pokeca::http {

// "https://{s}.tile.example.org/{z}/{x}/{y}.png" → "https://*.tile.example.org".
// Empty for a relative URL (then 'self' already covers it) or one we cannot read.
[[nodiscard]] std::string tile_origin(std::string_view tile_url);

// The app's own scripts, style sheets, API and images, plus map tiles from the tile
// host and, when an analytics tag is configured, Google's tag. Style *attributes* stay
// allowed (Leaflet's marker HTML and attribution flag carry them;
// docs/decisions/http-server-limits.md), style *elements* only from 'self'.
[[nodiscard]] std::string content_security_policy(std::string_view tile_url, bool with_analytics);

// One year of HTTPS only for this host (RFC 6797); sent only when the base URL is https.
inline constexpr std::string_view kStrictTransportSecurity = "max-age=31536000";

void add_security_headers(Response& response, std::string_view csp, bool https);

}  // namespace pokeca::http
