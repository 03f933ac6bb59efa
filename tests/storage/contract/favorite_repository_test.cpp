// The FavoriteRepository port (a backend contract test, backend.hpp): the limit,
// idempotency, hidden and closed stores kept with their status, a deleted store taking its
// favourites along, withdrawal, the alert recipients.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "personal_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::ids_of;
using testing::kNow;

template <class Backend>
class FavoriteRepositoryTest : public testing::PersonalStorageTest<Backend> {};
TYPED_TEST_SUITE(FavoriteRepositoryTest, testing::FavoriteBackends, testing::BackendName);

TYPED_TEST(FavoriteRepositoryTest, AddingIsIdempotentAndTheListIsNewestFirst) {
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

TYPED_TEST(FavoriteRepositoryTest, UnknownOrHiddenStoresCannotBeAddedAndTheLimitHolds) {
  EXPECT_EQ(this->favorites.add(this->alice, 999, kNow, 500).value().outcome, FavoriteAddOutcome::kNoSuchStore);
  this->sql("UPDATE stores SET status = 'hidden' WHERE id = 5");
  EXPECT_EQ(this->favorites.add(this->alice, 5, kNow, 500).value().outcome, FavoriteAddOutcome::kNoSuchStore);
  ASSERT_EQ(this->favorites.add(this->alice, 1, kNow, 2).value().outcome, FavoriteAddOutcome::kAdded);
  ASSERT_EQ(this->favorites.add(this->alice, 2, kNow, 2).value().outcome, FavoriteAddOutcome::kAdded);
  EXPECT_EQ(this->favorites.add(this->alice, 3, kNow, 2).value().outcome, FavoriteAddOutcome::kLimitReached);
  EXPECT_EQ(this->favorites.add(this->alice, 1, kNow, 2).value().outcome, FavoriteAddOutcome::kAlreadyFavorite);
  EXPECT_EQ(this->favorites.count(this->alice).value(), 2);
}

TYPED_TEST(FavoriteRepositoryTest, AHiddenOrClosedStoreKeepsItsFavouriteWithItsStatus) {
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

TYPED_TEST(FavoriteRepositoryTest, AlertRecipientsAreOptedInVerifiedUnblockedLiveAndNotTheReporter) {
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

TYPED_TEST(FavoriteRepositoryTest, WithdrawalDeletesTheFavouritesAndTurnsAlertsOff) {
  ASSERT_TRUE(this->favorites.add(this->alice, 1, kNow, 500));
  ASSERT_TRUE(this->favorites.add(this->bob, 1, kNow, 500));
  ASSERT_TRUE(this->users.withdraw(this->alice, "", kNow));
  EXPECT_EQ(this->favorites.count(this->alice).value(), 0);
  EXPECT_FALSE(this->users.find_by_id(this->alice).value()->favorite_alerts);
  EXPECT_EQ(this->favorites.count(this->bob).value(), 1);  // others keep theirs
  EXPECT_TRUE(this->users.find_by_id(this->bob).value()->favorite_alerts);
}

TYPED_TEST(FavoriteRepositoryTest, TwoAddsAtOnceCannotBothPassTheLimit) {
  constexpr int kRounds = 5;
  for (int round = 0; round < kRounds; ++round) {
    const auto user = this->make_user("limit" + std::to_string(round) + "@example.com");
    ASSERT_EQ(this->favorites.add(user, 1, kNow, 2).value().outcome, FavoriteAddOutcome::kAdded);
    std::atomic<int> added{0}, refused{0};
    std::atomic<bool> go{false};
    std::vector<std::thread> adders;
    for (const StoreId store : {StoreId{2}, StoreId{3}})
      adders.emplace_back([&, store] {
        while (!go) std::this_thread::yield();
        const auto r = this->favorites.add(user, store, kNow + 1, 2);
        if (r && r->outcome == FavoriteAddOutcome::kAdded) ++added;
        if (r && r->outcome == FavoriteAddOutcome::kLimitReached) ++refused;
      });
    go = true;
    for (auto& t : adders) t.join();
    EXPECT_EQ(added, 1);
    EXPECT_EQ(refused, 1);
    EXPECT_EQ(this->favorites.count(user).value(), 2);
  }
}

}  // namespace
}  // namespace pokeca::storage
