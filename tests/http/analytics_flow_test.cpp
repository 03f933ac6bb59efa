// Page-view analytics over a real loopback socket, on real SQLite, real accounts and the real
// HMAC: a page view is 204 and shows up in today's dashboard; bad events are 400, a body
// over 2 KB is 413, the per-IP limit is 429; the dashboard is the admin's only (user 403,
// guest 401) and has docs/API.md's shape.
#include <boost/json/serialize.hpp>

#include "api_call.hpp"
#include "contribution_fakes.hpp"
#include "loopback_server.hpp"
#include "pokeca/analytics/analytics.hpp"
#include "pokeca/crypto/sodium_analytics_keys.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/storage/sqlite/sqlite_analytics_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_report_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_store_repository.hpp"
#include "real_accounts.hpp"
#include "router_fixture.hpp"
#include "test_client.hpp"

namespace pokeca::testing {
namespace {

namespace json = boost::json;
using http::Status;
using http::bhttp::field;
using http::bhttp::verb;

constexpr std::string_view kPassword = "kiriban-7777";
constexpr std::string_view kBrowser = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1";
// Small, so the test reaches it quickly.
constexpr RateLimit kTestEventsPerIp{5, 60};

class AnalyticsFlow : public ::testing::Test {
 protected:
  AnalyticsFlow() {
    EXPECT_TRUE(stores.insert_many(sample_stores()));
    server = std::make_unique<LoopbackServer>(fakes.services(service, accounts.auth, {.analytics = &analytics}));
  }

  // A page view as a browser sends it (with a User-Agent).
  std::pair<Status, std::string> event(std::string body, std::string_view user_agent = kBrowser) {
    TestClient client(server->port());
    http::Request req{verb::post, "/api/v1/analytics/events", 11};
    req.set(field::content_type, "application/json");
    if (!user_agent.empty()) req.set(field::user_agent, user_agent);
    req.body() = std::move(body);
    if (auto ec = client.send(std::move(req))) throw boost::system::system_error(ec);
    auto [ec, res] = client.receive();
    if (ec) throw boost::system::system_error(ec);
    return {res.result(), res.body()};
  }

  std::string token(std::string_view email, bool admin) {
    const auto user =
        accounts.users.create({std::string(email), "テスト", "", *accounts.hasher.hash(kPassword), kTestNow});
    EXPECT_TRUE(user);
    EXPECT_TRUE(accounts.users.mark_email_verified(user->id, kTestNow));
    if (admin) {
      EXPECT_TRUE(accounts.admin.grant_admin(std::string(email)));
    }
    const auto login =
        call_api(server->port(), verb::post, "/api/v1/auth/login",
                 R"({"email":")" + std::string(email) + R"(","password":")" + std::string(kPassword) + R"("})");
    EXPECT_EQ(login.status, Status::ok) << json::serialize(login.body);
    return std::string(login.body.at("access_token").as_string());
  }

