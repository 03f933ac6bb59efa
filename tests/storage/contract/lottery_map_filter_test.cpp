// The map's lottery filter (StoreFilters::lottery_open_at, lottery_ends_by) on every
// backend: which stores each store list and the clusters keep, at the window's edges, with
// the other filters, and as the clock moves with no write in between.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <tuple>

#include "backend.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::kNow;
using testing::make_store;

constexpr UnixSeconds kHour = 3600;
// 東京 23区 and 大阪 around; every test store lies in one of them.
constexpr BoundingBox kTokyo{139.60, 35.60, 139.85, 35.80};
constexpr BoundingBox kJapan{129.0, 30.0, 146.0, 46.0};

StoreFilters open_at(UnixSeconds now) {
  StoreFilters f;
  f.lottery_open_at = now;
  return f;
}
StoreFilters closing_at(UnixSeconds now) {
  auto f = open_at(now);
  f.lottery_ends_by = now + kLotteryClosingSoonSeconds;
  return f;
}

template <class Backend>
class LotteryMapFilter : public testing::BackendTest<Backend> {
 protected:
  void SetUp() override {
    // Stores 1–9 in 東京, spread so that box order and distance tell them apart; 10 in 大阪.
    std::vector<Store> all;
    for (StoreId id = 1; id <= 9; ++id)
      all.push_back(make_store(id, "店" + std::to_string(id), id % 2 ? "card_shop" : "electronics", "tokyo",
                               {35.70 + 0.008 * static_cast<double>(id), 139.70 + 0.011 * static_cast<double>(id)}));
    all[7].status = StoreStatus::kClosed;  // store 8
    // Store 1 was bought at an hour ago, store 2 sold out then.
    all[0].last_report_at = all[1].last_report_at = kNow - kHour;
    all[0].last_report_kind = ReportKind::kBought;
    all[1].last_report_kind = ReportKind::kSoldOut;
    all.push_back(make_store(10, "梅田の店", "card_shop", "osaka", {34.7043, 135.4959}));
    ASSERT_TRUE(this->stores.insert_many(all));

    ASSERT_TRUE(this->lotteries.insert_demo({
        entry(1, kNow - kHour, kNow + 48 * kHour),               // open
        entry(2, kNow - 2 * kHour, kNow + 3 * kHour),            // open, closing
        entry(2, kNow - kHour, kNow + 100 * kHour, "別の商品"),  // a second open one
        entry(3, kNow + kHour, kNow + 50 * kHour),               // not yet open
        entry(4, kNow - 50 * kHour, kNow),                       // ended this second
        entry(5, kNow - kHour, kNow + 5 * kHour, "熱風のアリーナ", LotteryStatus::kPending),
        entry(6, kNow - kHour, kNow + 5 * kHour, "熱風のアリーナ", LotteryStatus::kHidden),
        entry(7, kNow, kNow + kLotteryClosingSoonSeconds),  // opens now, ends at the edge
        entry(8, kNow - kHour, kNow + 5 * kHour),           // the store is closed
        entry(10, kNow - kHour, kNow + 10 * kHour),         // 大阪, closing
    }));
  }

  static LotteryEntry entry(StoreId store, UnixSeconds start, UnixSeconds end, std::string name = "熱風のアリーナ",
                            LotteryStatus status = LotteryStatus::kApproved) {
    LotteryEntry e;
    e.store_id = store;
    e.product_name = std::move(name);
    e.methods = static_cast<unsigned>(LotteryMethod::kStore);
    e.apply_start = start;
    e.apply_end = end;
    e.status = status;
    e.created_at = e.updated_at = kNow - 100 * kHour;
    return e;
  }

  static std::set<StoreId> ids(const std::vector<Store>& stores) {
    std::set<StoreId> out;
    for (const auto& s : stores) out.insert(s.id);
    return out;
  }
  std::set<StoreId> in_box(const BoundingBox& box, const StoreFilters& f) {
    const auto found = this->stores.in_bbox(box, f, 200).value();
    EXPECT_EQ(found.size(), ids(found).size()) << "a store with two open entries is listed once";
    return ids(found);
  }
  std::set<StoreId> in_tokyo(const StoreFilters& f) { return ids(this->stores.in_prefecture("tokyo", f, 200).value()); }
  std::int64_t clustered(const StoreFilters& f, int zoom = 5) {
    std::int64_t n = 0;
    const auto cells = this->stores.cells(cell_range_for_view(kJapan, zoom), f).value();
    for (const auto& c : cells) n += c.count;
    return n;
  }
};
TYPED_TEST_SUITE(LotteryMapFilter, testing::LotteryBackends, testing::BackendName);

TYPED_TEST(LotteryMapFilter, KeepsStoresWithAnApprovedEntryOpenNow) {
  const std::set<StoreId> open{1, 2, 7};
  EXPECT_EQ(this->in_box(kTokyo, open_at(kNow)), open);
  EXPECT_EQ(this->in_tokyo(open_at(kNow)), open);
  EXPECT_EQ(this->in_box(kJapan, open_at(kNow)), (std::set<StoreId>{1, 2, 7, 10}));
  // Off, the lists are what they were: every active store.
  EXPECT_EQ(this->in_box(kTokyo, {}), (std::set<StoreId>{1, 2, 3, 4, 5, 6, 7, 9}));
}

