// The built frontend: MIME types, cache headers, SPA fallback, ETags, and no way out of
// the static root however the path is spelled.
#include "site/static_files.hpp"
#include "router_fixture.hpp"

namespace pokeca::testing {
namespace {

using http::Status;
using http::bhttp::field;
namespace fs = std::filesystem;

class StaticFilesTest : public RouterTest {
 protected:
  StaticFilesTest() {
    for (const auto* f : {"favicon.ico", "logo.svg", "img/pin.png", "img/photo.jpg", "img/photo.webp", "manifest.json",
                          "assets/font-1a2b.woff2", "robots.txt", "assets/app-3f9a1c.js.map", "assets/index-77aa.css",
                          ".env", "assets/.hidden.js"})
      site.write(fs::path("site") / f, std::string("content of ") + f);
    std::error_code ec;
    fs::create_symlink(site.path() / "secret.txt", site.path() / "site" / "leak.txt", ec);
    fs::create_directory_symlink(site.path(), site.path() / "site" / "up", ec);
  }
};

TEST_F(StaticFilesTest, MimeTypesByExtension) {
  const std::pair<const char*, const char*> cases[] = {
      {"/index.html", "text/html; charset=utf-8"},
      {"/assets/app-3f9a1c.js", "text/javascript; charset=utf-8"},
      {"/assets/index-77aa.css", "text/css; charset=utf-8"},
      {"/logo.svg", "image/svg+xml"},
      {"/img/pin.png", "image/png"},
      {"/img/photo.jpg", "image/jpeg"},
      {"/img/photo.webp", "image/webp"},
      {"/manifest.json", "application/json"},
      {"/assets/font-1a2b.woff2", "font/woff2"},
      {"/favicon.ico", "image/x-icon"},
      {"/robots.txt", "text/plain; charset=utf-8"},
      {"/assets/app-3f9a1c.js.map", "application/json"},
  };
  for (const auto& [target, type] : cases) {
    const auto res = get(target);
    EXPECT_EQ(res.result(), Status::ok) << target;
    EXPECT_EQ(res[field::content_type], type) << target;
  }
  EXPECT_EQ(http::mime_type_for("x.JPEG"), "image/jpeg");
  EXPECT_EQ(http::mime_type_for("x.bin"), "application/octet-stream");
}

TEST_F(StaticFilesTest, HashedAssetsAreImmutableAndIndexIsRevalidated) {
  const auto js = get("/assets/app-3f9a1c.js");
  EXPECT_EQ(js.body(), kAppJs);
  EXPECT_EQ(js[field::cache_control], "public, max-age=31536000, immutable");
  EXPECT_EQ(get("/index.html")[field::cache_control], "no-cache");
  EXPECT_EQ(get("/favicon.ico")[field::cache_control], "no-cache");
  const auto root = get("/");
  EXPECT_EQ(root.body(), kIndexHtml);
  EXPECT_EQ(root[field::cache_control], "no-cache");
}

TEST_F(StaticFilesTest, ClientRoutesFallBackToIndex) {
  for (const auto* target : {"/map", "/guide/faq", "/stores/12", "/admin/analytics", "/etc/passwd", "//etc/passwd"}) {
    const auto res = get(target);
    EXPECT_EQ(res.result(), Status::ok) << target;
    EXPECT_EQ(res.body(), kIndexHtml) << target;
    EXPECT_EQ(res[field::content_type], "text/html; charset=utf-8");
    EXPECT_EQ(res[field::cache_control], "no-cache");
  }
  // A prefecture map is the same page with its own title and share card (site_pages.hpp).
  const auto card = get("/map?prefecture=tokyo");
  EXPECT_EQ(card.result(), Status::ok);
  EXPECT_TRUE(card.body().starts_with("<!doctype html><title>東京都のポケカ販売店マップ | ポケカ販売店マップ</title>"));
  EXPECT_EQ(card[field::content_type], "text/html; charset=utf-8");
  EXPECT_EQ(card[field::cache_control], "no-cache");
}

// The prefecture map's page carries exactly GET /config's data (demo flag,
// tiles), so the first view lays itself out without waiting for /config.
TEST_F(StaticFilesTest, APrefectureMapCarriesTheSameConfigAsTheApi) {
  site.write("site/index.html",
             "<!doctype html><html><head><title>ポケカ販売店マップ</title></head><body></body></html>");
  const auto page = get("/map?prefecture=tokyo");
  ASSERT_EQ(page.result(), Status::ok);
  const std::string_view open = "<script id=\"site-config\" type=\"application/json\">";
  const auto& html = page.body();
  const auto at = html.find(open);
  ASSERT_NE(at, std::string::npos) << html;
  const auto end = html.find("</script>", at);
  const auto inlined = boost::json::parse(html.substr(at + open.size(), end - at - open.size()));
  EXPECT_EQ(inlined, data(get("/api/v1/config")));
  EXPECT_TRUE(inlined.at("demo_data").as_bool());
  http::RouterConfig real_data;
  real_data.site.demo_data = [] { return false; };
  make_router(std::move(real_data));
  EXPECT_NE(get("/map?prefecture=tokyo").body().find("\"demo_data\":false"), std::string::npos);
}

TEST_F(StaticFilesTest, MissingFilesWithAnExtensionAre404) {
  for (const auto* target : {"/missing.js", "/assets/app-old.js", "/assets/no-extension", "/img/none.png"}) {
    const auto res = get(target);
    EXPECT_EQ(res.result(), Status::not_found) << target;
    EXPECT_NE(res.body(), kIndexHtml);
  }
}

TEST_F(StaticFilesTest, TraversalNeverLeavesTheRoot) {
  for (const auto* target : {"/../secret.txt",
                             "/%2e%2e/secret.txt",
                             "/%2E%2E/secret.txt",
                             "/.%2e/secret.txt",
                             "/%2e%2e%2fsecret.txt",
                             "/assets/..%2f..%2fsecret.txt",
                             "/assets/%2e%2e/%2e%2e/secret.txt",
                             "/..%5csecret.txt",
                             "/%5c..%5csecret.txt",
                             "/..\\secret.txt",
                             "/a/../../secret.txt",
                             "/%252e%252e/secret.txt",
                             "/leak.txt",
                             "/up/secret.txt",
                             "/./secret.txt",
                             "/%00/../secret.txt",
                             "/C:/secret.txt",
                             "/c:%5csecret.txt",
                             "/.env",
                             "/assets/.hidden.js",
                             "/%2e%65nv",
                             "/..%2f..%2f..%2f..%2fetc%2fpasswd",
                             "/%2e%2e/%2e%2e/%2e%2e/etc/passwd"}) {
    const auto res = get(target);
    EXPECT_EQ(res.body().find(kSecret), std::string::npos) << target;
    EXPECT_EQ(res.body().find("root:"), std::string::npos) << target;
    EXPECT_EQ(res.body().find("content of .env"), std::string::npos) << target;
    EXPECT_NE(res.result(), Status::internal_server_error) << target;
  }
}

TEST_F(StaticFilesTest, SafeRelativePathRefusesEverySpellingOfUp) {
  using http::safe_relative_path;
  EXPECT_EQ(safe_relative_path("/"), fs::path());
  EXPECT_EQ(safe_relative_path("/assets/app.js"), fs::path("assets/app.js"));
  EXPECT_EQ(safe_relative_path("//assets///app.js"), fs::path("assets/app.js"));
  EXPECT_EQ(safe_relative_path("/%E5%BA%97.png"), fs::path("店.png"));
  for (const auto* bad : {"/..", "/../x", "/%2e%2e/x", "/%2E%2e/x", "/a/%2e%2e%2f%2e%2e/x", "/.", "/a/./b", "/a\\b",
                          "/%5c", "/%00", "/C:/x", "/.git/config", "/%zz", "/%", "x/y", ""})
    EXPECT_FALSE(safe_relative_path(bad).has_value()) << bad;
}

TEST_F(StaticFilesTest, EtagsAllowRevalidation) {
  const auto first = get("/assets/app-3f9a1c.js");
  const auto etag = std::string(first[field::etag]);
  ASSERT_FALSE(etag.empty());

  for (const auto& header : {etag, "W/" + etag, "\"other\", " + etag, std::string("*")}) {
    http::Request req{http::bhttp::verb::get, "/assets/app-3f9a1c.js", 11};
    req.set(field::if_none_match, header);
    const auto res = serve(*router, req);
    EXPECT_EQ(res.result(), Status::not_modified) << header;
    EXPECT_TRUE(res.body().empty());
    EXPECT_EQ(res[field::etag], etag);
    EXPECT_EQ(res[field::cache_control], "public, max-age=31536000, immutable");
  }
  http::Request stale{http::bhttp::verb::get, "/assets/app-3f9a1c.js", 11};
  stale.set(field::if_none_match, "\"stale\"");
  EXPECT_EQ(serve(*router, stale).result(), Status::ok);
}

TEST_F(StaticFilesTest, HeadGivesTheLengthWithoutTheBody) {
  const auto res = send("/assets/app-3f9a1c.js", http::bhttp::verb::head);
  EXPECT_EQ(res.result(), Status::ok);
  EXPECT_TRUE(res.body().empty());
  EXPECT_EQ(res[field::content_length], std::to_string(kAppJs.size()));
}

TEST_F(StaticFilesTest, NoStaticDirectoryMeans404ButTheApiStillWorks) {
  http::RouterConfig config;
  router = std::make_unique<http::Router>(contributions.services(service, auth), config);
  EXPECT_EQ(get("/").result(), Status::not_found);
  EXPECT_EQ(get("/map").result(), Status::not_found);
  EXPECT_EQ(get("/api/v1/healthz").result(), Status::ok);
}

}  // namespace
}  // namespace pokeca::testing
