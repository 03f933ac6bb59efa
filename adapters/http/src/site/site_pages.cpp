#include "site/site_pages.hpp"

#include <charconv>
#include <fstream>
#include <iterator>
#include <utility>

#include <boost/json.hpp>

#include "common/query_string.hpp"
#include "pokeca/map/store_types.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/prefectures.hpp"
#include "pokeca/shared/text.hpp"
#include "pokeca/shared/time.hpp"
#include "site/static_files.hpp"

namespace pokeca::http {
namespace {

constexpr std::string_view kIndexFile = "index.html";
constexpr std::string_view kStoresSitemapPrefix = "/sitemaps/stores-";
constexpr std::string_view kXmlSuffix = ".xml";
constexpr std::string_view kShareImage = "/icons/icon-512.png";
// Pages a crawler has no business in: accounts, admin, the API.
constexpr std::string_view kRobotsDisallow[] = {
    "/api/",  "/admin", "/profile",        "/favorites", "/saved-routes", "/my-stats",          "/withdrawal",
    "/login", "/auth/", "/password-reset", "/blocked",   "/rate-limited", "/email-verification"};
// The pages that are always there (the guide's come from content-index.json).
constexpr std::string_view kFixedPages[] = {"/", "/guide", "/privacy-policy"};

Response text_response(std::string_view type, std::string body) {
  Response res{Status::ok, 11};
  res.set(bhttp::field::content_type, type);
  res.set(bhttp::field::cache_control, kRevalidateCache);
  res.body() = std::move(body);
  return res;
}

Response xml_response(std::string body) { return text_response("application/xml; charset=utf-8", std::move(body)); }

std::optional<std::string> read_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void append_url(std::string& out, std::string_view loc, std::string_view lastmod = {}) {
  out += "<url><loc>";
  out += html_escape(loc);
  out += "</loc>";
  if (!lastmod.empty()) {
    out += "<lastmod>";
    out += lastmod;
    out += "</lastmod>";
  }
  out += "</url>\n";
}

constexpr std::string_view kUrlsetOpen =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
constexpr std::string_view kUrlsetClose = "</urlset>\n";

std::string page_title(std::string_view title) {
  return std::string(title) + std::string(msg::kTitleSeparator) + std::string(msg::kSiteName);
}

// The YYYY-MM-DD date of a Unix time (UTC), for <lastmod>.
std::string iso_date(UnixSeconds t) { return format_iso8601(t).substr(0, 10); }

}  // namespace

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string with_share_card(std::string_view index_html, const ShareCard& card) {
  std::string html(index_html);
  const auto title = html_escape(card.title);
  const auto description = html_escape(card.description);
  // <title>…</title>
  if (const auto open = html.find("<title>"); open != std::string::npos)
    if (const auto close = html.find("</title>", open); close != std::string::npos)
      html.replace(open, close + 8 - open, "<title>" + title + "</title>");
  // <meta name="description" content="…" /> (written over several lines by the build)
  if (const auto meta = html.find("name=\"description\""); meta != std::string::npos)
    if (const auto content = html.find("content=\"", meta); content != std::string::npos) {
      const auto value = content + 9;
      if (const auto end = html.find('"', value); end != std::string::npos)
        html.replace(value, end - value, description);
    }
  std::string tags;
  const auto tag = [&](std::string_view attr, std::string_view name, std::string_view value) {
    tags += "    <meta ";
    tags += attr;
    tags += "=\"";
    tags += name;
    tags += "\" content=\"";
    tags += value;
    tags += "\" />\n";
  };
  const auto url = html_escape(card.url);
  const auto image = html_escape(card.image);
  tag("property", "og:type", "website");
  tag("property", "og:site_name", html_escape(msg::kSiteName));
  tag("property", "og:locale", "ja_JP");
  tag("property", "og:title", title);
  tag("property", "og:description", description);
  tag("property", "og:url", url);
  tag("property", "og:image", image);
  tag("name", "twitter:card", "summary");
  tag("name", "twitter:title", title);
  tag("name", "twitter:description", description);
  tag("name", "twitter:image", image);
  tags += "    <link rel=\"canonical\" href=\"" + url + "\" />\n";
  if (const auto head_end = html.find("</head>"); head_end != std::string::npos) html.insert(head_end, tags);
  return html;
}

std::string with_inline_config(std::string_view index_html, std::string_view json) {
  std::string tag = "    <script id=\"" + std::string(kInlineConfigId) + "\" type=\"application/json\">";
  tag.reserve(tag.size() + json.size() + 16);
  for (const char c : json) {
    switch (c) {
      case '<': tag += "\\u003c"; break;
      case '>': tag += "\\u003e"; break;
      case '&': tag += "\\u0026"; break;
      default: tag += c;
    }
  }
  tag += "</script>\n";
  std::string html(index_html);
  if (const auto head_end = html.find("</head>"); head_end != std::string::npos) html.insert(head_end, tag);
  return html;
}

SitePages::SitePages(StoreService* stores, StoreCatalog* catalog, SitePagesConfig config)
    : stores_(stores), catalog_(catalog), config_(std::move(config)) {}

std::string SitePages::base_url(std::string_view host) const {
  if (!config_.public_base_url.empty()) {
    auto base = config_.public_base_url;
    while (base.ends_with('/')) base.pop_back();
    return base;
  }
  return "http://" + std::string(host.empty() ? "localhost" : host);
}

std::optional<Response> SitePages::serve(std::string_view path, std::string_view query, std::string_view host) const {
  if (path == "/robots.txt") return robots(host);
  if (path == "/sitemap.xml") return sitemap_index(host);
  if (path == "/sitemaps/pages.xml") return pages_sitemap(host);
  if (path.starts_with(kStoresSitemapPrefix) && path.ends_with(kXmlSuffix))
    return stores_sitemap(
        path.substr(kStoresSitemapPrefix.size(), path.size() - kStoresSitemapPrefix.size() - kXmlSuffix.size()), host);
  if (path == "/" || path == "/map") return html_page(path, query, host);
  return std::nullopt;
}

std::optional<Response> SitePages::robots(std::string_view host) const {
  std::string body = "User-agent: *\nAllow: /\n";
  for (const auto disallow : kRobotsDisallow) body += "Disallow: " + std::string(disallow) + "\n";
  body += "\nSitemap: " + base_url(host) + "/sitemap.xml\n";
  return text_response("text/plain; charset=utf-8", std::move(body));
}

std::optional<Response> SitePages::sitemap_index(std::string_view host) const {
  const auto base = base_url(host);
  std::string body =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex "
      "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  body += "<sitemap><loc>" + html_escape(base) + "/sitemaps/pages.xml</loc></sitemap>\n";
  if (catalog_) {
    auto max_id = catalog_->max_active_id();
    if (!max_id) return std::nullopt;  // the static files answer (404): better than a wrong index
    const auto files = (*max_id + kSitemapStoresPerFile - 1) / kSitemapStoresPerFile;
    for (StoreId n = 1; n <= files; ++n)
      body += "<sitemap><loc>" + html_escape(base) + std::string(kStoresSitemapPrefix) + std::to_string(n) +
              std::string(kXmlSuffix) + "</loc></sitemap>\n";
  }
  body += "</sitemapindex>\n";
  return xml_response(std::move(body));
}

std::optional<Response> SitePages::pages_sitemap(std::string_view host) const {
  const auto base = base_url(host);
  std::string body(kUrlsetOpen);
  for (const auto page : kFixedPages) append_url(body, base + std::string(page));
  // The guide's articles, as the frontend build listed them.
  if (!config_.static_dir.empty())
    if (auto text = read_file(config_.static_dir / kContentIndexFile)) {
      boost::system::error_code ec;
      const auto value = boost::json::parse(*text, ec);
      if (!ec && value.is_array())
        for (const auto& entry : value.as_array()) {
          const auto* object = entry.if_object();
          const auto* page = object ? object->if_contains("path") : nullptr;
          const auto* updated = object ? object->if_contains("updated") : nullptr;
          if (!page || !page->is_string() || !page->as_string().starts_with("/")) continue;
          append_url(body, base + std::string(page->as_string()),
                     updated && updated->is_string() ? std::string_view(updated->as_string()) : std::string_view{});
        }
    }
  for (const auto& prefecture : all_prefectures())
    append_url(body, base + "/map?prefecture=" + std::string(prefecture.code));
  body += kUrlsetClose;
  return xml_response(std::move(body));
}

std::optional<Response> SitePages::stores_sitemap(std::string_view number, std::string_view host) const {
  if (!catalog_) return std::nullopt;
  StoreId n = 0;
  const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), n);
  if (ec != std::errc{} || end != number.data() + number.size() || n < 1) return std::nullopt;
  const auto base = base_url(host) + "/map?store=";
  StoreId after = (n - 1) * kSitemapStoresPerFile;
  const StoreId up_to = n * kSitemapStoresPerFile;
  std::string body(kUrlsetOpen);
  for (;;) {
    auto page = catalog_->active_between(after, up_to, kSitemapReadBatch);
    if (!page) return std::nullopt;
    for (const auto& store : *page)
      append_url(body, base + std::to_string(store.id),
                 iso_date(std::max(store.updated_at, store.last_report_at.value_or(0))));
    if (page->size() < kSitemapReadBatch) break;
    after = page->back().id;
  }
  body += kUrlsetClose;
  return xml_response(std::move(body));
}

