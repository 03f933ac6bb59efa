#pragma once
// What the server writes for search engines and link previews:
//   /robots.txt
//   /sitemap.xml                 a sitemap index (the 50,000-URL limit per file)
//   /sitemaps/pages.xml          home, guide, privacy policy, the 47 prefecture maps
//   /sitemaps/stores-{n}.xml     /map?store={id} for active stores with id in
//                                ((n-1)·kSitemapStoresPerFile, n·kSitemapStoresPerFile]
//   /, /map?prefecture=…, /map?store=…   index.html with its own <title>, description,
//                                Open Graph and Twitter card tags (the SPA still boots),
//                                and GET /config's data inlined
#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "pokeca/http/http_types.hpp"
#include "pokeca/map/store_catalog.hpp"
#include "pokeca/map/store_service.hpp"

namespace pokeca::http {

// sitemaps.org: at most 50,000 URLs (and 50 MB) per sitemap file.
inline constexpr StoreId kSitemapStoresPerFile = 50'000;
// Stores read from the catalog per query while writing one sitemap file.
inline constexpr std::size_t kSitemapReadBatch = 10'000;
// Written by the frontend build (build/vite-plugin-content.ts): the guide's pages.
inline constexpr std::string_view kContentIndexFile = "content-index.json";

// The id of the inert <script type="application/json"> that carries GET /config's data in
// the pages above (frontend/src/api/config.ts reads it instead of asking).
inline constexpr std::string_view kInlineConfigId = "site-config";

struct SitePagesConfig {
  std::filesystem::path static_dir;  // the built frontend; empty = no HTML pages
  std::string public_base_url;       // "https://example.jp"; empty = http://{Host}
  // GET /config's data as JSON, asked for each page; empty function = nothing inlined.
  std::function<std::string()> site_config_json;
};

// index.html with `json` (one JSON value) in <script id="site-config" type="application/json">
// before </head>; '<', '>' and '&' become \u escapes so no text in it can close the tag.
[[nodiscard]] std::string with_inline_config(std::string_view index_html, std::string_view json);

class SitePages {
 public:
  // Either service may be null (then its pages are left to the static files).
  SitePages(StoreService* stores, StoreCatalog* catalog, SitePagesConfig config);

  // The page for a GET of path?query, or nullopt when it is not one of these.
  [[nodiscard]] std::optional<Response> serve(std::string_view path, std::string_view query,
                                              std::string_view host) const;

 private:
  [[nodiscard]] std::string base_url(std::string_view host) const;
  [[nodiscard]] std::optional<Response> robots(std::string_view host) const;
  [[nodiscard]] std::optional<Response> sitemap_index(std::string_view host) const;
  [[nodiscard]] std::optional<Response> pages_sitemap(std::string_view host) const;
  [[nodiscard]] std::optional<Response> stores_sitemap(std::string_view number, std::string_view host) const;
  [[nodiscard]] std::optional<Response> html_page(std::string_view path, std::string_view query,
                                                  std::string_view host) const;

  StoreService* stores_;
  StoreCatalog* catalog_;
  SitePagesConfig config_;
};

// index.html with <title>, the meta description and the share card tags replaced or
// added (values are HTML-escaped here).
struct ShareCard {
  std::string title;
  std::string description;
  std::string url;
  std::string image;
};
[[nodiscard]] std::string with_share_card(std::string_view index_html, const ShareCard& card);
[[nodiscard]] std::string html_escape(std::string_view text);

}  // namespace pokeca::http
