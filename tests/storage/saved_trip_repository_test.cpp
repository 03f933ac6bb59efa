// Saved trips over real SQLite: ordered stops, owner-scoped reads and writes, the limit
// per account checked with the insert, share ids, and the deleting rules (withdrawal
// deletes the trips; a store cannot be deleted out from under a trip).
#include <gtest/gtest.h>

#include "pokeca/storage/sqlite_saved_trip_repository.hpp"
#include "pokeca/storage/sqlite_user_repository.hpp"
#include "pokeca/storage/statement.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::kNow;
using testing::make_store;

class SavedTrips : public testing::StorageTest {
 protected:
  SavedTrips() {
    std::vector<Store> s;
    for (StoreId id = 1; id <= 5; ++id)
      s.push_back(make_store(id, "店舗" + std::to_string(id), "card_shop", "tokyo",
                             {35.69, 139.70 + 0.01 * static_cast<double>(id)}));
    EXPECT_TRUE(stores.insert_many(s));
    alice = user("alice");
    bob = user("bob");
  }
  UserId user(const std::string& nickname) {
    auto u = users.create({nickname + "@example.com", nickname, "", "$argon2id$fake", kNow});
    EXPECT_TRUE(u);
    return u->id;
  }
  static SavedTrip trip(UserId owner, std::string name, std::vector<StoreId> ids, UnixSeconds at = kNow) {
    SavedTrip r;
    r.user_id = owner;
    r.name = std::move(name);
    r.store_ids = std::move(ids);
    r.total_m = 1234.5;
    r.created_at = r.updated_at = at;
    return r;
  }
  std::int64_t count(const std::string& sql) {
    auto lease = db.acquire();
    Statement st(lease.connection(), sql);
    std::int64_t n = -1;
    EXPECT_TRUE(st.each([&](const Row& row) { n = row.int64(0); }));
    return n;
  }

  SqliteUserRepository users{db};
  SqliteSavedTripRepository trips{db};
  UserId alice = 0;
  UserId bob = 0;
};

TEST_F(SavedTrips, InsertKeepsTheStopOrderStartAndShareId) {
  auto r = trip(alice, "発売日ルート", {3, 1, 2});
  r.start = LatLng{35.68, 139.76};
  r.return_to_start = true;
  r.share_id = "share-abc";
  const auto saved = trips.insert(r, kMaxSavedTripsPerUser).value();
  ASSERT_TRUE(saved);
  EXPECT_GT(saved->id, 0);

  const auto got = trips.find_for_user(alice, saved->id).value();
  ASSERT_TRUE(got);
  EXPECT_EQ(got->name, "発売日ルート");
  EXPECT_EQ(got->store_ids, (std::vector<StoreId>{3, 1, 2}));
  ASSERT_TRUE(got->start);
  EXPECT_DOUBLE_EQ(got->start->lat, 35.68);
  EXPECT_DOUBLE_EQ(got->start->lng, 139.76);
  EXPECT_TRUE(got->return_to_start);
  EXPECT_DOUBLE_EQ(got->total_m, 1234.5);
  EXPECT_EQ(got->share_id, "share-abc");
  EXPECT_EQ(trips.find_shared("share-abc").value()->id, saved->id);
  EXPECT_FALSE(trips.find_shared("share-abd").value());
}

TEST_F(SavedTrips, AnotherAccountCannotReadChangeOrDelete) {
  const auto saved = trips.insert(trip(alice, "a", {1, 2}), kMaxSavedTripsPerUser).value().value();
  EXPECT_FALSE(trips.find_for_user(bob, saved.id).value());
  auto stolen = saved;
  stolen.user_id = bob;
  stolen.name = "mine now";
  EXPECT_FALSE(trips.update(stolen).value());
  EXPECT_FALSE(trips.remove(bob, saved.id).value());
  EXPECT_EQ(trips.find_for_user(alice, saved.id).value()->name, "a");
  EXPECT_TRUE(trips.list_for_user(bob).value().empty());
}

TEST_F(SavedTrips, ListIsMostRecentlyUpdatedFirstWithStops) {
  const auto older = trips.insert(trip(alice, "older", {1, 2}, kNow - 100), kMaxSavedTripsPerUser).value().value();
  ASSERT_TRUE(trips.insert(trip(alice, "newer", {4, 5, 3}, kNow), kMaxSavedTripsPerUser).value());
  ASSERT_TRUE(trips.insert(trip(bob, "bob's", {1, 2}), kMaxSavedTripsPerUser).value());
  auto list = trips.list_for_user(alice).value();
  ASSERT_EQ(list.size(), 2U);
  EXPECT_EQ(list[0].name, "newer");
  EXPECT_EQ(list[0].store_ids, (std::vector<StoreId>{4, 5, 3}));
  EXPECT_EQ(list[1].store_ids, (std::vector<StoreId>{1, 2}));

  auto touched = older;
  touched.updated_at = kNow + 10;
  ASSERT_TRUE(trips.update(touched).value());
  EXPECT_EQ(trips.list_for_user(alice).value()[0].name, "older");
}

