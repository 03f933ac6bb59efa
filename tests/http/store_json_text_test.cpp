// The map's store lists are written straight into the body; the bytes must be
// exactly those of the JSON values every other answer builds.
#include <gtest/gtest.h>

#include "api/json_mapping.hpp"
#include "common/json_text.hpp"
#include "router_fixture.hpp"

namespace pokeca::testing {
namespace {

TEST(StoreJsonText, WritesTheSameBytesAsTheJsonValues) {
  auto stores = sample_stores();
  auto odd =
      sample_store(77, "名前に\"引用\"と\\と\n改行と\x01", "convenience", "hokkaido", "札幌市", 43.0621, 141.3544);
  odd.sells = {true, false, std::nullopt};
  odd.last_report_at = kTestNow - 123;
  odd.last_report_kind = ReportKind::kSoldOut;
  odd.latest_by_product[product_index(Product::kBox)] = LatestReport{kTestNow - 123, ReportKind::kSoldOut};
  odd.latest_by_product[product_index(Product::kSingle)] = LatestReport{kTestNow - 86'400, ReportKind::kBought};
  odd.precision = LocationPrecision::kMunicipality;
  stores.push_back(odd);
  auto far = sample_store(9007199254740993, "", "card_shop", "okinawa", "", -0.0000004, 179.9999995);
  stores.push_back(far);
  for (const auto& s : stores)
    for (const auto distance : {std::optional<double>{}, std::optional(0.0), std::optional(12.3456789)}) {
      std::string direct;
      http::append_store_json(direct, s, distance);
      EXPECT_EQ(direct, http::to_json_text(http::store_json(s, distance))) << s.id;
    }
}

TEST_F(RouterTest, StoreListsKeepTheirEnvelope) {
  const auto res = get("/api/v1/stores?prefecture=tokyo");
  ASSERT_EQ(res.result(), http::Status::ok);
  const auto body = json(res);
  EXPECT_EQ(body.at("success"), true);
  EXPECT_EQ(body.at("truncated"), false);
  ASSERT_EQ(body.at("data").as_array().size(), 2u);
  EXPECT_TRUE(res.body().starts_with(R"({"success":true,"data":[{"id":)"));
  EXPECT_TRUE(res.body().ends_with(R"(],"truncated":false})"));
  const auto empty = get("/api/v1/stores?bbox=130.0,30.0,130.1,30.1");
  EXPECT_EQ(empty.body(), R"({"success":true,"data":[],"truncated":false})");
}

}  // namespace
}  // namespace pokeca::testing
