// The rules of a lottery entry: what a user must give, the window's limits at the time of
// submission, the conditions and their note, and the public list's query.
#include <gtest/gtest.h>

#include <array>

#include "pokeca/contributions/lottery.hpp"
#include "pokeca/demo/demo_lotteries.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/text.hpp"

namespace pokeca {
namespace {

// 2026-11-28T00:00:00Z
constexpr UnixSeconds kNow = 1'795'824'000;

LotteryInput valid() {
  return {.store_id = 7,
          .product_id = std::nullopt,
          .product_name = " テラスタルフェスex ",
          .methods = {"web", "store"},
          .apply_start = "2026-11-27T10:00:00+09:00",
          .apply_end = "2026-12-01T23:59:00+09:00",
          .result_at = "2026-12-03T12:00:00+09:00",
          .purchase_start = "2026-12-05T10:00:00+09:00",
          .purchase_end = "2026-12-08T20:00:00+09:00",
          .conditions = {"members_only", "id_check"},
          .condition_note = "アプリ会員のみ",
          .source_url = "https://example.jp/lottery"};
}

std::string refusal(const LotteryInput& in, UnixSeconds now = kNow) {
  auto e = checked_lottery(in, now);
  EXPECT_FALSE(e.has_value());
  if (e) return {};
  EXPECT_EQ(e.error().code, ErrorCode::kBadRequest);
  return e.error().message;
}

TEST(LotteryRules, AValidEntryKeepsEveryFieldInUtc) {
  auto e = checked_lottery(valid(), kNow);
  ASSERT_TRUE(e) << e.error().message;
  EXPECT_EQ(e->store_id, 7);
  EXPECT_EQ(e->product_name, "テラスタルフェスex");
  EXPECT_EQ(lottery_methods_in(e->methods), (std::vector{LotteryMethod::kStore, LotteryMethod::kWeb}));
  EXPECT_EQ(format_iso8601(e->apply_start), "2026-11-27T01:00:00Z");
  EXPECT_EQ(format_iso8601(e->apply_end), "2026-12-01T14:59:00Z");
  EXPECT_EQ(format_iso8601(*e->result_at), "2026-12-03T03:00:00Z");
  EXPECT_EQ(format_iso8601(*e->purchase_end), "2026-12-08T11:00:00Z");
  EXPECT_EQ(lottery_conditions_in(e->conditions),
            (std::vector{LotteryCondition::kMembersOnly, LotteryCondition::kIdCheck}));
  EXPECT_EQ(e->condition_note, "アプリ会員のみ");
  EXPECT_EQ(e->source_url, "https://example.jp/lottery");
  EXPECT_EQ(e->created_at, kNow);
}

TEST(LotteryRules, AProductFromTheCatalogueOrAName) {
  auto in = valid();
  in.product_name = "";
  EXPECT_EQ(refusal(in), msg::kLotteryProductRequired);
  in.product_id = 3;
  auto e = checked_lottery(in, kNow);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->product_id, 3);
  in.product_id = 0;
  EXPECT_EQ(refusal(in), msg::kLotteryBadProductId);
  in = valid();
  in.store_id = 0;
  EXPECT_EQ(refusal(in), msg::kLotteryStoreRequired);
}

TEST(LotteryRules, MethodsAndConditionsAreKnownNames) {
  auto in = valid();
  in.methods = {};
  EXPECT_EQ(refusal(in), msg::kLotteryMethodRequired);
  in.methods = {"fax"};
  EXPECT_EQ(refusal(in), msg::kLotteryBadMethod);
  in = valid();
  in.conditions = {"lucky"};
  EXPECT_EQ(refusal(in), msg::kLotteryBadCondition);
  in.conditions = {"other"};
  in.condition_note = "  ";
  EXPECT_EQ(refusal(in), msg::kLotteryNoteRequired);
  in.condition_note = std::string(kMaxLotteryNoteChars + 1, 'a');
  EXPECT_EQ(refusal(in), fill_placeholder(msg::kLotteryNoteTooLong, "{max}", std::to_string(kMaxLotteryNoteChars)));
  in.condition_note = std::string(kMaxLotteryNoteChars, 'a');
  EXPECT_TRUE(checked_lottery(in, kNow));
}

TEST(LotteryRules, TheWindowIsOrderedShortEnoughNotOverAndNotTooFarAhead) {
  auto in = valid();
  in.apply_end = "2026-11-27T09:00:00+09:00";  // before the start
  EXPECT_EQ(refusal(in), msg::kLotteryWindowOrder);
  in = valid();
  in.apply_start = "2026-11-27T10:00:00";  // no zone
  EXPECT_EQ(refusal(in), msg::kLotteryBadTime);
  in = valid();
  in.apply_start = "";
  EXPECT_EQ(refusal(in), msg::kLotteryWindowRequired);
  in = valid();
  in.apply_end = "2026-11-27T23:59:59Z";  // ended before now
  in.result_at = std::nullopt;
  EXPECT_EQ(refusal(in), msg::kLotteryWindowEnded);
  in = valid();
  in.apply_start = "2026-12-01T00:00:00Z";
  in.apply_end = "2027-01-30T00:00:01Z";  // 60 days and a second
  in.result_at = std::nullopt;
  in.purchase_start = in.purchase_end = std::nullopt;
  EXPECT_EQ(refusal(in), fill_placeholder(msg::kLotteryWindowTooLong, "{max}", "60"));
  in.apply_end = "2027-01-30T00:00:00Z";  // exactly 60 days
  EXPECT_TRUE(checked_lottery(in, kNow));
  in.apply_start = "2027-01-27T00:00:01Z";  // starts more than 60 days ahead
  in.apply_end = "2027-01-28T00:00:00Z";
  EXPECT_EQ(refusal(in), fill_placeholder(msg::kLotteryWindowTooFar, "{max}", "60"));
}

TEST(LotteryRules, ResultAfterTheDeadlineAndAPurchaseWindowOfBothEnds) {
  auto in = valid();
  in.result_at = "2026-12-01T00:00:00+09:00";  // before the deadline
  EXPECT_EQ(refusal(in), msg::kLotteryResultBeforeEnd);
  in = valid();
  in.purchase_end = std::nullopt;
  EXPECT_EQ(refusal(in), fill_placeholder(msg::kLotteryPurchaseWindow, "{max}", "60"));
  in = valid();
  in.purchase_end = "2026-12-05T09:00:00+09:00";  // before its start
  EXPECT_EQ(refusal(in), fill_placeholder(msg::kLotteryPurchaseWindow, "{max}", "60"));
  in = valid();
  in.result_at = "";
  in.purchase_start = in.purchase_end = "";
  auto e = checked_lottery(in, kNow);
  ASSERT_TRUE(e) << e.error().message;
  EXPECT_FALSE(e->result_at);
  EXPECT_FALSE(e->purchase_start);
}

TEST(LotteryRules, TheAnnouncementIsAWebUrl) {
  auto in = valid();
  in.source_url = "javascript:alert(1)";
  EXPECT_FALSE(refusal(in).empty());
  in.source_url = "";
  EXPECT_TRUE(checked_lottery(in, kNow));
}

TEST(LotteryRules, WindowsOverlapWhenTheyShareAMoment) {
  LotteryEntry a;
  a.apply_start = 100;
  a.apply_end = 200;
  LotteryEntry b;
  b.apply_start = 200;
  b.apply_end = 300;
  EXPECT_FALSE(lottery_windows_overlap(a, b));  // one ends as the other starts
  b.apply_start = 199;
  EXPECT_TRUE(lottery_windows_overlap(a, b));
  EXPECT_TRUE(lottery_windows_overlap(b, a));
}

// A query with only some of its parameters (the rest absent).
LotteryQuery query(std::initializer_list<std::pair<std::string_view, std::string>> given) {
  LotteryQuery q;
  for (const auto& [key, value] : given) {
    if (key == "store_id") q.store_id = value;
    if (key == "prefecture") q.prefecture = value;
    if (key == "product_id") q.product_id = value;
    if (key == "method") q.method = value;
    if (key == "loose") q.loose = value;
    if (key == "lat") q.lat = value;
    if (key == "lng") q.lng = value;
    if (key == "radius_km") q.radius_km = value;
    if (key == "limit") q.limit = value;
  }
  return q;
}

TEST(LotteryFilterQuery, ParsesEachFilterAndRefusesBadOnes) {
  auto f = parse_lottery_filter(query({{"store_id", "12"},
                                       {"prefecture", "tokyo"},
                                       {"product_id", "4"},
                                       {"method", "web"},
                                       {"loose", "1"},
                                       {"lat", "35.68"},
                                       {"lng", "139.76"},
                                       {"radius_km", "5"},
                                       {"limit", "20"}}));
  ASSERT_TRUE(f) << f.error().message;
  EXPECT_EQ(f->store_id, 12);
  EXPECT_EQ(f->prefecture, "tokyo");
  EXPECT_EQ(f->product_id, 4);
  EXPECT_EQ(f->method, LotteryMethod::kWeb);
  EXPECT_TRUE(f->loose);
  ASSERT_TRUE(f->near);
  EXPECT_DOUBLE_EQ(f->near->lat, 35.68);
  EXPECT_DOUBLE_EQ(f->radius_km, 5);
  EXPECT_EQ(f->limit, 20);
  auto plain = parse_lottery_filter(LotteryQuery{});
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->limit, kDefaultLotteryListLimit);
  EXPECT_FALSE(plain->near);

