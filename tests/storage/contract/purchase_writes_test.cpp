// A purchase report posted (insert) or deleted by an admin (remove): the report and its
// store's last report change together, and the indexes that read last_report_at
// (the "reported within N hours" filter, the cells) follow. A backend contract test (backend.hpp).
#include <gtest/gtest.h>

#include "backend.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::kNow;
using testing::make_report;
using testing::make_store;
using testing::reported_since;

template <class Backend>
class PurchaseWrites : public testing::BackendTest<Backend> {
 protected:
  void SetUp() override {
    ASSERT_TRUE(
        this->stores.insert_many(std::vector{make_store(1, "新宿の店", "card_shop", "tokyo", {35.69, 139.70}),
                                             make_store(2, "渋谷の店", "card_shop", "tokyo", {35.66, 139.70})}));
  }
  PurchaseReport inserted(StoreId store, UnixSeconds at, ReportKind kind = ReportKind::kBought) {
    auto r = this->reports.insert(make_report(store, at, kind));
    EXPECT_TRUE(r) << (r ? "" : r.error().detail);
    return r.value_or(PurchaseReport{});
  }
  Store store(StoreId id) { return this->stores.find(id).value().value(); }
  std::size_t reported_in_tokyo_since(UnixSeconds t) {
    return this->stores.in_prefecture("tokyo", reported_since(t), 10).value().size();
  }
};
TYPED_TEST_SUITE(PurchaseWrites, testing::PurchaseWriteBackends, testing::BackendName);

TYPED_TEST(PurchaseWrites, InsertReturnsTheNewIdAndKeepsEveryField) {
  auto r = make_report(1, kNow - 60, ReportKind::kSoldOut);
  r.user_id = 5;
  r.product = Product::kSingle;
  r.product_name = "ピカチュウex";
  r.limit_note = "1人1枚";
  r.created_at = kNow;
  const auto stored = this->reports.insert(r).value();
  EXPECT_GT(stored.id, 0);
  const auto again = this->reports.insert(make_report(1, kNow - 30)).value();
  EXPECT_GT(again.id, stored.id);
  const auto recent = this->reports.recent_for_store(1, 10).value();
  ASSERT_EQ(recent.size(), 2u);
  EXPECT_EQ(recent[1].id, stored.id);
  EXPECT_EQ(recent[1].user_id, 5);
  EXPECT_EQ(recent[1].kind, ReportKind::kSoldOut);
  EXPECT_EQ(recent[1].product, Product::kSingle);
  EXPECT_EQ(recent[1].product_name, "ピカチュウex");
  EXPECT_EQ(recent[1].limit_note, "1人1枚");
  EXPECT_EQ(recent[1].purchased_at, kNow - 60);
  EXPECT_EQ(recent[1].created_at, kNow);
}

TYPED_TEST(PurchaseWrites, InsertMovesTheLastReportForwardOnlyWhenNewer) {
  EXPECT_EQ(this->reported_in_tokyo_since(kNow - 3600), 0u);
  this->inserted(1, kNow - 600, ReportKind::kSoldOut);
  EXPECT_EQ(this->store(1).last_report_at, kNow - 600);
  EXPECT_EQ(this->store(1).last_report_kind, ReportKind::kSoldOut);
  EXPECT_EQ(this->reported_in_tokyo_since(kNow - 3600), 0u);  // a sold out is no purchase

  this->inserted(1, kNow - 7200, ReportKind::kBought);  // an older purchase, reported late
  EXPECT_EQ(this->store(1).last_report_at, kNow - 600);
  EXPECT_EQ(this->store(1).last_report_kind, ReportKind::kSoldOut);

  this->inserted(1, kNow - 5, ReportKind::kBought);
  EXPECT_EQ(this->store(1).last_report_at, kNow - 5);
  EXPECT_EQ(this->store(1).last_report_kind, ReportKind::kBought);
  EXPECT_EQ(this->reported_in_tokyo_since(kNow - 3600), 1u);
  EXPECT_EQ(this->store(2).last_report_at, std::nullopt);
}

