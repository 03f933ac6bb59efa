// The personal repositories through core's ports (a backend contract test, backend.hpp): favourites (limit,
// idempotency, hidden stores kept, withdrawal removes them), the durable mail queue (idempotency key, claim, resume
// after a restart, never sent twice once marked), favourite-alert limits in one
// transaction, and the activity counts.
#include <gtest/gtest.h>

#include <algorithm>

#include "backend.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::ids_of;
using testing::kNow;
using testing::make_report;
using testing::make_store;

template <class Backend>
class PersonalStorageTest : public testing::BackendTest<Backend> {
 protected:
  PersonalStorageTest() {
    auto ikebukuro = make_store(1, "ポケモンセンターメガトウキョー", "pokemon_center", "tokyo", {35.7289, 139.7193});
    ikebukuro.city = "豊島区";
    auto umeda = make_store(2, "ヨドバシカメラ マルチメディア梅田", "electronics", "osaka", {34.7040, 135.4960});
    umeda.city = "大阪市";
    auto shinjuku = make_store(3, "カードラボ新宿店", "card_shop", "tokyo", {35.6938, 139.7036});
    auto mejiro = make_store(4, "ポケモンカード専門店 目白", "card_shop", "tokyo", {35.7210, 139.7066});
    mejiro.city = "豊島区";
    auto far = make_store(5, "ポケモンカード館 渋谷", "card_shop", "tokyo", {35.6580, 139.7016});
    far.city = "渋谷区";
    EXPECT_TRUE(this->stores.insert_many(std::vector{ikebukuro, umeda, shinjuku, mejiro, far}));
    this->alice = this->make_user("alice@example.com");
    this->bob = this->make_user("bob@example.com");
  }

  UserId make_user(std::string email, bool alerts = true, bool verified = true) {
    const auto id = this->users.create({std::move(email), "ピカ", "東京都", "hash", kNow}).value().id;
    if (verified) {
      EXPECT_TRUE(this->users.mark_email_verified(id, kNow));
    }
    if (alerts) {
      EXPECT_TRUE(this->users.set_favorite_alerts(id, true));
    }
    return id;
  }

  void sql(const std::string& text) { ASSERT_TRUE(this->backend.exec_sql(text)); }

  std::int64_t count(const std::string& text) { return this->backend.sql_int(text); }

  static MailMessage message(std::string key, std::optional<UserId> user = std::nullopt) {
    MailMessage m;
    m.idempotency_key = std::move(key);
    m.kind = "test";
    m.user_id = user;
    m.mail = Mail{"to@example.com", "件名", "本文", "http://localhost/api/v1/alerts/unsubscribe?token=t"};
    return m;
  }

  AlertMail alert(UserId user, StoreId store, ReportId report) {
    return {user, store, report, this->message("alert:" + std::to_string(report) + ":" + std::to_string(user), user)};
  }

  UserId alice = 0, bob = 0;
};
TYPED_TEST_SUITE(PersonalStorageTest, testing::Backends, testing::BackendName);

TYPED_TEST(PersonalStorageTest, AddingIsIdempotentAndTheListIsNewestFirst) {
  const auto first = this->favorites.add(this->alice, 1, kNow, 500).value();
  EXPECT_EQ(first.outcome, FavoriteAddOutcome::kAdded);
  EXPECT_EQ(first.created_at, kNow);
  const auto again = this->favorites.add(this->alice, 1, kNow + 50, 500).value();
  EXPECT_EQ(again.outcome, FavoriteAddOutcome::kAlreadyFavorite);
  EXPECT_EQ(again.created_at, kNow);  // the first time, not the repeat
  ASSERT_TRUE(this->favorites.add(this->alice, 3, kNow + 10, 500));
  ASSERT_TRUE(this->favorites.add(this->bob, 2, kNow, 500));
  const auto list = this->favorites.list(this->alice, 500).value();
  ASSERT_EQ(list.size(), 2U);
  EXPECT_EQ(list[0].store.id, 3);
  EXPECT_EQ(list[1].store.id, 1);
  EXPECT_EQ(list[0].created_at, kNow + 10);
  EXPECT_EQ(this->favorites.count(this->alice).value(), 2);
  // Removing is idempotent and touches only the caller's row.
  ASSERT_TRUE(this->favorites.remove(this->alice, 3));
  ASSERT_TRUE(this->favorites.remove(this->alice, 3));
  EXPECT_EQ(this->favorites.count(this->alice).value(), 1);
  EXPECT_EQ(this->favorites.count(this->bob).value(), 1);
}

TYPED_TEST(PersonalStorageTest, UnknownOrHiddenStoresCannotBeAddedAndTheLimitHolds) {
  EXPECT_EQ(this->favorites.add(this->alice, 999, kNow, 500).value().outcome, FavoriteAddOutcome::kNoSuchStore);
  this->sql("UPDATE stores SET status = 'hidden' WHERE id = 5");
  EXPECT_EQ(this->favorites.add(this->alice, 5, kNow, 500).value().outcome, FavoriteAddOutcome::kNoSuchStore);
  ASSERT_EQ(this->favorites.add(this->alice, 1, kNow, 2).value().outcome, FavoriteAddOutcome::kAdded);
  ASSERT_EQ(this->favorites.add(this->alice, 2, kNow, 2).value().outcome, FavoriteAddOutcome::kAdded);
  EXPECT_EQ(this->favorites.add(this->alice, 3, kNow, 2).value().outcome, FavoriteAddOutcome::kLimitReached);
  EXPECT_EQ(this->favorites.add(this->alice, 1, kNow, 2).value().outcome, FavoriteAddOutcome::kAlreadyFavorite);
  EXPECT_EQ(this->favorites.count(this->alice).value(), 2);
}

