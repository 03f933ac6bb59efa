// Trips end to end over a real loopback socket: HttpServer → Router →
// TripService → SQLite, with real accounts. Planning, saving, reading, renaming,
// sharing, deleting; another account's trip is a 404; a blocked account gets 403.
#include <boost/json/serialize.hpp>

#include "api_accounts.hpp"
#include "api_call.hpp"
#include "contribution_fakes.hpp"
#include "loopback_server.hpp"
#include "pokeca/personal/trip_service.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/storage/sqlite/sqlite_report_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_saved_trip_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_store_repository.hpp"
#include "real_accounts.hpp"
#include "router_fixture.hpp"

namespace pokeca::testing {
namespace {

namespace json = boost::json;
using http::Status;
using http::bhttp::verb;

constexpr std::string_view kPassword = "kiriban-7777";

class TripsFlow : public ::testing::Test {
 protected:
  TripsFlow() {
    auto stores_list = sample_stores();
    // Two more active Tokyo stores, east of Shinjuku, so four can be ordered.
    stores_list.push_back(sample_store(5, "カードショップ秋葉原", "card_shop", "tokyo", "千代田区", 35.6984, 139.7731));
    stores_list.push_back(sample_store(6, "家電の上野", "electronics", "tokyo", "台東区", 35.7138, 139.7773));
    EXPECT_TRUE(stores.insert_many(stores_list));
    server = std::make_unique<LoopbackServer>(fakes.services(service, accounts.auth, {.trips = &trips}));
  }

  ApiReply call(verb method, std::string_view target, std::string body = {}, std::string_view bearer = {}) {
    return call_api(server->port(), method, target, std::move(body), bearer);
  }

  std::string login_as(std::string_view email) {
    return signed_up_and_logged_in(server->port(), accounts, {.email = email, .password = kPassword});
  }

  static std::vector<std::int64_t> stop_ids(const json::value& trip) {
    std::vector<std::int64_t> ids;
    for (const auto& s : trip.at("stops").as_array()) ids.push_back(s.at("store_id").as_int64());
    return ids;
  }
  static std::string error_of(const ApiReply& r) { return std::string(r.body.at("error").as_string()); }

