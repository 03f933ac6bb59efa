// The accounts routes at the router level (fake ports): cookies, bearer parsing, JSON
// bodies, rate-limit headers, client addresses, lanes and initial_data.
#include "common/client_address.hpp"
#include "common/http_messages.hpp"
#include "endpoints/accounts/refresh_cookie.hpp"
#include "pokeca/accounts/access_token.hpp"
#include "pokeca/accounts/auth_codes.hpp"
#include "pokeca/shared/messages.hpp"
#include "router_fixture.hpp"

namespace pokeca::testing {
namespace {

using http::Status;
using http::bhttp::field;
using http::bhttp::verb;

class AuthRouter : public RouterTest {
 protected:
  http::Response call(verb method, std::string_view target, std::string body = {}, std::string_view bearer = {},
                      std::string_view cookie = {}, std::string_view content_type = "application/json") {
    http::Request req{method, target, 11};
    req.set(field::host, "localhost");
    if (!body.empty()) req.set(field::content_type, content_type);
    if (!bearer.empty()) req.set(field::authorization, "Bearer " + std::string(bearer));
    if (!cookie.empty()) req.set(field::cookie, cookie);
    req.body() = std::move(body);
    req.prepare_payload();
    return serve(*router, req, http::Peer{"192.0.2.10"});
  }

  // A verified account logged in over the router; returns the access token.
  std::string login(std::string email = "satoshi@example.com") {
    auto r = call(
        verb::post, "/api/v1/users",
        R"({"user":{"email":")" + email + R"(","password":"kiriban-7777","username":"サトシ","prefecture":"東京都"}})");
    EXPECT_EQ(r.result(), Status::created) << r.body();
    EXPECT_EQ(call(verb::post, "/api/v1/auth/verify-email", R"({"token":")" + mailer.last_token() + R"("})").result(),
              Status::ok);
    r = call(verb::post, "/api/v1/auth/login", R"({"email":")" + email + R"(","password":"kiriban-7777"})");
    EXPECT_EQ(r.result(), Status::ok) << r.body();
    last_cookie = std::string(r[field::set_cookie]);
    return str(json(r).at("access_token"));
  }