  EXPECT_FALSE(plain->store_id);
  EXPECT_FALSE(parse_lottery_filter(query({{"store_id", "0"}})));
  EXPECT_FALSE(parse_lottery_filter(query({{"store_id", "x"}})));
  EXPECT_FALSE(parse_lottery_filter(query({{"prefecture", "atlantis"}})));
  EXPECT_FALSE(parse_lottery_filter(query({{"product_id", "x"}})));
  EXPECT_FALSE(parse_lottery_filter(query({{"method", "fax"}})));
  EXPECT_FALSE(parse_lottery_filter(query({{"lat", "35"}})));  // without lng
  EXPECT_FALSE(parse_lottery_filter(query({{"lat", "95"}, {"lng", "139"}})));
  EXPECT_FALSE(parse_lottery_filter(query({{"lat", "35"}, {"lng", "139"}, {"radius_km", "101"}})));
  EXPECT_FALSE(parse_lottery_filter(query({{"limit", "0"}})));
  EXPECT_FALSE(parse_lottery_filter(query({{"limit", "201"}})));
}

std::vector<Store> demo_hosts() {
  std::vector<Store> stores;
  const std::array<std::string_view, 5> types{"electronics", "toy", "card_shop", "convenience", "supermarket"};
  for (StoreId id = 1; id <= 200; ++id) {
    Store s;
    s.id = id;
    s.store_type = std::string(types[static_cast<std::size_t>(id) % types.size()]);
    if (id % 17 == 0) s.status = StoreStatus::kClosed;
    stores.push_back(s);
  }
  return stores;
}

