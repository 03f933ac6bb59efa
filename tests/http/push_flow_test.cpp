// Web Push end to end over a real loopback socket: HttpServer → Router → PushService →
// SQLite, with real accounts. A device is stored, listed (never its endpoint), tested and
// removed; the test push goes through the queue and the real sender to a push-service
// stand-in that decrypts it with the subscription's private key; a 410 from the push
// service deletes the device; another user can neither see, test nor remove it; bad
// input and the named limits answer with their Japanese messages; withdrawal leaves
// nothing of the user's push data.
#include <boost/json/serialize.hpp>

#include "api_accounts.hpp"
#include "api_call.hpp"
#include "contribution_fakes.hpp"
#include "loopback_server.hpp"
#include "pokeca/push/web_push_crypto.hpp"
#include "pokeca/push/web_push_sender.hpp"
#include "pokeca/shared/base64url.hpp"
#include "push_service_stand_in.hpp"
#include "router_fixture.hpp"
#include "sqlite_services.hpp"

namespace pokeca::testing {
namespace {

namespace json = boost::json;
using http::Status;
using http::bhttp::verb;

constexpr std::string_view kPassword = "kiriban-7777";

class PushFlow : public ::testing::Test {
 protected:
  PushFlow() {
    server = std::make_unique<LoopbackServer>(fakes.services(sqlite.stores, sqlite.accounts.auth, sqlite.real()),
                                              http::RouterConfig{});
    alice = signed_up_and_logged_in(server->port(), sqlite.accounts,
                                    {.email = "alice@example.com", .password = kPassword, .username = "アリス"});
    bob = signed_up_and_logged_in(server->port(), sqlite.accounts,
                                  {.email = "bob@example.com", .password = kPassword, .username = "ボブ"});
  }
  ApiReply call(verb method, std::string_view target, std::string body = {}, std::string_view bearer = {}) {
    return call_api(server->port(), method, target, std::move(body), bearer);
  }
  std::string subscription_body(const std::string& endpoint, const std::string& label = "アリスのスマホ") {
    return R"({"endpoint":")" + endpoint + R"(","keys":{"p256dh":")" + base64url_encode(ua_public) + R"(","auth":")" +
           base64url_encode(auth) + R"("},"label":")" + label + "\"}";
  }
  std::int64_t subscribe(const std::string& endpoint, std::string_view token) {
    const auto r = call(verb::post, "/api/v1/push/subscriptions", subscription_body(endpoint), token);
    EXPECT_EQ(r.status, Status::created) << json::serialize(r.body);
    return r.body.at("subscription").at("id").as_int64();
  }
  json::array devices(std::string_view token) {
    const auto r = call(verb::get, "/api/v1/push/subscriptions", {}, token);
    EXPECT_EQ(r.status, Status::ok) << json::serialize(r.body);
    return r.body.at("subscriptions").as_array();
  }
  static std::string error_of(const ApiReply& r) { return std::string(r.body.at("error").as_string()); }
  // What the server's push thread does, one step: the real sender, VAPID-signed.
  PushReport deliver() {
    push::WebPushSender sender(
        {vapid, "mailto:ops@example.jp", true, std::chrono::seconds(5), [this] { return clock.now(); }});
    return PushDelivery(sqlite.push_repo, sender, clock).deliver_one().value();
  }

  TempDir dir;
  SettableClock clock{kTestNow};
  SqliteServices sqlite{dir.path() / "pokeca.db", clock};
  FakeContributions fakes{sqlite.store_repo, sqlite.reports, sqlite.accounts.limiter, clock};
  std::unique_ptr<LoopbackServer> server;
  std::string alice, bob;
  std::string ua_private = push::generate_p256_private_key();
  std::string ua_public = push::p256_public_key(ua_private).value();
  std::string auth = "0123456789abcdef";
  push::VapidKeys vapid = push::vapid_keys_from_private(push::generate_p256_private_key());
  PushServiceStandIn service{ua_private, auth, vapid.public_key};
};