TEST_F(SavedTrips, UpdateReplacesFieldsAndStops) {
  auto saved = trips.insert(trip(alice, "a", {1, 2, 3}), kMaxSavedTripsPerUser).value().value();
  saved.name = "b";
  saved.store_ids = {3, 2};
  saved.start = LatLng{35.0, 139.0};
  saved.share_id = "s1";
  saved.updated_at = kNow + 5;
  ASSERT_TRUE(trips.update(saved).value());
  const auto got = trips.find_for_user(alice, saved.id).value().value();
  EXPECT_EQ(got.name, "b");
  EXPECT_EQ(got.store_ids, (std::vector<StoreId>{3, 2}));
  EXPECT_TRUE(got.start);
  EXPECT_EQ(got.share_id, "s1");
  EXPECT_EQ(got.updated_at, kNow + 5);
  EXPECT_EQ(got.created_at, kNow);
  saved.share_id.reset();
  saved.start.reset();
  ASSERT_TRUE(trips.update(saved).value());
  EXPECT_FALSE(trips.find_shared("s1").value());
  EXPECT_FALSE(trips.find_for_user(alice, saved.id).value()->start);
}

TEST_F(SavedTrips, TheLimitPerAccountIsCheckedWithTheInsert) {
  constexpr std::size_t kLimit = 3;
  for (std::size_t k = 0; k < kLimit; ++k) ASSERT_TRUE(trips.insert(trip(alice, "r", {1, 2}), kLimit).value());
  EXPECT_FALSE(trips.insert(trip(alice, "r", {1, 2}), kLimit).value());
  EXPECT_TRUE(trips.insert(trip(bob, "r", {1, 2}), kLimit).value());
  EXPECT_EQ(trips.list_for_user(alice).value().size(), kLimit);
}

TEST_F(SavedTrips, RemoveDeletesTheTripAndItsStops) {
  const auto saved = trips.insert(trip(alice, "a", {1, 2}), kMaxSavedTripsPerUser).value().value();
  EXPECT_TRUE(trips.remove(alice, saved.id).value());
  EXPECT_FALSE(trips.remove(alice, saved.id).value());
  EXPECT_EQ(count("SELECT count(*) FROM saved_route_stops"), 0);
}

TEST_F(SavedTrips, WithdrawalDeletesTheAccountsTrips) {
  ASSERT_TRUE(trips.insert(trip(alice, "a", {1, 2}), kMaxSavedTripsPerUser).value());
  ASSERT_TRUE(trips.insert(trip(bob, "b", {1, 2}), kMaxSavedTripsPerUser).value());
  ASSERT_TRUE(users.withdraw(alice, "", kNow + 1));
  EXPECT_TRUE(trips.list_for_user(alice).value().empty());
  EXPECT_EQ(trips.list_for_user(bob).value().size(), 1U);
  EXPECT_EQ(count("SELECT count(*) FROM saved_route_stops"), 2);
}

TEST_F(SavedTrips, AStoreOnATripCannotBeDeletedButCanClose) {
  const auto saved = trips.insert(trip(alice, "a", {1, 2}), kMaxSavedTripsPerUser).value().value();
  {
    auto lease = db.acquire();
    EXPECT_FALSE(lease.connection().exec("DELETE FROM stores WHERE id = 1"));
    EXPECT_TRUE(lease.connection().exec("UPDATE stores SET status = 'closed' WHERE id = 1"));
    EXPECT_TRUE(lease.connection().exec("DELETE FROM stores WHERE id = 4"));  // on no trip
  }
  EXPECT_EQ(trips.find_for_user(alice, saved.id).value()->store_ids, (std::vector<StoreId>{1, 2}));
  EXPECT_EQ(stores.find(1).value()->status, StoreStatus::kClosed);
}

TEST_F(SavedTrips, TheSameStoreTwiceOrAnUnknownStoreIsRefusedByTheSchema) {
  EXPECT_FALSE(trips.insert(trip(alice, "a", {1, 1}), kMaxSavedTripsPerUser));
  EXPECT_FALSE(trips.insert(trip(alice, "a", {1, 999}), kMaxSavedTripsPerUser));
  EXPECT_TRUE(trips.list_for_user(alice).value().empty());  // rolled back whole
}

}  // namespace
}  // namespace pokeca::storage
