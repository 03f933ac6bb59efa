// Confirmations end to end over a real loopback socket: HttpServer → Router →
// ConfirmationService / PurchaseService → SQLite, with real accounts. A report is answered
// by another account, the counts show, a changed answer moves the store's status (through
// the response cache), the reporter cannot answer their own report, and the admin reads
// the standings.
#include <boost/json/serialize.hpp>

#include "api_accounts.hpp"
#include "api_call.hpp"
#include "contribution_fakes.hpp"
#include "loopback_server.hpp"
#include "pokeca/contributions/confirmation_service.hpp"
#include "pokeca/contributions/purchase_service.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/storage/sqlite/sqlite_confirmation_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_report_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_store_repository.hpp"
#include "real_accounts.hpp"
#include "router_fixture.hpp"

namespace pokeca::testing {
namespace {

namespace json = boost::json;
using http::Status;
using http::bhttp::verb;

constexpr std::string_view kPassword = "kiriban-7777";

class ConfirmationFlow : public ::testing::Test {
 protected:
  ConfirmationFlow() {
    EXPECT_TRUE(stores.insert_many(sample_stores()));
    http::RouterConfig router_config;
    router_config.read_model = response_cache_over(db);
    server = std::make_unique<LoopbackServer>(
        fakes.services(service, accounts.auth, {.purchases = &purchases, .confirmations = &confirmations}),
        router_config);
  }

  ApiReply call(verb method, std::string_view target, std::string body = {}, std::string_view bearer = {}) {
    return call_api(server->port(), method, target, std::move(body), bearer);
  }
  std::string login_as(std::string_view email, bool admin = false) {
    return signed_up_and_logged_in(server->port(), accounts,
                                   {.email = email, .password = kPassword, .username = "サトシ", .admin = admin});
  }
  // A fresh access token once the clock has moved past the first one's life.
  std::string login_again(std::string_view email) {
    const auto r = call(verb::post, "/api/v1/auth/login",
                        R"({"email":")" + std::string(email) + R"(","password":")" + std::string(kPassword) + R"("})");
    EXPECT_EQ(r.status, Status::ok) << json::serialize(r.body);
    return std::string(r.body.at("access_token").as_string());
  }
  std::int64_t report(std::string_view token) {
    const auto r = call(verb::post, "/api/v1/purchases", R"({"store_id":2,"kind":"bought","product":"pack"})", token);
    EXPECT_EQ(r.status, Status::created) << json::serialize(r.body);
    return r.body.at("report").at("id").as_int64();
  }
  ApiReply answer(std::int64_t id, std::string_view token, std::string_view ans) {
    return call(verb::put, "/api/v1/purchases/" + std::to_string(id) + "/confirmation",
                R"({"answer":")" + std::string(ans) + R"("})", token);
  }
  json::value store_detail() {
    const auto r = call(verb::get, "/api/v1/stores/2");
    EXPECT_EQ(r.status, Status::ok);
    return r.body.at("data");
  }
  static std::string error_of(const ApiReply& r) { return std::string(r.body.at("error").as_string()); }

