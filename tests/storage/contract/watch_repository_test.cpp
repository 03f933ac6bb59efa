// The WatchRepository and WatchAlertQueue ports (a backend contract test, backend.hpp): the
// per-user limit, edits and deletes of one's own watches only, the off switch, quiet hours,
// the fan-out's candidates (prefecture and grid cells, only accounts that can get mail),
// the alert limits in one transaction, the held due time, and withdrawal.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "personal_fixture.hpp"
#include "pokeca/personal/area_watch.hpp"

namespace pokeca::storage {
namespace {

using testing::kNow;

constexpr LatLng kIkebukuro{35.7289, 139.7193};

template <class Backend>
class WatchRepositoryTest : public testing::PersonalStorageTest<Backend> {
 protected:
  static AreaWatch point(UserId user, LatLng centre, int radius_km) {
    AreaWatch w;
    w.user_id = user;
    w.centre = centre;
    w.radius_km = radius_km;
    w.created_at = w.updated_at = kNow;
    return w;
  }
  static AreaWatch prefecture(UserId user, std::string code) {
    AreaWatch w;
    w.user_id = user;
    w.prefecture = std::move(code);
    w.created_at = w.updated_at = kNow;
    return w;
  }
  std::vector<WatchId> candidate_ids(std::string_view pref, LatLng at, UserId except) {
    const auto cells = watch_cells_around(at);
    std::vector<WatchId> out;
    const auto found = this->watches.candidates(pref, cells, except).value();  // kept alive for the loop
    for (const auto& c : found) out.push_back(c.watch.id);
    std::ranges::sort(out);
    return out;
  }
  WatchAlertMail mail(UserId user, WatchId watch, StoreId store, std::string key, UnixSeconds send_at = kNow) {
    return {user, watch, store, send_at, this->message(std::move(key), user)};
  }
};
TYPED_TEST_SUITE(WatchRepositoryTest, testing::WatchBackends, testing::BackendName);

TYPED_TEST(WatchRepositoryTest, StoresPointAndPrefectureWatchesUpToTheLimit) {
  auto w = this->point(this->alice, kIkebukuro, 5);
  w.product_kinds = product_bit(Product::kBox);
  w.catalog_product = 7;
  w.events = static_cast<unsigned>(WatchEvent::kLottery);
  const auto stored = this->watches.insert(w, 2).value();
  ASSERT_TRUE(stored);
  EXPECT_GT(stored->id, 0);
  ASSERT_TRUE(stored->centre);
  EXPECT_NEAR(stored->centre->lat, kIkebukuro.lat, 1e-6);
  EXPECT_NEAR(stored->centre->lng, kIkebukuro.lng, 1e-6);
  EXPECT_EQ(stored->radius_km, 5);
  EXPECT_EQ(stored->product_kinds, product_bit(Product::kBox));
  EXPECT_EQ(stored->catalog_product, 7);
  EXPECT_EQ(stored->events, static_cast<unsigned>(WatchEvent::kLottery));
  EXPECT_TRUE(stored->active);
  const auto second = this->watches.insert(this->prefecture(this->alice, "osaka"), 2).value();
  ASSERT_TRUE(second);
  EXPECT_EQ(second->prefecture, "osaka");
  EXPECT_FALSE(second->centre);
  // The limit: nothing written past it; another user has their own.
  EXPECT_FALSE(this->watches.insert(this->prefecture(this->alice, "tokyo"), 2).value());
  EXPECT_TRUE(this->watches.insert(this->prefecture(this->bob, "tokyo"), 2).value());
  const auto list = this->watches.list(this->alice).value();
  ASSERT_EQ(list.size(), 2U);
  EXPECT_EQ(list[0].id, stored->id);
  EXPECT_EQ(list[1].id, second->id);
}

TYPED_TEST(WatchRepositoryTest, OnlyTheOwnerEditsOrDeletesAWatch) {
  const auto w = this->watches.insert(this->point(this->alice, kIkebukuro, 5), 5).value().value();
  auto edit = this->prefecture(this->bob, "tokyo");
  edit.id = w.id;
  edit.updated_at = kNow + 10;
  EXPECT_FALSE(this->watches.update(edit).value());  // bob's edit of alice's watch
  EXPECT_FALSE(this->watches.remove(this->bob, w.id).value());
  edit.user_id = this->alice;
  const auto changed = this->watches.update(edit).value();
  ASSERT_TRUE(changed);
  EXPECT_EQ(changed->prefecture, "tokyo");
  EXPECT_FALSE(changed->centre);
  EXPECT_EQ(changed->created_at, kNow);
  EXPECT_EQ(changed->updated_at, kNow + 10);
  EXPECT_TRUE(this->watches.remove(this->alice, w.id).value());
  EXPECT_FALSE(this->watches.remove(this->alice, w.id).value());
  EXPECT_TRUE(this->watches.list(this->alice).value().empty());
}

TYPED_TEST(WatchRepositoryTest, TheOffSwitchTurnsOneOrAllOfTheUsersWatchesOff) {
  const auto a = this->watches.insert(this->point(this->alice, kIkebukuro, 5), 5).value().value();
  const auto b = this->watches.insert(this->prefecture(this->alice, "tokyo"), 5).value().value();
  const auto c = this->watches.insert(this->prefecture(this->bob, "tokyo"), 5).value().value();
  EXPECT_EQ(this->watches.switch_off(this->bob, a.id, kNow).value(), 0);  // not bob's
  EXPECT_EQ(this->watches.switch_off(this->alice, a.id, kNow).value(), 1);
  EXPECT_EQ(this->watches.switch_off(this->alice, a.id, kNow).value(), 0);
  EXPECT_EQ(this->candidate_ids("tokyo", kIkebukuro, 0), (std::vector<WatchId>{b.id, c.id}));
  EXPECT_EQ(this->watches.switch_off(this->alice, std::nullopt, kNow).value(), 1);
  EXPECT_EQ(this->candidate_ids("tokyo", kIkebukuro, 0), (std::vector<WatchId>{c.id}));
}

TYPED_TEST(WatchRepositoryTest, QuietHoursDefaultAndAreKeptPerUser) {
  const auto fresh = this->watches.quiet_hours(this->alice).value();
  EXPECT_EQ(fresh.start_hour, kDefaultQuietStartHour);
  EXPECT_EQ(fresh.end_hour, kDefaultQuietEndHour);
  ASSERT_TRUE(this->watches.set_quiet_hours(this->alice, {22, 6}));
  ASSERT_TRUE(this->watches.set_quiet_hours(this->alice, {0, 0}));
  const auto set = this->watches.quiet_hours(this->alice).value();
  EXPECT_EQ(set.start_hour, 0);
  EXPECT_EQ(set.end_hour, 0);
  EXPECT_EQ(this->watches.quiet_hours(this->bob).value().start_hour, kDefaultQuietStartHour);
}

TYPED_TEST(WatchRepositoryTest, CandidatesComeFromThePrefectureAndTheNineCellsOnly) {
  const auto near = this->watches.insert(this->point(this->alice, {35.75, 139.75}, 10), 5).value().value();
  const auto tokyo = this->watches.insert(this->prefecture(this->alice, "tokyo"), 5).value().value();
  const auto osaka_point = this->watches.insert(this->point(this->bob, {34.70, 135.50}, 20), 5).value().value();
  const auto osaka = this->watches.insert(this->prefecture(this->bob, "osaka"), 5).value().value();
  ASSERT_TRUE(this->watches.set_quiet_hours(this->alice, {21, 8}));
  EXPECT_EQ(this->candidate_ids("tokyo", kIkebukuro, 0), (std::vector<WatchId>{near.id, tokyo.id}));
  EXPECT_EQ(this->candidate_ids("osaka", {34.70, 135.49}, 0), (std::vector<WatchId>{osaka_point.id, osaka.id}));
  const auto cells = watch_cells_around(kIkebukuro);
  const auto with_mail = this->watches.candidates("tokyo", cells, 0).value();
  ASSERT_EQ(with_mail.size(), 2U);
  EXPECT_EQ(with_mail[0].email, "alice@example.com");
  EXPECT_EQ(with_mail[0].quiet.start_hour, 21);
  EXPECT_EQ(with_mail[0].quiet.end_hour, 8);
  // The author, an unverified, a blocked and a withdrawn account are left out.
  EXPECT_TRUE(this->candidate_ids("tokyo", kIkebukuro, this->alice).empty());
  const auto carol = this->make_user("carol@example.com", true, false);
  ASSERT_TRUE(this->watches.insert(this->prefecture(carol, "tokyo"), 5).value());
  const auto dave = this->make_user("dave@example.com");
  ASSERT_TRUE(this->watches.insert(this->prefecture(dave, "tokyo"), 5).value());
  this->sql("UPDATE users SET blocked = " + std::string(TypeParam::kName == "sqlite" ? "1" : "true") +
            " WHERE id = " + std::to_string(dave));
  EXPECT_EQ(this->candidate_ids("tokyo", kIkebukuro, 0), (std::vector<WatchId>{near.id, tokyo.id}));
}

TYPED_TEST(WatchRepositoryTest, AlertsKeepTheLimitsAndWaitUntilTheirDueTime) {
  const auto w = this->watches.insert(this->prefecture(this->alice, "tokyo"), 5).value().value();
  const auto w2 = this->watches.insert(this->point(this->alice, kIkebukuro, 3), 5).value().value();
  const auto limits = alert_limits_at(kNow);
  // Held: due at the end of the quiet hours, not now.
  std::vector<WatchAlertMail> first{this->mail(this->alice, w.id, 1, "wa:1", kNow + 3600)};
  EXPECT_EQ(this->watch_alerts.queue_watch_alerts(first, limits, kNow).value(), 1);
  EXPECT_EQ(this->count("SELECT next_attempt_at FROM mail_queue WHERE idempotency_key = 'wa:1'"), kNow + 3600);
  EXPECT_FALSE(this->queue.claim_next(kNow + 60, kNow + 120).value());
  // The same key again, and the same watch and store within 12 hours: nothing.
  EXPECT_EQ(this->watch_alerts.queue_watch_alerts(first, limits, kNow).value(), 0);
  std::vector<WatchAlertMail> same_store{this->mail(this->alice, w.id, 1, "wa:2")};
  EXPECT_EQ(this->watch_alerts.queue_watch_alerts(same_store, limits, kNow).value(), 0);
  // Another watch of the user about the same store is its own limit.
  std::vector<WatchAlertMail> other_watch{this->mail(this->alice, w2.id, 1, "wa:3")};
  EXPECT_EQ(this->watch_alerts.queue_watch_alerts(other_watch, limits, kNow).value(), 1);
  // A favourite-store alert about a store counts as that store's alert.
  std::vector<AlertMail> favourite{this->alert(this->alice, 4, 99)};
  ASSERT_EQ(this->alert_queue.queue_alerts(favourite, limits, kNow).value(), 1);
  std::vector<WatchAlertMail> after_favourite{this->mail(this->alice, w.id, 4, "wa:4")};
  EXPECT_EQ(this->watch_alerts.queue_watch_alerts(after_favourite, limits, kNow).value(), 0);
  // The day: 3 so far (2 watch + 1 favourite); two more pass, the sixth does not.
  std::vector<WatchAlertMail> more{this->mail(this->alice, w.id, 2, "wa:5"), this->mail(this->alice, w.id, 3, "wa:6"),
                                   this->mail(this->alice, w.id, 5, "wa:7")};
  EXPECT_EQ(this->watch_alerts.queue_watch_alerts(more, limits, kNow).value(), 2);
  EXPECT_EQ(this->count("SELECT count(*) FROM watch_alert_log WHERE user_id = " + std::to_string(this->alice)), 4);
  // A day later the limits are fresh.
  const auto tomorrow = kNow + 25 * 3600;
  std::vector<WatchAlertMail> next_day{this->mail(this->alice, w.id, 1, "wa:8", tomorrow)};
  EXPECT_EQ(this->watch_alerts.queue_watch_alerts(next_day, alert_limits_at(tomorrow), tomorrow).value(), 1);
}

TYPED_TEST(WatchRepositoryTest, WithdrawalDeletesWatchesQuietHoursAndAlertHistory) {
  const auto w = this->watches.insert(this->prefecture(this->alice, "tokyo"), 5).value().value();
  ASSERT_TRUE(this->watches.insert(this->prefecture(this->bob, "tokyo"), 5).value());
  ASSERT_TRUE(this->watches.set_quiet_hours(this->alice, {1, 2}));
  std::vector<WatchAlertMail> one{this->mail(this->alice, w.id, 1, "wa:w")};
  ASSERT_EQ(this->watch_alerts.queue_watch_alerts(one, alert_limits_at(kNow), kNow).value(), 1);
  ASSERT_TRUE(this->users.withdraw(this->alice, "", kNow));
  const auto id = std::to_string(this->alice);
  EXPECT_EQ(this->count("SELECT count(*) FROM watches WHERE user_id = " + id), 0);
  EXPECT_EQ(this->count("SELECT count(*) FROM watch_quiet_hours WHERE user_id = " + id), 0);
  EXPECT_EQ(this->count("SELECT count(*) FROM watch_alert_log WHERE user_id = " + id), 0);
  EXPECT_EQ(this->count("SELECT count(*) FROM watches"), 1);  // bob's stays
}

}  // namespace
}  // namespace pokeca::storage
