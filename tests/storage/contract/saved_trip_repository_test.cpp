// Saved trips through the SavedTripRepository port (a backend contract test, backend.hpp): ordered stops,
// owner-scoped reads and writes, the limit per account checked with the insert, share ids, and the deleting rules
// (withdrawal deletes the trips; a store cannot be deleted out from under a trip).
#include <gtest/gtest.h>

#include "backend.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::kNow;
using testing::make_store;

template <class Backend>
class SavedTrips : public testing::BackendTest<Backend> {
 protected:
  SavedTrips() {
    std::vector<Store> s;
    for (StoreId id = 1; id <= 5; ++id)
      s.push_back(make_store(id, "店舗" + std::to_string(id), "card_shop", "tokyo",
                             {35.69, 139.70 + 0.01 * static_cast<double>(id)}));
    EXPECT_TRUE(this->stores.insert_many(s));
    this->alice = this->user("alice");
    this->bob = this->user("bob");
  }
  UserId user(const std::string& nickname) {
    auto u = this->users.create({nickname + "@example.com", nickname, "", "$argon2id$fake", kNow});
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
  std::int64_t count(const std::string& sql) { return this->backend.sql_int(sql); }

  UserId alice = 0;
  UserId bob = 0;
};
TYPED_TEST_SUITE(SavedTrips, testing::SavedTripBackends, testing::BackendName);

TYPED_TEST(SavedTrips, InsertKeepsTheStopOrderStartAndShareId) {
  auto r = this->trip(this->alice, "発売日ルート", {3, 1, 2});
  r.start = LatLng{35.68, 139.76};
  r.return_to_start = true;
  r.share_id = "share-abc";
  const auto saved = this->trips.insert(r, kMaxSavedTripsPerUser).value();
  ASSERT_TRUE(saved);
  EXPECT_GT(saved->id, 0);

  const auto got = this->trips.find_for_user(this->alice, saved->id).value();
  ASSERT_TRUE(got);
  EXPECT_EQ(got->name, "発売日ルート");
  EXPECT_EQ(got->store_ids, (std::vector<StoreId>{3, 1, 2}));
  ASSERT_TRUE(got->start);
  EXPECT_DOUBLE_EQ(got->start->lat, 35.68);
  EXPECT_DOUBLE_EQ(got->start->lng, 139.76);
  EXPECT_TRUE(got->return_to_start);
  EXPECT_DOUBLE_EQ(got->total_m, 1234.5);
  EXPECT_EQ(got->share_id, "share-abc");
  EXPECT_EQ(this->trips.find_shared("share-abc").value()->id, saved->id);
  EXPECT_FALSE(this->trips.find_shared("share-abd").value());
}

TYPED_TEST(SavedTrips, AnotherAccountCannotReadChangeOrDelete) {
  const auto saved = this->trips.insert(this->trip(this->alice, "a", {1, 2}), kMaxSavedTripsPerUser).value().value();
  EXPECT_FALSE(this->trips.find_for_user(this->bob, saved.id).value());
  auto stolen = saved;
  stolen.user_id = this->bob;
  stolen.name = "mine now";
  EXPECT_FALSE(this->trips.update(stolen).value());
  EXPECT_FALSE(this->trips.remove(this->bob, saved.id).value());
  EXPECT_EQ(this->trips.find_for_user(this->alice, saved.id).value()->name, "a");
  EXPECT_TRUE(this->trips.list_for_user(this->bob).value().empty());
}

TYPED_TEST(SavedTrips, ListIsMostRecentlyUpdatedFirstWithStops) {
  const auto older =
      this->trips.insert(this->trip(this->alice, "older", {1, 2}, kNow - 100), kMaxSavedTripsPerUser).value().value();
  ASSERT_TRUE(this->trips.insert(this->trip(this->alice, "newer", {4, 5, 3}, kNow), kMaxSavedTripsPerUser).value());
  ASSERT_TRUE(this->trips.insert(this->trip(this->bob, "bob's", {1, 2}), kMaxSavedTripsPerUser).value());
  auto list = this->trips.list_for_user(this->alice).value();
  ASSERT_EQ(list.size(), 2U);
  EXPECT_EQ(list[0].name, "newer");
  EXPECT_EQ(list[0].store_ids, (std::vector<StoreId>{4, 5, 3}));
  EXPECT_EQ(list[1].store_ids, (std::vector<StoreId>{1, 2}));

  auto touched = older;
  touched.updated_at = kNow + 10;
  ASSERT_TRUE(this->trips.update(touched).value());
  EXPECT_EQ(this->trips.list_for_user(this->alice).value()[0].name, "older");
}

TYPED_TEST(SavedTrips, UpdateReplacesFieldsAndStops) {
  auto saved = this->trips.insert(this->trip(this->alice, "a", {1, 2, 3}), kMaxSavedTripsPerUser).value().value();
  saved.name = "b";
  saved.store_ids = {3, 2};
  saved.start = LatLng{35.0, 139.0};
  saved.share_id = "s1";
  saved.updated_at = kNow + 5;
  ASSERT_TRUE(this->trips.update(saved).value());
  const auto got = this->trips.find_for_user(this->alice, saved.id).value().value();
  EXPECT_EQ(got.name, "b");
  EXPECT_EQ(got.store_ids, (std::vector<StoreId>{3, 2}));
  EXPECT_TRUE(got.start);
  EXPECT_EQ(got.share_id, "s1");
  EXPECT_EQ(got.updated_at, kNow + 5);
  EXPECT_EQ(got.created_at, kNow);
  saved.share_id.reset();
  saved.start.reset();
  ASSERT_TRUE(this->trips.update(saved).value());
  EXPECT_FALSE(this->trips.find_shared("s1").value());
  EXPECT_FALSE(this->trips.find_for_user(this->alice, saved.id).value()->start);
}

TYPED_TEST(SavedTrips, TheLimitPerAccountIsCheckedWithTheInsert) {
  constexpr std::size_t kLimit = 3;
  for (std::size_t k = 0; k < kLimit; ++k)
    ASSERT_TRUE(this->trips.insert(this->trip(this->alice, "r", {1, 2}), kLimit).value());
  EXPECT_FALSE(this->trips.insert(this->trip(this->alice, "r", {1, 2}), kLimit).value());
  EXPECT_TRUE(this->trips.insert(this->trip(this->bob, "r", {1, 2}), kLimit).value());
  EXPECT_EQ(this->trips.list_for_user(this->alice).value().size(), kLimit);
}

TYPED_TEST(SavedTrips, RemoveDeletesTheTripAndItsStops) {
  const auto saved = this->trips.insert(this->trip(this->alice, "a", {1, 2}), kMaxSavedTripsPerUser).value().value();
  EXPECT_TRUE(this->trips.remove(this->alice, saved.id).value());
  EXPECT_FALSE(this->trips.remove(this->alice, saved.id).value());
  EXPECT_EQ(this->count("SELECT count(*) FROM saved_route_stops"), 0);
}

TYPED_TEST(SavedTrips, WithdrawalDeletesTheAccountsTrips) {
  ASSERT_TRUE(this->trips.insert(this->trip(this->alice, "a", {1, 2}), kMaxSavedTripsPerUser).value());
  ASSERT_TRUE(this->trips.insert(this->trip(this->bob, "b", {1, 2}), kMaxSavedTripsPerUser).value());
  ASSERT_TRUE(this->users.withdraw(this->alice, "", kNow + 1));
  EXPECT_TRUE(this->trips.list_for_user(this->alice).value().empty());
  EXPECT_EQ(this->trips.list_for_user(this->bob).value().size(), 1U);
  EXPECT_EQ(this->count("SELECT count(*) FROM saved_route_stops"), 2);
}

TYPED_TEST(SavedTrips, AStoreOnATripCannotBeDeletedButCanClose) {
  const auto saved = this->trips.insert(this->trip(this->alice, "a", {1, 2}), kMaxSavedTripsPerUser).value().value();
  {
    EXPECT_FALSE(this->backend.exec_sql("DELETE FROM stores WHERE id = 1"));
    EXPECT_TRUE(this->backend.exec_sql("UPDATE stores SET status = 'closed' WHERE id = 1"));
    EXPECT_TRUE(this->backend.exec_sql("DELETE FROM stores WHERE id = 4"));  // on no trip
  }
  EXPECT_EQ(this->trips.find_for_user(this->alice, saved.id).value()->store_ids, (std::vector<StoreId>{1, 2}));
  EXPECT_EQ(this->stores.find(1).value()->status, StoreStatus::kClosed);
}

TYPED_TEST(SavedTrips, TheSameStoreTwiceOrAnUnknownStoreIsRefusedByTheSchema) {
  EXPECT_FALSE(this->trips.insert(this->trip(this->alice, "a", {1, 1}), kMaxSavedTripsPerUser));
  EXPECT_FALSE(this->trips.insert(this->trip(this->alice, "a", {1, 999}), kMaxSavedTripsPerUser));
  EXPECT_TRUE(this->trips.list_for_user(this->alice).value().empty());  // rolled back whole
}

}  // namespace
}  // namespace pokeca::storage