TYPED_TEST(PersonalStorageTest, AHiddenOrClosedStoreKeepsItsFavouriteWithItsStatus) {
  ASSERT_TRUE(this->favorites.add(this->alice, 1, kNow, 500));
  ASSERT_TRUE(this->favorites.add(this->alice, 2, kNow + 1, 500));
  this->sql("UPDATE stores SET status = 'hidden' WHERE id = 1; UPDATE stores SET status = 'closed' WHERE id = 2");
  const auto list = this->favorites.list(this->alice, 500).value();
  ASSERT_EQ(list.size(), 2U);
  EXPECT_EQ(list[0].store.status, StoreStatus::kClosed);
  EXPECT_EQ(list[1].store.status, StoreStatus::kHidden);
  // A deleted store takes its favourites along (ON DELETE CASCADE).
  this->sql("DELETE FROM stores WHERE id = 2");
  EXPECT_EQ(ids_of(std::vector<Store>{this->favorites.list(this->alice, 500).value()[0].store}),
            (std::vector<StoreId>{1}));
}

TYPED_TEST(PersonalStorageTest, WithdrawalDeletesFavouritesAlertSettingAndQueuedMail) {
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

TYPED_TEST(PersonalStorageTest, AlertRecipientsAreOptedInVerifiedUnblockedLiveAndNotTheReporter) {
  const auto off = this->make_user("off@example.com", false);
  const auto unverified = this->make_user("unverified@example.com", true, false);
  const auto blocked = this->make_user("blocked@example.com");
  const auto gone = this->make_user("gone@example.com");
  for (const auto u : {this->alice, this->bob, off, unverified, blocked, gone})
    ASSERT_TRUE(this->favorites.add(u, 1, kNow, 500));
  ASSERT_TRUE(this->users.set_blocked(blocked, true));
  ASSERT_TRUE(this->users.withdraw(gone, "", kNow));
  const auto to = this->favorites.alert_recipients(1, this->bob).value();
  ASSERT_EQ(to.size(), 1U);
  EXPECT_EQ(to[0].user_id, this->alice);
  EXPECT_EQ(to[0].email, "alice@example.com");
  EXPECT_TRUE(this->favorites.alert_recipients(2, this->bob).value().empty());
}

TYPED_TEST(PersonalStorageTest, TheSameKeyIsQueuedOnce) {
  EXPECT_TRUE(this->queue.enqueue(this->message("k1"), kNow).value());
  EXPECT_FALSE(this->queue.enqueue(this->message("k1"), kNow + 5).value());
  EXPECT_EQ(this->count("SELECT count(*) FROM mail_queue"), 1);
}

TYPED_TEST(PersonalStorageTest, AClaimedMailIsNotClaimedAgainUntilItsClaimRunsOut) {
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

TYPED_TEST(PersonalStorageTest, RetriesWaitAndFailedMailIsNotClaimedAgain) {
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

TYPED_TEST(PersonalStorageTest, AlertLimitsOnePerStorePer12HoursAndFiveADay) {
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

TYPED_TEST(PersonalStorageTest, ActivityCountsAUsersContributionsAndAStoresRecentReports) {
  auto r1 = make_report(1, kNow - 100);
  r1.user_id = this->alice;
  auto r2 = make_report(2, kNow - 40 * 86400);
  r2.user_id = this->alice;
  auto r3 = make_report(1, kNow - 10);
  r3.user_id = this->bob;
  ASSERT_TRUE(this->reports.insert(r1));
  ASSERT_TRUE(this->reports.insert(r2));
  ASSERT_TRUE(this->reports.insert(r3));
  ASSERT_TRUE(this->favorites.add(this->alice, 3, kNow, 500));
  const auto a = std::to_string(this->alice);
  this->sql(
      "INSERT INTO store_submissions (user_id, store_name, location_method, lat, lng, location_precision,"
      " prefecture, status, reviewed_at, points_awarded, created_at) VALUES"
      " (" +
      a + ", 'a', 'gps', 35, 139, 'exact', 'tokyo', 'approved', " + std::to_string(kNow - 50) +
      ", 5, 0),"
      " (" +
      a + ", 'b', 'gps', 35, 139, 'exact', 'tokyo', 'approved', " + std::to_string(kNow - 400 * 86400) +
      ", 1, 0),"
      " (" +
      a +
      ", 'c', 'gps', 35, 139, 'exact', 'tokyo', 'pending', NULL, 0, 0),"
      " (" +
      a + ", 'd', 'gps', 35, 139, 'exact', 'tokyo', 'rejected', " + std::to_string(kNow) + ", 0, 0)");
  const auto got = this->user_stats.activity(this->alice, kNow - 30 * 86400).value();
  EXPECT_EQ(got.submissions.pending, 1);
  EXPECT_EQ(got.submissions.approved, 2);
  EXPECT_EQ(got.submissions.rejected, 1);
  EXPECT_EQ(got.purchase_reports, 2);
  EXPECT_EQ(got.favorites, 1);
  ASSERT_EQ(got.approvals_since.size(), 1U);
  EXPECT_EQ(got.approvals_since[0].points, 5);
  EXPECT_EQ(got.reports_since, (std::vector<UnixSeconds>{kNow - 100}));
  auto times = this->store_activity.report_times(1, kNow - 30 * 86400).value();
  std::sort(times.begin(), times.end());
  EXPECT_EQ(times, (std::vector<UnixSeconds>{kNow - 100, kNow - 10}));
}

}  // namespace
}  // namespace pokeca::storage
