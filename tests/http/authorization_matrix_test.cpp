// Every route in api_routes(), called as each role: anonymous, unverified, user,
// blocked, admin. Asserts who is refused, on the real stack (SQLite, libsodium).
// A new route without a row in kExpected fails here, so nobody adds an endpoint
// without deciding who may call it.
#include <map>

#include "pokeca/accounts/access_token.hpp"
#include "pokeca/http/api_routes.hpp"
#include "router_fixture.hpp"
#include "sqlite_services.hpp"

namespace pokeca::testing {
namespace {

namespace json = boost::json;
using http::ApiRouteInfo;
using http::Status;
using http::bhttp::verb;

enum class Who { kAnyone, kUser, kAdmin };
enum class Role { kAnonymous, kUnverified, kUser, kBlocked, kAdmin };

struct Expectation {
  Who who;
  std::string_view body;  // a body that passes the route's access rule without side effects
};

// Bodies are chosen so a call that gets past authorization fails validation or does
// something harmless (a withdrawal with a too-long reason is refused after the check).
const std::map<std::string, Expectation, std::less<>> kExpected{
    {"GET /api/v1/healthz", {Who::kAnyone, ""}},
    {"GET /api/v1/config", {Who::kAnyone, ""}},
    {"GET /api/v1/initial_data", {Who::kAnyone, ""}},
    {"GET /api/v1/prefectures", {Who::kAnyone, ""}},
    {"GET /api/v1/stores", {Who::kAnyone, ""}},
    {"GET /api/v1/stores/clusters", {Who::kAnyone, ""}},
    {"GET /api/v1/stores/{id}", {Who::kAnyone, ""}},
    {"GET /api/v1/stats/summary", {Who::kAnyone, ""}},
    {"GET /api/v1/purchases/timeline", {Who::kAnyone, ""}},
    {"GET /api/v1/export/stores.csv", {Who::kAnyone, ""}},
    {"GET /api/v1/export/stores.geojson", {Who::kAnyone, ""}},
    {"GET /api/v1/geo/ip", {Who::kAnyone, ""}},
    {"POST /api/v1/users", {Who::kAnyone, R"({"user":{"email":"bad"}})"}},
    {"POST /api/v1/auth/login", {Who::kAnyone, R"({"email":"nobody@example.com","password":"wrong-pw"})"}},
    {"POST /api/v1/auth/refresh", {Who::kAnyone, ""}},
    {"POST /api/v1/auth/logout", {Who::kAnyone, ""}},
    {"POST /api/v1/auth/verify-email", {Who::kAnyone, R"({"token":"unknown"})"}},
    {"POST /api/v1/auth/resend-verification", {Who::kAnyone, R"({"email":"nobody@example.com","password":"x"})"}},
    {"POST /api/v1/auth/password-reset", {Who::kAnyone, R"({"email":"bad"})"}},
    {"POST /api/v1/auth/password-reset/confirm", {Who::kAnyone, R"({"token":"unknown","password":"x"})"}},
    {"GET /api/v1/auth/me", {Who::kUser, ""}},
    {"GET /api/v1/admin/check", {Who::kAdmin, ""}},
    {"GET /api/v1/users/profile", {Who::kUser, ""}},
    {"PUT /api/v1/users/profile", {Who::kUser, R"({"user":{"nickname":""}})"}},
    {"DELETE /api/v1/users/withdrawal", {Who::kUser, "LONG_REASON"}},
    // Contributions
    {"GET /api/v1/users/ranking", {Who::kAnyone, ""}},
    {"POST /api/v1/purchases", {Who::kUser, R"({"store_id":1,"kind":"maybe","product":"pack"})"}},
    {"DELETE /api/v1/admin/purchases/{id}", {Who::kAdmin, ""}},  // no report 1: a 404 once past the check
    // Submissions: no multipart body (415), an unknown submission (404), no reason (400).
    {"POST /api/v1/store_submissions", {Who::kUser, ""}},
    {"GET /api/v1/admin/submissions", {Who::kAdmin, ""}},
    {"POST /api/v1/admin/submissions/{id}/approve", {Who::kAdmin, ""}},
    {"POST /api/v1/admin/submissions/{id}/reject", {Who::kAdmin, R"({"reason":""})"}},
    // Personal: a bad store id (400), an unknown favourite (harmless), no token (400).
    {"GET /api/v1/stores/search", {Who::kAnyone, ""}},
    {"GET /api/v1/favorites", {Who::kUser, ""}},
    {"POST /api/v1/favorites", {Who::kUser, R"({"store_id":0})"}},
    {"DELETE /api/v1/favorites/{id}", {Who::kUser, ""}},
    {"GET /api/v1/users/stats", {Who::kUser, ""}},
    {"POST /api/v1/alerts/unsubscribe", {Who::kAnyone, ""}},
    // Routes: too few stops (400) or no route 1 of the caller's (404) once past the check.
    {"POST /api/v1/routes/plan", {Who::kUser, R"({"store_ids":[1]})"}},
    {"GET /api/v1/saved_routes", {Who::kUser, ""}},
    {"POST /api/v1/saved_routes", {Who::kUser, R"({"name":"","store_ids":[1,2]})"}},
    {"GET /api/v1/saved_routes/{id}", {Who::kUser, ""}},
    {"PUT /api/v1/saved_routes/{id}", {Who::kUser, R"({"name":"x"})"}},
    {"DELETE /api/v1/saved_routes/{id}", {Who::kUser, ""}},
    {"GET /api/v1/shared_routes/{share_id}", {Who::kAnyone, ""}},
    // Admin console: bad bodies (400) or unknown ids (404) once past the check.
    {"GET /api/v1/admin/stores", {Who::kAdmin, ""}},
    {"GET /api/v1/admin/stores/{id}", {Who::kAdmin, ""}},
    {"PUT /api/v1/admin/stores/{id}", {Who::kAdmin, R"({"status":"gone"})"}},
    {"DELETE /api/v1/admin/stores/{id}", {Who::kAdmin, ""}},
    {"DELETE /api/v1/admin/photos/{hash}", {Who::kAdmin, ""}},
    {"GET /api/v1/admin/users", {Who::kAdmin, ""}},
    {"GET /api/v1/admin/users/{id}", {Who::kAdmin, ""}},
    {"POST /api/v1/admin/users/{id}/block", {Who::kAdmin, R"({"reason":""})"}},
    {"POST /api/v1/admin/users/{id}/unblock", {Who::kAdmin, "LONG_REASON"}},
    {"POST /api/v1/admin/users/{id}/grant_admin", {Who::kAdmin, ""}},
    {"POST /api/v1/admin/users/{id}/revoke_admin", {Who::kAdmin, ""}},
    {"GET /api/v1/admin/purchases", {Who::kAdmin, ""}},
    {"POST /api/v1/admin/purchases/bulk_delete", {Who::kAdmin, R"({"user_id":1,"from":"x","to":"y"})"}},
    {"GET /api/v1/admin/audit", {Who::kAdmin, ""}},
    // A bad path is refused after the (public) access rule, so nothing is counted.
    {"POST /api/v1/analytics/events", {Who::kAnyone, R"({"path":"no-slash","viewport":"phone"})"}},
    {"GET /api/v1/admin/analytics", {Who::kAdmin, ""}},
    // Product catalogue: an empty name (400) or an unknown product (404) once past the check.
    {"GET /api/v1/products", {Who::kAnyone, ""}},
    {"GET /api/v1/admin/products", {Who::kAdmin, ""}},
    {"POST /api/v1/admin/products", {Who::kAdmin, R"({"name":"","kind":"pack","release_date":"2025-01-01"})"}},
    {"PUT /api/v1/admin/products/{id}", {Who::kAdmin, R"({"name":"","kind":"pack","release_date":"2025-01-01"})"}},
    {"DELETE /api/v1/admin/products/{id}", {Who::kAdmin, ""}},
    // Lottery entries: no methods (400) or an unknown entry (404) once past the check.
    {"GET /api/v1/lotteries", {Who::kAnyone, ""}},
    {"POST /api/v1/lotteries", {Who::kUser, R"({"store_id":1,"product_name":"x","methods":[]})"}},
    {"GET /api/v1/admin/lotteries", {Who::kAdmin, ""}},
    {"POST /api/v1/admin/lotteries/{id}/approve", {Who::kAdmin, ""}},
    {"POST /api/v1/admin/lotteries/{id}/reject", {Who::kAdmin, R"({"reason":"x"})"}},
    {"POST /api/v1/admin/lotteries/{id}/hide", {Who::kAdmin, ""}},
    // Report 1 does not exist: a user past the check gets 404 (their own report: 403, in the flow test).
    {"PUT /api/v1/purchases/{id}/confirmation", {Who::kUser, R"({"answer":"still"})"}},
    {"GET /api/v1/purchases/confirmations", {Who::kAnyone, ""}},
    {"GET /api/v1/admin/reporter_standings", {Who::kAdmin, ""}},
    // Area watches: no area (400) or another account's watch (404) once past the check;
    // the one-click off without a token is 400 for everyone.
    {"GET /api/v1/watches", {Who::kUser, ""}},
    {"POST /api/v1/watches", {Who::kUser, "{}"}},
    {"PUT /api/v1/watches/{id}", {Who::kUser, "{}"}},
    {"DELETE /api/v1/watches/{id}", {Who::kUser, ""}},
    {"PUT /api/v1/watch_settings", {Who::kUser, "{}"}},
    {"POST /api/v1/watches/off", {Who::kAnyone, ""}},
    {"GET /api/v1/push/public_key", {Who::kAnyone, ""}},
    {"GET /api/v1/push/subscriptions", {Who::kUser, ""}},
    {"POST /api/v1/push/subscriptions", {Who::kUser, R"({"endpoint":"x"})"}},
    {"DELETE /api/v1/push/subscriptions/{id}", {Who::kUser, ""}},
    {"POST /api/v1/push/subscriptions/{id}/test", {Who::kUser, ""}},
    {"GET /api/v1/push/settings", {Who::kUser, ""}},
    {"PUT /api/v1/push/settings", {Who::kUser, R"({"push":true})"}},
    // The lottery calendar: the feed is public (no token: 400); an unknown prefecture (400).
    {"GET /api/v1/calendar/lotteries.ics", {Who::kAnyone, ""}},
    {"GET /api/v1/users/calendar", {Who::kUser, ""}},
    {"PUT /api/v1/users/calendar", {Who::kUser, R"({"prefectures":["nowhere"]})"}},
    {"POST /api/v1/users/calendar/token", {Who::kUser, ""}},
    {"DELETE /api/v1/users/calendar/token", {Who::kUser, ""}},
};

// Admin writes on stores and users aim at ids that do not exist (404 once past the
// check), so the matrix changes no account or store that later rows rely on.
constexpr std::string_view kUnknownAdminTargetId = "999999";

std::string target_of(std::string_view path) {
  std::string out(path);
  const bool admin_target = out.starts_with("/api/v1/admin/stores/") || out.starts_with("/api/v1/admin/users/") ||
                            out.starts_with("/api/v1/admin/products/") || out.starts_with("/api/v1/admin/lotteries/");
  if (const auto at = out.find("{id}"); at != std::string::npos)
    out.replace(at, 4, admin_target ? kUnknownAdminTargetId : "1");
  if (const auto at = out.find("{share_id}"); at != std::string::npos) out.replace(at, 10, "unknown-share-id");
  if (out.ends_with("/stores")) out += "?prefecture=tokyo";
  if (out.ends_with("/clusters")) out += "?bbox=139,35,140,36&zoom=10";
  if (out.ends_with("/search")) out += "?q=abc";
  return out;
}

class AuthorizationMatrix : public ::testing::Test {
 protected:
  static RateLimits unlimited() {
    RateLimits limits;
    for (auto* l :
         {&limits.sign_up_ip, &limits.login_ip, &limits.login_account, &limits.login_account_ip, &limits.login_device,
          &limits.resend_ip, &limits.resend_account, &limits.reset_ip, &limits.reset_account, &limits.write_ip,
          &limits.write_account, &limits.purchase_account, &limits.submission_account})
      *l = {1'000'000, 1};
    return limits;
  }

