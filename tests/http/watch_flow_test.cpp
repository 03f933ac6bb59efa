// Area watches end to end over a real loopback socket, on real SQLite and real accounts:
// create, list, edit and delete one's own watches only; bad input answered 400 in
// Japanese; the limit of five; a 購入できた report inside a watch puts exactly one alert in
// the outbox (not the author's, not twice within 12 h); the mail's one-click off link
// (RFC 8058) turns the watch off, and then nothing more arrives. With a device, the same
// alert goes as a Web Push through the real sender to a push-service stand-in that
// decrypts it with the subscription's private key.
#include <boost/json/serialize.hpp>

#include <filesystem>

#include "api_accounts.hpp"
#include "api_call.hpp"
#include "contribution_fakes.hpp"
#include "loopback_server.hpp"
#include "mail_outbox.hpp"
#include "pokeca/contributions/purchase_service.hpp"
#include "pokeca/mail/outbox_mailer.hpp"
#include "pokeca/personal/favorite_alerts.hpp"
#include "pokeca/personal/purchase_observers.hpp"
#include "pokeca/personal/watch_alerts.hpp"
#include "pokeca/personal/watch_messages.hpp"
#include "pokeca/push/web_push_crypto.hpp"
#include "pokeca/push/web_push_sender.hpp"
#include "pokeca/shared/base64url.hpp"
#include "pokeca/shared/mail_queue.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/storage/sqlite/sqlite_favorite_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_mail_queue.hpp"
#include "pokeca/storage/sqlite/sqlite_push_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_report_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_store_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_watch_repository.hpp"
#include "push_service_stand_in.hpp"
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
// Store 1 (カードショップ新宿, 35.6905, 139.7005) lies 0.8 km from this point, store 2 (渋谷) 3.7 km.
constexpr std::string_view kNearShinjuku = R"("lat":35.6895,"lng":139.6917)";

class WatchFlow : public ::testing::Test {
 protected:
  WatchFlow() {
    EXPECT_TRUE(stores.insert_many(sample_stores()));
    server = std::make_unique<LoopbackServer>(
        fakes.services(service, accounts.auth,
                       {.purchases = &purchases, .alerts = &alerts, .watches = &watches, .push = &push}),
        http::RouterConfig{});
  }

  ApiReply call(verb method, std::string_view target, std::string body = {}, std::string_view bearer = {}) {
    return call_api(server->port(), method, target, std::move(body), bearer);
  }

  std::string login_as(std::string_view email) {
    return signed_up_and_logged_in(server->port(), accounts,
                                   {.email = email, .password = kPassword, .username = "トレーナー"});
  }

  ApiReply bought(std::string_view token, StoreId store) {
    return call(verb::post, "/api/v1/purchases",
                R"({"store_id":)" + std::to_string(store) + R"(,"kind":"bought","product":"box"})", token);
  }

  int deliver_all() { return deliver_all_mail(mail_queue, outbox, clock); }
  std::vector<std::string> outbox_files() const { return outbox_mails(dir.path() / "outbox"); }