  std::string last_cookie;
};

TEST_F(AuthRouter, SignUpAnswers201AndTheLoginSetsTheRefreshCookie) {
  const auto token = login();
  EXPECT_TRUE(last_cookie.starts_with("pokeca_refresh=")) << last_cookie;
  for (const char* attribute : {"; Path=/api/v1/auth", "; Max-Age=2592000", "; HttpOnly", "; SameSite=Strict"})
    EXPECT_NE(last_cookie.find(attribute), std::string::npos) << attribute;
  EXPECT_EQ(last_cookie.find("Secure"), std::string::npos);  // http base URL

  const auto me = call(verb::get, "/api/v1/auth/me", {}, token);
  ASSERT_EQ(me.result(), Status::ok) << me.body();
  const auto user = json(me).at("user");
  EXPECT_EQ(user.at("email"), "satoshi@example.com");
  EXPECT_EQ(user.at("nickname"), "サトシ");
  EXPECT_EQ(user.at("prefecture"), "東京都");
  EXPECT_EQ(user.at("admin"), false);
  EXPECT_EQ(user.at("email_verified"), true);
  EXPECT_FALSE(user.as_object().contains("password_hash"));
  EXPECT_EQ(me[field::cache_control], "no-store");
}

TEST_F(AuthRouter, SecureCookiesWhenTheSiteIsHttps) {
  http::RouterConfig config;
  config.secure_cookies = true;
  make_router(config);
  (void)login();
  EXPECT_NE(last_cookie.find("; Secure"), std::string::npos);
  const auto out = call(verb::post, "/api/v1/auth/logout");
  EXPECT_EQ(out[field::set_cookie], "pokeca_refresh=; Path=/api/v1/auth; Max-Age=0; HttpOnly; SameSite=Strict; Secure");
}

TEST_F(AuthRouter, RefreshReadsTheCookieAndLogoutClearsIt) {
  (void)login();
  const auto value = last_cookie.substr(0, last_cookie.find(';'));
  const auto refreshed = call(verb::post, "/api/v1/auth/refresh", {}, {}, "theme=dark; " + value + "; x=1");
  ASSERT_EQ(refreshed.result(), Status::ok) << refreshed.body();
  EXPECT_EQ(json(refreshed).at("expires_in"), 900);
  EXPECT_NE(refreshed[field::set_cookie], last_cookie);

  const auto missing = call(verb::post, "/api/v1/auth/refresh");
  EXPECT_EQ(missing.result(), Status::unauthorized);
  EXPECT_EQ(json(missing).at("code"), "auth/session-expired");

  const auto out = call(verb::post, "/api/v1/auth/logout", {}, {}, value);
  EXPECT_EQ(out.result(), Status::ok);
  EXPECT_EQ(str(json(out).at("message")), msg::kLoggedOut);
  EXPECT_TRUE(std::string(out[field::set_cookie]).starts_with("pokeca_refresh=; Path=/api/v1/auth; Max-Age=0"));
  EXPECT_EQ(call(verb::post, "/api/v1/auth/logout").result(), Status::ok);  // never fails
}

// A form on another site must not log the user out (or in): its POST is refused before
// it reaches the handler, so the refresh cookie is neither read nor cleared.
TEST_F(AuthRouter, CookieRoutesRefuseRequestsFromAnotherSite) {
  (void)login();
  const auto value = last_cookie.substr(0, last_cookie.find(';'));
  const auto post = [&](std::string_view path, std::string_view header, std::string_view header_value) {
    http::Request req{verb::post, path, 11};
    req.set(field::host, "localhost:8080");
    req.set(field::cookie, value);
    if (!header.empty()) req.set(header, header_value);
    req.prepare_payload();
    return serve(*router, req, http::Peer{"192.0.2.10"});
  };
  for (const auto& [header, from] :
       {std::pair{"Sec-Fetch-Site", "cross-site"}, std::pair{"Sec-Fetch-Site", "same-site"},
        std::pair{"Origin", "https://evil.example"}, std::pair{"Origin", "null"},
        std::pair{"Origin", "http://localhost:8080.evil.example"}}) {
    for (const auto* path : {"/api/v1/auth/logout", "/api/v1/auth/refresh", "/api/v1/auth/login"}) {
      const auto res = post(path, header, from);
      EXPECT_EQ(res.result(), Status::forbidden) << path << " " << header << ": " << from;
      EXPECT_EQ(str(json(res).at("error")), msg::kCrossSiteRefused);
      EXPECT_EQ(res[field::set_cookie], "") << path;
    }
  }
  // The cookie still works: the refusals neither used nor cleared it.
  EXPECT_EQ(post("/api/v1/auth/refresh", "Origin", "http://localhost:8080").result(), Status::ok);
  EXPECT_EQ(post("/api/v1/auth/logout", "Sec-Fetch-Site", "same-origin").result(), Status::ok);
  EXPECT_EQ(post("/api/v1/auth/logout", {}, {}).result(), Status::ok);  // not a browser: no ambient cookie
  // Routes that take no cookie are not concerned.
  EXPECT_NE(post("/api/v1/favorites", "Sec-Fetch-Site", "cross-site").result(), Status::forbidden);
}

TEST_F(AuthRouter, BearerParsing) {
  const auto token = login();
  http::Request req{verb::get, "/api/v1/auth/me", 11};
  req.set(field::authorization, "bearer   " + token);
  EXPECT_EQ(serve(*router, req).result(), Status::ok);
  req.set(field::authorization, "Basic " + token);
  const auto basic = serve(*router, req);
  EXPECT_EQ(basic.result(), Status::unauthorized);
  EXPECT_EQ(json(basic).at("code"), "auth/unauthenticated");
  EXPECT_EQ(str(json(basic).at("error")), msg::kUnauthenticated);
  EXPECT_EQ(call(verb::get, "/api/v1/auth/me", {}, "not.a.token").result(), Status::unauthorized);
}

TEST_F(AuthRouter, InitialDataCarriesTheUserWhenTheTokenIsValid) {
  EXPECT_TRUE(data(call(verb::get, "/api/v1/initial_data")).at("user").is_null());
  const auto token = login();
  const auto with = data(call(verb::get, "/api/v1/initial_data", {}, token));
  EXPECT_EQ(with.at("user").at("nickname"), "サトシ");
  EXPECT_FALSE(with.at("store_types").as_array().empty());
  EXPECT_TRUE(data(call(verb::get, "/api/v1/initial_data", {}, "garbage")).at("user").is_null());
}

TEST_F(AuthRouter, BodiesMustBeJson) {
  const auto form =
      call(verb::post, "/api/v1/auth/login", "email=a&password=b", {}, {}, "application/x-www-form-urlencoded");
  EXPECT_EQ(form.result(), Status::unsupported_media_type);
  EXPECT_EQ(json(form).at("code"), "unsupported_media_type");
  EXPECT_EQ(call(verb::post, "/api/v1/auth/login", "{not json").result(), Status::bad_request);
  EXPECT_EQ(call(verb::post, "/api/v1/auth/login", R"({"email":5})").result(), Status::bad_request);
  EXPECT_EQ(call(verb::post, "/api/v1/users", R"({"email":"a@b.jp"})").result(), Status::bad_request);
  EXPECT_EQ(call(verb::post, "/api/v1/auth/login", R"({"email":"a@b.jp"})", {}, {}, "application/json; charset=utf-8")
                .result(),
            Status::unauthorized);
}

TEST_F(AuthRouter, SignUpErrorsKeepTheProvidersCodes) {
  const auto weak = call(verb::post, "/api/v1/users",
                         R"({"user":{"email":"a@example.com","password":"12345","username":"a","prefecture":""}})");
  EXPECT_EQ(weak.result(), Status::bad_request);
  EXPECT_EQ(json(weak).at("code"), "auth/weak-password");
  const auto email = call(verb::post, "/api/v1/users",
                          R"({"user":{"email":"nope","password":"kiriban-7777","username":"a","prefecture":null}})");
  EXPECT_EQ(json(email).at("code"), "auth/invalid-email");
  (void)login("dup@example.com");
  const auto dup = call(verb::post, "/api/v1/users",
                        R"({"user":{"email":"DUP@example.com","password":"kiriban-7777","username":"a"}})");
  EXPECT_EQ(dup.result(), Status::conflict);
  EXPECT_EQ(json(dup).at("code"), "auth/email-already-in-use");
}

TEST_F(AuthRouter, RateLimitAnswers429WithRetryAfter) {
  for (int i = 0; i < 10; ++i)
    (void)call(verb::post, "/api/v1/auth/login", R"({"email":"x@example.com","password":"wrong-one"})");
  const auto limited = call(verb::post, "/api/v1/auth/login", R"({"email":"x@example.com","password":"wrong-one"})");
  ASSERT_EQ(limited.result(), Status::too_many_requests);
  // One address: the (account, address) pair's limit, 5 per 15 min, comes first.
  EXPECT_EQ(limited[field::retry_after], "180");
  EXPECT_EQ(json(limited).at("retry_after"), 180);
  EXPECT_EQ(json(limited).at("code"), "auth/too-many-requests");
  EXPECT_EQ(str(json(limited).at("error")), msg::kTooManyRequests);
}

TEST_F(AuthRouter, ProfileAndWithdrawal) {
  const auto token = login();
  auto r = call(verb::put, "/api/v1/users/profile", R"({"user":{"nickname":" カスミ ","prefecture":"大阪府"}})", token);
  ASSERT_EQ(r.result(), Status::ok) << r.body();
  EXPECT_EQ(json(r).at("user").at("nickname"), "カスミ");
  EXPECT_EQ(json(r).at("user").at("prefecture"), "大阪府");
  r = call(verb::put, "/api/v1/users/profile", R"({"user":{"prefecture":null}})", token);
  EXPECT_TRUE(json(r).at("user").at("prefecture").is_null());
  EXPECT_EQ(call(verb::put, "/api/v1/users/profile", R"({"user":{"nickname":""}})", token).result(),
            Status::bad_request);
  EXPECT_EQ(call(verb::get, "/api/v1/users/profile", {}, token).result(), Status::ok);

  r = call(verb::delete_, "/api/v1/users/withdrawal", R"({"reason":"引っ越しのため"})", token);
  ASSERT_EQ(r.result(), Status::ok) << r.body();
  EXPECT_EQ(str(json(r).at("message")), msg::kWithdrawn);
  EXPECT_EQ(call(verb::get, "/api/v1/auth/me", {}, token).result(), Status::unauthorized);
}

TEST_F(AuthRouter, HashingRoutesGoToTheSlowLane) {
  const auto lane = [&](verb method, std::string_view target) {
    http::RequestHeader header;
    header.method(method);
    header.target(target);
    return router->plan(header).lane;
  };
  EXPECT_EQ(lane(verb::post, "/api/v1/auth/login"), http::Lane::kSlow);
  EXPECT_EQ(lane(verb::post, "/api/v1/users"), http::Lane::kSlow);
  EXPECT_EQ(lane(verb::post, "/api/v1/auth/resend-verification"), http::Lane::kSlow);
  EXPECT_EQ(lane(verb::post, "/api/v1/auth/password-reset/confirm"), http::Lane::kSlow);
  EXPECT_EQ(lane(verb::get, "/api/v1/stores?bbox=1,2,3,4"), http::Lane::kNormal);
  EXPECT_EQ(lane(verb::post, "/api/v1/auth/refresh"), http::Lane::kNormal);
  EXPECT_EQ(lane(verb::get, "/api/v1/auth/login"), http::Lane::kNormal);  // 405, answered at once
  EXPECT_EQ(lane(verb::get, "/index.html"), http::Lane::kNormal);
}

TEST(RefreshCookie, ReadsOnlyItsOwnName) {
  EXPECT_EQ(http::refresh_token_from("a=1; pokeca_refresh=abc; b=2"), "abc");
  EXPECT_EQ(http::refresh_token_from("pokeca_refresh=\"q\""), "q");
  EXPECT_EQ(http::refresh_token_from("xpokeca_refresh=abc"), "");
  EXPECT_EQ(http::refresh_token_from(""), "");
}

TEST(ClientAddress, GroupsIpv6ByItsSlash64AndTrustsForwardedForOnlyWhenTold) {
  EXPECT_EQ(http::rate_limit_address("192.0.2.1"), "192.0.2.1");
  EXPECT_EQ(http::rate_limit_address("2001:db8:1:2:3:4:5:6"), "2001:db8:1:2::/64");
  EXPECT_EQ(http::rate_limit_address("2001:db8:1:2:ffff::9"), "2001:db8:1:2::/64");
  EXPECT_EQ(http::rate_limit_address("::ffff:192.0.2.1"), "192.0.2.1");
  EXPECT_EQ(http::client_address("10.0.0.1", "203.0.113.5", false), "10.0.0.1");
  EXPECT_EQ(http::client_address("10.0.0.1", "198.51.100.1, 203.0.113.5", true), "203.0.113.5");
  EXPECT_EQ(http::client_address("10.0.0.1", "", true), "10.0.0.1");
}

}  // namespace
}  // namespace pokeca::testing
