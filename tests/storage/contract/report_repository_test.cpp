// Purchase reports through core's ReportRepository port: a backend contract test (backend.hpp),
// run once per storage backend.
#include <gtest/gtest.h>

#include "backend.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::kNow;
using testing::make_report;
using testing::make_store;

template <class Backend>
class Reports : public testing::BackendTest<Backend> {
 protected:
  void SetUp() override {
    auto hidden = make_store(3, "非表示", "toy", "tokyo", {35.7, 139.7});
    hidden.status = StoreStatus::kHidden;
    auto osaka = make_store(2, "難波の店", "toy", "osaka", {34.66, 135.50});
    osaka.city = "大阪市";
    ASSERT_TRUE(this->stores.insert_many(
        std::vector{make_store(1, "新宿の店", "card_shop", "tokyo", {35.69, 139.70}), osaka, hidden}));
  }
};
TYPED_TEST_SUITE(Reports, testing::ReportBackends, testing::BackendName);

TYPED_TEST(Reports, TimelineIsNewestFirstWithTheStore) {
  auto detailed = make_report(2, kNow - 100, ReportKind::kSoldOut);
  detailed.user_id = 42;
  detailed.product = Product::kBox;
  detailed.product_name = "超電ブレイカー";
  detailed.limit_note = "1人1箱まで";
  ASSERT_TRUE(this->reports.insert_many(
      std::vector{make_report(1, kNow - 3000), detailed, make_report(1, kNow - 50), make_report(3, kNow - 10)}));
  const auto items = this->reports.timeline(10).value();
  ASSERT_EQ(items.size(), 3u);  // the hidden store's report is left out
  EXPECT_EQ(items[0].report.purchased_at, kNow - 50);
  EXPECT_EQ(items[1].report.purchased_at, kNow - 100);
  EXPECT_EQ(items[2].report.purchased_at, kNow - 3000);
  EXPECT_EQ(items[1].store_id, 2);
  EXPECT_EQ(items[1].store_name, "難波の店");
  EXPECT_EQ(items[1].prefecture, "osaka");
  EXPECT_EQ(items[1].city, "大阪市");
  EXPECT_EQ(items[1].report.user_id, 42);
  EXPECT_EQ(items[1].report.kind, ReportKind::kSoldOut);
  EXPECT_EQ(items[1].report.product, Product::kBox);
  EXPECT_EQ(items[1].report.product_name, "超電ブレイカー");
  EXPECT_EQ(items[1].report.limit_note, "1人1箱まで");
  EXPECT_EQ(items[0].report.user_id, std::nullopt);
  EXPECT_EQ(this->reports.timeline(2).value().size(), 2u);
}

TYPED_TEST(Reports, SameTimeIsOrderedByNewestId) {
  ASSERT_TRUE(this->reports.insert_many(std::vector{make_report(1, kNow), make_report(2, kNow)}));
  const auto items = this->reports.timeline(10).value();
  ASSERT_EQ(items.size(), 2u);
  EXPECT_GT(items[0].report.id, items[1].report.id);
}

TYPED_TEST(Reports, RecentForStoreIsThatStoresNewestFirst) {
  ASSERT_TRUE(this->reports.insert_many(std::vector{make_report(1, kNow - 300), make_report(2, kNow - 1),
                                                    make_report(1, kNow - 100), make_report(1, kNow - 200)}));
  const auto recent = this->reports.recent_for_store(1, 2).value();
  ASSERT_EQ(recent.size(), 2u);
  EXPECT_EQ(recent[0].purchased_at, kNow - 100);
  EXPECT_EQ(recent[1].purchased_at, kNow - 200);
  EXPECT_TRUE(this->reports.recent_for_store(99, 10).value().empty());
}

