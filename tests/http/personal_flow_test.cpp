// The personal features end to end over a real loopback socket, on real SQLite and real accounts:
// favourites (idempotent, own data only, hidden stores refused), the profile's alert
// switch, a 購入できた report that puts exactly one alert mail in the outbox (a second
// within 12 h does not), the one-click unsubscribe, my stats, store search and the
// store detail's status and activity.
#include <boost/json/serialize.hpp>

#include <filesystem>

#include "api_accounts.hpp"
#include "api_call.hpp"
#include "contribution_fakes.hpp"
#include "loopback_server.hpp"
#include "mail_outbox.hpp"
#include "pokeca/contributions/purchase_service.hpp"
#include "pokeca/contributions/ranking_service.hpp"
#include "pokeca/mail/outbox_mailer.hpp"
#include "pokeca/map/store_search.hpp"
#include "pokeca/personal/favorite_alerts.hpp"
#include "pokeca/personal/favorites.hpp"
#include "pokeca/personal/user_stats.hpp"
#include "pokeca/shared/mail_queue.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/storage/sqlite/sqlite_activity_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_favorite_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_mail_queue.hpp"
#include "pokeca/storage/sqlite/sqlite_ranking_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_report_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_store_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_store_search.hpp"
#include "real_accounts.hpp"
#include "router_fixture.hpp"
#include "test_client.hpp"

namespace pokeca::testing {
namespace {

namespace json = boost::json;
using http::Status;
using http::bhttp::verb;

constexpr std::string_view kPassword = "kiriban-7777";
constexpr std::string_view kBase = "http://localhost:8080";

std::string percent_encode(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if ((u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || c == '-' || c == '.' ||
        c == '_') {
      out += c;
    } else {
      out += '%';
      out += kHex[u >> 4U];
      out += kHex[u & 0xFU];
    }
  }
  return out;
}

class PersonalFlow : public ::testing::Test {
 protected:
  PersonalFlow() {
    EXPECT_TRUE(stores.insert_many(sample_stores()));
    http::RouterConfig router_config;
    router_config.read_model = response_cache_over(db);
    server = std::make_unique<LoopbackServer>(fakes.services(service, accounts.auth,
                                                             {.purchases = &purchases,
                                                              .ranking = &ranking,
                                                              .favorites = &favorites,
                                                              .search = &search,
                                                              .user_stats = &stats,
                                                              .alerts = &alerts}),
                                              router_config);
  }

  ApiReply call(verb method, std::string_view target, std::string body = {}, std::string_view bearer = {}) {
    return call_api(server->port(), method, target, std::move(body), bearer);
  }

  std::string login_as(std::string_view email) {
    return signed_up_and_logged_in(server->port(), accounts,
                                   {.email = email, .password = kPassword, .username = "トレーナー"});
  }

  ApiReply bought(std::string_view token, StoreId store, std::string_view kind = "bought") {
    return call(
        verb::post, "/api/v1/purchases",
        R"({"store_id":)" + std::to_string(store) + R"(,"kind":")" + std::string(kind) + R"(","product":"pack"})",
        token);
  }

  int deliver_all() { return deliver_all_mail(mail_queue, outbox, clock); }
  std::vector<std::string> outbox_files() const { return outbox_mails(dir.path() / "outbox"); }

