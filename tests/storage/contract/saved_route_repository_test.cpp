// Saved routes through the SavedRouteRepository port (a backend contract test, backend.hpp): ordered stops,
// owner-scoped reads and writes, the limit per account checked with the insert, share ids, and the deleting rules
// (withdrawal deletes the routes; a store cannot be deleted out from under a route).
#include <gtest/gtest.h>

#include "backend.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::kNow;
using testing::make_store;

template <class Backend>
class SavedRoutes : public testing::BackendTest<Backend> {
 protected:
  SavedRoutes() {
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
  static SavedRoute route(UserId owner, std::string name, std::vector<StoreId> ids, UnixSeconds at = kNow) {
    SavedRoute r;
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
TYPED_TEST_SUITE(SavedRoutes, testing::Backends, testing::BackendName);

TYPED_TEST(SavedRoutes, InsertKeepsTheStopOrderStartAndShareId) {
  auto r = this->route(this->alice, "発売日ルート", {3, 1, 2});
  r.start = LatLng{35.68, 139.76};
  r.return_to_start = true;
  r.share_id = "share-abc";
  const auto saved = this->routes.insert(r, kMaxSavedRoutesPerUser).value();
  ASSERT_TRUE(saved);
  EXPECT_GT(saved->id, 0);

  const auto got = this->routes.find_for_user(this->alice, saved->id).value();
  ASSERT_TRUE(got);
  EXPECT_EQ(got->name, "発売日ルート");
  EXPECT_EQ(got->store_ids, (std::vector<StoreId>{3, 1, 2}));
  ASSERT_TRUE(got->start);
  EXPECT_DOUBLE_EQ(got->start->lat, 35.68);
  EXPECT_DOUBLE_EQ(got->start->lng, 139.76);
  EXPECT_TRUE(got->return_to_start);
  EXPECT_DOUBLE_EQ(got->total_m, 1234.5);
  EXPECT_EQ(got->share_id, "share-abc");
  EXPECT_EQ(this->routes.find_shared("share-abc").value()->id, saved->id);
  EXPECT_FALSE(this->routes.find_shared("share-abd").value());
}

TYPED_TEST(SavedRoutes, AnotherAccountCannotReadChangeOrDelete) {
  const auto saved = this->routes.insert(this->route(this->alice, "a", {1, 2}), kMaxSavedRoutesPerUser).value().value();
  EXPECT_FALSE(this->routes.find_for_user(this->bob, saved.id).value());
  auto stolen = saved;
  stolen.user_id = this->bob;
  stolen.name = "mine now";
  EXPECT_FALSE(this->routes.update(stolen).value());
  EXPECT_FALSE(this->routes.remove(this->bob, saved.id).value());
  EXPECT_EQ(this->routes.find_for_user(this->alice, saved.id).value()->name, "a");
  EXPECT_TRUE(this->routes.list_for_user(this->bob).value().empty());
}

TYPED_TEST(SavedRoutes, ListIsMostRecentlyUpdatedFirstWithStops) {
  const auto older = this->routes.insert(this->route(this->alice, "older", {1, 2}, kNow - 100), kMaxSavedRoutesPerUser)
                         .value()
                         .value();
  ASSERT_TRUE(this->routes.insert(this->route(this->alice, "newer", {4, 5, 3}, kNow), kMaxSavedRoutesPerUser).value());
  ASSERT_TRUE(this->routes.insert(this->route(this->bob, "bob's", {1, 2}), kMaxSavedRoutesPerUser).value());
  auto list = this->routes.list_for_user(this->alice).value();
  ASSERT_EQ(list.size(), 2U);
  EXPECT_EQ(list[0].name, "newer");
  EXPECT_EQ(list[0].store_ids, (std::vector<StoreId>{4, 5, 3}));
  EXPECT_EQ(list[1].store_ids, (std::vector<StoreId>{1, 2}));

  auto touched = older;
  touched.updated_at = kNow + 10;
  ASSERT_TRUE(this->routes.update(touched).value());
  EXPECT_EQ(this->routes.list_for_user(this->alice).value()[0].name, "older");
}

TYPED_TEST(SavedRoutes, UpdateReplacesFieldsAndStops) {
  auto saved = this->routes.insert(this->route(this->alice, "a", {1, 2, 3}), kMaxSavedRoutesPerUser).value().value();
  saved.name = "b";
  saved.store_ids = {3, 2};
  saved.start = LatLng{35.0, 139.0};
  saved.share_id = "s1";
  saved.updated_at = kNow + 5;
  ASSERT_TRUE(this->routes.update(saved).value());
  const auto got = this->routes.find_for_user(this->alice, saved.id).value().value();
  EXPECT_EQ(got.name, "b");
  EXPECT_EQ(got.store_ids, (std::vector<StoreId>{3, 2}));
  EXPECT_TRUE(got.start);
  EXPECT_EQ(got.share_id, "s1");
  EXPECT_EQ(got.updated_at, kNow + 5);
  EXPECT_EQ(got.created_at, kNow);
  saved.share_id.reset();
  saved.start.reset();
  ASSERT_TRUE(this->routes.update(saved).value());
  EXPECT_FALSE(this->routes.find_shared("s1").value());
  EXPECT_FALSE(this->routes.find_for_user(this->alice, saved.id).value()->start);
}

TYPED_TEST(SavedRoutes, TheLimitPerAccountIsCheckedWithTheInsert) {
  constexpr std::size_t kLimit = 3;
  for (std::size_t k = 0; k < kLimit; ++k)
    ASSERT_TRUE(this->routes.insert(this->route(this->alice, "r", {1, 2}), kLimit).value());
  EXPECT_FALSE(this->routes.insert(this->route(this->alice, "r", {1, 2}), kLimit).value());
  EXPECT_TRUE(this->routes.insert(this->route(this->bob, "r", {1, 2}), kLimit).value());
  EXPECT_EQ(this->routes.list_for_user(this->alice).value().size(), kLimit);
}

TYPED_TEST(SavedRoutes, RemoveDeletesTheRouteAndItsStops) {
  const auto saved = this->routes.insert(this->route(this->alice, "a", {1, 2}), kMaxSavedRoutesPerUser).value().value();
  EXPECT_TRUE(this->routes.remove(this->alice, saved.id).value());
  EXPECT_FALSE(this->routes.remove(this->alice, saved.id).value());
  EXPECT_EQ(this->count("SELECT count(*) FROM saved_route_stops"), 0);
}

TYPED_TEST(SavedRoutes, WithdrawalDeletesTheAccountsRoutes) {
  ASSERT_TRUE(this->routes.insert(this->route(this->alice, "a", {1, 2}), kMaxSavedRoutesPerUser).value());
  ASSERT_TRUE(this->routes.insert(this->route(this->bob, "b", {1, 2}), kMaxSavedRoutesPerUser).value());
  ASSERT_TRUE(this->users.withdraw(this->alice, "", kNow + 1));
  EXPECT_TRUE(this->routes.list_for_user(this->alice).value().empty());
  EXPECT_EQ(this->routes.list_for_user(this->bob).value().size(), 1U);
  EXPECT_EQ(this->count("SELECT count(*) FROM saved_route_stops"), 2);
}

TYPED_TEST(SavedRoutes, AStoreOnARouteCannotBeDeletedButCanClose) {
  const auto saved = this->routes.insert(this->route(this->alice, "a", {1, 2}), kMaxSavedRoutesPerUser).value().value();
  {
    EXPECT_FALSE(this->backend.exec_sql("DELETE FROM stores WHERE id = 1"));
    EXPECT_TRUE(this->backend.exec_sql("UPDATE stores SET status = 'closed' WHERE id = 1"));
    EXPECT_TRUE(this->backend.exec_sql("DELETE FROM stores WHERE id = 4"));  // on no route
  }
  EXPECT_EQ(this->routes.find_for_user(this->alice, saved.id).value()->store_ids, (std::vector<StoreId>{1, 2}));
  EXPECT_EQ(this->stores.find(1).value()->status, StoreStatus::kClosed);
}

TYPED_TEST(SavedRoutes, TheSameStoreTwiceOrAnUnknownStoreIsRefusedByTheSchema) {
  EXPECT_FALSE(this->routes.insert(this->route(this->alice, "a", {1, 1}), kMaxSavedRoutesPerUser));
  EXPECT_FALSE(this->routes.insert(this->route(this->alice, "a", {1, 999}), kMaxSavedRoutesPerUser));
  EXPECT_TRUE(this->routes.list_for_user(this->alice).value().empty());  // rolled back whole
}

}  // namespace
}  // namespace pokeca::storage
