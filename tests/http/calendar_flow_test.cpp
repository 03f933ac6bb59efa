// The lottery calendar end to end over a real loopback socket: HttpServer → Router →
// LotteryCalendarService → SQLite, with real accounts and real token hashing. A user
// chooses prefectures and favourites, issues a feed URL and fetches it as a calendar app
// does (no sign-in): text/calendar with the entries at the favourite and in the chosen
// prefecture only; another user's feed holds none of them; a regenerated token stops the
// old URL, a revoked one stops both; bad input is 400 with its Japanese message.
#include <boost/json/serialize.hpp>

#include <algorithm>
#include <mutex>

#include "api_accounts.hpp"
#include "api_call.hpp"
#include "contribution_fakes.hpp"
#include "loopback_server.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/prefectures.hpp"
#include "pokeca/shared/text.hpp"
#include "router_fixture.hpp"
#include "sqlite_services.hpp"

namespace pokeca::testing {
namespace {

namespace json = boost::json;
using http::Status;
using http::bhttp::field;
using http::bhttp::verb;

constexpr std::string_view kPassword = "kiriban-7777";

class CalendarFlow : public ::testing::Test {
 protected:
  CalendarFlow() {
    EXPECT_TRUE(sqlite.store_repo.insert_many(sample_stores()));
    // One approved open entry at each active sample store: 1 新宿 (tokyo), 2 渋谷 (tokyo),
    // 3 大阪 (osaka); the ids follow the stores.
    std::vector<LotteryEntry> entries;
    for (StoreId store : {1, 2, 3}) {
      LotteryEntry e;
      e.store_id = store;
      e.product_name = "テラスタルフェスex " + std::to_string(store);
      e.methods = static_cast<unsigned>(LotteryMethod::kWeb);
      e.apply_start = kTestNow - 3600;
      e.apply_end = kTestNow + store * 24 * 3600;
      e.status = LotteryStatus::kApproved;
      e.created_at = e.updated_at = kTestNow - 7200;
      entries.push_back(e);
    }
    EXPECT_TRUE(sqlite.lottery_repo.insert_demo(entries));
    http::HttpServerConfig server_config;
    server_config.access_log = [this](std::string_view line) {
      const std::scoped_lock lock(log_mutex);
      log.emplace_back(line);
    };
    server = std::make_unique<LoopbackServer>(fakes.services(sqlite.stores, sqlite.accounts.auth, sqlite.real()),
                                              http::RouterConfig{}, std::move(server_config));
    satoshi = signed_up_and_logged_in(server->port(), sqlite.accounts,
                                      {.email = "satoshi@example.com", .password = kPassword, .username = "サトシ"});
    kasumi = signed_up_and_logged_in(server->port(), sqlite.accounts,
                                     {.email = "kasumi@example.com", .password = kPassword, .username = "カスミ"});
  }
  ApiReply call(verb method, std::string_view target, std::string body = {}, std::string_view bearer = {}) {
    return call_api(server->port(), method, target, std::move(body), bearer);
  }
  // GET as a calendar app does: no Authorization, the raw answer.
  http::Response fetch(std::string_view target) {
    TestClient client(server->port());
    return client.get(target);
  }
  std::string issue(std::string_view bearer) {
    const auto issued = call(verb::post, "/api/v1/users/calendar/token", {}, bearer);
    EXPECT_EQ(issued.status, Status::ok) << json::serialize(issued.body);
    EXPECT_EQ(str(issued.body.at("message")), msg::kCalendarTokenIssued);
    return str(issued.body.at("feed_path"));
  }

