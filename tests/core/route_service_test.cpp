// Route rules and the route service against in-memory fakes: planning, the saved-route
// rules (name, stops, limit per account), ownership and sharing.
#include "pokeca/route_service.hpp"

#include <gtest/gtest.h>

#include <string>

#include "auth_fakes.hpp"
#include "pokeca/messages.hpp"
#include "route_fakes.hpp"

namespace pokeca {
namespace {

using testing::FakeSavedRouteRepository;
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

class RouteServiceTest : public ::testing::Test {
 protected:
  RouteServiceTest() {
    // Stores 1..6 due east of (35, 139) at 0.01° steps; 7 hidden, 8 closed.
    for (StoreId id = 1; id <= 6; ++id) stores_.put(store_at(id, 139.0 + 0.01 * static_cast<double>(id)));
    stores_.put(store_at(7, 139.07, StoreStatus::kHidden));
    stores_.put(store_at(8, 139.08, StoreStatus::kClosed));
  }

  SavedRouteInput input(std::string name, std::vector<StoreId> ids) {
    SavedRouteInput in;
    in.name = std::move(name);
    in.store_ids = std::move(ids);
    return in;
  }

  FindOnlyStores stores_;
  FakeSavedRouteRepository routes_;
  FakeTokenCrypto tokens_;
  SettableClock clock_{kNow};
  RouteService service_{RouteDeps{stores_, routes_, tokens_, clock_}};
};

TEST(RouteRules, StopCountsAreTheNamedLimits) {
  std::vector<StoreId> ids;
  for (StoreId id = 1; id <= static_cast<StoreId>(kMaxRouteStops) + 1; ++id) ids.push_back(id);
  EXPECT_FALSE(check_route_stops(std::span(ids).first(kMinRouteStops - 1)));
  EXPECT_TRUE(check_route_stops(std::span(ids).first(kMinRouteStops)));
  EXPECT_TRUE(check_route_stops(std::span(ids).first(kMaxRouteStops)));
  const auto over = check_route_stops(ids);
  ASSERT_FALSE(over);
  EXPECT_EQ(over.error().message, "ルートに追加できる店舗は25件までです。");
  EXPECT_EQ(kMinRouteStops, 2U);
  EXPECT_EQ(kMaxRouteStops, 25U);
}

TEST(RouteRules, DuplicatesAndNonPositiveIdsAreRefused) {
  const std::vector<StoreId> twice{1, 2, 1};
  EXPECT_EQ(check_route_stops(twice).error().message, msg::kRouteDuplicateStop);
  const std::vector<StoreId> zero{1, 0};
  EXPECT_EQ(check_route_stops(zero).error().message, msg::kRouteBadStoreIds);
}

TEST(RouteRules, NameIsTrimmedRequiredOneLineAndAtMostFiftyCharacters) {
  EXPECT_EQ(check_route_name("　発売日ルート ").value(), "発売日ルート");
  EXPECT_FALSE(check_route_name("  "));
  EXPECT_FALSE(check_route_name("a\nb"));
  EXPECT_FALSE(check_route_name("\xff"));
  std::string fifty;
  for (std::size_t k = 0; k < kMaxRouteNameChars; ++k) fifty += "あ";
  EXPECT_TRUE(check_route_name(fifty));
  EXPECT_EQ(check_route_name(fifty + "あ").error().message, "ルート名は50文字以内で入力してください。");
  EXPECT_EQ(kMaxRouteNameChars, 50U);
  EXPECT_EQ(kMaxSavedRoutesPerUser, 50U);
}

TEST(RouteRules, StartMustBeAValidPoint) {
  EXPECT_TRUE(check_route_start(std::nullopt));
  EXPECT_TRUE(check_route_start(LatLng{35.0, 139.0}));
  EXPECT_FALSE(check_route_start(LatLng{95.0, 139.0}));
}

TEST_F(RouteServiceTest, PlanOrdersTheStoresFromTheStart) {
  RoutePlanInput in;
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

TEST_F(RouteServiceTest, PlanNamesUnknownAndInactiveStores) {
  RoutePlanInput in;
  in.store_ids = {1, 99, 7, 8};
  const auto refused = service_.plan(in);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::kBadRequest);
  EXPECT_NE(refused.error().message.find("99、7、8"), std::string::npos) << refused.error().message;
}

TEST_F(RouteServiceTest, CreateKeepsTheOrderGivenAndMeasuresIt) {
  auto in = input("日曜ルート", {3, 1, 2});
  in.start = LatLng{35.0, 139.0};
  const auto saved = service_.create(kAlice, in);
  ASSERT_TRUE(saved) << saved.error().message;
  EXPECT_GT(saved->route.id, 0);
  EXPECT_EQ(saved->route.store_ids, (std::vector<StoreId>{3, 1, 2}));
  EXPECT_NEAR(saved->route.total_m, (3 + 2 + 1) * 911.0, 20.0);
  EXPECT_FALSE(saved->route.share_id);
  EXPECT_EQ(saved->route.created_at, kNow);
}

TEST_F(RouteServiceTest, CreateNeedsANameAndValidStops) {
  EXPECT_EQ(service_.create(kAlice, input("", {1, 2})).error().message, msg::kRouteNameRequired);
  EXPECT_EQ(service_.create(kAlice, input("x", {1})).error().code, ErrorCode::kBadRequest);
  EXPECT_EQ(service_.create(kAlice, input("x", {1, 7})).error().code, ErrorCode::kBadRequest);
}

TEST_F(RouteServiceTest, AtMostFiftyRoutesPerAccount) {
  for (std::size_t k = 0; k < kMaxSavedRoutesPerUser; ++k) ASSERT_TRUE(service_.create(kAlice, input("r", {1, 2})));
  const auto over = service_.create(kAlice, input("r", {1, 2}));
  ASSERT_FALSE(over);
  EXPECT_EQ(over.error().code, ErrorCode::kConflict);
  EXPECT_EQ(over.error().detail, "routes_limit");
  EXPECT_TRUE(service_.create(kBob, input("r", {1, 2})));  // the limit is per account
}

TEST_F(RouteServiceTest, AnotherAccountsRouteIsNotFound) {
  const auto saved = service_.create(kAlice, input("r", {1, 2})).value();
  EXPECT_EQ(service_.get(kBob, saved.route.id).error().code, ErrorCode::kNotFound);
  EXPECT_EQ(service_.update(kBob, saved.route.id, input("x", {1, 2})).error().code, ErrorCode::kNotFound);
  EXPECT_EQ(service_.remove(kBob, saved.route.id).error().code, ErrorCode::kNotFound);
  EXPECT_TRUE(service_.get(kAlice, saved.route.id));
  EXPECT_TRUE(service_.list(kBob)->empty());
}

TEST_F(RouteServiceTest, UpdateRenamesAndKeepsWhatIsNotSent) {
  const auto saved = service_.create(kAlice, input("old", {1, 2, 3})).value();
  clock_.advance(60);
  SavedRouteInput rename;
  rename.name = "new";
  const auto updated = service_.update(kAlice, saved.route.id, rename);
  ASSERT_TRUE(updated) << updated.error().message;
  EXPECT_EQ(updated->route.name, "new");
  EXPECT_EQ(updated->route.store_ids, (std::vector<StoreId>{1, 2, 3}));
  EXPECT_EQ(updated->route.updated_at, kNow + 60);
  EXPECT_EQ(service_.get(kAlice, saved.route.id)->route.name, "new");
}

TEST_F(RouteServiceTest, AStopThatClosedLaterStaysAndShowsItsStatus) {
  const auto saved = service_.create(kAlice, input("r", {1, 2, 3})).value();
  stores_.at(2).status = StoreStatus::kClosed;
  const auto got = service_.get(kAlice, saved.route.id).value();
  ASSERT_EQ(got.view.stops.size(), 3U);
  EXPECT_EQ(got.view.stops[1].store.status, StoreStatus::kClosed);
  // Reordering keeps the closed stop; adding another inactive store is refused.
  SavedRouteInput reorder;
  reorder.store_ids = std::vector<StoreId>{3, 2, 1};
  EXPECT_TRUE(service_.update(kAlice, saved.route.id, reorder));
  reorder.store_ids = std::vector<StoreId>{3, 2, 1, 8};
  EXPECT_EQ(service_.update(kAlice, saved.route.id, reorder).error().code, ErrorCode::kBadRequest);
}

TEST_F(RouteServiceTest, SharingGivesALinkThatDiesWhenSharingStops) {
  auto in = input("r", {1, 2});
  in.share = true;
  const auto saved = service_.create(kAlice, in).value();
  ASSERT_TRUE(saved.route.share_id);
  const std::string link = *saved.route.share_id;
  EXPECT_EQ(service_.shared(link)->route.id, saved.route.id);

  SavedRouteInput off;
  off.share = false;
  ASSERT_TRUE(service_.update(kAlice, saved.route.id, off));
  EXPECT_EQ(service_.shared(link).error().code, ErrorCode::kNotFound);

  SavedRouteInput on;
  on.share = true;
  const auto again = service_.update(kAlice, saved.route.id, on).value();
  ASSERT_TRUE(again.route.share_id);
  EXPECT_NE(*again.route.share_id, link);  // a new link; the old one stays dead
  EXPECT_EQ(service_.shared(link).error().code, ErrorCode::kNotFound);
  EXPECT_TRUE(service_.shared(*again.route.share_id));
  EXPECT_EQ(service_.shared("").error().code, ErrorCode::kNotFound);
}

TEST_F(RouteServiceTest, RemoveDeletesOnce) {
  const auto saved = service_.create(kAlice, input("r", {1, 2})).value();
  EXPECT_TRUE(service_.remove(kAlice, saved.route.id));
  EXPECT_EQ(service_.remove(kAlice, saved.route.id).error().code, ErrorCode::kNotFound);
  EXPECT_EQ(service_.get(kAlice, saved.route.id).error().code, ErrorCode::kNotFound);
}

}  // namespace
}  // namespace pokeca
