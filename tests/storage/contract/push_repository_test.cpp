// Web Push storage (a backend contract test, backend.hpp): devices per user with their
// limit, a re-subscribing endpoint moving to its new account, the owner-only delete, the
// channel switches, the push queue's idempotency key per device, claims and their lease,
// retries and failures, a dropped subscription taking its queued pushes, purging, and
// withdrawal deleting devices, queued pushes and settings.
#include <gtest/gtest.h>

#include <string>

#include "personal_fixture.hpp"
#include "pokeca/personal/push_subscriptions.hpp"

namespace pokeca::storage {
namespace {

using testing::kNow;

template <class Backend>
class PushRepositoryTest : public testing::PersonalStorageTest<Backend> {
 protected:
  static PushTarget device(const std::string& name) {
    return {"https://push.example.net/" + name, "BPk-" + name, "auth-" + name};
  }
  PushSubscription add(UserId user, const std::string& name, UnixSeconds at = kNow) {
    return this->push_devices.save_subscription(user, device(name), "端末 " + name, at, kMaxPushDevicesPerUser).value();
  }
  static PushNotice notice(UserId user, std::string key, std::string kind = "favorite_alert") {
    return {std::move(key),
            std::move(kind),
            user,
            "ヨドバシ梅田で購入できた報告",
            "パック・18:05",
            "/map?store=2",
            "/alerts/unsubscribe?token=a.b"};
  }
};
TYPED_TEST_SUITE(PushRepositoryTest, testing::PushBackends, testing::BackendName);

TYPED_TEST(PushRepositoryTest, DevicesAreListedNewestFirstWithTheirKeys) {
  const auto phone = this->add(this->alice, "phone", kNow);
  const auto pc = this->add(this->alice, "pc", kNow + 10);
  this->add(this->bob, "bob-phone");
  const auto list = this->push_devices.subscriptions_of(this->alice).value();
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0].id, pc.id);
  EXPECT_EQ(list[1].id, phone.id);
  EXPECT_EQ(list[1].target.endpoint, "https://push.example.net/phone");
  EXPECT_EQ(list[1].target.p256dh, "BPk-phone");
  EXPECT_EQ(list[1].target.auth, "auth-phone");
  EXPECT_EQ(list[1].label, "端末 phone");
  EXPECT_EQ(list[1].created_at, kNow);
  EXPECT_FALSE(list[1].last_used_at.has_value());
}

TYPED_TEST(PushRepositoryTest, TheDeviceLimitCountsOtherEndpointsOnly) {
  for (int i = 0; i < 3; ++i) this->add(this->alice, "d" + std::to_string(i));
  const auto refused = this->push_devices.save_subscription(this->alice, this->device("d3"), "x", kNow, 3);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::kConflict);
  EXPECT_NE(refused.error().message.find("3台"), std::string::npos);
  // The same endpoint again (new keys after a browser update) is not a new device.
  auto again = this->push_devices.save_subscription(this->alice, {"https://push.example.net/d1", "new", "keys"},
                                                    "新しい名前", kNow + 5, 3);
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_EQ(again->target.p256dh, "new");
  EXPECT_EQ(this->push_devices.subscriptions_of(this->alice).value().size(), 3u);
}

TYPED_TEST(PushRepositoryTest, AnEndpointSubscribedUnderAnotherAccountMovesThereWithoutTheOldPushes) {
  const auto shared = this->add(this->alice, "shared-pc");
  ASSERT_EQ(this->pushes.enqueue_for_user(this->notice(this->alice, "a1"), kNow).value(), 1);
  const auto moved = this->add(this->bob, "shared-pc", kNow + 60);
  EXPECT_EQ(moved.id, shared.id);
  EXPECT_EQ(moved.user_id, this->bob);
  EXPECT_TRUE(this->push_devices.subscriptions_of(this->alice).value().empty());
  EXPECT_EQ(this->push_devices.subscriptions_of(this->bob).value().size(), 1u);
  // Alice's alert is not delivered to what is now Bob's browser.
  EXPECT_FALSE(this->pushes.claim_next_push(kNow + 60, kNow + 60 + kPushClaimLeaseSeconds).value());
}

TYPED_TEST(PushRepositoryTest, OnlyTheOwnerDeletesADevice) {
  const auto phone = this->add(this->alice, "phone");
  EXPECT_FALSE(this->push_devices.delete_subscription(this->bob, phone.id).value());
  EXPECT_EQ(this->push_devices.subscriptions_of(this->alice).value().size(), 1u);
  EXPECT_TRUE(this->push_devices.delete_subscription(this->alice, phone.id).value());
  EXPECT_FALSE(this->push_devices.delete_subscription(this->alice, phone.id).value());
  EXPECT_TRUE(this->push_devices.subscriptions_of(this->alice).value().empty());
}