TYPED_TEST(LotteryMapFilter, ClosingKeepsWindowsEndingWithinTheDay) {
  // Store 7's window ends exactly 24 hours from now: still 「まもなく締切」. Store 2 is kept
  // for its entry ending in 3 hours, though another of its entries ends later.
  EXPECT_EQ(this->in_box(kTokyo, closing_at(kNow)), (std::set<StoreId>{2, 7}));
  EXPECT_EQ(this->in_tokyo(closing_at(kNow)), (std::set<StoreId>{2, 7}));
  EXPECT_EQ(this->in_box(kJapan, closing_at(kNow)), (std::set<StoreId>{2, 7, 10}));
}

TYPED_TEST(LotteryMapFilter, TheWindowsMoveWithTheClockWithoutAWrite) {
  // Four hours on: store 3's window has opened, store 2's closing entry has ended (its
  // other one ends in 4 days), store 7 ends within the day.
  const UnixSeconds later = kNow + 4 * kHour;
  EXPECT_EQ(this->in_box(kTokyo, open_at(later)), (std::set<StoreId>{1, 2, 3, 7}));
  EXPECT_EQ(this->in_box(kTokyo, closing_at(later)), (std::set<StoreId>{7}));
  // Store 4's window, the only one open then, a second before it ended; and once every
  // window has ended (the last at 100 hours on), none.
  EXPECT_EQ(this->in_box(kJapan, open_at(kNow - 2 * kHour - 1)), (std::set<StoreId>{4}));
  EXPECT_TRUE(this->in_box(kJapan, open_at(kNow + 100 * kHour)).empty());
  EXPECT_EQ(this->clustered(open_at(kNow + 100 * kHour)), 0);
}

TYPED_TEST(LotteryMapFilter, CombinesWithTheOtherFilters) {
  auto f = open_at(kNow);
  f.types = {"card_shop"};
  EXPECT_EQ(this->in_box(kTokyo, f), (std::set<StoreId>{1, 7}));
  EXPECT_EQ(this->in_tokyo(f), (std::set<StoreId>{1, 7}));
  EXPECT_EQ(this->clustered(f), 3);  // 1, 7 and 大阪

  auto recent = open_at(kNow);
  recent.reported_since = kNow - 24 * kHour;
  EXPECT_EQ(this->in_box(kTokyo, recent), (std::set<StoreId>{1}));
  EXPECT_EQ(this->in_tokyo(recent), (std::set<StoreId>{1}));
  EXPECT_EQ(this->clustered(recent), 1);
}

TYPED_TEST(LotteryMapFilter, NearestKeepsOnlyMatchesInDistanceOrder) {
  const LatLng centre{35.70, 139.70};
  const auto found = this->stores.nearest(centre, 50, open_at(kNow), 10).value();
  std::vector<StoreId> got;
  for (const auto& s : found) got.push_back(s.store.id);
  EXPECT_EQ(got, (std::vector<StoreId>{1, 2, 7}));
  ASSERT_EQ(found.size(), 3u);
  EXPECT_LT(found[0].distance_km, found[1].distance_km);
}

TYPED_TEST(LotteryMapFilter, ACutListKeepsTheNearestTheCentreInBoxOrder) {
  // Three listed, two asked: the two nearest the box's centre, in that order.
  const BoundingBox box{139.70, 35.70, 139.80, 35.78};
  std::vector<Store> expected;
  for (StoreId id : {1, 2, 7}) expected.push_back(this->stores.find(id).value().value());
  sort_by_box_order(expected, box);
  const auto cut = this->stores.in_bbox(box, open_at(kNow), 2).value();
  ASSERT_EQ(cut.size(), 2u);
  EXPECT_EQ(cut[0].id, expected[0].id);
  EXPECT_EQ(cut[1].id, expected[1].id);
}

TYPED_TEST(LotteryMapFilter, ClustersCountTheMatchingStoresAtTheirPlaces) {
  for (const int zoom : {4, 7, 10}) {
    EXPECT_EQ(this->clustered(open_at(kNow), zoom), 4) << zoom;
    EXPECT_EQ(this->clustered(closing_at(kNow), zoom), 3) << zoom;
  }
  // Every cell sits at its stores' mean: the exact path from the points.
  const auto range = cell_range_for_view(kJapan, 10);
  std::vector<LatLng> points;
  for (StoreId id : {2, 7, 10}) points.push_back(this->stores.find(id).value()->location);
  auto want = aggregate_points(points, range.level);
  auto got = this->stores.cells(range, closing_at(kNow)).value();
  const auto by_key = [](const CellAggregate& a, const CellAggregate& b) {
    return std::tie(a.key.x, a.key.y) < std::tie(b.key.x, b.key.y);
  };
  std::sort(want.begin(), want.end(), by_key);
  std::sort(got.begin(), got.end(), by_key);
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i].key.x, want[i].key.x);
    EXPECT_EQ(got[i].key.y, want[i].key.y);
    EXPECT_EQ(got[i].count, want[i].count);
    EXPECT_NEAR(got[i].sum_lat, want[i].sum_lat, 1e-9);
    EXPECT_NEAR(got[i].sum_lng, want[i].sum_lng, 1e-9);
  }
  // Off, the stored sums: every active store.
  EXPECT_EQ(this->clustered({}), 9);
}

}  // namespace
}  // namespace pokeca::storage
