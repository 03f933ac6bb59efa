// Every issue-2 endpoint answers with the shape docs/API.md promises.
#include <algorithm>
#include <set>

#include "pokeca/accounts/auth_policy.hpp"
#include "pokeca/contributions/photo.hpp"
#include "pokeca/contributions/purchase_rules.hpp"
#include "pokeca/contributions/submission_rules.hpp"
#include "pokeca/map/store_types.hpp"
#include "pokeca/shared/messages.hpp"
#include "router_fixture.hpp"

namespace pokeca::testing {
namespace {

namespace json = boost::json;

std::set<std::string> keys_of(const json::object& o) {
  std::set<std::string> keys;
  for (const auto& kv : o) keys.emplace(kv.key());
  return keys;
}

const std::set<std::string> kStoreKeys{"id",
                                       "name",
                                       "store_type",
                                       "prefecture",
                                       "prefecture_name",
                                       "city",
                                       "address",
                                       "lat",
                                       "lng",
                                       "location_precision",
                                       "sells",
                                       "last_report_at",
                                       "last_report_kind",
                                       "latest_by_product"};

using ApiShapes = RouterTest;

TEST_F(ApiShapes, EverySuccessIsJsonWithSuccessTrueAndNoStore) {
  const auto res = get("/api/v1/healthz");
  EXPECT_EQ(res.result(), http::Status::ok);
  EXPECT_EQ(res[http::bhttp::field::content_type], "application/json; charset=utf-8");
  EXPECT_EQ(res[http::bhttp::field::cache_control], "no-store");
  EXPECT_EQ(json(res).at("success"), true);
}

TEST_F(ApiShapes, HealthzCountsActiveStores) {
  EXPECT_EQ(json(get("/api/v1/healthz")), json::parse(R"({"success":true,"data":{"status":"ok","stores":3}})"));
}

TEST_F(ApiShapes, ConfigCarriesTileSettingsAndDemoFlag) {
  const auto d = data(get("/api/v1/config")).as_object();
  EXPECT_EQ(keys_of(d), (std::set<std::string>{"tile_url", "tile_attribution", "tile_max_zoom", "contact_url",
                                               "analytics_id", "demo_data", "default_store_type", "limits"}));
  EXPECT_EQ(d.at("tile_url"), "https://cyberjapandata.gsi.go.jp/xyz/std/{z}/{x}/{y}.png");
  EXPECT_EQ(d.at("tile_max_zoom"), 18);
  EXPECT_EQ(d.at("contact_url"), "https://x.com/pokeca_map");
  EXPECT_TRUE(d.at("analytics_id").is_null());
  EXPECT_EQ(d.at("demo_data"), true);
}

TEST_F(ApiShapes, ConfigServesTheFormLimitsAndDefaultStoreTypeOfCore) {
  const auto d = data(get("/api/v1/config")).as_object();
  EXPECT_EQ(std::string_view(d.at("default_store_type").as_string()), kDefaultStoreType);
  const auto& limits = d.at("limits").as_object();
  EXPECT_EQ(limits.size(), 11u);
  EXPECT_EQ(limits.at("max_images_per_submission"), kMaxImagesPerSubmission);
  EXPECT_EQ(limits.at("max_photo_bytes"), kMaxPhotoBytes);
  EXPECT_EQ(limits.at("max_submission_name_chars"), kMaxSubmissionNameChars);
  EXPECT_EQ(limits.at("max_submission_address_chars"), kMaxSubmissionAddressChars);
  EXPECT_EQ(limits.at("max_submission_comment_chars"), kMaxSubmissionCommentChars);
  EXPECT_EQ(limits.at("max_reject_reason_chars"), kMaxRejectReasonChars);
  EXPECT_EQ(limits.at("max_purchase_text_chars"), kMaxPurchaseTextChars);
  EXPECT_EQ(limits.at("max_purchase_age_days"), 30);
  EXPECT_EQ(limits.at("min_password_chars"), kMinPasswordChars);
  EXPECT_EQ(limits.at("max_nickname_chars"), kMaxNicknameChars);
  EXPECT_EQ(limits.at("max_withdrawal_reason_chars"), kMaxWithdrawalReasonChars);
}

TEST_F(ApiShapes, ConfigAsksTheDemoFlagOnEveryCall) {
  bool demo = true;
  http::RouterConfig config;
  config.site.analytics_id = "G-TEST123";
  config.site.demo_data = [&demo] { return demo; };
  make_router(config);
  EXPECT_EQ(data(get("/api/v1/config")).at("demo_data"), true);
  demo = false;
  const auto d = data(get("/api/v1/config"));
  EXPECT_EQ(d.at("demo_data"), false);
  EXPECT_EQ(d.at("analytics_id"), "G-TEST123");
}

TEST_F(ApiShapes, InitialDataHasNoUserAndAllStoreTypes) {
  const auto d = data(get("/api/v1/initial_data"));
  EXPECT_TRUE(d.at("user").is_null());
  const auto& types = d.at("store_types").as_array();
  ASSERT_GE(types.size(), 9u);
  const auto card =
      std::find_if(types.begin(), types.end(), [](const json::value& t) { return t.at("key") == "card_shop"; });
  ASSERT_NE(card, types.end());
  EXPECT_EQ(card->at("label"), "カードショップ");
  for (const auto& t : types)
    EXPECT_EQ(keys_of(t.as_object()), (std::set<std::string>{"key", "label", "color", "icon"}));
}

TEST_F(ApiShapes, PrefecturesListRegionsInOrderAndAll47WithCounts) {
  const auto d = data(get("/api/v1/prefectures"));
  const auto& regions = d.at("regions").as_array();
  std::vector<std::string> codes;
  std::size_t listed = 0;
  for (const auto& r : regions) {
    codes.emplace_back(r.at("code").as_string());
    listed += r.at("prefectures").as_array().size();
  }
  EXPECT_EQ(codes, (std::vector<std::string>{"hokkaido", "tohoku", "kanto", "chubu", "kinki", "chugoku", "shikoku",
                                             "kyushu", "okinawa"}));
  EXPECT_EQ(listed, 47u);
  EXPECT_EQ(regions[2].at("name"), "関東");
  EXPECT_EQ(regions[2].at("prefectures").as_array()[0], "ibaraki");

  const auto& prefs = d.at("prefectures").as_array();
  ASSERT_EQ(prefs.size(), 47u);
  EXPECT_EQ(prefs[0].at("code"), "hokkaido");
  const auto tokyo =
      std::find_if(prefs.begin(), prefs.end(), [](const json::value& p) { return p.at("code") == "tokyo"; });
  ASSERT_NE(tokyo, prefs.end());
  EXPECT_EQ(keys_of(tokyo->as_object()),
            (std::set<std::string>{"code", "name", "region", "lat", "lng", "zoom", "store_count"}));
  EXPECT_EQ(tokyo->at("name"), "東京都");
  EXPECT_EQ(tokyo->at("region"), "kanto");
  EXPECT_EQ(tokyo->at("store_count"), 2);  // the hidden store does not count
}

TEST_F(ApiShapes, StoresByPrefectureHaveTheStoreShape) {
  const auto res = get("/api/v1/stores?prefecture=tokyo");
  ASSERT_EQ(res.result(), http::Status::ok) << res.body();
  const auto body = json(res);
  EXPECT_EQ(body.at("truncated"), false);
  const auto& list = body.at("data").as_array();
  ASSERT_EQ(list.size(), 2u);
  const auto& s = list[0].as_object();
  EXPECT_EQ(keys_of(s), kStoreKeys);
  EXPECT_EQ(s.at("id"), 1);
  EXPECT_EQ(s.at("name"), "カードショップ新宿");
  EXPECT_EQ(s.at("prefecture"), "tokyo");
  EXPECT_EQ(s.at("prefecture_name"), "東京都");
  EXPECT_EQ(s.at("location_precision"), "exact");
  EXPECT_EQ(s.at("sells"), json::parse(R"({"packs":true,"boxes":false,"singles":null})"));
  EXPECT_EQ(s.at("last_report_at"), "2026-11-21T05:00:00Z");
  EXPECT_EQ(s.at("last_report_kind"), "bought");
  EXPECT_TRUE(list[1].at("last_report_at").is_null());
  EXPECT_TRUE(list[1].at("last_report_kind").is_null());
  EXPECT_EQ(s.at("latest_by_product"),
            json::parse(R"({"pack":{"kind":"bought","at":"2026-11-21T05:00:00Z"},"box":null,"single":null})"));
  EXPECT_EQ(list[1].at("latest_by_product"), json::parse(R"({"pack":null,"box":null,"single":null})"));
}

TEST_F(ApiShapes, CoordinatesArePlainDecimalsNotExponents) {
  const auto res = get("/api/v1/stores?prefecture=tokyo");
  EXPECT_NE(res.body().find(R"("lat":35.6905,"lng":139.7005)"), std::string::npos) << res.body();
}

TEST_F(ApiShapes, CoordinatesAreRoundedToAMillionthOfADegree) {
  stores.stores[1].location = {35.658047376070996, 139.69973505062353};
  const auto res = get("/api/v1/stores/2");
  EXPECT_NE(res.body().find(R"("lat":35.658047,"lng":139.699735)"), std::string::npos) << res.body();
}

TEST_F(ApiShapes, StoresNearAPointAreNearestFirstWithDistances) {
  const auto list = data(get("/api/v1/stores?lat=35.658&lng=139.7016&radius_km=20")).as_array();
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0].at("id"), 2);
  EXPECT_EQ(list[0].at("distance_km").to_number<double>(), 0.0);
  EXPECT_GT(list[1].at("distance_km").to_number<double>(), 3.0);
  EXPECT_LT(list[1].at("distance_km").to_number<double>(), 4.0);
}