TYPED_TEST(PushRepositoryTest, ChannelsDefaultToBothOnAndAreKeptPerUser) {
  const auto initial = this->push_devices.alert_channels(this->alice).value();
  EXPECT_TRUE(initial.push);
  EXPECT_TRUE(initial.mail);
  ASSERT_TRUE(this->push_devices.set_alert_channels(this->alice, {true, false}));
  auto got = this->push_devices.alert_channels(this->alice).value();
  EXPECT_TRUE(got.push);
  EXPECT_FALSE(got.mail);
  ASSERT_TRUE(this->push_devices.set_alert_channels(this->alice, {false, true}));
  got = this->push_devices.alert_channels(this->alice).value();
  EXPECT_FALSE(got.push);
  EXPECT_TRUE(got.mail);
  EXPECT_TRUE(this->push_devices.alert_channels(this->bob).value().mail);
}

TYPED_TEST(PushRepositoryTest, ANoticeIsQueuedOncePerDevice) {
  this->add(this->alice, "phone");
  this->add(this->alice, "pc");
  this->add(this->bob, "bob-phone");
  EXPECT_EQ(this->pushes.enqueue_for_user(this->notice(this->alice, "n1"), kNow).value(), 2);
  EXPECT_EQ(this->pushes.enqueue_for_user(this->notice(this->alice, "n1"), kNow + 1).value(), 0);
  EXPECT_EQ(this->count("SELECT count(*) FROM push_queue"), 2);
  // A user without devices gets nothing queued (the caller keeps mail).
  const auto carol = this->make_user("carol@example.com");
  EXPECT_EQ(this->pushes.enqueue_for_user(this->notice(carol, "n1"), kNow).value(), 0);
}

TYPED_TEST(PushRepositoryTest, ATestGoesToOneOwnDeviceAndCountsAgainstTheHour) {
  const auto phone = this->add(this->alice, "phone");
  this->add(this->alice, "pc");
  const auto bobs = this->add(this->bob, "bob-phone");
  EXPECT_TRUE(this->pushes.enqueue_for_device(this->notice(this->alice, "t1", "push_test"), phone.id, kNow).value());
  EXPECT_FALSE(this->pushes.enqueue_for_device(this->notice(this->alice, "t1", "push_test"), phone.id, kNow).value());
  EXPECT_FALSE(this->pushes.enqueue_for_device(this->notice(this->alice, "t2", "push_test"), bobs.id, kNow).value());
  EXPECT_EQ(this->count("SELECT count(*) FROM push_queue"), 1);
  EXPECT_EQ(this->push_devices.pushes_queued_since(this->alice, "push_test", kNow - 3600).value(), 1);
  EXPECT_EQ(this->push_devices.pushes_queued_since(this->alice, "push_test", kNow).value(), 0);
  EXPECT_EQ(this->push_devices.pushes_queued_since(this->alice, "favorite_alert", kNow - 3600).value(), 0);
}

TYPED_TEST(PushRepositoryTest, ClaimCarriesTargetAndNoticeAndHoldsItsLease) {
  const auto phone = this->add(this->alice, "phone");
  ASSERT_EQ(this->pushes.enqueue_for_user(this->notice(this->alice, "n1"), kNow).value(), 1);
  const auto claimed = this->pushes.claim_next_push(kNow, kNow + kPushClaimLeaseSeconds).value();
  ASSERT_TRUE(claimed);
  EXPECT_EQ(claimed->subscription_id, phone.id);
  EXPECT_EQ(claimed->target.endpoint, "https://push.example.net/phone");
  EXPECT_EQ(claimed->target.p256dh, "BPk-phone");
  EXPECT_EQ(claimed->target.auth, "auth-phone");
  EXPECT_EQ(claimed->notice.idempotency_key, "n1");
  EXPECT_EQ(claimed->notice.kind, "favorite_alert");
  EXPECT_EQ(claimed->notice.user_id, this->alice);
  EXPECT_EQ(claimed->notice.title, "ヨドバシ梅田で購入できた報告");
  EXPECT_EQ(claimed->notice.url, "/map?store=2");
  EXPECT_EQ(claimed->notice.off_url, "/alerts/unsubscribe?token=a.b");
  EXPECT_EQ(claimed->attempts, 1);
  EXPECT_FALSE(this->pushes.claim_next_push(kNow + 1, kNow + 1 + kPushClaimLeaseSeconds).value());
  // The sender died: once the lease ran out the push is claimed again.
  const auto later = kNow + kPushClaimLeaseSeconds;
  const auto again = this->pushes.claim_next_push(later, later + kPushClaimLeaseSeconds).value();
  ASSERT_TRUE(again);
  EXPECT_EQ(again->id, claimed->id);
  EXPECT_EQ(again->attempts, 2);
  ASSERT_TRUE(this->pushes.mark_push_sent(again->id, later + 1));
  EXPECT_FALSE(
      this->pushes.claim_next_push(later + 100 * kPushClaimLeaseSeconds, later + 101 * kPushClaimLeaseSeconds).value());
  EXPECT_EQ(this->push_devices.subscriptions_of(this->alice).value()[0].last_used_at, later + 1);
}

