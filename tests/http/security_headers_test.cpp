// Every response carries the security headers; the CSP lets the app, its API and the
// configured tile host through and nothing else.
#include "router/security_headers.hpp"
#include "router_fixture.hpp"

namespace pokeca::testing {
namespace {

using http::bhttp::verb;

void expect_security_headers(const http::Response& res, std::string_view what) {
  EXPECT_EQ(res["X-Content-Type-Options"], "nosniff") << what;
  EXPECT_EQ(res["Referrer-Policy"], "strict-origin-when-cross-origin") << what;
  EXPECT_EQ(res["X-Frame-Options"], "DENY") << what;
  EXPECT_EQ(res["Permissions-Policy"], "geolocation=(self)") << what;
  EXPECT_FALSE(res["Content-Security-Policy"].empty()) << what;
}

using SecurityHeaders = RouterTest;

TEST_F(SecurityHeaders, OnEveryKindOfResponse) {
  expect_security_headers(get("/api/v1/healthz"), "api");
  expect_security_headers(get("/api/v1/stores"), "400");
  expect_security_headers(get("/api/v1/nope"), "404 api");
  expect_security_headers(send("/api/v1/healthz", verb::post), "405");
  expect_security_headers(get("/"), "index");
  expect_security_headers(get("/map"), "spa fallback");
  expect_security_headers(get("/assets/app-3f9a1c.js"), "asset");
  expect_security_headers(get("/missing.png"), "404 static");
  expect_security_headers(get("/../secret.txt"), "traversal");
  expect_security_headers(send("/", verb::head), "head");
  expect_security_headers(router->error_response(http::Status::request_header_fields_too_large, "x", "y"),
                          "server refusal");
  stores.failure = DomainError{ErrorCode::kInternal, "boom"};
  expect_security_headers(get("/api/v1/healthz"), "500");
}

TEST_F(SecurityHeaders, CspAllowsTheTileHostForImagesOnly) {
  const auto csp = std::string(get("/")["Content-Security-Policy"]);
  EXPECT_NE(csp.find("default-src 'self'"), std::string::npos) << csp;
  EXPECT_NE(csp.find("img-src 'self' data: blob: https://cyberjapandata.gsi.go.jp"), std::string::npos) << csp;
  EXPECT_NE(csp.find("connect-src 'self';"), std::string::npos) << csp;
  EXPECT_NE(csp.find("script-src 'self';"), std::string::npos) << csp;
  EXPECT_NE(csp.find("frame-ancestors 'none'"), std::string::npos) << csp;
  EXPECT_NE(csp.find("object-src 'none'"), std::string::npos) << csp;
  EXPECT_EQ(csp.find("googletagmanager"), std::string::npos) << csp;
}

TEST_F(SecurityHeaders, AnalyticsTagIsAllowedOnlyWhenConfigured) {
  http::RouterConfig config;
  config.site.analytics_id = "G-ABC";
  config.site.tile_url = "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png";
  make_router(config);
  const auto csp = std::string(get("/")["Content-Security-Policy"]);
  EXPECT_NE(csp.find("script-src 'self' https://www.googletagmanager.com"), std::string::npos) << csp;
  EXPECT_NE(csp.find("https://*.tile.openstreetmap.org"), std::string::npos) << csp;
}

// HSTS when the site is served over https (the base URL says so), never
// over plain http (a browser would then refuse the site on a local install).
TEST_F(SecurityHeaders, StrictTransportSecurityOnlyOverHttps) {
  EXPECT_TRUE(get("/")["Strict-Transport-Security"].empty());
  EXPECT_TRUE(get("/api/v1/healthz")["Strict-Transport-Security"].empty());
  http::RouterConfig config;
  config.secure_cookies = true;
  make_router(config);
  EXPECT_EQ(get("/")["Strict-Transport-Security"], "max-age=31536000");
  EXPECT_EQ(get("/api/v1/healthz")["Strict-Transport-Security"], "max-age=31536000");
  EXPECT_EQ(get("/api/v1/nope")["Strict-Transport-Security"], "max-age=31536000");
}

// No inline <style> elements (an injected one could read the page through
// attribute selectors); style attributes stay for Leaflet (docs/decisions/http-server-limits.md).
TEST_F(SecurityHeaders, CspRefusesInlineStyleElements) {
  const auto csp = std::string(get("/")["Content-Security-Policy"]);
  EXPECT_NE(csp.find("style-src-elem 'self';"), std::string::npos) << csp;
  EXPECT_NE(csp.find("style-src-attr 'unsafe-inline';"), std::string::npos) << csp;
}

TEST(TileOrigin, FromTheTileUrl) {
  EXPECT_EQ(http::tile_origin("https://cyberjapandata.gsi.go.jp/xyz/std/{z}/{x}/{y}.png"),
            "https://cyberjapandata.gsi.go.jp");
  EXPECT_EQ(http::tile_origin("https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"),
            "https://*.tile.openstreetmap.org");
  EXPECT_EQ(http::tile_origin("http://localhost:8081/tiles/{z}/{x}/{y}.png"), "http://localhost:8081");
  EXPECT_EQ(http::tile_origin("/tiles/{z}/{x}/{y}.png"), "");
  // Anything that could smuggle another directive in is dropped.
  EXPECT_EQ(http::tile_origin("https://evil.example; script-src *"), "");
  EXPECT_EQ(http::tile_origin("https://"), "");
}

}  // namespace
}  // namespace pokeca::testing