TEST_F(ApiShapes, StoresInABoxWithFilters) {
  const auto list =
      data(get("/api/v1/stores?bbox=139.6,35.6,139.8,35.7&type=card_shop,convenience&product=packs")).as_array();
  EXPECT_EQ(list.size(), 2u);
  const auto one = data(get("/api/v1/stores?bbox=139.6,35.6,139.8,35.7&type=convenience")).as_array();
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].at("id"), 2);
  EXPECT_EQ(data(get("/api/v1/stores?prefecture=tokyo&reported_within_hours=2")).as_array().size(), 1u);
}

TEST_F(ApiShapes, StoresSaysWhenTheListWasCut) {
  const auto body = json(get("/api/v1/stores?prefecture=tokyo&limit=1"));
  EXPECT_EQ(body.at("data").as_array().size(), 1u);
  EXPECT_EQ(body.at("truncated"), true);
}

TEST_F(ApiShapes, QueryValuesArePercentDecoded) {
  EXPECT_EQ(data(get("/api/v1/stores?prefecture=%74okyo")).as_array().size(), 2u);
  EXPECT_EQ(data(get("/api/v1/stores?prefecture=tokyo&type=card_shop%2Cconvenience")).as_array().size(), 2u);
  EXPECT_EQ(get("/api/v1/stores?prefecture=tokyo&_=1700000000").result(), http::Status::ok);
}

