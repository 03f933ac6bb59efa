// The lottery calendar's repository, typed over every backend: the feed token (replaced,
// revoked, found only for an account that is neither blocked nor withdrawn), the chosen
// prefectures, the feed's entries (favourite stores or chosen prefectures, approved, not
// ended, active stores, soonest deadline first, the limit), and withdrawal removing both.
#include "backend.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::make_store;

// 2026-11-28T00:00:00Z
constexpr UnixSeconds kNow = 1'795'824'000;
constexpr UnixSeconds kHour = 3600;

template <class Backend>
class LotteryCalendarContract : public testing::BackendTest<Backend> {
 protected:
  LotteryCalendarContract() {
    auto shinjuku = make_store(1, "カードラボ 新宿店", "card_shop", "tokyo", {35.6896, 139.7006});
    auto umeda = make_store(2, "ヨドバシ梅田", "electronics", "osaka", {34.7043, 135.4959});
    auto sapporo = make_store(3, "札幌のおもちゃ屋", "toy", "hokkaido", {43.06, 141.35});
    auto closed = make_store(4, "閉店した店", "card_shop", "osaka", {34.70, 135.50});
    closed.status = StoreStatus::kClosed;
    EXPECT_TRUE(this->stores.insert_many(std::vector<Store>{shinjuku, umeda, sapporo, closed}));
    user = this->users.create({"a@example.com", "サトシ", "", "hash", kNow - 100 * kHour}).value().id;
    other = this->users.create({"b@example.com", "カスミ", "", "hash", kNow - 100 * kHour}).value().id;
  }

  // An approved entry (the demo path writes it as it is).
  LotteryId add(StoreId store, UnixSeconds end, LotteryStatus status = LotteryStatus::kApproved) {
    LotteryEntry e;
    e.store_id = store;
    e.product_name = "熱風のアリーナ " + std::to_string(++made);
    e.methods = static_cast<unsigned>(LotteryMethod::kWeb);
    e.apply_start = end - 48 * kHour;
    e.apply_end = end;
    e.status = status;
    e.created_at = e.updated_at = kNow - 50 * kHour;
    batch.push_back(e);
    return made;  // ids follow the insert order in an empty table
  }
  void write() { ASSERT_TRUE(this->lotteries.insert_demo(batch)); }
  std::vector<LotteryId> feed(UserId who, int limit = 50, UnixSeconds now = kNow) {
    std::vector<LotteryId> out;
    // The Result is kept alive: a range-for over value() of a temporary reads a destroyed list.
    const auto listed = this->calendars.feed_entries(who, now, limit);
    for (const auto& l : listed.value()) out.push_back(l.entry.id);
    return out;
  }

  UserId user = 0, other = 0;
  int made = 0;
  std::vector<LotteryEntry> batch;
};
TYPED_TEST_SUITE(LotteryCalendarContract, testing::CalendarBackends, testing::BackendName);

TYPED_TEST(LotteryCalendarContract, ATokenIsFoundByItsHashUntilReplacedOrRevoked) {
  EXPECT_FALSE(this->calendars.settings(this->user).value().token_created_at);
  ASSERT_TRUE(this->calendars.set_token(this->user, "hash-one", kNow));
  const auto found = this->calendars.find_by_token("hash-one").value();
  ASSERT_TRUE(found);
  EXPECT_EQ(found->user_id, this->user);
  EXPECT_EQ(found->token_hash, "hash-one");
  EXPECT_EQ(this->calendars.settings(this->user).value().token_created_at, kNow);

  // A new token replaces the old one: the old URL stops at once.
  ASSERT_TRUE(this->calendars.set_token(this->user, "hash-two", kNow + 10));
  EXPECT_FALSE(this->calendars.find_by_token("hash-one").value());
  EXPECT_TRUE(this->calendars.find_by_token("hash-two").value());
  EXPECT_EQ(this->calendars.settings(this->user).value().token_created_at, kNow + 10);
  // Another user's token is theirs.
  ASSERT_TRUE(this->calendars.set_token(this->other, "hash-other", kNow));
  EXPECT_EQ(this->calendars.find_by_token("hash-other").value()->user_id, this->other);

  ASSERT_TRUE(this->calendars.revoke_token(this->user));
  EXPECT_FALSE(this->calendars.find_by_token("hash-two").value());
  EXPECT_FALSE(this->calendars.settings(this->user).value().token_created_at);
  EXPECT_TRUE(this->calendars.find_by_token("hash-other").value());
}