  AuthorizationMatrix() {
    EXPECT_TRUE(sqlite.store_repo.insert_many(sample_stores()));
    tokens[Role::kUnverified] = account("unverified@example.com", false);
    tokens[Role::kUser] = account("user@example.com", true);
    tokens[Role::kBlocked] = account("blocked@example.com", true);
    tokens[Role::kAdmin] = account("admin@example.com", true);
    EXPECT_TRUE(sqlite.accounts.admin.block("blocked@example.com"));
    EXPECT_TRUE(sqlite.accounts.admin.grant_admin("admin@example.com"));
  }

  // Creates the account directly and mints its access token (an unverified account
  // cannot log in, so its token is made by hand: defence in depth is what is tested).
  std::string account(std::string email, bool verified) {
    auto user =
        sqlite.accounts.users.create({email, "テスト", "", *sqlite.accounts.hasher.hash("kiriban-7777"), kTestNow});
    EXPECT_TRUE(user);
    if (verified) {
      EXPECT_TRUE(sqlite.accounts.users.mark_email_verified(user->id, kTestNow));
    }
    return encode_access_token({user->id, user->session_epoch, kTestNow, kTestNow + kAccessTokenTtl, {}},
                               sqlite.accounts.crypto);
  }

  http::Response send(const ApiRouteInfo& route, Role role, std::string_view body) {
    const auto method = http::bhttp::string_to_verb(route.method);
    http::Request req{method, target_of(route.path), 11};
    if (role != Role::kAnonymous) req.set(http::bhttp::field::authorization, "Bearer " + tokens[role]);
    if (!body.empty()) {
      req.set(http::bhttp::field::content_type, "application/json");
      req.body() = body == "LONG_REASON" ? R"({"reason":")" + std::string(1001, 'x') + R"("})" : std::string(body);
    }
    req.prepare_payload();
    return serve(router, req, http::Peer{"192.0.2.1"});
  }

