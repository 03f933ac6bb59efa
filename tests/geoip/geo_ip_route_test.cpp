// GET /api/v1/geo/ip through the router: the caller's address (or, behind a trusted
// proxy, X-Forwarded-For) looked up in the test database; 404 in Japanese otherwise.
#include "pokeca/geoip/mmdb_locator.hpp"
#include "pokeca/shared/messages.hpp"
#include "router_fixture.hpp"

namespace pokeca::testing {
namespace {

using http::Status;

class GeoIpRoute : public RouterTest {
 protected:
  // The router with the test database (RouterTest's own has no IP database).
  void use_database(http::RouterConfig config = {}) {
    config.static_dir = site.path() / "site";
    router = std::make_unique<http::Router>(contributions.services(service, auth, {.ip_locator = locator.get()}),
                                            std::move(config));
  }

  http::Response from(std::string_view peer, std::string_view forwarded_for = {}) {
    http::Request req{http::bhttp::verb::get, "/api/v1/geo/ip", 11};
    if (!forwarded_for.empty()) req.set("X-Forwarded-For", forwarded_for);
    return serve(*router, req, http::Peer{std::string(peer)});
  }

  std::unique_ptr<geoip::MmdbLocator> locator = [] {
    std::string error;
    return geoip::MmdbLocator::open(POKECA_TEST_MMDB, error);
  }();
};

TEST_F(GeoIpRoute, AnswersTheCallersApproximatePosition) {
  ASSERT_TRUE(locator);
  use_database();
  const auto res = from("127.0.0.1");
  ASSERT_EQ(res.result(), Status::ok) << res.body();
  const auto location = json(res).at("location");
  EXPECT_DOUBLE_EQ(location.at("lat").as_double(), 35.6812);
  EXPECT_DOUBLE_EQ(location.at("lng").as_double(), 139.7671);
  EXPECT_EQ(location.at("accuracy_km").as_int64(), 20);
  EXPECT_EQ(res[http::bhttp::field::cache_control], "no-store");  // per caller: never shared
}

TEST_F(GeoIpRoute, UnknownOrForeignAddressesAre404InJapanese) {
  use_database();
  for (const auto* peer : {"8.8.8.8", "192.0.2.10", ""}) {
    const auto res = from(peer);
    EXPECT_EQ(res.result(), Status::not_found) << peer;
    EXPECT_EQ(str(json(res).at("error")), msg::kIpLocationUnknown) << peer;
  }
}

TEST_F(GeoIpRoute, WithoutADatabaseEveryCallerIs404) {
  const auto res = from("127.0.0.1");  // RouterTest's router: no --ip-db
  EXPECT_EQ(res.result(), Status::not_found);
  EXPECT_EQ(str(json(res).at("error")), msg::kIpLocationUnknown);
}

TEST_F(GeoIpRoute, ForwardedForCountsOnlyBehindATrustedProxy) {
  use_database();
  EXPECT_EQ(from("8.8.8.8", "10.1.1.1").result(), Status::not_found);  // the header is ignored
  http::RouterConfig behind_proxy;
  behind_proxy.trust_forwarded_for = true;
  use_database(std::move(behind_proxy));
  const auto res = from("127.0.0.1", "10.1.1.1");
  ASSERT_EQ(res.result(), Status::ok) << res.body();
  EXPECT_DOUBLE_EQ(json(res).at("location").at("lat").as_double(), 34.7025);  // 梅田
}

}  // namespace
}  // namespace pokeca::testing