TYPED_TEST(PushRepositoryTest, RetriesWaitFailuresStayAndFinishedRowsArePurged) {
  this->add(this->alice, "phone");
  ASSERT_EQ(this->pushes.enqueue_for_user(this->notice(this->alice, "n1"), kNow).value(), 1);
  ASSERT_EQ(this->pushes.enqueue_for_user(this->notice(this->alice, "n2"), kNow).value(), 1);
  const auto a = this->pushes.claim_next_push(kNow, kNow + kPushClaimLeaseSeconds).value();
  const auto b = this->pushes.claim_next_push(kNow, kNow + kPushClaimLeaseSeconds).value();
  ASSERT_TRUE(a && b);
  ASSERT_TRUE(this->pushes.mark_push_retry(a->id, kNow + 300, "HTTP 503"));
  ASSERT_TRUE(this->pushes.mark_push_failed(b->id, kNow + 1, "HTTP 400"));
  EXPECT_FALSE(this->pushes.claim_next_push(kNow + 299, kNow + 299 + kPushClaimLeaseSeconds).value());
  const auto retried = this->pushes.claim_next_push(kNow + 300, kNow + 300 + kPushClaimLeaseSeconds).value();
  ASSERT_TRUE(retried);
  EXPECT_EQ(retried->id, a->id);
  EXPECT_EQ(retried->attempts, 2);
  ASSERT_TRUE(this->pushes.mark_push_sent(retried->id, kNow + 301));
  EXPECT_EQ(this->pushes.purge_finished_pushes(kNow + 1).value(), 0);
  EXPECT_EQ(this->pushes.purge_finished_pushes(kNow + 302).value(), 2);
  EXPECT_EQ(this->count("SELECT count(*) FROM push_queue"), 0);
}

TYPED_TEST(PushRepositoryTest, ADroppedSubscriptionTakesItsQueuedPushes) {
  const auto phone = this->add(this->alice, "phone");
  this->add(this->alice, "pc");
  ASSERT_EQ(this->pushes.enqueue_for_user(this->notice(this->alice, "n1"), kNow).value(), 2);
  ASSERT_TRUE(this->pushes.drop_subscription(phone.id));
  EXPECT_EQ(this->push_devices.subscriptions_of(this->alice).value().size(), 1u);
  EXPECT_EQ(this->count("SELECT count(*) FROM push_queue WHERE subscription_id = " + std::to_string(phone.id)), 0);
  EXPECT_EQ(this->count("SELECT count(*) FROM push_queue"), 1);
}

TYPED_TEST(PushRepositoryTest, WithdrawalDeletesDevicesQueuedPushesAndSettings) {
  this->add(this->alice, "phone");
  this->add(this->bob, "bob-phone");
  ASSERT_TRUE(this->push_devices.set_alert_channels(this->alice, {false, false}));
  ASSERT_EQ(this->pushes.enqueue_for_user(this->notice(this->alice, "n1"), kNow).value(), 1);
  ASSERT_EQ(this->pushes.enqueue_for_user(this->notice(this->bob, "n1"), kNow).value(), 1);
  ASSERT_TRUE(this->users.withdraw(this->alice, "", kNow));
  const auto alice_id = std::to_string(this->alice);
  EXPECT_EQ(this->count("SELECT count(*) FROM push_subscriptions WHERE user_id = " + alice_id), 0);
  EXPECT_EQ(this->count("SELECT count(*) FROM push_queue WHERE user_id = " + alice_id), 0);
  EXPECT_EQ(this->count("SELECT count(*) FROM alert_channels WHERE user_id = " + alice_id), 0);
  EXPECT_EQ(this->push_devices.subscriptions_of(this->bob).value().size(), 1u);
  EXPECT_EQ(this->count("SELECT count(*) FROM push_queue WHERE user_id = " + std::to_string(this->bob)), 1);
}

}  // namespace
}  // namespace pokeca::storage