TYPED_TEST(LotteryCalendarContract, ABlockedAccountsTokenNamesNobody) {
  ASSERT_TRUE(this->calendars.set_token(this->user, "hash-one", kNow));
  ASSERT_TRUE(this->users.set_blocked(this->user, true));
  EXPECT_FALSE(this->calendars.find_by_token("hash-one").value());
  ASSERT_TRUE(this->users.set_blocked(this->user, false));
  EXPECT_TRUE(this->calendars.find_by_token("hash-one").value());
}

TYPED_TEST(LotteryCalendarContract, ChosenPrefecturesAreReplacedAndReadInPrefectureOrder) {
  ASSERT_TRUE(this->calendars.set_prefectures(this->user, {"osaka", "hokkaido", "tokyo"}));
  EXPECT_EQ(this->calendars.settings(this->user).value().prefectures,
            (std::vector<std::string>{"hokkaido", "tokyo", "osaka"}));
  ASSERT_TRUE(this->calendars.set_prefectures(this->user, {"osaka"}));
  EXPECT_EQ(this->calendars.settings(this->user).value().prefectures, (std::vector<std::string>{"osaka"}));
  EXPECT_TRUE(this->calendars.settings(this->other).value().prefectures.empty());
  ASSERT_TRUE(this->calendars.set_prefectures(this->user, {}));
  EXPECT_TRUE(this->calendars.settings(this->user).value().prefectures.empty());
}

TYPED_TEST(LotteryCalendarContract, TheFeedHoldsOpenEntriesAtFavouritesAndInChosenPrefectures) {
  const auto tokyo_late = this->add(1, kNow + 72 * kHour);
  const auto osaka_soon = this->add(2, kNow + 5 * kHour);
  const auto sapporo = this->add(3, kNow + 10 * kHour);
  const auto ended = this->add(1, kNow - kHour);
  const auto hidden = this->add(2, kNow + 6 * kHour, LotteryStatus::kHidden);
  const auto pending = this->add(1, kNow + 7 * kHour, LotteryStatus::kPending);
  const auto at_closed_store = this->add(4, kNow + 8 * kHour);
  this->write();
  (void)ended, (void)hidden, (void)pending, (void)at_closed_store;
  EXPECT_TRUE(this->feed(this->user).empty());  // nothing chosen: an empty calendar

  ASSERT_TRUE(this->favorites.add(this->user, 1, kNow, 500));
  EXPECT_EQ(this->feed(this->user), (std::vector<LotteryId>{tokyo_late}));
  ASSERT_TRUE(this->calendars.set_prefectures(this->user, {"osaka"}));
  // Soonest deadline first; the favourite and the prefecture together.
  EXPECT_EQ(this->feed(this->user), (std::vector<LotteryId>{osaka_soon, tokyo_late}));
  ASSERT_TRUE(this->calendars.set_prefectures(this->user, {"osaka", "tokyo", "hokkaido"}));
  EXPECT_EQ(this->feed(this->user), (std::vector<LotteryId>{osaka_soon, sapporo, tokyo_late}));  // once each
  EXPECT_EQ(this->feed(this->user, 2), (std::vector<LotteryId>{osaka_soon, sapporo}));
  // Later, the soonest has ended.
  EXPECT_EQ(this->feed(this->user, 50, kNow + 6 * kHour), (std::vector<LotteryId>{sapporo, tokyo_late}));
  // The other user chose nothing.
  EXPECT_TRUE(this->feed(this->other).empty());

  const auto listings = this->calendars.feed_entries(this->user, kNow, 1).value();
  ASSERT_EQ(listings.size(), 1U);
  EXPECT_EQ(listings[0].store_name, "ヨドバシ梅田");
  EXPECT_EQ(listings[0].prefecture, "osaka");
  EXPECT_EQ(listings[0].entry.apply_end, kNow + 5 * kHour);
}

TYPED_TEST(LotteryCalendarContract, WithdrawalDeletesTheTokenAndThePrefectures) {
  ASSERT_TRUE(this->calendars.set_token(this->user, "hash-one", kNow));
  ASSERT_TRUE(this->calendars.set_prefectures(this->user, {"osaka"}));
  ASSERT_TRUE(this->calendars.set_token(this->other, "hash-other", kNow));
  ASSERT_TRUE(this->users.withdraw(this->user, "", kNow + 1));
  EXPECT_FALSE(this->calendars.find_by_token("hash-one").value());
  const auto after = this->calendars.settings(this->user).value();
  EXPECT_FALSE(after.token_created_at);
  EXPECT_TRUE(after.prefectures.empty());
  EXPECT_EQ(this->backend.sql_int("SELECT count(*) FROM calendar_feeds"), 1);
  EXPECT_EQ(this->backend.sql_int("SELECT count(*) FROM calendar_prefectures"), 0);
}

}  // namespace
}  // namespace pokeca::storage