TEST(DemoLotteries, AreTheSameEachTimeAtHostStoresOneASaleAndSpreadOverEveryPhase) {
  const auto stores = demo_hosts();
  std::vector<CatalogProduct> products;
  for (CatalogProductId id = 1; id <= 6; ++id) {
    CatalogProduct p;
    p.id = id;
    p.name = "商品" + std::to_string(id);
    products.push_back(p);
  }
  const auto a = generate_demo_lotteries(stores, products, kNow, 20251);
  const auto b = generate_demo_lotteries(stores, products, kNow, 20251);
  ASSERT_GT(a.size(), 150u);
  ASSERT_EQ(a.size(), b.size());
  int open = 0, closing = 0, upcoming = 0, ended = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto& e = a[i];
    EXPECT_EQ(e.store_id, b[i].store_id);
    EXPECT_EQ(e.apply_end, b[i].apply_end);
    const auto& store = stores.at(static_cast<std::size_t>(e.store_id - 1));
    EXPECT_TRUE(store.store_type == "electronics" || store.store_type == "toy" || store.store_type == "card_shop");
    EXPECT_EQ(store.status, StoreStatus::kActive);
    EXPECT_EQ(e.status, LotteryStatus::kApproved);
    EXPECT_EQ(e.author_id, 0);
    ASSERT_TRUE(e.product_id);
    EXPECT_EQ(e.product_name, "商品" + std::to_string(*e.product_id));
    EXPECT_NE(e.methods, 0u);
    EXPECT_LT(e.apply_start, e.apply_end);
    EXPECT_LE(e.apply_end - e.apply_start, kMaxLotteryWindowDays * 86'400);
    EXPECT_LE(e.apply_start, kNow + kMaxLotteryLeadDays * 86'400);
    if (e.result_at) {
      EXPECT_GE(*e.result_at, e.apply_end);
    }
    if ((e.conditions & static_cast<unsigned>(LotteryCondition::kOther)) != 0) {
      EXPECT_FALSE(e.condition_note.empty());
    }
    for (std::size_t j = 0; j < i; ++j)
      EXPECT_FALSE(a[j].store_id == e.store_id && a[j].product_id == e.product_id && lottery_windows_overlap(a[j], e));
    if (e.apply_end <= kNow)
      ++ended;
    else if (e.apply_start > kNow)
      ++upcoming;
    else if (e.apply_end - kNow <= kLotteryClosingSoonSeconds)
      ++closing;
    else
      ++open;
  }
  EXPECT_GT(open, 50);
  EXPECT_GT(closing, 10);
  EXPECT_GT(upcoming, 20);
  EXPECT_GT(ended, 5);
  EXPECT_TRUE(generate_demo_lotteries(stores, {}, kNow, 20251).empty());
}

}  // namespace
}  // namespace pokeca
