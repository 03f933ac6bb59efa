// Trip rules and the trip service against in-memory fakes: planning, the saved-trip
// rules (name, stops, limit per account), ownership and sharing.
#include "pokeca/personal/trip_service.hpp"

#include <gtest/gtest.h>

#include <string>

#include "auth_fakes.hpp"
#include "pokeca/shared/messages.hpp"
#include "trip_fakes.hpp"

namespace pokeca {
namespace {

using testing::FakeSavedTripRepository;
using testing::FakeTokenCrypto;
using testing::FindOnlyStores;
using testing::SettableClock;

constexpr UnixSeconds kNow = 1'763'700'000;
constexpr UserId kAlice = 1;
constexpr UserId kBob = 2;

Store store_at(StoreId id, double lng, StoreStatus status = StoreStatus::kActive) {
  Store s;
  s.id = id;
  s.name = "店舗" + std::to_string(id);
  s.store_type = "card_shop";
  s.location = {35.0, lng};
  s.status = status;
  return s;
}

class TripServiceTest : public ::testing::Test {
 protected:
  TripServiceTest() {
    // Stores 1..6 due east of (35, 139) at 0.01° steps; 7 hidden, 8 closed.
    for (StoreId id = 1; id <= 6; ++id) stores_.put(store_at(id, 139.0 + 0.01 * static_cast<double>(id)));
    stores_.put(store_at(7, 139.07, StoreStatus::kHidden));
    stores_.put(store_at(8, 139.08, StoreStatus::kClosed));
  }

  SavedTripInput input(std::string name, std::vector<StoreId> ids) {
    SavedTripInput in;
    in.name = std::move(name);
    in.store_ids = std::move(ids);
    return in;
  }