  TempDir dir;
  FakeClock clock;
  SqliteServices sqlite{dir.path() / "pokeca.db", clock, unlimited()};
  FakeContributions fakes{sqlite.store_repo, sqlite.reports, sqlite.accounts.limiter, clock};
  http::Router router{fakes.services(sqlite.stores, sqlite.accounts.auth, sqlite.real()), {}};
  std::map<Role, std::string> tokens;
};

TEST_F(AuthorizationMatrix, EveryRouteRefusesExactlyTheRolesThatMayNotUseIt) {
  std::size_t checked = 0;
  for (const auto& route : http::api_routes()) {
    const std::string key = std::string(route.method) + " " + std::string(route.path);
    const auto expected = kExpected.find(key);
    ASSERT_NE(expected, kExpected.end()) << key << " has no row in the authorization matrix";
    const auto [who, body] = expected->second;
    std::optional<Status> public_answer;
    for (const auto role : {Role::kAnonymous, Role::kUnverified, Role::kUser, Role::kBlocked, Role::kAdmin}) {
      const auto res = send(route, role, body);
      const auto status = res.result();
      std::string code;
      if (!res.body().empty()) {
        const auto parsed = json::parse(res.body());
        if (const auto* c = parsed.as_object().if_contains("code")) code = std::string(c->as_string());
      }
      const auto where = key + " as role " + std::to_string(static_cast<int>(role)) + ": " + res.body();
      if (who == Who::kAnyone) {
        // A public route answers every role alike: the bearer token changes nothing.
        if (!public_answer) public_answer = status;
        EXPECT_EQ(status, *public_answer) << where;
        EXPECT_NE(code, "blocked") << where;
        continue;
      }
      switch (role) {
        case Role::kAnonymous:
        case Role::kUnverified:
          EXPECT_EQ(status, Status::unauthorized) << where;
          EXPECT_EQ(code, "auth/unauthenticated") << where;
          break;
        case Role::kBlocked:
          EXPECT_EQ(status, Status::forbidden) << where;
          EXPECT_EQ(code, "blocked") << where;
          break;
        case Role::kUser:
          if (who == Who::kAdmin) {
            EXPECT_EQ(status, Status::forbidden) << where;
            EXPECT_EQ(code, "forbidden") << where;
          } else {
            EXPECT_NE(status, Status::unauthorized) << where;
            EXPECT_NE(status, Status::forbidden) << where;
          }
          break;
        case Role::kAdmin:
          EXPECT_NE(status, Status::unauthorized) << where;
          EXPECT_NE(status, Status::forbidden) << where;
          break;
      }
    }
    ++checked;
  }
  EXPECT_EQ(checked, kExpected.size()) << "kExpected lists a route the router does not serve";
}

}  // namespace
}  // namespace pokeca::testing
