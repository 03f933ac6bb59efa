// The durable mail queue and the favourite-alert queue (a backend contract test,
// backend.hpp): the idempotency key, claims and their lease (a mail claimed by a sender
// that died is claimed again once the lease ran out, after a restart too), retries and
// failures, never sent twice once marked, the alert limits in one transaction, and the
// account's mail going with its withdrawal.
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "personal_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::kNow;

template <class Backend>
class MailQueueTest : public testing::PersonalStorageTest<Backend> {};
TYPED_TEST_SUITE(MailQueueTest, testing::MailQueueBackends, testing::BackendName);

TYPED_TEST(MailQueueTest, WithdrawalDeletesFavouritesAlertSettingAndQueuedMail) {
  ASSERT_TRUE(this->favorites.add(this->alice, 1, kNow, 500));
  ASSERT_TRUE(this->favorites.add(this->bob, 1, kNow, 500));
  const std::vector mails{this->alert(this->alice, 1, 10), this->alert(this->bob, 1, 10)};
  ASSERT_EQ(this->alert_queue.queue_alerts(mails, alert_limits_at(kNow), kNow).value(), 2);
  ASSERT_TRUE(this->users.withdraw(this->alice, "", kNow));
  EXPECT_EQ(this->favorites.count(this->alice).value(), 0);
  EXPECT_FALSE(this->users.find_by_id(this->alice).value()->favorite_alerts);
  EXPECT_EQ(this->count("SELECT count(*) FROM mail_queue WHERE user_id = " + std::to_string(this->alice)), 0);
  EXPECT_EQ(this->count("SELECT count(*) FROM favorite_alert_log WHERE user_id = " + std::to_string(this->alice)), 0);
  // Others keep theirs.
  EXPECT_EQ(this->favorites.count(this->bob).value(), 1);
  EXPECT_EQ(this->count("SELECT count(*) FROM mail_queue WHERE user_id = " + std::to_string(this->bob)), 1);
  EXPECT_TRUE(this->users.find_by_id(this->bob).value()->favorite_alerts);
}

TYPED_TEST(MailQueueTest, TheSameKeyIsQueuedOnce) {
  EXPECT_TRUE(this->queue.enqueue(this->message("k1"), kNow).value());
  EXPECT_FALSE(this->queue.enqueue(this->message("k1"), kNow + 5).value());
  EXPECT_EQ(this->count("SELECT count(*) FROM mail_queue"), 1);
}

TYPED_TEST(MailQueueTest, AClaimedMailIsNotClaimedAgainUntilItsClaimRunsOut) {
  ASSERT_TRUE(this->queue.enqueue(this->message("k1"), kNow));
  ASSERT_TRUE(this->queue.enqueue(this->message("k2"), kNow + 1));
  const auto first = this->queue.claim_next(kNow + 2, kNow + 2 + kMailClaimLeaseSeconds).value();
  ASSERT_TRUE(first);
  EXPECT_EQ(first->message.idempotency_key, "k1");
  EXPECT_EQ(first->attempts, 1);
  EXPECT_EQ(first->message.mail.list_unsubscribe_url, "http://localhost/api/v1/alerts/unsubscribe?token=t");
  const auto second = this->queue.claim_next(kNow + 2, kNow + 2 + kMailClaimLeaseSeconds).value();
  ASSERT_TRUE(second);
  EXPECT_EQ(second->message.idempotency_key, "k2");
  EXPECT_FALSE(this->queue.claim_next(kNow + 3, kNow + 3 + kMailClaimLeaseSeconds).value());
  ASSERT_TRUE(this->queue.mark_sent(second->id, kNow + 3));

  // The process dies while sending k1. After a restart (a new database and queue on
  // the same file) it is claimed again once its claim ran out; k2 never again.
  TypeParam reopened(this->dir.path());
  MailQueue& after_restart = reopened.mail_queue();
  EXPECT_FALSE(after_restart.claim_next(kNow + 10, kNow + 10 + kMailClaimLeaseSeconds).value());
  const auto later = kNow + 2 + kMailClaimLeaseSeconds;
  const auto again = after_restart.claim_next(later, later + kMailClaimLeaseSeconds).value();
  ASSERT_TRUE(again);
  EXPECT_EQ(again->message.idempotency_key, "k1");
  EXPECT_EQ(again->attempts, 2);
  ASSERT_TRUE(after_restart.mark_sent(again->id, later));
  EXPECT_FALSE(
      after_restart.claim_next(later + 10 * kMailClaimLeaseSeconds, later + 11 * kMailClaimLeaseSeconds).value());
}