  TempDir dir;
  SettableClock clock{kTestNow};
  SqliteServices sqlite{dir.path() / "pokeca.db", clock, RateLimits{}, "https://pokeca.example"};
  FakeContributions fakes{sqlite.store_repo, sqlite.reports, sqlite.accounts.limiter, clock};
  std::mutex log_mutex;
  std::vector<std::string> log;  // the access log's lines
  std::unique_ptr<LoopbackServer> server;
  std::string satoshi, kasumi;
};

TEST_F(CalendarFlow, AFeedHoldsTheFavouritesAndChosenPrefecturesEntriesUntilItsTokenIsReplacedOrRevoked) {
  const auto before = call(verb::get, "/api/v1/users/calendar", {}, satoshi);
  ASSERT_EQ(before.status, Status::ok) << json::serialize(before.body);
  EXPECT_EQ(before.body.at("calendar").at("feed_active"), false);
  EXPECT_EQ(before.body.at("calendar").at("max_prefectures"), kMaxCalendarPrefectures);

  const auto chosen = call(verb::put, "/api/v1/users/calendar", R"({"prefectures":["osaka"]})", satoshi);
  ASSERT_EQ(chosen.status, Status::ok) << json::serialize(chosen.body);
  EXPECT_EQ(json::serialize(chosen.body.at("calendar").at("prefectures")), R"(["osaka"])");
  ASSERT_EQ(call(verb::post, "/api/v1/favorites", R"({"store_id":1})", satoshi).status, Status::created);

  const auto path = issue(satoshi);
  ASSERT_TRUE(path.starts_with("/api/v1/calendar/lotteries.ics?token="));
  const auto feed = fetch(path);
  ASSERT_EQ(feed.result(), Status::ok) << feed.body();
  EXPECT_EQ(feed[field::content_type], "text/calendar; charset=utf-8");
  EXPECT_EQ(feed[field::cache_control], "private, max-age=900");
  const auto& ics = feed.body();
  EXPECT_TRUE(ics.starts_with("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"));
  EXPECT_TRUE(ics.ends_with("END:VCALENDAR\r\n"));
  EXPECT_NE(ics.find("UID:lottery-1@pokeca.example\r\n"), std::string::npos);  // the favourite
  EXPECT_NE(ics.find("UID:lottery-3@pokeca.example\r\n"), std::string::npos);  // in Osaka
  EXPECT_EQ(ics.find("UID:lottery-2@"), std::string::npos);                    // Shibuya: neither
  EXPECT_NE(ics.find("URL:https://pokeca.example/map?store=3\r\n"), std::string::npos);
  EXPECT_NE(ics.find("TRIGGER;RELATED=END:-PT24H\r\n"), std::string::npos);
  EXPECT_NE(ics.find("TRIGGER;RELATED=END:-PT3H\r\n"), std::string::npos);
  EXPECT_LT(ics.find("UID:lottery-1@"), ics.find("UID:lottery-3@"));  // soonest deadline first
  // HEAD works as a calendar app's probe.
  TestClient head(server->port());
  EXPECT_EQ(head.get(path, verb::head).result(), Status::ok);

  const auto settings = call(verb::get, "/api/v1/users/calendar", {}, satoshi);
  EXPECT_EQ(settings.body.at("calendar").at("feed_active"), true);
  EXPECT_EQ(str(settings.body.at("calendar").at("feed_created_at")), format_iso8601(kTestNow));

  // Another user's feed: nothing of Satoshi's choices.
  const auto other = fetch(issue(kasumi));
  ASSERT_EQ(other.result(), Status::ok);
  EXPECT_EQ(other.body().find("BEGIN:VEVENT"), std::string::npos);

  // A new URL stops the old one; revoking stops the new one.
  const auto renewed = issue(satoshi);
  EXPECT_NE(renewed, path);
  const auto old = fetch(path);
  EXPECT_EQ(old.result(), Status::not_found);
  EXPECT_EQ(str(json::parse(old.body()).at("error")), msg::kCalendarFeedNotFound);
  EXPECT_EQ(fetch(renewed).result(), Status::ok);
  const auto revoked = call(verb::delete_, "/api/v1/users/calendar/token", {}, satoshi);
  ASSERT_EQ(revoked.status, Status::ok);
  EXPECT_EQ(str(revoked.body.at("message")), msg::kCalendarTokenRevoked);
  EXPECT_EQ(fetch(renewed).result(), Status::not_found);
  const auto no_token = fetch("/api/v1/calendar/lotteries.ics");
  EXPECT_EQ(no_token.result(), Status::bad_request);
  EXPECT_EQ(str(json::parse(no_token.body()).at("error")), "URLのパラメータ「token」を指定してください。");
  EXPECT_EQ(fetch("/api/v1/calendar/lotteries.ics?token=").result(), Status::not_found);
  EXPECT_EQ(fetch(renewed + "x").result(), Status::not_found);
  // The access log has the feed's path, never its token.
  {
    const auto token = path.substr(path.find('=') + 1);
    const std::scoped_lock lock(log_mutex);
    EXPECT_TRUE(std::ranges::any_of(
        log, [](const std::string& l) { return l.find("/calendar/lotteries.ics") != std::string::npos; }));
    for (const auto& line : log) EXPECT_EQ(line.find(token), std::string::npos) << line;
  }
  // Kasumi's URL was never touched.
  EXPECT_EQ(call(verb::get, "/api/v1/users/calendar", {}, kasumi).body.at("calendar").at("feed_active"), true);
}

TEST_F(CalendarFlow, BadSettingsAre400WithTheirJapaneseMessage) {
  const auto unknown = call(verb::put, "/api/v1/users/calendar", R"({"prefectures":["tokyo","atlantis"]})", satoshi);
  EXPECT_EQ(unknown.status, Status::bad_request);
  EXPECT_EQ(str(unknown.body.at("error")), msg::kCalendarBadPrefecture);
  const auto repeated = call(verb::put, "/api/v1/users/calendar", R"({"prefectures":["tokyo","tokyo"]})", satoshi);
  EXPECT_EQ(str(repeated.body.at("error")), msg::kCalendarDuplicatePrefecture);
  std::string many = R"({"prefectures":[)";
  int n = 0;
  for (const auto& p : all_prefectures()) {
    if (n++ > static_cast<int>(kMaxCalendarPrefectures)) break;
    many += (n > 1 ? ",\"" : "\"") + std::string(p.code) + "\"";
  }
  many += "]}";
  const auto too_many = call(verb::put, "/api/v1/users/calendar", many, satoshi);
  EXPECT_EQ(too_many.status, Status::bad_request);
  EXPECT_EQ(str(too_many.body.at("error")),
            fill_placeholder(msg::kCalendarTooManyPrefectures, "{max}", std::to_string(kMaxCalendarPrefectures)));
  for (const auto* body : {R"({"prefectures":"tokyo"})", R"({"prefectures":[1]})", R"({})", R"([])"})
    EXPECT_EQ(call(verb::put, "/api/v1/users/calendar", body, satoshi).status, Status::bad_request) << body;
  // Nothing was stored.
  EXPECT_TRUE(
      call(verb::get, "/api/v1/users/calendar", {}, satoshi).body.at("calendar").at("prefectures").as_array().empty());
}

}  // namespace
}  // namespace pokeca::testing