  TempDir dir;
  storage::Database db{dir.path() / "pokeca.db"};
  storage::SqliteStoreRepository stores{db};
  storage::SqliteReportRepository reports{db};
  storage::SqliteRankingRepository ranking_repository{db};
  storage::SqliteActivityRepository activity{db};
  storage::SqliteFavoriteRepository favorite_repo{db};
  storage::SqliteMailQueue mail_queue{db};
  storage::SqliteStoreSearch search_repo{db};
  SettableClock clock{kTestNow};
  StoreService service{stores, reports, clock, nullptr, &activity};
  RealAccounts accounts{db, clock, std::string(kBase)};
  Gazetteer gazetteer = *Gazetteer::from_tsv(data::kGazetteerTsv);
  FavoriteService favorites{favorite_repo, clock};
  FavoriteAlerts alerts{{favorite_repo, mail_queue, accounts.users, accounts.crypto, clock}, std::string(kBase)};
  StoreSearchService search{search_repo, gazetteer};
  UserStatsService stats{activity, ranking_repository, clock};
  PurchaseService purchases{{stores, reports, accounts.limiter, clock}, {1'000, 3600}, &alerts};
  RankingService ranking{ranking_repository, clock};
  FakeContributions fakes{stores, reports, accounts.limiter, clock};
  mail::OutboxMailer outbox{dir.path() / "outbox", [](std::string_view) {}};
  std::unique_ptr<LoopbackServer> server;
};

TEST_F(PersonalFlow, FavouritesAreIdempotentAndOnlyEverTheCallersOwn) {
  const auto ash = login_as("ash@example.com");
  const auto misty = login_as("misty@example.com");
  const auto added = call(verb::post, "/api/v1/favorites", R"({"store_id":1})", ash);
  ASSERT_EQ(added.status, Status::created) << json::serialize(added.body);
  EXPECT_EQ(added.body.at("favorite").at("store_id"), 1);
  EXPECT_EQ(str(added.body.at("favorite").at("created_at")), format_iso8601(kTestNow));
  clock.advance(60);
  const auto again = call(verb::post, "/api/v1/favorites", R"({"store_id":1})", ash);
  EXPECT_EQ(again.status, Status::ok);
  EXPECT_EQ(str(again.body.at("favorite").at("created_at")), format_iso8601(kTestNow));
  EXPECT_EQ(call(verb::post, "/api/v1/favorites", R"({"store_id":4})", ash).status, Status::not_found);  // hidden
  const auto unknown = call(verb::post, "/api/v1/favorites", R"({"store_id":999})", ash);
  EXPECT_EQ(unknown.status, Status::not_found);
  EXPECT_EQ(str(unknown.body.at("error")), msg::kStoreNotFound);
  EXPECT_EQ(call(verb::post, "/api/v1/favorites", R"({"store_id":"1"})", ash).status, Status::bad_request);
  ASSERT_EQ(call(verb::post, "/api/v1/favorites", R"({"store_id":3})", ash).status, Status::created);

  const auto list = call(verb::get, "/api/v1/favorites", {}, ash);
  ASSERT_EQ(list.status, Status::ok);
  const auto& items = list.body.at("favorites").as_array();
  ASSERT_EQ(items.size(), 2U);
  EXPECT_EQ(items[0].at("store").at("id"), 3);  // newest first
  EXPECT_EQ(items[0].at("store").at("status"), "active");
  EXPECT_EQ(items[1].at("store").at("name"), "カードショップ新宿");

  // Misty sees none of them, and her delete does not touch Ash's.
  EXPECT_TRUE(call(verb::get, "/api/v1/favorites", {}, misty).body.at("favorites").as_array().empty());
  EXPECT_EQ(call(verb::delete_, "/api/v1/favorites/1", {}, misty).status, Status::ok);
  EXPECT_EQ(call(verb::get, "/api/v1/favorites", {}, ash).body.at("favorites").as_array().size(), 2U);
  EXPECT_EQ(call(verb::delete_, "/api/v1/favorites/1", {}, ash).status, Status::ok);
  EXPECT_EQ(call(verb::delete_, "/api/v1/favorites/1", {}, ash).status, Status::ok);  // idempotent
  EXPECT_EQ(call(verb::get, "/api/v1/favorites", {}, ash).body.at("favorites").as_array().size(), 1U);
}

TEST_F(PersonalFlow, ABoughtReportAtAFavouriteMailsOnceAndTheLinkUnsubscribes) {
  const auto ash = login_as("ash@example.com");
  const auto brock = login_as("brock@example.com");
  ASSERT_EQ(call(verb::post, "/api/v1/favorites", R"({"store_id":1})", ash).status, Status::created);
  // Off by default: a report now mails nobody.
  ASSERT_EQ(bought(brock, 1).status, Status::created);
  EXPECT_EQ(deliver_all(), 0);
  const auto on = call(verb::put, "/api/v1/users/profile", R"({"user":{"favorite_alerts":true}})", ash);
  ASSERT_EQ(on.status, Status::ok) << json::serialize(on.body);
  EXPECT_EQ(on.body.at("user").at("favorite_alerts"), true);
  EXPECT_EQ(call(verb::put, "/api/v1/users/profile", R"({"user":{"favorite_alerts":"yes"}})", ash).status,
            Status::bad_request);

  clock.advance(60);
  ASSERT_EQ(bought(brock, 1).status, Status::created);
  EXPECT_EQ(deliver_all(), 1);
  auto mails = outbox_files();
  ASSERT_EQ(mails.size(), 1U);
  const auto& mail = mails[0];
  EXPECT_NE(mail.find("To: ash@example.com\r\n"), std::string::npos);
  EXPECT_NE(mail.find("List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n"), std::string::npos);
  const std::string header = "List-Unsubscribe: <" + std::string(kBase) + "/api/v1/alerts/unsubscribe?token=";
  const auto at = mail.find(header);
  ASSERT_NE(at, std::string::npos) << mail;
  const auto token_start = at + header.size();
  const auto token = mail.substr(token_start, mail.find('>', token_start) - token_start);

  // Within 12 h: another 購入できた, a 売り切れ and Ash's own report mail nobody.
  clock.advance(60);
  ASSERT_EQ(bought(brock, 1).status, Status::created);
  ASSERT_EQ(bought(brock, 1, "sold_out").status, Status::created);
  ASSERT_EQ(bought(ash, 1).status, Status::created);
  EXPECT_EQ(deliver_all(), 0);
  EXPECT_EQ(outbox_files().size(), 1U);

  // One click, without logging in, with the RFC 8058 form body.
  TestClient client(server->port());
  http::Request req{verb::post, "/api/v1/alerts/unsubscribe?token=" + token, 11};
  req.set(http::bhttp::field::content_type, "application/x-www-form-urlencoded");
  req.body() = "List-Unsubscribe=One-Click";
  req.prepare_payload();
  ASSERT_FALSE(client.send(std::move(req)));
  const auto [ec, res] = client.receive();
  ASSERT_FALSE(ec);
  ASSERT_EQ(res.result(), Status::ok) << res.body();
  EXPECT_EQ(str(json::parse(res.body()).at("message")), msg::kUnsubscribed);
  EXPECT_EQ(call(verb::get, "/api/v1/users/profile", {}, ash).body.at("user").at("favorite_alerts"), false);
  const auto bad = call(verb::post, "/api/v1/alerts/unsubscribe?token=" + token.substr(1));
  EXPECT_EQ(bad.status, Status::bad_request);
  EXPECT_EQ(str(bad.body.at("error")), msg::kBadUnsubscribeToken);
}

TEST_F(PersonalFlow, MyStatsCountTheCallersOwnNumbers) {
  const auto ash = login_as("ash@example.com");
  const auto misty = login_as("misty@example.com");
  ASSERT_EQ(bought(ash, 1).status, Status::created);
  ASSERT_EQ(bought(ash, 2).status, Status::created);
  ASSERT_EQ(bought(misty, 2).status, Status::created);
  ASSERT_EQ(call(verb::post, "/api/v1/favorites", R"({"store_id":2})", ash).status, Status::created);
  const auto r = call(verb::get, "/api/v1/users/stats", {}, ash);
  ASSERT_EQ(r.status, Status::ok) << json::serialize(r.body);
  const auto& s = r.body.at("stats");
  EXPECT_EQ(s.at("purchase_reports"), 2);
  EXPECT_EQ(s.at("favorites"), 1);
  EXPECT_EQ(s.at("submissions").at("pending"), 0);
  EXPECT_EQ(s.at("points").at("all"), 0);
  EXPECT_TRUE(s.at("rank").at("all").is_null());
  const auto& monthly = s.at("monthly").as_array();
  ASSERT_EQ(monthly.size(), 12U);
  EXPECT_EQ(str(monthly.back().at("month")), japan_month_key(kTestNow));
  EXPECT_EQ(monthly.back().at("reports"), 2);
  EXPECT_EQ(call(verb::get, "/api/v1/users/stats", {}, misty).body.at("stats").at("purchase_reports"), 1);
}

TEST_F(PersonalFlow, SearchFindsNamesAndPlacesAndRefusesBadInput) {
  auto r = call(verb::get, "/api/v1/stores/search?q=" + percent_encode("カードショップ"));
  ASSERT_EQ(r.status, Status::ok) << json::serialize(r.body);
  ASSERT_EQ(r.body.at("stores").as_array().size(), 1U);
  EXPECT_EQ(r.body.at("stores").at(0).at("id"), 1);
  r = call(verb::get, "/api/v1/stores/search?q=" + percent_encode("新宿 かーど"));
  ASSERT_EQ(r.status, Status::ok);
  ASSERT_EQ(r.body.at("places").as_array().size(), 1U);
  EXPECT_EQ(r.body.at("places").at(0).at("name"), "新宿区");
  EXPECT_EQ(r.body.at("places").at(0).at("prefecture_name"), "東京都");
  ASSERT_EQ(r.body.at("stores").as_array().size(), 1U);
  r = call(verb::get, "/api/v1/stores/search?q=" + percent_encode("非公開"));  // hidden store
  EXPECT_TRUE(r.body.at("stores").as_array().empty());
  EXPECT_EQ(call(verb::get, "/api/v1/stores/search?q=%20").status, Status::bad_request);
  EXPECT_EQ(call(verb::get, "/api/v1/stores/search").status, Status::bad_request);
  EXPECT_EQ(call(verb::get, "/api/v1/stores/search?q=abc&limit=21").status, Status::bad_request);
  EXPECT_EQ(call(verb::get, "/api/v1/stores/search?q=" + std::string(51, 'a')).status, Status::bad_request);
}

TEST_F(PersonalFlow, StoreDetailHasStatusAndThirtyDaysOfActivity) {
  const auto ash = login_as("ash@example.com");
  ASSERT_EQ(bought(ash, 2).status, Status::created);
  const auto r = call(verb::get, "/api/v1/stores/2");
  ASSERT_EQ(r.status, Status::ok);
  const auto& d = r.body.at("data");
  EXPECT_EQ(d.at("status"), "active");
  EXPECT_EQ(d.at("activity").at("days"), 30);
  const auto& by_weekday = d.at("activity").at("by_weekday").as_array();
  const auto& by_hour = d.at("activity").at("by_hour").as_array();
  ASSERT_EQ(by_weekday.size(), 7U);
  ASSERT_EQ(by_hour.size(), 24U);
  const auto jt = japan_date_time(kTestNow);
  EXPECT_EQ(by_weekday.at(jt.weekday), 1);
  EXPECT_EQ(by_hour.at(jt.hour), 1);
}

}  // namespace
}  // namespace pokeca::testing
