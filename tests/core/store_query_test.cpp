#include "pokeca/map/store_query.hpp"
#include "pokeca/contributions/lottery.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/numbers.hpp"

#include <gtest/gtest.h>

namespace pokeca {
namespace {

constexpr UnixSeconds kNow = 1795239000;

StoreQueryInput with(std::optional<std::string> StoreQueryInput::* field, std::string value,
                     StoreQueryInput base = {}) {
  base.*field = std::move(value);
  return base;
}

void expect_bad(const StoreQueryInput& in) {
  auto q = parse_store_query(in, kNow);
  ASSERT_FALSE(q.has_value());
  EXPECT_EQ(q.error().code, ErrorCode::kBadRequest);
  EXPECT_FALSE(q.error().message.empty());
}

}  // namespace

TEST(StoreQuery, PrefectureWithDefaults) {
  auto q = parse_store_query(with(&StoreQueryInput::prefecture, "tokyo"), kNow);
  ASSERT_TRUE(q) << q.error().message;
  EXPECT_EQ(std::get<PrefectureArea>(q->area).code, "tokyo");
  EXPECT_EQ(q->limit, kDefaultStoreLimit);
  EXPECT_EQ(kDefaultStoreLimit, 200);
  EXPECT_TRUE(q->filters.types.empty());
}

TEST(StoreQuery, UnknownPrefectureIsRefusedInJapanese) {
  auto q = parse_store_query(with(&StoreQueryInput::prefecture, "atlantis"), kNow);
  ASSERT_FALSE(q);
  EXPECT_EQ(q.error().message, "都道府県の指定が正しくありません。");
}

TEST(StoreQuery, BboxParsesInLeafletOrder) {
  auto q = parse_store_query(with(&StoreQueryInput::bbox, "139.5,35.5,140,35.9"), kNow);
  ASSERT_TRUE(q);
  const auto& b = std::get<BoundingBox>(q->area);
  EXPECT_DOUBLE_EQ(b.min_lng, 139.5);
  EXPECT_DOUBLE_EQ(b.max_lat, 35.9);
}

TEST(StoreQuery, BadBboxes) {
  for (const char* bad : {"", "1,2,3", "1,2,3,4,5", "a,b,c,d", "139,35,138,36", "139,91,140,92", "-181,0,0,1",
                          "1e3,0,2,1", "0x1,0,2,1", " 139,35,140,36", "nan,0,1,1", "100,-10,170,60"})
    expect_bad(with(&StoreQueryInput::bbox, bad));
}

TEST(StoreQuery, NearPointWithRadiusBounds) {
  StoreQueryInput in;
  in.lat = "35.69";
  in.lng = "139.70";
  auto q = parse_store_query(in, kNow);
  ASSERT_TRUE(q);
  EXPECT_DOUBLE_EQ(std::get<NearPoint>(q->area).radius_km, kDefaultRadiusKm);
  in.radius_km = "50";
  EXPECT_TRUE(parse_store_query(in, kNow));
  in.radius_km = "50.1";
  expect_bad(in);
  in.radius_km = "0.05";
  expect_bad(in);
}

TEST(StoreQuery, LatWithoutLngAndOutOfRange) {
  expect_bad(with(&StoreQueryInput::lat, "35"));
  expect_bad(with(&StoreQueryInput::lng, "139"));
  StoreQueryInput in;
  in.lat = "95";
  in.lng = "139";
  expect_bad(in);
  in.lat = "abc";
  expect_bad(in);
}

TEST(StoreQuery, ExactlyOneAreaMustBeGiven) {
  expect_bad({});
  auto both = with(&StoreQueryInput::prefecture, "tokyo");
  both.bbox = "139,35,140,36";
  expect_bad(both);
}

TEST(StoreQuery, LimitBounds) {
  auto base = with(&StoreQueryInput::prefecture, "osaka");
  for (const char* bad : {"0", "501", "100000", "abc", "-1", "1.5", ""})
    expect_bad(with(&StoreQueryInput::limit, bad, base));
  auto q = parse_store_query(with(&StoreQueryInput::limit, "500", base), kNow);
  ASSERT_TRUE(q);
  EXPECT_EQ(q->limit, kMaxStoreLimit);
  EXPECT_EQ(kMaxStoreLimit, 500);
}

TEST(StoreQuery, FiltersParse) {
  auto in = with(&StoreQueryInput::prefecture, "osaka");
  in.type = "card_shop,convenience,card_shop";
  in.product = "boxes";
  in.reported_within_hours = "24";
  auto q = parse_store_query(in, kNow);
  ASSERT_TRUE(q);
  EXPECT_EQ(q->filters.types, (std::vector<std::string>{"card_shop", "convenience"}));
  EXPECT_EQ(q->filters.product, Product::kBox);
  EXPECT_EQ(q->filters.reported_since, kNow - 24 * 3600);
}

TEST(StoreQuery, LotteryFilterOpensAtTheRequestsMoment) {
  auto in = with(&StoreQueryInput::bbox, "139,35,140,36");
  auto off = parse_store_query(in, kNow);
  ASSERT_TRUE(off);
  EXPECT_FALSE(lottery_filtered(off->filters));
  in.lottery = "open";
  auto open = parse_store_query(in, kNow);
  ASSERT_TRUE(open);
  EXPECT_TRUE(lottery_filtered(open->filters));
  EXPECT_EQ(open->filters.lottery_open_at, kNow);
  EXPECT_FALSE(open->filters.lottery_ends_by);
  in.lottery = "closing";
  auto closing = parse_cluster_query(with(&StoreQueryInput::zoom, "8", in), kNow);
  ASSERT_TRUE(closing);
  EXPECT_EQ(closing->filters.lottery_open_at, kNow);
  EXPECT_EQ(closing->filters.lottery_ends_by, kNow + 24 * 3600);
  EXPECT_EQ(kLotteryClosingSoonSeconds, 24 * 3600);
  for (const char* bad : {"", "OPEN", "upcoming", "open,closing"}) {
    in.lottery = bad;
    auto q = parse_store_query(in, kNow);
    ASSERT_FALSE(q) << bad;
    EXPECT_EQ(q.error().code, ErrorCode::kBadRequest);
    EXPECT_EQ(q.error().message, msg::kBadLotteryFilter);
  }
}

TEST(StoreQuery, BadFilters) {
  auto base = with(&StoreQueryInput::prefecture, "osaka");
  expect_bad(with(&StoreQueryInput::type, "casino", base));
  expect_bad(with(&StoreQueryInput::product, "pack", base));
  expect_bad(with(&StoreQueryInput::reported_within_hours, "0", base));
  expect_bad(with(&StoreQueryInput::reported_within_hours, "721", base));
  EXPECT_EQ(kMaxReportedWithinHours, 720);
}

TEST(ClusterQuery, NeedsBboxAndZoomInRange) {
  StoreQueryInput in;
  in.bbox = "139,35,140,36";
  EXPECT_FALSE(parse_cluster_query(in, kNow));
  in.zoom = "99";
  EXPECT_FALSE(parse_cluster_query(in, kNow));
  in.zoom = "20";
  EXPECT_TRUE(parse_cluster_query(in, kNow));
  in.zoom = "0";
  auto q = parse_cluster_query(in, kNow);
  ASSERT_TRUE(q);
  EXPECT_EQ(q->zoom, 0);
}

TEST(TimelineLimit, DefaultsAndBounds) {
  EXPECT_EQ(parse_timeline_limit(std::nullopt), kDefaultTimelineLimit);
  EXPECT_EQ(parse_timeline_limit("50"), 50);
  EXPECT_FALSE(parse_timeline_limit("51"));
  EXPECT_FALSE(parse_timeline_limit("0"));
}

TEST(Numbers, StrictDecimalParsing) {
  EXPECT_EQ(parse_decimal("35.5"), 35.5);
  EXPECT_EQ(parse_decimal("-0.25"), -0.25);
  EXPECT_EQ(parse_decimal("7"), 7.0);
  for (const char* bad : {"", "-", ".5", "5.", "1e5", "inf", "nan", "+1", "1,5", " 1", "0x10"})
    EXPECT_EQ(parse_decimal(bad), std::nullopt) << bad;
  EXPECT_EQ(parse_integer("123"), 123);
  EXPECT_EQ(parse_integer("99999999999999999999"), std::nullopt);
}

// "Reported since" means bought recently: the latest report of the filter's product, else
// of any product, says bought and is at or after the cut-off.
TEST(StoreQuery, ReportedSinceKeepsALatestPurchase) {
  StoreListFacts s;
  s.last_report_at = kNow - 60;
  s.last_report_kind = ReportKind::kSoldOut;
  s.latest_by_product[product_index(Product::kPack)] = LatestReport{kNow - 60, ReportKind::kSoldOut};
  s.latest_by_product[product_index(Product::kBox)] = LatestReport{kNow - 7200, ReportKind::kBought};
  StoreFilters f;
  EXPECT_TRUE(passes_reported(s, f));  // no cut-off: every store
  f.reported_since = kNow - 86'400;
  EXPECT_FALSE(passes_reported(s, f));  // the latest of all says sold out
  f.product = Product::kPack;
  EXPECT_FALSE(passes_reported(s, f));
  f.product = Product::kBox;
  EXPECT_TRUE(passes_reported(s, f));
  f.product = Product::kSingle;
  EXPECT_FALSE(passes_reported(s, f));  // never reported
  f.product = Product::kBox;
  f.reported_since = kNow - 7200;
  EXPECT_TRUE(passes_reported(s, f));  // the cut-off itself counts
  f.reported_since = kNow - 7199;
  EXPECT_FALSE(passes_reported(s, f));
  f.product.reset();
  s.last_report_kind = ReportKind::kBought;
  f.reported_since = kNow - 60;
  EXPECT_TRUE(passes_reported(s, f));
}

}  // namespace pokeca
