// robots.txt, the sitemap index and its files, and share cards in index.html
// (site_pages.hpp), on real SQLite repositories in a temp dir.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <utility>

#include <boost/json/parse.hpp>

#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/sqlite_report_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_store_catalog.hpp"
#include "pokeca/storage/sqlite/sqlite_store_repository.hpp"
#include "router_fixture.hpp"
#include "site/site_pages.hpp"

namespace pokeca::testing {
namespace {

using http::Status;

constexpr std::string_view kIndex =
    "<!doctype html><html lang=\"ja\"><head><meta charset=\"UTF-8\" />\n"
    "<meta\n  name=\"description\"\n  content=\"既定の説明\"\n/>\n<title>ポケカ販売店マップ</title>\n</head>"
    "<body><div id=\"root\"></div></body></html>";

std::size_t count(std::string_view text, std::string_view needle) {
  std::size_t n = 0;
  for (auto at = text.find(needle); at != std::string_view::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

class SitePagesTest : public ::testing::Test {
 protected:
  SitePagesTest()
      : db(dir.path() / "pokeca.db"), stores(db), reports(db), catalog(db), service(stores, reports, clock) {
    std::filesystem::create_directories(dir.path() / "dist");
    std::ofstream(dir.path() / "dist/index.html") << kIndex;
    std::ofstream(dir.path() / "dist/content-index.json")
        << R"([{"path":"/guide/faq","updated":"2026-11-23"},{"path":"javascript:x"}])";
    auto seed = sample_stores();
    seed[1].name = "<script>alert(\"渋谷\")</script>&Co";
    seed.push_back(sample_store(123'456, "遠いIDの店", "bookstore", "hokkaido", "札幌市中央区", 43.06, 141.35));
    EXPECT_TRUE(stores.insert_many(seed));
  }

  http::SitePages pages(std::string base = "https://pokeca.example/",
                        std::function<std::string()> site_config_json = {}) {
    return http::SitePages(&service, &catalog, {dir.path() / "dist", std::move(base), std::move(site_config_json)});
  }

  TempDir dir;
  storage::Database db;
  storage::SqliteStoreRepository stores;
  storage::SqliteReportRepository reports;
  storage::SqliteStoreCatalog catalog;
  FakeClock clock;
  StoreService service;
};

TEST_F(SitePagesTest, RobotsPointsAtTheSitemapAndKeepsCrawlersOutOfAccountsAndTheApi) {
  const auto res = pages().serve("/robots.txt", "", "ignored");
  ASSERT_TRUE(res);
  EXPECT_EQ((*res)[http::bhttp::field::content_type], "text/plain; charset=utf-8");
  EXPECT_NE(res->body().find("Sitemap: https://pokeca.example/sitemap.xml\n"), std::string::npos);
  EXPECT_NE(res->body().find("Disallow: /api/\n"), std::string::npos);
  EXPECT_NE(res->body().find("Disallow: /admin\n"), std::string::npos);
  // Without a configured public URL, the request's Host is used.
  EXPECT_NE(pages("").serve("/robots.txt", "", "127.0.0.1:8080")->body().find("http://127.0.0.1:8080/sitemap.xml"),
            std::string::npos);
}

TEST_F(SitePagesTest, TheIndexListsOneStoreFilePerFiftyThousandIds) {
  const auto res = pages().serve("/sitemap.xml", "", "");
  ASSERT_TRUE(res);
  const auto& body = res->body();
  EXPECT_NE(body.find("<sitemapindex"), std::string::npos);
  EXPECT_NE(body.find("<loc>https://pokeca.example/sitemaps/pages.xml</loc>"), std::string::npos);
  // Highest active id 123456 → files 1, 2 and 3.
  EXPECT_NE(body.find("/sitemaps/stores-3.xml"), std::string::npos);
  EXPECT_EQ(body.find("/sitemaps/stores-4.xml"), std::string::npos);
  EXPECT_EQ(count(body, "<sitemap>"), 4u);
}

TEST_F(SitePagesTest, ThePagesSitemapHasHomeGuidePrivacyAndAll47Prefectures) {
  const auto res = pages().serve("/sitemaps/pages.xml", "", "");
  ASSERT_TRUE(res);
  const auto& body = res->body();
  EXPECT_NE(body.find("<loc>https://pokeca.example/</loc>"), std::string::npos);
  EXPECT_NE(body.find("<loc>https://pokeca.example/guide</loc>"), std::string::npos);
  EXPECT_NE(body.find("<loc>https://pokeca.example/guide/faq</loc><lastmod>2026-11-23</lastmod>"), std::string::npos);
  EXPECT_EQ(body.find("javascript:"), std::string::npos);
  EXPECT_NE(body.find("<loc>https://pokeca.example/privacy-policy</loc>"), std::string::npos);
  EXPECT_EQ(count(body, "/map?prefecture="), 47u);
  EXPECT_NE(body.find("/map?prefecture=okinawa"), std::string::npos);
}

TEST_F(SitePagesTest, StoreSitemapsHoldActiveStoresOfTheirIdRangeOnly) {
  const auto first = pages().serve("/sitemaps/stores-1.xml", "", "");
  ASSERT_TRUE(first);
  EXPECT_NE(first->body().find("<loc>https://pokeca.example/map?store=1</loc>"), std::string::npos);
  EXPECT_NE(first->body().find("/map?store=3</loc>"), std::string::npos);
  EXPECT_EQ(first->body().find("/map?store=4<"), std::string::npos);  // hidden
  EXPECT_EQ(first->body().find("/map?store=123456<"), std::string::npos);
  EXPECT_EQ(count(first->body(), "<url>"), 3u);
  const auto third = pages().serve("/sitemaps/stores-3.xml", "", "");
  ASSERT_TRUE(third);
  EXPECT_EQ(count(third->body(), "<url>"), 1u);
  EXPECT_NE(third->body().find("/map?store=123456</loc>"), std::string::npos);
  EXPECT_FALSE(pages().serve("/sitemaps/stores-0.xml", "", ""));
  EXPECT_FALSE(pages().serve("/sitemaps/stores-x.xml", "", ""));
}

TEST_F(SitePagesTest, APrefectureMapLinkGetsItsOwnCard) {
  const auto res = pages().serve("/map", "prefecture=tokyo", "");
  ASSERT_TRUE(res);
  const auto& html = res->body();
  EXPECT_NE(html.find("<title>東京都のポケカ販売店マップ | ポケカ販売店マップ</title>"), std::string::npos);
  EXPECT_NE(html.find("<meta property=\"og:title\" content=\"東京都のポケカ販売店マップ | ポケカ販売店マップ\" />"),
            std::string::npos);
  EXPECT_NE(html.find("<meta property=\"og:url\" content=\"https://pokeca.example/map?prefecture=tokyo\" />"),
            std::string::npos);
  EXPECT_NE(html.find("<meta name=\"twitter:card\" content=\"summary\" />"), std::string::npos);
  EXPECT_NE(html.find("content=\"東京都でポケモンカード"), std::string::npos);
  EXPECT_EQ(html.find("既定の説明"), std::string::npos);
  EXPECT_NE(html.find("<div id=\"root\"></div>"), std::string::npos);  // the SPA still boots
  EXPECT_FALSE(pages().serve("/map", "prefecture=atlantis", ""));
}

TEST_F(SitePagesTest, AStoreLinkGetsItsNameAndPlaceEscaped) {
  const auto res = pages().serve("/map", "store=2", "");
  ASSERT_TRUE(res);
  const auto& html = res->body();
  EXPECT_EQ(html.find("<script>"), std::string::npos);
  EXPECT_NE(
      html.find("&lt;script&gt;alert(&quot;渋谷&quot;)&lt;/script&gt;&amp;Co（東京都渋谷区） | ポケカ販売店マップ"),
      std::string::npos);
  EXPECT_NE(html.find("東京都渋谷区のコンビニ。"), std::string::npos);
  EXPECT_NE(html.find("og:url\" content=\"https://pokeca.example/map?store=2\""), std::string::npos);
  EXPECT_FALSE(pages().serve("/map", "store=4", ""));    // hidden: the plain page
  EXPECT_FALSE(pages().serve("/map", "store=999", ""));  // unknown
  EXPECT_FALSE(pages().serve("/map", "store=1x", ""));
  EXPECT_FALSE(pages().serve("/map", "", ""));
  EXPECT_FALSE(pages().serve("/guide/faq", "", ""));  // everything else: the static files
}

}  // namespace
}  // namespace pokeca::testing

namespace pokeca::testing {
namespace {

// The pages carry GET /config's data, so the first view needs no request
// before it knows its layout (the demo notice) and its tiles.
constexpr std::string_view kConfigScriptOpen = "<script id=\"site-config\" type=\"application/json\">";

TEST_F(SitePagesTest, ThePagesCarryTheSiteConfigInAnInertScriptInTheHead) {
  const auto site = pages("https://pokeca.example/", [] { return std::string(R"({"demo_data":true})"); });
  for (const auto& [path, query] : {std::pair{"/", ""}, {"/map", "prefecture=tokyo"}, {"/map", "store=2"}}) {
    const auto res = site.serve(path, query, "");
    ASSERT_TRUE(res) << path << "?" << query;
    const auto& html = res->body();
    const auto open = html.find(kConfigScriptOpen);
    ASSERT_NE(open, std::string::npos) << path << "?" << query;
    EXPECT_EQ(html.find(std::string(kConfigScriptOpen) + R"({"demo_data":true}</script>)"), open);
    EXPECT_LT(open, html.find("</head>"));
    EXPECT_EQ(count(html, kConfigScriptOpen), 1u);
  }
  // Without a config source (or for the pages the static files answer) nothing is inlined.
  EXPECT_EQ(pages().serve("/map", "prefecture=tokyo", "")->body().find(kConfigScriptOpen), std::string::npos);
}

TEST_F(SitePagesTest, ThePlainMapCarriesTheSiteConfigAndKeepsTheStaticHead) {
  const auto site = pages("https://pokeca.example/", [] { return std::string(R"({"demo_data":true})"); });
  for (const auto* query : {"", "view=35.6812,139.7671,12", "recent=1&product=boxes"}) {
    const auto res = site.serve("/map", query, "");
    ASSERT_TRUE(res) << query;
    const auto& html = res->body();
    EXPECT_EQ((*res)[http::bhttp::field::content_type], "text/html; charset=utf-8");
    EXPECT_EQ(count(html, std::string(kConfigScriptOpen) + R"({"demo_data":true}</script>)"), 1u) << query;
    EXPECT_LT(html.find(kConfigScriptOpen), html.find("</head>"));
    // The static page otherwise: its own title and description, no share card.
    EXPECT_NE(html.find("<title>ポケカ販売店マップ</title>"), std::string::npos) << html;
    EXPECT_EQ(html.find("og:url"), std::string::npos);
    EXPECT_NE(html.find("<div id=\"root\"></div>"), std::string::npos);
  }
  // Hidden or unknown stores and bad queries still get the static page.
  EXPECT_FALSE(site.serve("/map", "store=4", ""));
  EXPECT_FALSE(site.serve("/map", "prefecture=atlantis", ""));
}

TEST_F(SitePagesTest, InlinedConfigCannotCloseItsScriptTag) {
  const auto html = http::with_inline_config(
      "<head></head>", R"({"tile_attribution":"<a href=\"x\">&copy; OSM</a></script><script>alert(1)</script>"})");
  EXPECT_EQ(count(html, "</script>"), 1u);
  EXPECT_EQ(html.find("<script>"), std::string::npos);
  EXPECT_NE(html.find(R"(\u003ca href=\"x\"\u003e\u0026copy; OSM\u003c/a\u003e\u003c/script\u003e)"),
            std::string::npos);
  // The JSON still says the same thing once parsed.
  const auto open = html.find('>', html.find("<script")) + 1;
  const auto value = boost::json::parse(html.substr(open, html.find("</script>") - open));
  EXPECT_EQ(value.at("tile_attribution").as_string(), "<a href=\"x\">&copy; OSM</a></script><script>alert(1)</script>");
}

}  // namespace
}  // namespace pokeca::testing