  TempDir dir;
  storage::Database db{dir.path() / "pokeca.db"};
  storage::SqliteStoreRepository stores{db};
  storage::SqliteReportRepository reports{db};
  storage::SqliteFavoriteRepository favorite_repo{db};
  storage::SqliteMailQueue mail_queue{db};
  storage::SqliteWatchRepository watch_repo{db};
  SettableClock clock{kTestNow};
  StoreService service{stores, reports, clock};
  RealAccounts accounts{db, clock, std::string(kBase)};
  FavoriteAlerts alerts{{favorite_repo, mail_queue, accounts.users, accounts.crypto, clock}, std::string(kBase)};
  WatchService watches{watch_repo, accounts.crypto, clock};
  WatchAlerts watch_alerts{{watch_repo, watch_repo, stores, accounts.crypto, clock}, std::string(kBase)};
  storage::SqlitePushRepository push_repo{db};
  PushService push{{push_repo, push_repo, clock}, {.vapid_public_key = "BTestKey", .allow_insecure_loopback = true}};
  PurchaseObservers observers{&alerts, &watch_alerts};
  PurchaseService purchases{{stores, reports, accounts.limiter, clock}, {1'000, 3600}, &observers};
  FakeContributions fakes{stores, reports, accounts.limiter, clock};
  mail::OutboxMailer outbox{dir.path() / "outbox", [](std::string_view) {}};
  std::unique_ptr<LoopbackServer> server;
};

TEST_F(WatchFlow, BadInputIsRefusedInJapaneseAndTheLimitIsFive) {
  const auto ash = login_as("ash@example.com");
  const auto bad = [&](std::string body, std::string_view message) {
    const auto r = call(verb::post, "/api/v1/watches", std::move(body), ash);
    EXPECT_EQ(r.status, Status::bad_request) << json::serialize(r.body);
    EXPECT_EQ(str(r.body.at("error")), message);
  };
  bad(R"({"lat":35.69,"lng":139.70,"radius_km":21})", msg::kWatchBadRadius);
  bad(R"({"lat":35.69,"lng":139.70,"radius_km":0})", msg::kWatchBadRadius);
  bad(R"({"lat":35.69,"lng":139.70,"radius_km":2.5})", msg::kWatchBadRadius);
  bad(R"({"lat":35.69,"lng":139.70})", msg::kWatchBadRadius);
  bad(R"({"lat":"north","lng":139.70,"radius_km":5})", msg::kWatchBadPoint);
  bad(R"({"lat":51.5,"lng":-0.12,"radius_km":5})", msg::kWatchBadPoint);
  bad(R"({"prefecture":"atlantis"})", msg::kWatchBadPrefecture);
  bad(R"({"prefecture":"tokyo","lat":35.69,"lng":139.70,"radius_km":5})", msg::kWatchAreaRequired);
  bad("{}", msg::kWatchAreaRequired);
  bad(R"({"prefecture":"tokyo","events":[]})", msg::kWatchBadEvents);
  bad(R"({"prefecture":"tokyo","product_kinds":["sleeve"]})", msg::kWatchBadProductKind);
  bad(R"({"prefecture":"tokyo","active":"yes"})", msg::kWatchBadActive);
  const auto quiet = call(verb::put, "/api/v1/watch_settings", R"({"start_hour":24,"end_hour":7})", ash);
  EXPECT_EQ(quiet.status, Status::bad_request);
  EXPECT_EQ(str(quiet.body.at("error")), msg::kWatchBadQuietHours);

  for (int i = 0; i < kMaxWatchesPerUser; ++i)
    ASSERT_EQ(call(verb::post, "/api/v1/watches", R"({"prefecture":"tokyo"})", ash).status, Status::created);
  const auto sixth = call(verb::post, "/api/v1/watches", R"({"prefecture":"tokyo"})", ash);
  EXPECT_EQ(sixth.status, Status::conflict);
  EXPECT_EQ(str(sixth.body.at("code")), kWatchesLimitCode);
  const auto list = call(verb::get, "/api/v1/watches", {}, ash);
  EXPECT_EQ(list.body.at("watches").as_array().size(), 5U);
  EXPECT_EQ(list.body.at("max_watches"), kMaxWatchesPerUser);
  EXPECT_EQ(list.body.at("quiet_hours").at("start_hour"), kDefaultQuietStartHour);
}

TEST_F(WatchFlow, OnlyTheOwnerSeesEditsAndDeletesAWatch) {
  const auto ash = login_as("ash@example.com");
  const auto brock = login_as("brock@example.com");
  const auto made = call(verb::post, "/api/v1/watches", "{" + std::string(kNearShinjuku) + R"(,"radius_km":3})", ash);
  ASSERT_EQ(made.status, Status::created) << json::serialize(made.body);
  const auto id = std::to_string(made.body.at("watch").at("id").as_int64());
  EXPECT_EQ(made.body.at("watch").at("radius_km"), 3);
  EXPECT_TRUE(call(verb::get, "/api/v1/watches", {}, brock).body.at("watches").as_array().empty());
  EXPECT_EQ(call(verb::put, "/api/v1/watches/" + id, R"({"prefecture":"osaka"})", brock).status, Status::not_found);
  EXPECT_EQ(call(verb::delete_, "/api/v1/watches/" + id, {}, brock).status, Status::not_found);
  const auto edited = call(verb::put, "/api/v1/watches/" + id, R"({"prefecture":"osaka","events":["lottery"]})", ash);
  ASSERT_EQ(edited.status, Status::ok) << json::serialize(edited.body);
  EXPECT_EQ(str(edited.body.at("watch").at("prefecture")), "osaka");
  EXPECT_TRUE(edited.body.at("watch").at("radius_km").is_null());
  EXPECT_EQ(call(verb::delete_, "/api/v1/watches/" + id, {}, ash).status, Status::ok);
  EXPECT_TRUE(call(verb::get, "/api/v1/watches", {}, ash).body.at("watches").as_array().empty());
}

TEST_F(WatchFlow, AReportInsideAWatchMailsOnceAndTheLinkTurnsItOff) {
  const auto ash = login_as("ash@example.com");
  const auto brock = login_as("brock@example.com");
  // 5 km: stores 1 (新宿, 0.8 km) and 2 (渋谷, 3.7 km) are inside.
  ASSERT_EQ(call(verb::post, "/api/v1/watches", "{" + std::string(kNearShinjuku) + R"(,"radius_km":5})", ash).status,
            Status::created);
  // Brock's own watch: his own report never alerts him.
  ASSERT_EQ(call(verb::post, "/api/v1/watches", R"({"prefecture":"tokyo"})", brock).status, Status::created);
  // Osaka's store is outside Ash's watch.
  ASSERT_EQ(bought(brock, 3).status, Status::created);
  EXPECT_EQ(deliver_all(), 0);
  ASSERT_EQ(bought(brock, 1).status, Status::created);
  EXPECT_EQ(deliver_all(), 1);
  auto mails = outbox_files();
  ASSERT_EQ(mails.size(), 1U);
  const auto& mail = mails[0];
  EXPECT_NE(mail.find("To: ash@example.com\r\n"), std::string::npos);
  EXPECT_NE(mail.find("List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n"), std::string::npos);
  const std::string header = "List-Unsubscribe: <" + std::string(kBase) + "/api/v1/watches/off?token=";
  const auto at = mail.find(header);
  ASSERT_NE(at, std::string::npos) << mail;
  const auto token_start = at + header.size();
  const auto token = mail.substr(token_start, mail.find('>', token_start) - token_start);

  // Within 12 h the same store alerts the watch no more.
  clock.advance(60);
  ASSERT_EQ(bought(brock, 1).status, Status::created);
  EXPECT_EQ(deliver_all(), 0);

  // One click, without logging in, with the RFC 8058 form body.
  TestClient client(server->port());
  http::Request req{verb::post, "/api/v1/watches/off?token=" + token, 11};
  req.set(http::bhttp::field::content_type, "application/x-www-form-urlencoded");
  req.body() = "List-Unsubscribe=One-Click";
  req.prepare_payload();
  ASSERT_FALSE(client.send(std::move(req)));
  const auto [ec, res] = client.receive();
  ASSERT_FALSE(ec);
  ASSERT_EQ(res.result(), Status::ok) << res.body();
  EXPECT_EQ(str(json::parse(res.body()).at("message")), msg::kWatchesSwitchedOff);
  EXPECT_EQ(call(verb::get, "/api/v1/watches", {}, ash).body.at("watches").at(0).at("active"), false);
  const auto bad = call(verb::post, "/api/v1/watches/off?token=" + token.substr(1));
  EXPECT_EQ(bad.status, Status::bad_request);
  EXPECT_EQ(str(bad.body.at("error")), msg::kBadWatchOffToken);

  // Off: a report at another store inside the area (no 12-hour limit there) mails nobody.
  ASSERT_EQ(bought(brock, 2).status, Status::created);
  EXPECT_EQ(deliver_all(), 0);
}

TEST_F(WatchFlow, WithADeviceTheAlertArrivesAsAPushTheDeviceDecrypts) {
  watch_alerts.send_push_through(&push);
  const auto ash = login_as("ash@example.com");
  const auto brock = login_as("brock@example.com");
  ASSERT_EQ(call(verb::post, "/api/v1/watches", "{" + std::string(kNearShinjuku) + R"(,"radius_km":5})", ash).status,
            Status::created);
  const auto ua_private = push::generate_p256_private_key();
  const std::string auth = "0123456789abcdef";
  const auto vapid = push::vapid_keys_from_private(push::generate_p256_private_key());
  PushServiceStandIn phone{ua_private, auth, vapid.public_key};
  const auto device = call(verb::post, "/api/v1/push/subscriptions",
                           R"({"endpoint":")" + phone.endpoint("/push/ash-phone") + R"(","keys":{"p256dh":")" +
                               base64url_encode(push::p256_public_key(ua_private).value()) + R"(","auth":")" +
                               base64url_encode(auth) + R"("}})",
                           ash);
  ASSERT_EQ(device.status, Status::created) << json::serialize(device.body);
  // Mail off: the push alone carries the alert, and it still counts against the limits.
  ASSERT_EQ(call(verb::put, "/api/v1/push/settings", R"({"push":true,"mail":false})", ash).status, Status::ok);

  ASSERT_EQ(bought(brock, 1).status, Status::created);
  push::WebPushSender sender(
      {vapid, "mailto:ops@example.jp", true, std::chrono::seconds(5), [this] { return clock.now(); }});
  PushDelivery delivery(push_repo, sender, clock);
  EXPECT_EQ(delivery.deliver_one().value().outcome, PushOutcome::kSent);
  EXPECT_EQ(delivery.deliver_one().value().outcome, PushOutcome::kIdle);
  EXPECT_EQ(deliver_all(), 0);  // no mail
  const auto got = phone.received();
  ASSERT_EQ(got.size(), 1U);
  ASSERT_TRUE(got[0].decrypted);
  const auto payload = json::parse(got[0].plaintext).as_object();
  EXPECT_EQ(str(payload.at("title")), "通知エリアのカードショップ新宿で購入報告がありました");
  EXPECT_NE(str(payload.at("body")).find("「購入できた」の報告がありました"), std::string::npos);
  EXPECT_EQ(str(payload.at("url")), "/map?store=1");

  // The alert's limits hold for the push too: the same store within 12 h sends nothing.
  clock.advance(60);
  ASSERT_EQ(bought(brock, 1).status, Status::created);
  EXPECT_EQ(delivery.deliver_one().value().outcome, PushOutcome::kIdle);
}

}  // namespace
}  // namespace pokeca::testing
