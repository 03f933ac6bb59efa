// Web Push in core, against in-memory fakes of its ports: subscription validation, the
// device and test-send limits, the channel switch in front of the one queuing entry
// point, and what the delivery step does with each push-service answer.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "pokeca/personal/push_subscriptions.hpp"
#include "pokeca/shared/base64url.hpp"
#include "push_fakes.hpp"

namespace pokeca {
namespace {

using testing::FakePushStore;

constexpr UnixSeconds kT0 = 1'760'000'000;

struct FakeClock final : Clock {
  UnixSeconds t = kT0;
  UnixSeconds now() const override { return t; }
};

struct ScriptedSender final : PushSender {
  std::vector<PushStatus> answers;
  std::vector<PushRequest> sent;
  PushResult send(const PushRequest& request) override {
    sent.push_back(request);
    const auto status = answers.empty() ? PushStatus::kDelivered : answers.front();
    if (!answers.empty()) answers.erase(answers.begin());
    return {status, "scripted"};
  }
};

PushSubscriptionInput browser_subscription(const std::string& name) {
  return {"https://fcm.googleapis.com/fcm/send/" + name, base64url_encode("\x04" + std::string(64, 'k')),
          base64url_encode(std::string(16, 'a')), "iPhone"};
}

class PushCoreTest : public ::testing::Test {
 protected:
  FakeClock clock;
  FakePushStore store;
  PushService service{{store, store, clock}, {}};
  ScriptedSender sender;
  PushDelivery delivery{store, sender, clock};
};

TEST_F(PushCoreTest, ValidSubscriptionIsStoredWithATrimmedLabel) {
  auto in = browser_subscription("a");
  in.label = "　私のスマホ ";
  const auto saved = service.subscribe(7, in);
  ASSERT_TRUE(saved) << saved.error().message;
  EXPECT_EQ(saved->label, "私のスマホ");
  in.label = "";
  in.endpoint += "2";
  EXPECT_EQ(service.subscribe(7, in)->label, "この端末");
}

TEST_F(PushCoreTest, BadSubscriptionsAreRefusedInJapanese) {
  auto plain = browser_subscription("a");
  plain.endpoint = "http://push.example.net/a";
  auto long_endpoint = browser_subscription(std::string(kMaxPushEndpointChars, 'x'));
  auto short_key = browser_subscription("a");
  short_key.p256dh = base64url_encode(std::string(33, '\x02'));
  auto bad_auth = browser_subscription("a");
  bad_auth.auth = "!!";
  auto long_label = browser_subscription("a");
  long_label.label = std::string(kMaxPushLabelChars + 1, 'x');
  for (const auto& in : {plain, long_endpoint, short_key, bad_auth, long_label}) {
    const auto r = service.subscribe(7, in);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, ErrorCode::kBadRequest);
    EXPECT_FALSE(r.error().message.empty());
    EXPECT_TRUE(r.error().detail.starts_with("push/bad-")) << r.error().detail;
  }
  EXPECT_TRUE(store.subs.empty());
  // Loopback http only when the test flag allows it.
  auto loopback = browser_subscription("a");
  loopback.endpoint = "http://127.0.0.1:9999/p";
  EXPECT_FALSE(service.subscribe(7, loopback));
  PushService testing{{store, store, clock}, {.vapid_public_key = "", .allow_insecure_loopback = true}};
  EXPECT_TRUE(testing.subscribe(7, loopback));
}

TEST_F(PushCoreTest, TheDeviceLimitIsTen) {
  for (int i = 0; i < kMaxPushDevicesPerUser; ++i)
    ASSERT_TRUE(service.subscribe(7, browser_subscription(std::to_string(i))));
  const auto r = service.subscribe(7, browser_subscription("one-more"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kConflict);
  EXPECT_EQ(kMaxPushDevicesPerUser, 10);
}

TEST_F(PushCoreTest, RemovingAnotherUsersDeviceIsNotFound) {
  const auto mine = service.subscribe(7, browser_subscription("a")).value();
  EXPECT_EQ(service.remove(8, mine.id).error().code, ErrorCode::kNotFound);
  EXPECT_TRUE(service.remove(7, mine.id));
  EXPECT_EQ(service.remove(7, mine.id).error().code, ErrorCode::kNotFound);
}

TEST_F(PushCoreTest, TestSendsAreLimitedPerHourAndOnlyToOwnDevices) {
  const auto mine = service.subscribe(7, browser_subscription("a")).value();
  EXPECT_EQ(service.send_test(8, mine.id).error().code, ErrorCode::kNotFound);
  for (int i = 0; i < kMaxPushTestsPerHour; ++i) {
    ASSERT_TRUE(service.send_test(7, mine.id));
    clock.t += 1;
  }
  const auto refused = service.send_test(7, mine.id);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::kRateLimited);
  EXPECT_NE(refused.error().message.find("5回"), std::string::npos);
  clock.t += kPushTestWindowSeconds;
  EXPECT_TRUE(service.send_test(7, mine.id));
  EXPECT_EQ(store.rows.back().push.notice.url, "/profile#notifications");
}

TEST_F(PushCoreTest, QueueNoticeGoesToEveryDeviceUnlessPushIsOff) {
  ASSERT_TRUE(service.subscribe(7, browser_subscription("phone")));
  ASSERT_TRUE(service.subscribe(7, browser_subscription("pc")));
  const PushNotice n{"watch:1:7", "area_watch", 7, "タイトル", "本文", "/map?store=3"};
  EXPECT_EQ(service.queue_notice(n).value(), 2);
  EXPECT_EQ(service.queue_notice(n).value(), 0);  // the same key again
  ASSERT_TRUE(service.set_channels(7, {false, true}));
  EXPECT_EQ(service.queue_notice({"watch:2:7", "area_watch", 7, "t", "b", "/"}).value(), 0);
  // A notice for a user without devices queues nothing: mail stays the fallback.
  EXPECT_EQ(service.queue_notice({"watch:1:9", "area_watch", 9, "t", "b", "/"}).value(), 0);
}

TEST_F(PushCoreTest, LongNoticeTextIsCutOnACharacterBoundary) {
  ASSERT_TRUE(service.subscribe(7, browser_subscription("phone")));
  std::string title;
  while (title.size() <= kMaxPushTitleBytes) title += "ポ";
  ASSERT_EQ(service.queue_notice({"k", "favorite_alert", 7, title, "b", "/"}).value(), 1);
  const auto& queued = store.rows.back().push.notice.title;
  EXPECT_LE(queued.size(), kMaxPushTitleBytes);
  EXPECT_EQ(queued.size() % 3, 0u);
}

TEST_F(PushCoreTest, DeliverySendsThePayloadWithTtlAndMarksSent) {
  ASSERT_TRUE(service.subscribe(7, browser_subscription("phone")));
  ASSERT_EQ(service.queue_notice({"k\"1", "favorite_alert", 7, "店\"名", "本文", "/map?store=3"}).value(), 1);
  const auto r = delivery.deliver_one().value();
  EXPECT_EQ(r.outcome, PushOutcome::kSent);
  ASSERT_EQ(sender.sent.size(), 1u);
  EXPECT_EQ(sender.sent[0].payload, R"({"title":"店\"名","body":"本文","url":"/map?store=3","tag":"k\"1"})");
  EXPECT_EQ(sender.sent[0].ttl_seconds, kPushTimeToLiveSeconds);
  EXPECT_EQ(sender.sent[0].target.endpoint, "https://fcm.googleapis.com/fcm/send/phone");
  EXPECT_EQ(store.rows[0].status, "sent");
  EXPECT_EQ(delivery.deliver_one().value().outcome, PushOutcome::kIdle);
}