TEST_F(PushFlow, PublicKeyIsServedToAnyone) {
  const auto r = call(verb::get, "/api/v1/push/public_key");
  ASSERT_EQ(r.status, Status::ok);
  EXPECT_EQ(r.body.at("public_key").as_string(), "BTestKey");
}

TEST_F(PushFlow, ADeviceIsStoredListedTestedDeliveredAndRemoved) {
  const auto id = subscribe(service.endpoint("/push/alice-phone"), alice);
  auto list = devices(alice);
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0].at("label").as_string(), "アリスのスマホ");
  EXPECT_EQ(list[0].at("service").as_string(), "127.0.0.1");
  EXPECT_TRUE(list[0].at("last_used_at").is_null());
  EXPECT_EQ(json::serialize(list[0]).find("endpoint"), std::string::npos);  // a capability: never sent back

  const auto test = call(verb::post, "/api/v1/push/subscriptions/" + std::to_string(id) + "/test", {}, alice);
  ASSERT_EQ(test.status, Status::accepted) << json::serialize(test.body);
  EXPECT_EQ(deliver().outcome, PushOutcome::kSent);
  const auto got = service.received();
  ASSERT_EQ(got.size(), 1u);
  ASSERT_TRUE(got[0].decrypted);
  const auto payload = json::parse(got[0].plaintext).as_object();
  EXPECT_EQ(payload.at("title").as_string(), "ポケカ販売店マップ");
  EXPECT_EQ(payload.at("body").as_string(), "テスト通知です。この端末で通知を受け取れます。");
  EXPECT_EQ(payload.at("url").as_string(), "/profile#notifications");
  EXPECT_EQ(got[0].target, "/push/alice-phone");
  EXPECT_FALSE(got[0].vapid_claims.empty());
  EXPECT_EQ(got[0].ttl, std::to_string(kPushTimeToLiveSeconds));
  EXPECT_FALSE(devices(alice)[0].at("last_used_at").is_null());

  ASSERT_EQ(call(verb::delete_, "/api/v1/push/subscriptions/" + std::to_string(id), {}, alice).status, Status::ok);
  EXPECT_TRUE(devices(alice).empty());
}

TEST_F(PushFlow, AGoneAnswerDeletesTheDevice) {
  const auto id = subscribe(service.endpoint("/push/expired"), alice);
  ASSERT_EQ(call(verb::post, "/api/v1/push/subscriptions/" + std::to_string(id) + "/test", {}, alice).status,
            Status::accepted);
  service.answer_with(410);
  EXPECT_EQ(deliver().outcome, PushOutcome::kSubscriptionGone);
  EXPECT_TRUE(devices(alice).empty());
  EXPECT_EQ(deliver().outcome, PushOutcome::kIdle);
}

TEST_F(PushFlow, AnotherUserCanNeitherSeeNorTestNorRemoveADevice) {
  const auto id = subscribe(service.endpoint("/push/alice"), alice);
  EXPECT_TRUE(devices(bob).empty());
  const auto path = "/api/v1/push/subscriptions/" + std::to_string(id);
  const auto test = call(verb::post, path + "/test", {}, bob);
  EXPECT_EQ(test.status, Status::not_found);
  EXPECT_EQ(error_of(test), "この端末の通知設定が見つかりませんでした。");
  EXPECT_EQ(call(verb::delete_, path, {}, bob).status, Status::not_found);
  EXPECT_EQ(devices(alice).size(), 1u);
}

