// Every malformed or out-of-range parameter is a 400 with a Japanese message, never a 500.
#include "common/http_messages.hpp"
#include "pokeca/shared/messages.hpp"
#include "router_fixture.hpp"

namespace pokeca::testing {
namespace {

struct BadCase {
  std::string_view target;
  std::string_view message;
};

class BadParameters : public RouterTest, public ::testing::WithParamInterface<BadCase> {};

TEST_P(BadParameters, Are400WithTheirMessage) {
  const auto res = get(GetParam().target);
  EXPECT_EQ(res.result(), http::Status::bad_request) << res.body();
  const auto body = json(res);
  EXPECT_EQ(body.at("success"), false);
  EXPECT_EQ(body.at("code"), "bad_request");
  EXPECT_EQ(str(body.at("error")), GetParam().message);
}

// clang-format off
INSTANTIATE_TEST_SUITE_P(Stores, BadParameters, ::testing::Values(
    BadCase{"/api/v1/stores", msg::kNeedOneLocation},
    BadCase{"/api/v1/stores?prefecture=tokyo&bbox=139,35,140,36", msg::kNeedOneLocation},
    BadCase{"/api/v1/stores?prefecture=tokyo&lat=35&lng=139", msg::kNeedOneLocation},
    BadCase{"/api/v1/stores?prefecture=atlantis", msg::kUnknownPrefecture},
    BadCase{"/api/v1/stores?prefecture=", msg::kUnknownPrefecture},
    BadCase{"/api/v1/stores?prefecture=TOKYO", msg::kUnknownPrefecture},
    BadCase{"/api/v1/stores?bbox=139,35,140", msg::kBadBbox},
    BadCase{"/api/v1/stores?bbox=139,35,140,36,1", msg::kBadBbox},
    BadCase{"/api/v1/stores?bbox=a,b,c,d", msg::kBadBbox},
    BadCase{"/api/v1/stores?bbox=", msg::kBadBbox},
    BadCase{"/api/v1/stores?bbox=139,35,200,36", msg::kBadBbox},
    BadCase{"/api/v1/stores?bbox=139,-95,140,36", msg::kBadBbox},
    BadCase{"/api/v1/stores?bbox=140,35,139,36", msg::kBadBbox},
    BadCase{"/api/v1/stores?bbox=1e2,35,140,36", msg::kBadBbox},
    BadCase{"/api/v1/stores?bbox=60,10,179,80", msg::kBboxTooLarge},
    BadCase{"/api/v1/stores?lat=35.6", msg::kBadLatLng},
    BadCase{"/api/v1/stores?lng=139.7", msg::kBadLatLng},
    BadCase{"/api/v1/stores?lat=95&lng=139", msg::kBadLatLng},
    BadCase{"/api/v1/stores?lat=nan&lng=139", msg::kBadLatLng},
    BadCase{"/api/v1/stores?lat=35&lng=inf", msg::kBadLatLng},
    BadCase{"/api/v1/stores?lat=35&lng=139&radius_km=0", msg::kBadRadius},
    BadCase{"/api/v1/stores?lat=35&lng=139&radius_km=51", msg::kBadRadius},
    BadCase{"/api/v1/stores?prefecture=tokyo&limit=0", msg::kBadLimit},
    BadCase{"/api/v1/stores?prefecture=tokyo&limit=100000", msg::kBadLimit},
    BadCase{"/api/v1/stores?prefecture=tokyo&limit=abc", msg::kBadLimit},
    BadCase{"/api/v1/stores?prefecture=tokyo&limit=-1", msg::kBadLimit},
    BadCase{"/api/v1/stores?prefecture=tokyo&limit=99999999999999999999", msg::kBadLimit},
    BadCase{"/api/v1/stores?prefecture=tokyo&reported_within_hours=0", msg::kBadReportedWithin},
    BadCase{"/api/v1/stores?prefecture=tokyo&reported_within_hours=721", msg::kBadReportedWithin},
    BadCase{"/api/v1/stores?prefecture=tokyo&type=castle", msg::kBadStoreType},
    BadCase{"/api/v1/stores?prefecture=tokyo&type=card_shop,", msg::kBadStoreType},
    BadCase{"/api/v1/stores?prefecture=tokyo&product=cards", msg::kBadProduct},
    BadCase{"/api/v1/stores?prefecture=tokyo&lottery=soon", msg::kBadLotteryFilter},
    BadCase{"/api/v1/stores?bbox=139,35,140,36&lottery=", msg::kBadLotteryFilter},
    BadCase{"/api/v1/stores?lat=35.6&lng=139.7&lottery=Open", msg::kBadLotteryFilter}));

INSTANTIATE_TEST_SUITE_P(Clusters, BadParameters, ::testing::Values(
    BadCase{"/api/v1/stores/clusters?zoom=5", msg::kBadBbox},
    BadCase{"/api/v1/stores/clusters?bbox=139,35,140&zoom=5", msg::kBadBbox},
    BadCase{"/api/v1/stores/clusters?bbox=139,35,140,36", msg::kBadZoom},
    BadCase{"/api/v1/stores/clusters?bbox=139,35,140,36&zoom=99", msg::kBadZoom},
    BadCase{"/api/v1/stores/clusters?bbox=139,35,140,36&zoom=-1", msg::kBadZoom},
    BadCase{"/api/v1/stores/clusters?bbox=139,35,140,36&zoom=abc", msg::kBadZoom},
    BadCase{"/api/v1/stores/clusters?bbox=139,35,140,36&zoom=5&type=castle", msg::kBadStoreType},
    BadCase{"/api/v1/stores/clusters?bbox=139,35,140,36&zoom=5&lottery=closed", msg::kBadLotteryFilter}));

INSTANTIATE_TEST_SUITE_P(DetailAndTimeline, BadParameters, ::testing::Values(
    BadCase{"/api/v1/stores/abc", msg::kBadId},
    BadCase{"/api/v1/stores/0", msg::kBadId},
    BadCase{"/api/v1/stores/-5", msg::kBadId},
    BadCase{"/api/v1/stores/1.5", msg::kBadId},
    BadCase{"/api/v1/stores/99999999999999999999999", msg::kBadId},
    BadCase{"/api/v1/purchases/timeline?limit=0", msg::kBadLimit},
    BadCase{"/api/v1/purchases/timeline?limit=51", msg::kBadLimit},
    BadCase{"/api/v1/purchases/timeline?limit=abc", msg::kBadLimit}));

INSTANTIATE_TEST_SUITE_P(QueryStrings, BadParameters, ::testing::Values(
    BadCase{"/api/v1/stores?prefecture=tokyo&prefecture=osaka", msg::kRepeatedParameter},
    BadCase{"/api/v1/stores?prefecture=%zz", msg::kBadQueryString},
    BadCase{"/api/v1/stores?prefecture=tokyo%", msg::kBadQueryString},
    BadCase{"/api/v1/purchases/timeline?limit=%4", msg::kBadQueryString}));
// clang-format on

}  // namespace
}  // namespace pokeca::testing