  FindOnlyStores stores_;
  FakeSavedTripRepository routes_;
  FakeTokenCrypto tokens_;
  SettableClock clock_{kNow};
  TripService service_{TripDeps{stores_, routes_, tokens_, clock_}};
};

TEST(TripRules, StopCountsAreTheNamedLimits) {
  std::vector<StoreId> ids;
  for (StoreId id = 1; id <= static_cast<StoreId>(kMaxTripStops) + 1; ++id) ids.push_back(id);
  EXPECT_FALSE(check_trip_stops(std::span(ids).first(kMinTripStops - 1)));
  EXPECT_TRUE(check_trip_stops(std::span(ids).first(kMinTripStops)));
  EXPECT_TRUE(check_trip_stops(std::span(ids).first(kMaxTripStops)));
  const auto over = check_trip_stops(ids);
  ASSERT_FALSE(over);
  EXPECT_EQ(over.error().message, "ルートに追加できる店舗は25件までです。");
  EXPECT_EQ(kMinTripStops, 2U);
  EXPECT_EQ(kMaxTripStops, 25U);
}

TEST(TripRules, DuplicatesAndNonPositiveIdsAreRefused) {
  const std::vector<StoreId> twice{1, 2, 1};
  EXPECT_EQ(check_trip_stops(twice).error().message, msg::kTripDuplicateStop);
  const std::vector<StoreId> zero{1, 0};
  EXPECT_EQ(check_trip_stops(zero).error().message, msg::kTripBadStoreIds);
}

TEST(TripRules, NameIsTrimmedRequiredOneLineAndAtMostFiftyCharacters) {
  EXPECT_EQ(check_trip_name("　発売日ルート ").value(), "発売日ルート");
  EXPECT_FALSE(check_trip_name("  "));
  EXPECT_FALSE(check_trip_name("a\nb"));
  EXPECT_FALSE(check_trip_name("\xff"));
  std::string fifty;
  for (std::size_t k = 0; k < kMaxTripNameChars; ++k) fifty += "あ";
  EXPECT_TRUE(check_trip_name(fifty));
  EXPECT_EQ(check_trip_name(fifty + "あ").error().message, "ルート名は50文字以内で入力してください。");
  EXPECT_EQ(kMaxTripNameChars, 50U);
  EXPECT_EQ(kMaxSavedTripsPerUser, 50U);
}

TEST(TripRules, StartMustBeAValidPoint) {
  EXPECT_TRUE(check_trip_start(std::nullopt));
  EXPECT_TRUE(check_trip_start(LatLng{35.0, 139.0}));
  EXPECT_FALSE(check_trip_start(LatLng{95.0, 139.0}));
}

TEST_F(TripServiceTest, PlanOrdersTheStoresFromTheStart) {
  TripPlanInput in;
  in.start = LatLng{35.0, 139.0};
  in.store_ids = {4, 2, 3, 1};
  const auto planned = service_.plan(in);
  ASSERT_TRUE(planned) << planned.error().message;
  std::vector<StoreId> order;
  for (const auto& stop : planned->stops) order.push_back(stop.store.id);
  EXPECT_EQ(order, (std::vector<StoreId>{1, 2, 3, 4}));
  EXPECT_NEAR(planned->total_m, 4 * 911.0, 20.0);
  EXPECT_EQ(planned->return_leg_m, 0);
}

TEST_F(TripServiceTest, PlanNamesUnknownAndInactiveStores) {
  TripPlanInput in;
  in.store_ids = {1, 99, 7, 8};
  const auto refused = service_.plan(in);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::kBadRequest);
  EXPECT_NE(refused.error().message.find("99、7、8"), std::string::npos) << refused.error().message;
}

TEST_F(TripServiceTest, CreateKeepsTheOrderGivenAndMeasuresIt) {
  auto in = input("日曜ルート", {3, 1, 2});
  in.start = LatLng{35.0, 139.0};
  const auto saved = service_.create(kAlice, in);
  ASSERT_TRUE(saved) << saved.error().message;
  EXPECT_GT(saved->trip.id, 0);
  EXPECT_EQ(saved->trip.store_ids, (std::vector<StoreId>{3, 1, 2}));
  EXPECT_NEAR(saved->trip.total_m, (3 + 2 + 1) * 911.0, 20.0);
  EXPECT_FALSE(saved->trip.share_id);
  EXPECT_EQ(saved->trip.created_at, kNow);
}

TEST_F(TripServiceTest, CreateNeedsANameAndValidStops) {
  EXPECT_EQ(service_.create(kAlice, input("", {1, 2})).error().message, msg::kTripNameRequired);
  EXPECT_EQ(service_.create(kAlice, input("x", {1})).error().code, ErrorCode::kBadRequest);
  EXPECT_EQ(service_.create(kAlice, input("x", {1, 7})).error().code, ErrorCode::kBadRequest);
}

TEST_F(TripServiceTest, AtMostFiftyTripsPerAccount) {
  for (std::size_t k = 0; k < kMaxSavedTripsPerUser; ++k) ASSERT_TRUE(service_.create(kAlice, input("r", {1, 2})));
  const auto over = service_.create(kAlice, input("r", {1, 2}));
  ASSERT_FALSE(over);
  EXPECT_EQ(over.error().code, ErrorCode::kConflict);
  EXPECT_EQ(over.error().detail, "routes_limit");
  EXPECT_TRUE(service_.create(kBob, input("r", {1, 2})));  // the limit is per account
}

TEST_F(TripServiceTest, AnotherAccountsTripIsNotFound) {
  const auto saved = service_.create(kAlice, input("r", {1, 2})).value();
  EXPECT_EQ(service_.get(kBob, saved.trip.id).error().code, ErrorCode::kNotFound);
  EXPECT_EQ(service_.update(kBob, saved.trip.id, input("x", {1, 2})).error().code, ErrorCode::kNotFound);
  EXPECT_EQ(service_.remove(kBob, saved.trip.id).error().code, ErrorCode::kNotFound);
  EXPECT_TRUE(service_.get(kAlice, saved.trip.id));
  EXPECT_TRUE(service_.list(kBob)->empty());
}

TEST_F(TripServiceTest, UpdateRenamesAndKeepsWhatIsNotSent) {
  const auto saved = service_.create(kAlice, input("old", {1, 2, 3})).value();
  clock_.advance(60);
  SavedTripInput rename;
  rename.name = "new";
  const auto updated = service_.update(kAlice, saved.trip.id, rename);
  ASSERT_TRUE(updated) << updated.error().message;
  EXPECT_EQ(updated->trip.name, "new");
  EXPECT_EQ(updated->trip.store_ids, (std::vector<StoreId>{1, 2, 3}));
  EXPECT_EQ(updated->trip.updated_at, kNow + 60);
  EXPECT_EQ(service_.get(kAlice, saved.trip.id)->trip.name, "new");
}

TEST_F(TripServiceTest, AStopThatClosedLaterStaysAndShowsItsStatus) {
  const auto saved = service_.create(kAlice, input("r", {1, 2, 3})).value();
  stores_.at(2).status = StoreStatus::kClosed;
  const auto got = service_.get(kAlice, saved.trip.id).value();
  ASSERT_EQ(got.view.stops.size(), 3U);
  EXPECT_EQ(got.view.stops[1].store.status, StoreStatus::kClosed);
  // Reordering keeps the closed stop; adding another inactive store is refused.
  SavedTripInput reorder;
  reorder.store_ids = std::vector<StoreId>{3, 2, 1};
  EXPECT_TRUE(service_.update(kAlice, saved.trip.id, reorder));
  reorder.store_ids = std::vector<StoreId>{3, 2, 1, 8};
  EXPECT_EQ(service_.update(kAlice, saved.trip.id, reorder).error().code, ErrorCode::kBadRequest);
}

TEST_F(TripServiceTest, SharingGivesALinkThatDiesWhenSharingStops) {
  auto in = input("r", {1, 2});
  in.share = true;
  const auto saved = service_.create(kAlice, in).value();
  ASSERT_TRUE(saved.trip.share_id);
  const std::string link = *saved.trip.share_id;
  EXPECT_EQ(service_.shared(link)->trip.id, saved.trip.id);

  SavedTripInput off;
  off.share = false;
  ASSERT_TRUE(service_.update(kAlice, saved.trip.id, off));
  EXPECT_EQ(service_.shared(link).error().code, ErrorCode::kNotFound);

  SavedTripInput on;
  on.share = true;
  const auto again = service_.update(kAlice, saved.trip.id, on).value();
  ASSERT_TRUE(again.trip.share_id);
  EXPECT_NE(*again.trip.share_id, link);  // a new link; the old one stays dead
  EXPECT_EQ(service_.shared(link).error().code, ErrorCode::kNotFound);
  EXPECT_TRUE(service_.shared(*again.trip.share_id));
  EXPECT_EQ(service_.shared("").error().code, ErrorCode::kNotFound);
}

TEST_F(TripServiceTest, RemoveDeletesOnce) {
  const auto saved = service_.create(kAlice, input("r", {1, 2})).value();
  EXPECT_TRUE(service_.remove(kAlice, saved.trip.id));
  EXPECT_EQ(service_.remove(kAlice, saved.trip.id).error().code, ErrorCode::kNotFound);
  EXPECT_EQ(service_.get(kAlice, saved.trip.id).error().code, ErrorCode::kNotFound);
}

}  // namespace
}  // namespace pokeca
