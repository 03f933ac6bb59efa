#pragma once
// Headers every response carries, whatever produced it.
#include <string>
#include <string_view>

#include "pokeca/http/http_types.hpp"

namespace pokeca::http {

// "https://{s}.tile.example.org/{z}/{x}/{y}.png" → "https://*.tile.example.org".
// Empty for a relative URL (then 'self' already covers it) or one we cannot read.
[[nodiscard]] std::string tile_origin(std::string_view tile_url);

// The app's own scripts, styles (Leaflet sets inline styles), API and images, plus
// map tiles from the tile host and, when an analytics tag is configured, Google's tag.
[[nodiscard]] std::string content_security_policy(std::string_view tile_url, bool with_analytics);

void add_security_headers(Response& response, std::string_view csp);

}  // namespace pokeca::http