std::optional<Response> SitePages::html_page(std::string_view path, std::string_view query,
                                             std::string_view host) const {
  if (config_.static_dir.empty()) return std::nullopt;
  auto params = parse_query(query);
  if (!params) return std::nullopt;  // the SPA shows its own message
  const auto base = base_url(host);
  ShareCard card{std::string(msg::kSiteName), std::string(msg::kSiteDescription), base + "/",
                 base + std::string(kShareImage)};
  if (path == "/map") {
    if (const auto code = find_param(*params, "prefecture")) {
      const auto* prefecture = find_prefecture(*code);
      if (!prefecture) return std::nullopt;
      card.title = page_title(fill_placeholder(msg::kPrefectureCardTitle, "{name}", prefecture->name));
      card.description = fill_placeholder(msg::kPrefectureCardDescription, "{name}", prefecture->name);
      card.url = base + "/map?prefecture=" + std::string(prefecture->code);
    } else if (const auto id_text = find_param(*params, "store")) {
      StoreId id = 0;
      const auto [end, ec] = std::from_chars(id_text->data(), id_text->data() + id_text->size(), id);
      if (ec != std::errc{} || end != id_text->data() + id_text->size() || id < 1 || !stores_) return std::nullopt;
      auto detail = stores_->detail(id);
      if (!detail) return std::nullopt;  // unknown or hidden: the plain page
      const auto& store = detail->store;
      const auto* prefecture = find_prefecture(store.prefecture);
      const auto place = std::string(prefecture ? prefecture->name : std::string_view{}) + store.city;
      const auto* type = find_store_type(store.store_type);
      card.title = page_title(place.empty() ? store.name : store.name + "（" + place + "）");
      auto description = fill_placeholder(msg::kStoreCardDescription, "{place}", place);
      card.description = fill_placeholder(description, "{type}", type ? type->label : std::string_view{});
      card.url = base + "/map?store=" + std::to_string(store.id);
    } else {
      // The plain map and its ?view= links keep the static page's head; they get only
      // /config's data, so the entry's first view knows about the demo notice as the
      // ?prefecture= pages do. Without a config source: the static file.
      if (!config_.site_config_json) return std::nullopt;
      auto index = read_file(config_.static_dir / kIndexFile);
      if (!index) return std::nullopt;
      return text_response("text/html; charset=utf-8", with_inline_config(*index, config_.site_config_json()));
    }
  }
  auto index = read_file(config_.static_dir / kIndexFile);
  if (!index) return std::nullopt;
  auto html = with_share_card(*index, card);
  if (config_.site_config_json) html = with_inline_config(html, config_.site_config_json());
  return text_response("text/html; charset=utf-8", std::move(html));
}

}  // namespace pokeca::http