  TempDir dir;
  storage::Database db{dir.path() / "pokeca.db"};
  storage::SqliteStoreRepository stores{db};
  storage::SqliteReportRepository reports{db};
  storage::SqliteConfirmationRepository confirmation_repo{db};
  SettableClock clock{kTestNow};
  StoreService service{stores, reports, clock};
  RealAccounts accounts{db, clock};
  ConfirmationService confirmations{confirmation_repo, accounts.limiter, clock};
  PurchaseService purchases{{stores, reports, accounts.limiter, clock, &confirmations}, {1'000, 3600}};
  FakeContributions fakes{stores, reports, accounts.limiter, clock};
  std::unique_ptr<LoopbackServer> server;
};

TEST_F(ConfirmationFlow, AnotherUserConfirmsThenDeniesAndTheStoreFollows) {
  const auto a = login_as("a@example.com");
  const auto b = login_as("b@example.com");
  const auto id = report(a);
  EXPECT_EQ(store_detail().at("last_report_kind"), "bought");  // now in the response cache

  // The reporter cannot answer their own report, and is told so.
  const auto own = answer(id, a, "still");
  EXPECT_EQ(own.status, Status::forbidden);
  EXPECT_EQ(error_of(own), msg::kConfirmationOwnReport);

  clock.advance(600);
  const auto still = answer(id, b, "still");
  ASSERT_EQ(still.status, Status::ok) << json::serialize(still.body);
  EXPECT_EQ(still.body.at("confirmation").at("still"), 1);
  EXPECT_EQ(still.body.at("confirmation").at("mine"), "still");
  EXPECT_EQ(str(still.body.at("confirmation").at("latest_at")), format_iso8601(kTestNow + 600));

  // The counts as a guest, as B and as A read them.
  const auto target = "/api/v1/purchases/confirmations?report_ids=" + std::to_string(id);
  auto guest = call(verb::get, target);
  ASSERT_EQ(guest.status, Status::ok) << json::serialize(guest.body);
  const auto& g = guest.body.at("confirmations").as_array().at(0);
  EXPECT_EQ(g.at("still"), 1);
  EXPECT_EQ(g.at("mine"), nullptr);
  EXPECT_EQ(g.at("own"), false);
  EXPECT_EQ(g.at("answerable"), true);
  EXPECT_EQ(call(verb::get, target, {}, b).body.at("confirmations").at(0).at("mine"), "still");
  EXPECT_EQ(call(verb::get, target, {}, a).body.at("confirmations").at(0).at("own"), true);

  // B changes to 売り切れだった: one answer, now a denial, and the store reads sold out.
  clock.advance(60);
  const auto gone = answer(id, b, "gone");
  ASSERT_EQ(gone.status, Status::ok);
  EXPECT_EQ(gone.body.at("confirmation").at("still"), 0);
  EXPECT_EQ(gone.body.at("confirmation").at("gone"), 1);
  EXPECT_EQ(gone.body.at("confirmation").at("outdated"), true);
  const auto detail = store_detail();
  EXPECT_EQ(detail.at("last_report_kind"), "sold_out");
  EXPECT_EQ(str(detail.at("last_report_at")), format_iso8601(kTestNow + 660));

  // A day later the report can no longer be answered.
  clock.advance(kConfirmationWindowSeconds);
  const auto late = answer(id, login_again("b@example.com"), "still");
  EXPECT_EQ(late.status, Status::conflict);
  EXPECT_EQ(error_of(late), msg::kConfirmationTooOld);
}

TEST_F(ConfirmationFlow, BadInputIsRefusedInJapanese) {
  const auto a = login_as("a@example.com");
  const auto b = login_as("b@example.com");
  const auto id = report(a);
  for (const auto* body : {R"({"answer":"maybe"})", R"({})", R"({"answer":1})", "[]"}) {
    const auto r = call(verb::put, "/api/v1/purchases/" + std::to_string(id) + "/confirmation", body, b);
    EXPECT_EQ(r.status, Status::bad_request) << body;
    EXPECT_FALSE(error_of(r).empty()) << body;
  }
  EXPECT_EQ(error_of(answer(id, b, "maybe")), msg::kConfirmationBadAnswer);
  EXPECT_EQ(answer(id, b, "still").status, Status::ok);
  EXPECT_EQ(call(verb::put, "/api/v1/purchases/abc/confirmation", R"({"answer":"still"})", b).status,
            Status::bad_request);
  const auto unknown = answer(99999, b, "still");
  EXPECT_EQ(unknown.status, Status::not_found);
  EXPECT_EQ(error_of(unknown), msg::kConfirmationReportNotFound);
  for (const auto* q : {"", "?report_ids=", "?report_ids=a", "?report_ids=1,,2", "?report_ids=-3"}) {
    const auto r = call(verb::get, std::string("/api/v1/purchases/confirmations") + q);
    EXPECT_EQ(r.status, Status::bad_request) << q;
    EXPECT_NE(error_of(r).find("report_ids"), std::string::npos) << q;
  }
}

TEST_F(ConfirmationFlow, AReporterDeniedAgainAndAgainIsSlowedAndShownToAdmins) {
  auto a = login_as("a@example.com");
  auto b = login_as("b@example.com");
  login_as("admin@example.com", true);
  for (std::int64_t i = 0; i < kSlowedMinDeniedReports; ++i) {
    const auto id = report(a);
    ASSERT_EQ(answer(id, b, "gone").status, Status::ok) << i;
  }
  const auto slowed_report =
      call(verb::post, "/api/v1/purchases", R"({"store_id":2,"kind":"bought","product":"pack"})", a);
  EXPECT_EQ(slowed_report.status, Status::too_many_requests) << json::serialize(slowed_report.body);
  EXPECT_EQ(error_of(slowed_report), msg::kReporterSlowed);
  // Others are not slowed.
  EXPECT_EQ(call(verb::post, "/api/v1/purchases", R"({"store_id":2,"kind":"bought","product":"pack"})", b).status,
            Status::created);
  clock.advance(kSlowedReportIntervalSeconds);
  a = login_again("a@example.com");
  b = login_again("b@example.com");
  const auto admin = login_again("admin@example.com");
  EXPECT_EQ(call(verb::post, "/api/v1/purchases", R"({"store_id":2,"kind":"bought","product":"pack"})", a).status,
            Status::created);

  const auto a_id = accounts.users.find_by_email("a@example.com").value().value().id;
  const auto target = "/api/v1/admin/reporter_standings?user_ids=" + std::to_string(a_id);
  EXPECT_EQ(call(verb::get, target, {}, b).status, Status::forbidden);
  const auto standings = call(verb::get, target, {}, admin);
  ASSERT_EQ(standings.status, Status::ok) << json::serialize(standings.body);
  const auto& s = standings.body.at("standings").at(0);
  EXPECT_EQ(s.at("user_id"), a_id);
  EXPECT_EQ(s.at("reports"), kSlowedMinDeniedReports + 1);
  EXPECT_EQ(s.at("denied_reports"), kSlowedMinDeniedReports);
  EXPECT_EQ(s.at("denials"), kSlowedMinDeniedReports);
  EXPECT_EQ(s.at("confirmed_reports"), 0);
  EXPECT_EQ(s.at("slowed"), true);
  EXPECT_EQ(call(verb::get, "/api/v1/admin/reporter_standings?user_ids=x", {}, admin).status, Status::bad_request);
}

}  // namespace
}  // namespace pokeca::testing