TEST_F(ApiShapes, ClustersAtHighZoomAreMarkers) {
  const auto d = data(get("/api/v1/stores/clusters?bbox=139.6,35.6,139.8,35.7&zoom=16"));
  EXPECT_TRUE(d.at("clusters").as_array().empty());
  ASSERT_EQ(d.at("stores").as_array().size(), 2u);
  EXPECT_EQ(keys_of(d.at("stores").as_array()[0].as_object()), kStoreKeys);
}

TEST_F(ApiShapes, ClustersWhenManyStoresAreInView) {
  for (int i = 0; i < 400; ++i)
    stores.stores.push_back(
        sample_store(100 + i, "店", "other", "tokyo", "新宿区", 35.60 + i * 0.0002, 139.60 + (i % 20) * 0.01));
  const auto d = data(get("/api/v1/stores/clusters?bbox=135,33,141,37&zoom=5"));
  const auto& clusters = d.at("clusters").as_array();
  ASSERT_FALSE(clusters.empty());
  std::int64_t total = 0;
  for (const auto& c : clusters) {
    EXPECT_EQ(keys_of(c.as_object()), (std::set<std::string>{"lat", "lng", "count", "bbox"}));
    EXPECT_EQ(c.at("bbox").as_array().size(), 4u);
    total += c.at("count").as_int64();
  }
  // A cluster of one comes as its store's marker (core, 186836b): together they hold all.
  total += static_cast<std::int64_t>(d.at("stores").as_array().size());
  EXPECT_EQ(total, 403);
  EXPECT_LT(d.at("stores").as_array().size(), 403u);
}