TYPED_TEST(MailQueueTest, RetriesWaitAndFailedMailIsNotClaimedAgain) {
  ASSERT_TRUE(this->queue.enqueue(this->message("k1"), kNow));
  ASSERT_TRUE(this->queue.enqueue(this->message("k2"), kNow));
  const auto a = this->queue.claim_next(kNow, kNow + kMailClaimLeaseSeconds).value();
  ASSERT_TRUE(this->queue.mark_retry(a->id, kNow + 60, "smtp: 451"));
  const auto b = this->queue.claim_next(kNow, kNow + kMailClaimLeaseSeconds).value();
  ASSERT_TRUE(this->queue.mark_failed(b->id, "smtp: 550"));
  EXPECT_FALSE(this->queue.claim_next(kNow + 59, kNow + 59 + kMailClaimLeaseSeconds).value());
  const auto retried = this->queue.claim_next(kNow + 60, kNow + 60 + kMailClaimLeaseSeconds).value();
  ASSERT_TRUE(retried);
  EXPECT_EQ(retried->id, a->id);
  EXPECT_EQ(retried->attempts, 2);
  ASSERT_TRUE(this->queue.mark_sent(retried->id, kNow + 61));
  EXPECT_EQ(this->queue.purge_sent(kNow + 61).value(), 0);
  EXPECT_EQ(this->queue.purge_sent(kNow + 62).value(), 1);
  EXPECT_EQ(this->count("SELECT count(*) FROM mail_queue WHERE status = 'failed'"), 1);
}

TYPED_TEST(MailQueueTest, AlertLimitsOnePerStorePer12HoursAndFiveADay) {
  // The same report twice: its key is queued once.
  EXPECT_EQ(this->alert_queue.queue_alerts(std::vector{this->alert(this->alice, 1, 100)}, alert_limits_at(kNow), kNow)
                .value(),
            1);
  EXPECT_EQ(this->alert_queue.queue_alerts(std::vector{this->alert(this->alice, 1, 100)}, alert_limits_at(kNow), kNow)
                .value(),
            0);
  // Another report at the same store within 12 h: nothing; after 12 h: one more.
  const auto within = kNow + kAlertPerStoreIntervalSeconds - 1;
  EXPECT_EQ(
      this->alert_queue.queue_alerts(std::vector{this->alert(this->alice, 1, 101)}, alert_limits_at(within), within)
          .value(),
      0);
  const auto after = kNow + kAlertPerStoreIntervalSeconds;
  EXPECT_EQ(this->alert_queue.queue_alerts(std::vector{this->alert(this->alice, 1, 102)}, alert_limits_at(after), after)
                .value(),
            1);
  // Five a day: stores 2–5 bring alice to 5 + … (2 queued so far in the last 24 h).
  std::vector<AlertMail> more;
  for (StoreId s = 2; s <= 5; ++s) more.push_back(this->alert(this->alice, s, 200 + s));
  EXPECT_EQ(this->alert_queue.queue_alerts(more, alert_limits_at(after), after).value(), 3);
  EXPECT_EQ(this->count("SELECT count(*) FROM mail_queue WHERE user_id = " + std::to_string(this->alice)), 5);
  // Bob is counted on his own.
  EXPECT_EQ(this->alert_queue.queue_alerts(std::vector{this->alert(this->bob, 1, 102)}, alert_limits_at(after), after)
                .value(),
            1);
}

// Several senders (threads here, servers in production) claim from one queue at once:
// each mail goes to exactly one of them.
TYPED_TEST(MailQueueTest, ConcurrentClaimersNeverTakeTheSameMail) {
  constexpr int kMails = 40;
  constexpr int kSenders = 4;
  for (int i = 0; i < kMails; ++i) ASSERT_TRUE(this->queue.enqueue(this->message("m" + std::to_string(i)), kNow));
  std::mutex mutex;
  std::vector<MailId> claimed;
  std::vector<std::thread> senders;
  std::atomic<bool> go{false};
  std::atomic<int> errors{0};
  for (int s = 0; s < kSenders; ++s)
    senders.emplace_back([&] {
      while (!go) std::this_thread::yield();
      for (;;) {
        const auto next = this->queue.claim_next(kNow + 1, kNow + 1 + kMailClaimLeaseSeconds);
        if (!next) {
          ++errors;
          return;
        }
        if (!*next) return;
        const std::scoped_lock lock(mutex);
        claimed.push_back((*next)->id);
      }
    });
  go = true;
  for (auto& t : senders) t.join();
  EXPECT_EQ(errors, 0);
  EXPECT_EQ(claimed.size(), static_cast<std::size_t>(kMails));
  EXPECT_EQ(std::set<MailId>(claimed.begin(), claimed.end()).size(), static_cast<std::size_t>(kMails));
  EXPECT_EQ(this->count("SELECT count(*) FROM mail_queue WHERE attempts = 1 AND status = 'sending'"), kMails);
}

}  // namespace
}  // namespace pokeca::storage