TEST_F(PushFlow, BadInputIsRefusedInJapanese) {
  const auto no_keys =
      call(verb::post, "/api/v1/push/subscriptions", R"({"endpoint":"https://push.example.net/a"})", alice);
  EXPECT_EQ(no_keys.status, Status::bad_request);
  EXPECT_NE(error_of(no_keys).find("暗号鍵"), std::string::npos);
  const auto plain =
      call(verb::post, "/api/v1/push/subscriptions", subscription_body("http://push.example.net/a"), alice);
  EXPECT_EQ(plain.status, Status::bad_request);
  EXPECT_NE(error_of(plain).find("https://"), std::string::npos);
  const auto long_label = call(verb::post, "/api/v1/push/subscriptions",
                               subscription_body("https://push.example.net/a", std::string(41, 'x')), alice);
  EXPECT_EQ(long_label.status, Status::bad_request);
  EXPECT_EQ(error_of(long_label), "端末の名前は40文字以内で入力してください。");
  const auto not_json = call(verb::post, "/api/v1/push/subscriptions", "[1]", alice);
  EXPECT_EQ(not_json.status, Status::bad_request);
  const auto settings = call(verb::put, "/api/v1/push/settings", R"({"push":"yes"})", alice);
  EXPECT_EQ(settings.status, Status::bad_request);
  EXPECT_EQ(error_of(settings), "通知の受け取り方（push・mail）はtrueかfalseで指定してください。");
  EXPECT_EQ(call(verb::delete_, "/api/v1/push/subscriptions/abc", {}, alice).status, Status::bad_request);
  EXPECT_TRUE(devices(alice).empty());
}

TEST_F(PushFlow, DeviceAndTestLimits) {
  std::int64_t first = 0;
  for (int i = 0; i < kMaxPushDevicesPerUser; ++i) {
    const auto id = subscribe("https://push.example.net/d" + std::to_string(i), alice);
    if (i == 0) first = id;
  }
  const auto over =
      call(verb::post, "/api/v1/push/subscriptions", subscription_body("https://push.example.net/x"), alice);
  EXPECT_EQ(over.status, Status::conflict);
  EXPECT_EQ(error_of(over), "通知を受け取る端末は10台までです。使っていない端末を削除してから追加してください。");
  const auto path = "/api/v1/push/subscriptions/" + std::to_string(first) + "/test";
  for (int i = 0; i < kMaxPushTestsPerHour; ++i) ASSERT_EQ(call(verb::post, path, {}, alice).status, Status::accepted);
  const auto limited = call(verb::post, path, {}, alice);
  EXPECT_EQ(limited.status, Status::too_many_requests);
  EXPECT_EQ(error_of(limited), "テスト通知は1時間に5回までです。しばらくしてからお試しください。");
}

TEST_F(PushFlow, ChannelsAreBothOnUntilSwitchedOff) {
  auto r = call(verb::get, "/api/v1/push/settings", {}, alice);
  ASSERT_EQ(r.status, Status::ok);
  EXPECT_TRUE(r.body.at("settings").at("push").as_bool());
  EXPECT_TRUE(r.body.at("settings").at("mail").as_bool());
  r = call(verb::put, "/api/v1/push/settings", R"({"mail":false})", alice);
  ASSERT_EQ(r.status, Status::ok) << json::serialize(r.body);
  EXPECT_TRUE(r.body.at("settings").at("push").as_bool());
  EXPECT_FALSE(r.body.at("settings").at("mail").as_bool());
  EXPECT_FALSE(call(verb::get, "/api/v1/push/settings", {}, alice).body.at("settings").at("mail").as_bool());
  EXPECT_TRUE(call(verb::get, "/api/v1/push/settings", {}, bob).body.at("settings").at("mail").as_bool());
}

TEST_F(PushFlow, WithdrawalDeletesDevicesQueuedPushesAndSettings) {
  const auto id = subscribe(service.endpoint("/push/alice"), alice);
  subscribe(service.endpoint("/push/bob"), bob);
  ASSERT_EQ(call(verb::post, "/api/v1/push/subscriptions/" + std::to_string(id) + "/test", {}, alice).status,
            Status::accepted);
  ASSERT_EQ(call(verb::put, "/api/v1/push/settings", R"({"push":false})", alice).status, Status::ok);
  ASSERT_EQ(call(verb::delete_, "/api/v1/users/withdrawal", R"({"reason":""})", alice).status, Status::ok);
  // Bob's device is all that is left.
  EXPECT_EQ(devices(bob).size(), 1u);
  EXPECT_EQ(deliver().outcome, PushOutcome::kIdle);  // Alice's test push went with her
}

}  // namespace
}  // namespace pokeca::testing