TEST_F(ApiShapes, StoreDetailAddsPhotosAndRecentReports) {
  const auto d = data(get("/api/v1/stores/1")).as_object();
  auto keys = kStoreKeys;
  keys.insert({"photos", "recent_reports", "status", "activity"});
  EXPECT_EQ(keys_of(d), keys);
  EXPECT_EQ(d.at("status"), "active");
  // Without an activity repository the counts are zeros, but the shape is whole.
  EXPECT_EQ(d.at("activity").at("by_weekday").as_array().size(), 7u);
  EXPECT_EQ(d.at("activity").at("by_hour").as_array().size(), 24u);
  EXPECT_TRUE(d.at("photos").as_array().empty());
  const auto& recent = d.at("recent_reports").as_array();
  ASSERT_EQ(recent.size(), 2u);
  EXPECT_EQ(recent[0], json::parse(R"({"id":10,"kind":"bought","product":"pack",
      "product_name":"黒炎の支配者","limit_note":"1人5パックまで",
      "purchased_at":"2026-11-21T05:00:00Z","created_at":"2026-11-21T05:01:40Z",
      "product_id":null,"sale_method":null,"limit_count":null,"limit_unit":null,"sales_started_at":null})"));
  EXPECT_TRUE(recent[1].at("product_name").is_null());
  EXPECT_TRUE(recent[1].at("limit_note").is_null());
  EXPECT_EQ(recent[1].at("kind"), "sold_out");
  EXPECT_EQ(recent[1].at("product"), "box");
}

TEST_F(ApiShapes, UnknownOrHiddenStoreIs404) {
  for (const auto* target : {"/api/v1/stores/999", "/api/v1/stores/4"}) {
    const auto res = get(target);
    EXPECT_EQ(res.result(), http::Status::not_found) << target;
    EXPECT_EQ(json(res), json::parse(R"({"success":false,"error":"店舗が見つかりませんでした。","code":"not_found"})"));
  }
}

TEST_F(ApiShapes, StatsSummary) {
  EXPECT_EQ(data(get("/api/v1/stats/summary")),
            json::parse(R"({"store_count":3,"prefecture_count":2,"reports_24h":1,"reports_7d":2,
                            "latest_report_at":"2026-11-21T05:01:40Z"})"));
}

TEST_F(ApiShapes, StatsSummaryWithoutReports) {
  reports.items.clear();
  EXPECT_TRUE(data(get("/api/v1/stats/summary")).at("latest_report_at").is_null());
}

TEST_F(ApiShapes, TimelineItemsNewestFirst) {
  const auto list = data(get("/api/v1/purchases/timeline")).as_array();
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0], json::parse(R"({"id":10,
      "store":{"id":1,"name":"カードショップ新宿","prefecture":"東京都","prefecture_code":"tokyo","city":"新宿区"},
      "purchased_at":"2026-11-21T05:00:00Z","created_at":"2026-11-21T05:01:40Z",
      "kind":"bought","product":"pack","product_name":"黒炎の支配者","limit_note":"1人5パックまで",
      "product_id":null,"sale_method":null,"limit_count":null,"limit_unit":null,"sales_started_at":null})"));
  EXPECT_EQ(data(get("/api/v1/purchases/timeline?limit=1")).as_array().size(), 1u);
}

}  // namespace
}  // namespace pokeca::testing