TYPED_TEST(PurchaseWrites, AReportForAMissingStoreIsRefusedAndLeavesNothing) {
  const auto r = this->reports.insert(make_report(999, kNow));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kInternal);
  EXPECT_TRUE(this->reports.timeline(10).value().empty());
}

TYPED_TEST(PurchaseWrites, RemovingTheNewestReportFallsBackToTheNextOne) {
  const auto old = this->inserted(1, kNow - 7200, ReportKind::kSoldOut);
  const auto newest = this->inserted(1, kNow - 60, ReportKind::kBought);
  this->inserted(2, kNow - 30);
  EXPECT_EQ(this->reported_in_tokyo_since(kNow - 3600), 2u);

  const auto removed = this->reports.remove(newest.id).value();
  ASSERT_TRUE(removed);
  EXPECT_EQ(removed->id, newest.id);
  EXPECT_EQ(removed->store_id, 1);
  EXPECT_EQ(this->store(1).last_report_at, kNow - 7200);
  EXPECT_EQ(this->store(1).last_report_kind, ReportKind::kSoldOut);
  // The store no longer counts as reported within the last hour; the other one does.
  EXPECT_EQ(this->reported_in_tokyo_since(kNow - 3600), 1u);
  EXPECT_EQ(this->store(2).last_report_at, kNow - 30);
  const auto timeline = this->reports.timeline(10).value();
  ASSERT_EQ(timeline.size(), 2u);
  EXPECT_NE(timeline[0].report.id, newest.id);
  EXPECT_NE(timeline[1].report.id, newest.id);

  ASSERT_TRUE(this->reports.remove(old.id).value());
  EXPECT_EQ(this->store(1).last_report_at, std::nullopt);
  EXPECT_EQ(this->store(1).last_report_kind, std::nullopt);
  EXPECT_EQ(this->reported_in_tokyo_since(0), 1u);
}

TYPED_TEST(PurchaseWrites, RemovingAnOlderReportLeavesTheLastReport) {
  const auto old = this->inserted(1, kNow - 7200, ReportKind::kSoldOut);
  this->inserted(1, kNow - 60, ReportKind::kBought);
  ASSERT_TRUE(this->reports.remove(old.id).value());
  EXPECT_EQ(this->store(1).last_report_at, kNow - 60);
  EXPECT_EQ(this->store(1).last_report_kind, ReportKind::kBought);
}

TYPED_TEST(PurchaseWrites, AtTheSameTimeTheLaterReportIsTheLastOneBothWays) {
  const auto first = this->inserted(1, kNow - 60, ReportKind::kBought);
  const auto second = this->inserted(1, kNow - 60, ReportKind::kSoldOut);
  EXPECT_EQ(this->store(1).last_report_kind, ReportKind::kSoldOut);
  const auto third = this->inserted(1, kNow - 60, ReportKind::kBought);
  EXPECT_EQ(this->store(1).last_report_kind, ReportKind::kBought);
  // Recomputing picks what inserting would have: the highest id at the latest time.
  ASSERT_TRUE(this->reports.remove(third.id).value());
  EXPECT_EQ(this->store(1).last_report_kind, ReportKind::kSoldOut);
  EXPECT_EQ(this->reports.recent_for_store(1, 1).value().at(0).id, second.id);
  ASSERT_TRUE(this->reports.remove(second.id).value());
  EXPECT_EQ(this->store(1).last_report_kind, ReportKind::kBought);
  EXPECT_EQ(this->reports.recent_for_store(1, 1).value().at(0).id, first.id);
}

TYPED_TEST(PurchaseWrites, RemovingAnUnknownReportChangesNothing) {
  this->inserted(1, kNow - 60);
  const auto generation = this->changes.generation();
  const auto removed = this->reports.remove(12345);
  ASSERT_TRUE(removed);
  EXPECT_FALSE(*removed);
  EXPECT_EQ(this->store(1).last_report_at, kNow - 60);
  EXPECT_EQ(this->changes.generation(), generation);  // rolled back: caches stay valid
}

}  // namespace
}  // namespace pokeca::storage
