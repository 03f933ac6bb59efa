// A purchase report's catalogue product and sale terms through ReportRepository, typed over
// every backend: kept and read back by every read, absent for a report that says nothing,
// and a product's delete leaves its reports with their copied name.
#include <gtest/gtest.h>

#include "backend.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::kNow;
using testing::make_report;
using testing::make_store;

template <class Backend>
class ReportTerms : public testing::BackendTest<Backend> {
 protected:
  void SetUp() override {
    ASSERT_TRUE(
        this->stores.insert_many(std::vector{make_store(1, "新宿の店", "card_shop", "tokyo", {35.69, 139.70})}));
    CatalogProduct p{.id = 0,
                     .name = "テラスタルフェスex",
                     .kind = CatalogProductKind::kPack,
                     .release_date = "2024-12-06",
                     .official_url = {},
                     .listed = true,
                     .demo = false,
                     .created_at = 100,
                     .updated_at = 100};
    auto inserted = this->products.insert(p, audit(audit_action::kProductCreate), 10);
    ASSERT_TRUE(inserted) << inserted.error().message;
    product_id = inserted->id;
  }
  static AuditRecord audit(std::string_view action) {
    return {.at = 100,
            .actor = 1,
            .action = std::string(action),
            .target = AuditTarget::kProduct,
            .target_id = {},
            .changes = {},
            .note = {}};
  }
  PurchaseReport with_terms(UnixSeconds at) const {
    auto r = make_report(1, at);
    r.product = Product::kBox;
    r.product_id = product_id;
    r.product_name = "テラスタルフェスex";
    r.terms.method = SaleMethod::kFirstCome;
    r.terms.limit_count = 1;
    r.terms.limit_unit = LimitUnit::kBox;
    r.terms.started_at = at - 2 * 3600;
    return r;
  }
  static void expect_terms(const PurchaseReport& r, CatalogProductId product, UnixSeconds at) {
    EXPECT_EQ(r.product_id, product);
    EXPECT_EQ(r.product_name, "テラスタルフェスex");
    EXPECT_EQ(r.terms.method, SaleMethod::kFirstCome);
    EXPECT_EQ(r.terms.limit_count, 1);
    EXPECT_EQ(r.terms.limit_unit, LimitUnit::kBox);
    EXPECT_EQ(r.terms.started_at, at - 2 * 3600);
  }
  CatalogProductId product_id = 0;
};
TYPED_TEST_SUITE(ReportTerms, testing::ReportBackends, testing::BackendName);

TYPED_TEST(ReportTerms, EveryReadGivesBackTheProductAndTerms) {
  const auto stored = this->reports.insert(this->with_terms(kNow - 100));
  ASSERT_TRUE(stored) << stored.error().message;
  ASSERT_TRUE(this->reports.insert_many(std::vector{this->with_terms(kNow - 50), make_report(1, kNow - 10)}));

  const auto timeline = this->reports.timeline(10).value();
  ASSERT_EQ(timeline.size(), 3u);
  EXPECT_EQ(timeline[0].report.product_id, std::nullopt);  // says nothing of them
  EXPECT_TRUE(timeline[0].report.terms.empty());
  EXPECT_EQ(timeline[0].report.terms.limit_unit, std::nullopt);
  this->expect_terms(timeline[1].report, this->product_id, kNow - 50);
  this->expect_terms(timeline[2].report, this->product_id, kNow - 100);

  const auto recent = this->reports.recent_for_store(1, 10).value();
  ASSERT_EQ(recent.size(), 3u);
  this->expect_terms(recent[1], this->product_id, kNow - 50);

  const auto removed = this->reports.remove(stored->id).value();
  ASSERT_TRUE(removed);
  this->expect_terms(*removed, this->product_id, kNow - 100);
}

TYPED_TEST(ReportTerms, EachMethodAndUnitIsKept) {
  const std::vector methods{SaleMethod::kFirstCome, SaleMethod::kTicket, SaleMethod::kStoreLottery,
                            SaleMethod::kReservation};
  const std::vector units{LimitUnit::kPack, LimitUnit::kBox, LimitUnit::kItem, LimitUnit::kPack};
  std::vector<PurchaseReport> batch;
  for (std::size_t i = 0; i < methods.size(); ++i) {
    auto r = make_report(1, kNow - static_cast<UnixSeconds>(i));
    r.terms.method = methods[i];
    r.terms.limit_count = 99;
    r.terms.limit_unit = units[i];
    batch.push_back(r);
  }
  ASSERT_TRUE(this->reports.insert_many(batch));
  const auto recent = this->reports.recent_for_store(1, 10).value();
  ASSERT_EQ(recent.size(), methods.size());
  for (std::size_t i = 0; i < methods.size(); ++i) {
    EXPECT_EQ(recent[i].terms.method, methods[i]) << i;
    EXPECT_EQ(recent[i].terms.limit_unit, units[i]) << i;
    EXPECT_EQ(recent[i].terms.limit_count, 99) << i;
    EXPECT_EQ(recent[i].terms.started_at, std::nullopt) << i;
    EXPECT_EQ(recent[i].product_id, std::nullopt) << i;
  }
}

TYPED_TEST(ReportTerms, AProductsDeleteLeavesItsReportsWithTheirName) {
  ASSERT_TRUE(this->reports.insert(this->with_terms(kNow - 100)));
  const auto removed = this->products.remove(this->product_id, [](const CatalogProduct&) {
    return ReportTerms<TypeParam>::audit(audit_action::kProductDelete);
  });
  ASSERT_TRUE(removed) << removed.error().message;
  EXPECT_TRUE(*removed);
  const auto recent = this->reports.recent_for_store(1, 10).value();
  ASSERT_EQ(recent.size(), 1u);
  EXPECT_EQ(recent[0].product_id, std::nullopt);
  EXPECT_EQ(recent[0].product_name, "テラスタルフェスex");
  EXPECT_EQ(recent[0].terms.method, SaleMethod::kFirstCome);
}

TYPED_TEST(ReportTerms, TheDatabaseRefusesALimitWithoutItsUnitOrOutOfRange) {
  auto alone = make_report(1, kNow);
  alone.terms.limit_count = 2;
  EXPECT_FALSE(this->reports.insert(alone));
  auto unit_alone = make_report(1, kNow);
  unit_alone.terms.limit_unit = LimitUnit::kPack;
  EXPECT_FALSE(this->reports.insert(unit_alone));
  auto too_many = make_report(1, kNow);
  too_many.terms.limit_count = kMaxPurchaseLimitCount + 1;
  too_many.terms.limit_unit = LimitUnit::kPack;
  EXPECT_FALSE(this->reports.insert(too_many));
  EXPECT_TRUE(this->reports.recent_for_store(1, 10).value().empty());
}

TYPED_TEST(ReportTerms, AReportNamingNoSuchProductIsRefused) {
  auto r = this->with_terms(kNow);
  r.product_id = this->product_id + 1000;
  EXPECT_FALSE(this->reports.insert(r));
  EXPECT_TRUE(this->reports.recent_for_store(1, 10).value().empty());
}

}  // namespace
}  // namespace pokeca::storage