  TempDir dir;
  storage::Database db{dir.path() / "pokeca.db"};
  storage::SqliteStoreRepository stores{db};
  storage::SqliteReportRepository reports{db};
  SettableClock clock{kTestNow};
  StoreService service{stores, reports, clock};
  RealAccounts accounts{db, clock};
  FakeContributions fakes{stores, reports, accounts.limiter, clock};
  storage::SqliteAnalyticsRepository analytics_repo{db};
  crypto::SodiumAnalyticsKeys keys;
  RateLimiter analytics_limiter;
  AnalyticsService analytics{{analytics_repo, keys, analytics_limiter, clock}, kTestEventsPerIp};
  std::unique_ptr<LoopbackServer> server;
};

TEST_F(AnalyticsFlow, APageViewShowsUpInTodaysDashboardForTheAdminOnly) {
  const auto [status, body] =
      event(R"({"path":"/map","prefecture":"tokyo","referrer_host":"www.google.com","viewport":"phone"})");
  EXPECT_EQ(status, Status::no_content);
  EXPECT_TRUE(body.empty());
  EXPECT_EQ(event(R"({"path":"/","viewport":"desktop"})").first, Status::no_content);
  EXPECT_EQ(event(R"({"path":"/","viewport":"desktop"})", "Googlebot/2.1").first, Status::no_content);

  const auto admin = token("admin@example.com", true);
  const auto today = format_day(japan_day(kTestNow));
  const auto res =
      call_api(server->port(), verb::get, "/api/v1/admin/analytics?from=" + today + "&to=" + today, {}, admin);
  ASSERT_EQ(res.status, Status::ok) << json::serialize(res.body);
  const auto& b = res.body.as_object();
  for (const auto* key : {"success", "from", "to", "days", "top_pages", "top_prefectures_by_reports",
                          "top_prefectures_by_views", "stores_by_type", "stores_by_source", "queue"})
    EXPECT_TRUE(b.contains(key)) << key;
  EXPECT_EQ(b.at("from"), json::value(today));
  ASSERT_EQ(b.at("days").as_array().size(), 1U);
  const auto& day = b.at("days").at(0).as_object();
  EXPECT_EQ(day.at("date"), json::value(today));
  EXPECT_EQ(day.at("page_views"), 2);
  EXPECT_EQ(day.at("visitors"), 1);  // one address and browser
  EXPECT_EQ(day.at("bot_views"), 1);
  for (const auto* key : {"signups", "submissions", "approvals", "rejections", "purchase_reports"})
    EXPECT_TRUE(day.contains(key)) << key;
  EXPECT_EQ(b.at("top_pages").at(0).at("path"), "/");
  EXPECT_EQ(b.at("top_pages").at(0).at("views"), 1);
  EXPECT_EQ(b.at("top_prefectures_by_views").at(0), json::parse(R"({"prefecture":"tokyo","name":"東京都","count":1})"));
  EXPECT_TRUE(b.at("queue").at("oldest_at").is_null());
  EXPECT_EQ(b.at("queue").at("pending"), 0);

  // Default range: the last 30 days.
  const auto whole = call_api(server->port(), verb::get, "/api/v1/admin/analytics", {}, admin);
  ASSERT_EQ(whole.status, Status::ok);
  EXPECT_EQ(whole.body.at("days").as_array().size(), static_cast<std::size_t>(kDefaultAnalyticsRangeDays));
  EXPECT_EQ(whole.body.at("to"), json::value(today));

  const auto user = token("user@example.com", false);
  const auto refused = call_api(server->port(), verb::get, "/api/v1/admin/analytics", {}, user);
  EXPECT_EQ(refused.status, Status::forbidden);
  EXPECT_EQ(refused.body.at("code"), "forbidden");
  EXPECT_EQ(call_api(server->port(), verb::get, "/api/v1/admin/analytics").status, Status::unauthorized);

  const auto bad_range =
      call_api(server->port(), verb::get, "/api/v1/admin/analytics?from=2025-01-01&to=2026-12-31", {}, admin);
  EXPECT_EQ(bad_range.status, Status::bad_request);
  EXPECT_EQ(bad_range.body.at("error"), json::value(msg::kAnalyticsBadRange));
  EXPECT_EQ(call_api(server->port(), verb::get, "/api/v1/admin/analytics?from=yesterday", {}, admin).status,
            Status::bad_request);
}

TEST_F(AnalyticsFlow, BadEventsAre400AndNotCounted) {
  for (const auto* body :
       {R"({"path":"/map?prefecture=tokyo","viewport":"phone"})", R"({"path":"map","viewport":"phone"})",
        R"({"path":"/map","prefecture":"atlantis","viewport":"phone"})", R"({"path":"/map","viewport":"tv"})",
        R"({"path":1,"viewport":"phone"})", "not json"}) {
    const auto [status, text] = event(body);
    EXPECT_EQ(status, Status::bad_request) << body;
    EXPECT_NE(text.find("\"success\":false"), std::string::npos) << text;
  }
  const auto today = japan_day(kTestNow);
  EXPECT_EQ(analytics_repo.report(today, today, 10).value().days.at(0).page_views, 0);
}

TEST_F(AnalyticsFlow, ABodyOver2KBIs413) {
  const std::string big =
      R"({"path":"/","viewport":"phone","referrer_host":")" + std::string(kMaxAnalyticsBodyBytes, 'a') + R"("})";
  EXPECT_EQ(event(big).first, Status::payload_too_large);
}

TEST_F(AnalyticsFlow, ThePerIpLimitIs429WithRetryAfter) {
  for (std::int64_t i = 0; i < kTestEventsPerIp.max_requests; ++i)
    ASSERT_EQ(event(R"({"path":"/","viewport":"phone"})").first, Status::no_content) << i;
  const auto [status, body] = event(R"({"path":"/","viewport":"phone"})");
  EXPECT_EQ(status, Status::too_many_requests);
  EXPECT_NE(body.find("rate_limited"), std::string::npos) << body;
}

}  // namespace
}  // namespace pokeca::testing