  TempDir dir;
  storage::Database db{dir.path() / "pokeca.db"};
  storage::SqliteStoreRepository stores{db};
  storage::SqliteReportRepository reports{db};
  storage::SqliteSavedTripRepository saved_trips{db};
  SettableClock clock{kTestNow};
  StoreService service{stores, reports, clock};
  RealAccounts accounts{db, clock};
  TripService trips{{stores, saved_trips, accounts.crypto, clock}};
  FakeContributions fakes{stores, reports, accounts.limiter, clock};
  std::unique_ptr<LoopbackServer> server;
};

TEST_F(TripsFlow, PlanOrdersTheStopsFromTheStartWithLegsAndTotal) {
  const auto token = login_as("satoshi@example.com");
  // From Shinjuku station: Shinjuku (1) is next door, then Shibuya (2) to the south, then
  // Akihabara (5) and Ueno (6) to the east.
  const auto planned =
      call(verb::post, "/api/v1/routes/plan",
           R"({"start":{"lat":35.6896,"lng":139.7006},"store_ids":[6,2,5,1],"return_to_start":false})", token);
  ASSERT_EQ(planned.status, Status::ok) << json::serialize(planned.body);
  EXPECT_EQ(planned.body.at("success"), true);
  const auto& trip = planned.body.at("route");
  EXPECT_EQ(stop_ids(trip), (std::vector<std::int64_t>{1, 2, 5, 6}));
  const auto& first = trip.at("stops").at(0);
  EXPECT_EQ(first.at("name"), "カードショップ新宿");
  EXPECT_EQ(first.at("status"), "active");
  EXPECT_EQ(first.at("store_type"), "card_shop");
  EXPECT_TRUE(first.at("address").is_string());
  EXPECT_LT(first.at("leg_m").to_number<double>(), 150);  // about 100 m
  double sum = 0;
  for (const auto& s : trip.at("stops").as_array()) sum += s.at("leg_m").to_number<double>();
  EXPECT_NEAR(trip.at("total_m").to_number<double>(), sum, 3);
  EXPECT_EQ(trip.at("return_leg_m").to_number<double>(), 0);
  EXPECT_EQ(trip.at("start").at("lat").to_number<double>(), 35.6896);
}

TEST_F(TripsFlow, PlanRefusesUnknownAndHiddenStoresByIdInJapanese) {
  const auto token = login_as("satoshi@example.com");
  const auto refused = call(verb::post, "/api/v1/routes/plan", R"({"start":null,"store_ids":[1,4,999]})", token);
  ASSERT_EQ(refused.status, Status::bad_request);
  EXPECT_EQ(refused.body.at("code"), "bad_request");
  EXPECT_NE(error_of(refused).find("4、999"), std::string::npos) << error_of(refused);
  EXPECT_EQ(call(verb::post, "/api/v1/routes/plan", R"({"store_ids":[1]})", token).status, Status::bad_request);
  EXPECT_EQ(call(verb::post, "/api/v1/routes/plan", R"({"store_ids":"1,2"})", token).status, Status::bad_request);
  EXPECT_EQ(call(verb::post, "/api/v1/routes/plan", R"({"store_ids":[1,2],"start":{"lat":"x"}})", token).status,
            Status::bad_request);
  EXPECT_EQ(call(verb::post, "/api/v1/routes/plan", R"({"store_ids":[1,2]})").status, Status::unauthorized);
}

TEST_F(TripsFlow, SaveListGetRenameShareAndDelete) {
  const auto token = login_as("satoshi@example.com");
  const auto created = call(
      verb::post, "/api/v1/saved_routes",
      R"({"name":" 発売日ルート ","start":{"lat":35.6896,"lng":139.7006},"store_ids":[1,2,5],"share":false})", token);
  ASSERT_EQ(created.status, Status::created) << json::serialize(created.body);
  const auto& trip = created.body.at("route");
  const auto id = trip.at("id").as_int64();
  EXPECT_EQ(trip.at("name"), "発売日ルート");
  EXPECT_EQ(stop_ids(trip), (std::vector<std::int64_t>{1, 2, 5}));  // saved as given
  EXPECT_EQ(trip.at("share"), false);
  EXPECT_TRUE(trip.at("share_id").is_null());
  EXPECT_GT(trip.at("total_m").to_number<double>(), 0);

  const auto list = call(verb::get, "/api/v1/saved_routes", {}, token);
  ASSERT_EQ(list.status, Status::ok);
  ASSERT_EQ(list.body.at("routes").as_array().size(), 1U);
  const auto& entry = list.body.at("routes").at(0);
  EXPECT_EQ(entry.at("id"), id);
  EXPECT_EQ(entry.at("stop_count"), 3);
  EXPECT_EQ(entry.at("total_m"), trip.at("total_m"));
  EXPECT_EQ(list.body.at("limit"), 50);

  const auto target = "/api/v1/saved_routes/" + std::to_string(id);
  clock.advance(60);
  const auto renamed = call(verb::put, target, R"({"name":"日曜ルート","share":true})", token);
  ASSERT_EQ(renamed.status, Status::ok) << json::serialize(renamed.body);
  EXPECT_EQ(renamed.body.at("route").at("name"), "日曜ルート");
  EXPECT_EQ(stop_ids(renamed.body.at("route")), (std::vector<std::int64_t>{1, 2, 5}));
  const std::string share_id(renamed.body.at("route").at("share_id").as_string());
  EXPECT_GE(share_id.size(), 40U);  // 32 random bytes, base64url

  // The public link: no sign-in, read-only, no ids of the owner.
  const auto shared = call(verb::get, "/api/v1/shared_routes/" + share_id);
  ASSERT_EQ(shared.status, Status::ok) << json::serialize(shared.body);
  EXPECT_EQ(shared.body.at("route").at("name"), "日曜ルート");
  EXPECT_EQ(stop_ids(shared.body.at("route")), (std::vector<std::int64_t>{1, 2, 5}));
  EXPECT_FALSE(shared.body.at("route").as_object().contains("id"));
  EXPECT_FALSE(shared.body.at("route").as_object().contains("share_id"));

  ASSERT_EQ(call(verb::put, target, R"({"share":false})", token).status, Status::ok);
  EXPECT_EQ(call(verb::get, "/api/v1/shared_routes/" + share_id).status, Status::not_found);

  const auto removed = call(verb::delete_, target, {}, token);
  ASSERT_EQ(removed.status, Status::ok);
  EXPECT_EQ(removed.body.at("message").as_string(), msg::kTripDeleted);
  EXPECT_EQ(call(verb::get, target, {}, token).status, Status::not_found);
  EXPECT_TRUE(call(verb::get, "/api/v1/saved_routes", {}, token).body.at("routes").as_array().empty());
}

TEST_F(TripsFlow, AnotherAccountsTripIsNotFoundNotForbidden) {
  const auto alice = login_as("alice@example.com");
  const auto bob = login_as("bob@example.com");
  const auto created = call(verb::post, "/api/v1/saved_routes", R"({"name":"A","store_ids":[1,2]})", alice);
  ASSERT_EQ(created.status, Status::created);
  const auto target = "/api/v1/saved_routes/" + std::to_string(created.body.at("route").at("id").as_int64());
  for (const auto& [method, body] :
       {std::pair{verb::get, std::string{}}, std::pair{verb::put, std::string(R"({"name":"B"})")},
        std::pair{verb::delete_, std::string{}}}) {
    const auto r = call(method, target, body, bob);
    EXPECT_EQ(r.status, Status::not_found) << json::serialize(r.body);
    EXPECT_EQ(error_of(r), msg::kTripNotFound);
  }
  EXPECT_EQ(call(verb::get, target, {}, alice).body.at("route").at("name"), "A");
  EXPECT_EQ(call(verb::get, target).status, Status::unauthorized);
}

TEST_F(TripsFlow, ABlockedAccountIsRefused) {
  const auto token = login_as("blocked@example.com");
  ASSERT_TRUE(accounts.admin.block("blocked@example.com"));
  const auto r = call(verb::get, "/api/v1/saved_routes", {}, token);
  EXPECT_EQ(r.status, Status::forbidden);
  EXPECT_EQ(r.body.at("code"), "blocked");
}

TEST_F(TripsFlow, AStopThatWasHiddenLaterShowsItsStatus) {
  const auto token = login_as("satoshi@example.com");
  const auto created = call(verb::post, "/api/v1/saved_routes", R"({"name":"A","store_ids":[1,2,5]})", token);
  ASSERT_EQ(created.status, Status::created);
  {
    auto lease = db.acquire();
    ASSERT_TRUE(lease.connection().exec("UPDATE stores SET status = 'closed' WHERE id = 2"));
  }
  const auto got = call(
      verb::get, "/api/v1/saved_routes/" + std::to_string(created.body.at("route").at("id").as_int64()), {}, token);
  ASSERT_EQ(got.status, Status::ok);
  EXPECT_EQ(got.body.at("route").at("stops").at(1).at("status"), "closed");
  EXPECT_EQ(got.body.at("route").at("stops").at(0).at("status"), "active");
}

TEST_F(TripsFlow, NameAndLimitRefusalsAreJapanese) {
  const auto token = login_as("satoshi@example.com");
  const auto unnamed = call(verb::post, "/api/v1/saved_routes", R"({"name":"  ","store_ids":[1,2]})", token);
  EXPECT_EQ(unnamed.status, Status::bad_request);
  EXPECT_EQ(error_of(unnamed), msg::kTripNameRequired);
  for (std::size_t k = 0; k < kMaxSavedTripsPerUser; ++k)
    ASSERT_EQ(call(verb::post, "/api/v1/saved_routes", R"({"name":"r","store_ids":[1,2]})", token).status,
              Status::created);
  const auto over = call(verb::post, "/api/v1/saved_routes", R"({"name":"r","store_ids":[1,2]})", token);
  EXPECT_EQ(over.status, Status::conflict);
  EXPECT_EQ(over.body.at("code"), "routes_limit");
  EXPECT_NE(error_of(over).find("50"), std::string::npos);
}

}  // namespace
}  // namespace pokeca::testing
