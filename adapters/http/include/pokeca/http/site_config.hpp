#pragma once
// What GET /config tells the frontend, and the HTML pages carry inlined: the map's tiles,
// the contact link, the analytics tag, the demo flag. The router's configuration holds
// it (RouterConfig::site); the handlers that serve it read only this.
#include <functional>
#include <optional>
#include <string>

namespace pokeca::http {

struct SiteConfig {
  // Map tiles (/config, CSP img-src). These defaults are the only ones: apps/server's
  // Config leaves the tile options unset unless a flag or variable gives them.
  std::string tile_url = "https://cyberjapandata.gsi.go.jp/xyz/std/{z}/{x}/{y}.png";
  std::string tile_attribution =
      "<a href=\"https://maps.gsi.go.jp/development/ichiran.html\" target=\"_blank\" "
      "rel=\"noopener\">地理院タイル</a>";
  int tile_max_zoom = 18;
  std::string contact_url;
  std::optional<std::string> analytics_id;  // third-party tag id; off by default
  // Asked on each /config call (it can change once demo data is loaded); may be empty.
  std::function<bool()> demo_data;
};

}  // namespace pokeca::http