TEST_F(PushCoreTest, ThePayloadCarriesTheOffLinkWhenTheNoticeHasOne) {
  ASSERT_TRUE(service.subscribe(7, browser_subscription("phone")));
  ASSERT_EQ(service.queue_notice({"k2", "watch_alert", 7, "店", "本文", "/map?store=3", "/alerts/watch-off?token=a.b"})
                .value(),
            1);
  ASSERT_EQ(delivery.deliver_one().value().outcome, PushOutcome::kSent);
  ASSERT_EQ(sender.sent.size(), 1u);
  EXPECT_EQ(sender.sent[0].payload,
            R"({"title":"店","body":"本文","url":"/map?store=3","off":"/alerts/watch-off?token=a.b","tag":"k2"})");
}

TEST_F(PushCoreTest, GoneDropsTheSubscription) {
  ASSERT_TRUE(service.subscribe(7, browser_subscription("phone")));
  ASSERT_EQ(service.queue_notice({"k", "favorite_alert", 7, "t", "b", "/"}).value(), 1);
  sender.answers = {PushStatus::kGone};
  EXPECT_EQ(delivery.deliver_one().value().outcome, PushOutcome::kSubscriptionGone);
  EXPECT_TRUE(store.subs.empty());
}

TEST_F(PushCoreTest, RetriesWithBackoffThenGivesUp) {
  ASSERT_TRUE(service.subscribe(7, browser_subscription("phone")));
  ASSERT_EQ(service.queue_notice({"k", "favorite_alert", 7, "t", "b", "/"}).value(), 1);
  sender.answers.assign(kMaxPushAttempts, PushStatus::kRetryLater);
  for (int attempt = 1; attempt < kMaxPushAttempts; ++attempt) {
    EXPECT_EQ(delivery.deliver_one().value().outcome, PushOutcome::kRetryLater);
    EXPECT_EQ(store.rows[0].next, clock.t + push_retry_delay(attempt));
    EXPECT_EQ(delivery.deliver_one().value().outcome, PushOutcome::kIdle);  // not due yet
    clock.t = store.rows[0].next;
  }
  EXPECT_EQ(delivery.deliver_one().value().outcome, PushOutcome::kGaveUp);
  EXPECT_EQ(store.rows[0].status, "failed");
  EXPECT_EQ(push_retry_delay(1), kPushRetryBaseSeconds);
  EXPECT_EQ(push_retry_delay(2), 2 * kPushRetryBaseSeconds);
  EXPECT_EQ(push_retry_delay(50), kPushRetryMaxSeconds);
}

TEST_F(PushCoreTest, ARejectedPushIsGivenUpAtOnce) {
  ASSERT_TRUE(service.subscribe(7, browser_subscription("phone")));
  ASSERT_EQ(service.queue_notice({"k", "favorite_alert", 7, "t", "b", "/"}).value(), 1);
  sender.answers = {PushStatus::kRejected};
  EXPECT_EQ(delivery.deliver_one().value().outcome, PushOutcome::kGaveUp);
  EXPECT_EQ(store.rows[0].status, "failed");
  EXPECT_EQ(store.subs.size(), 1u);
}

}  // namespace
}  // namespace pokeca