TYPED_TEST(Reports, CountsByWindowAndLatest) {
  EXPECT_EQ(this->reports.counts(kNow - 86'400, kNow - 7 * 86'400).value().latest, std::nullopt);
  ASSERT_TRUE(
      this->reports.insert_many(std::vector{make_report(1, kNow - 3600), make_report(1, kNow - 86'400),
                                            make_report(2, kNow - 3 * 86'400), make_report(2, kNow - 8 * 86'400)}));
  const auto c = this->reports.counts(kNow - 86'400, kNow - 7 * 86'400).value();
  EXPECT_EQ(c.last_24h, 2);  // the window includes its start
  EXPECT_EQ(c.last_7d, 3);
  EXPECT_EQ(c.latest, kNow - 3600);
}

TYPED_TEST(Reports, LastReportMovesOnlyForward) {
  ASSERT_TRUE(this->reports.insert_many(std::vector{make_report(1, kNow - 100, ReportKind::kSoldOut)}));
  EXPECT_EQ(this->stores.find(1).value()->last_report_at, kNow - 100);
  EXPECT_EQ(this->stores.find(1).value()->last_report_kind, ReportKind::kSoldOut);

  // An older report arriving later does not move it back.
  ASSERT_TRUE(this->reports.insert_many(std::vector{make_report(1, kNow - 500, ReportKind::kBought)}));
  EXPECT_EQ(this->stores.find(1).value()->last_report_at, kNow - 100);
  EXPECT_EQ(this->stores.find(1).value()->last_report_kind, ReportKind::kSoldOut);
  // A tie does: the later report is the newer news, and comes first in the timeline
  // and the store's recent reports (same time, higher id), which the store follows.
  ASSERT_TRUE(this->reports.insert_many(std::vector{make_report(1, kNow - 100, ReportKind::kBought)}));
  EXPECT_EQ(this->stores.find(1).value()->last_report_at, kNow - 100);
  EXPECT_EQ(this->stores.find(1).value()->last_report_kind, ReportKind::kBought);
  EXPECT_EQ(this->reports.recent_for_store(1, 1).value().at(0).kind, ReportKind::kBought);

  ASSERT_TRUE(this->reports.insert_many(std::vector{make_report(1, kNow - 10, ReportKind::kBought)}));
  EXPECT_EQ(this->stores.find(1).value()->last_report_at, kNow - 10);
  EXPECT_EQ(this->stores.find(1).value()->last_report_kind, ReportKind::kBought);
  EXPECT_EQ(this->stores.find(2).value()->last_report_at, std::nullopt);

  // Which makes the store pass a reported_since filter.
  EXPECT_EQ(this->stores.in_prefecture("tokyo", testing::reported_since(kNow - 60), 10).value().size(), 1u);
}

// Each product's latest report follows its own reports: the same order as the latest of
// all (time, then the later report), and deleting one falls back to that product's previous.
TYPED_TEST(Reports, LatestReportPerProductFollowsInsertsAndDeletes) {
  const auto of = [](StoreId store, UnixSeconds at, ReportKind kind, Product product) {
    auto r = make_report(store, at, kind);
    r.product = product;
    return r;
  };
  const auto latest = [&](Product p) { return this->stores.find(1).value()->latest_by_product[product_index(p)]; };
  const auto box_bought = this->reports.insert(of(1, kNow - 7200, ReportKind::kBought, Product::kBox)).value();
  const auto pack_bought = this->reports.insert(of(1, kNow - 3600, ReportKind::kBought, Product::kPack)).value();
  const auto pack_sold_out = this->reports.insert(of(1, kNow - 600, ReportKind::kSoldOut, Product::kPack)).value();
  // An older pack report does not move the pack's latest; an older box report that is
  // still the box's newest does move the box's (not the latest of all).
  ASSERT_TRUE(this->reports.insert(of(1, kNow - 5000, ReportKind::kBought, Product::kPack)));
  const auto box_sold_out = this->reports.insert(of(1, kNow - 1800, ReportKind::kSoldOut, Product::kBox)).value();

  auto store = this->stores.find(1).value().value();
  EXPECT_EQ(store.last_report_at, kNow - 600);
  EXPECT_EQ(store.last_report_kind, ReportKind::kSoldOut);
  EXPECT_EQ(latest(Product::kPack), (LatestReport{kNow - 600, ReportKind::kSoldOut}));
  EXPECT_EQ(latest(Product::kBox), (LatestReport{kNow - 1800, ReportKind::kSoldOut}));
  EXPECT_EQ(latest(Product::kSingle), std::nullopt);
  EXPECT_EQ(this->stores.find(2).value()->latest_by_product, LatestByProduct{});

  // A tie goes to the later report, as for the latest of all.
  const auto box_tie = this->reports.insert(of(1, kNow - 1800, ReportKind::kBought, Product::kBox)).value();
  EXPECT_EQ(latest(Product::kBox), (LatestReport{kNow - 1800, ReportKind::kBought}));

  ASSERT_TRUE(this->reports.remove(pack_sold_out.id).value());
  EXPECT_EQ(latest(Product::kPack), (LatestReport{kNow - 3600, ReportKind::kBought}));
  EXPECT_EQ(this->stores.find(1).value()->last_report_at, kNow - 1800);
  ASSERT_TRUE(this->reports.remove(box_tie.id).value());
  EXPECT_EQ(latest(Product::kBox), (LatestReport{kNow - 1800, ReportKind::kSoldOut}));
  ASSERT_TRUE(this->reports.remove(box_sold_out.id).value());
  ASSERT_TRUE(this->reports.remove(box_bought.id).value());
  EXPECT_EQ(latest(Product::kBox), std::nullopt);
  EXPECT_EQ(latest(Product::kPack), (LatestReport{kNow - 3600, ReportKind::kBought}));
  ASSERT_TRUE(this->reports.remove(pack_bought.id).value());
  EXPECT_EQ(latest(Product::kPack), (LatestReport{kNow - 5000, ReportKind::kBought}));
}

// "Reported within" keeps a store whose latest report (of the filter's product, else of
// any) says bought: a newer sold out takes it out, and each product is judged on its own.
TYPED_TEST(Reports, ReportedSinceMeansBoughtRecentlyPerProduct) {
  auto shop = make_store(4, "西新宿の店", "card_shop", "tokyo", {35.69, 139.70});
  shop.sells = {true, true, true};
  ASSERT_TRUE(this->stores.insert_many(std::vector{shop}));
  const auto ids = [&](std::optional<Product> product) {
    auto f = testing::reported_since(kNow - 86'400);
    f.product = product;
    std::vector<StoreId> out;
    // Keep each Result alive: a range-for over `temporary.value()` dangles before C++23.
    const auto listed = this->stores.in_prefecture("tokyo", f, 10);
    for (const auto& s : listed.value()) out.push_back(s.id);
    const auto near = this->stores.nearest({35.69, 139.70}, 5.0, f, 10);
    for (const auto& s : near.value()) out.push_back(-s.store.id);
    return out;
  };
  auto box = make_report(4, kNow - 7200, ReportKind::kBought);
  box.product = Product::kBox;
  ASSERT_TRUE(this->reports.insert(box));
  EXPECT_EQ(ids(std::nullopt), (std::vector<StoreId>{4, -4}));
  ASSERT_TRUE(this->reports.insert(make_report(4, kNow - 3600, ReportKind::kSoldOut)));  // a pack, sold out
  EXPECT_EQ(ids(std::nullopt), std::vector<StoreId>{});  // the latest of all says sold out
  EXPECT_EQ(ids(Product::kPack), std::vector<StoreId>{});
  EXPECT_EQ(ids(Product::kBox), (std::vector<StoreId>{4, -4}));
  EXPECT_EQ(ids(Product::kSingle), std::vector<StoreId>{});
  // A box reported too long ago is not recent, whatever it said.
  auto f = testing::reported_since(kNow - 3000);
  f.product = Product::kBox;
  EXPECT_TRUE(this->stores.in_prefecture("tokyo", f, 10).value().empty());
}

TYPED_TEST(Reports, AReportForAMissingStoreFailsAndLeavesNothing) {
  auto result = this->reports.insert_many(std::vector{make_report(1, kNow - 5), make_report(999, kNow)});
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().code, ErrorCode::kInternal);
  EXPECT_TRUE(this->reports.timeline(10).value().empty());
  EXPECT_EQ(this->stores.find(1).value()->last_report_at, std::nullopt);
}

TYPED_TEST(Reports, GivenIdsAreKept) {
  auto r = make_report(1, kNow);
  r.id = 77;
  ASSERT_TRUE(this->reports.insert_many(std::vector{r}));
  EXPECT_EQ(this->reports.recent_for_store(1, 1).value().at(0).id, 77);
}

}  // namespace
}  // namespace pokeca::storage
