// A report's catalogue product and sale terms: the rules, the service's catalogue check,
// and the demo dataset's terms.
#include <gtest/gtest.h>

#include <string>

#include "auth_fakes.hpp"
#include "pokeca/contributions/purchase_rules.hpp"
#include "pokeca/contributions/purchase_service.hpp"
#include "pokeca/demo/demo_dataset.hpp"
#include "pokeca/demo/demo_sale_terms.hpp"
#include "pokeca/embedded_data.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/text.hpp"

namespace pokeca {
namespace {

using testing::SettableClock;

constexpr UnixSeconds kNow = 1795239000;  // 2026-11-21T05:30:00Z, 14:30 in Japan

PurchaseReportInput bought() {
  PurchaseReportInput in;
  in.store_id = 7;
  in.kind = "bought";
  in.product = "box";
  return in;
}

std::string refusal(const PurchaseReportInput& in) {
  const auto r = validate_purchase_report(in, kNow);
  if (r) return "";
  EXPECT_EQ(r.error().code, ErrorCode::kBadRequest);
  return r.error().message;
}

TEST(SaleTermsRules, AReportWithoutTermsSaysNothingOfThem) {
  const auto r = validate_purchase_report(bought(), kNow);
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_TRUE(r->terms.empty());
  EXPECT_EQ(r->product_id, std::nullopt);
}

TEST(SaleTermsRules, FirstComeOneBoxFromSevenIsKept) {
  auto in = bought();
  in.product_id = 3;
  in.sale_method = "first_come";
  in.limit_count = 1;
  in.limit_unit = "box";
  in.sales_started_at = "2026-11-21T07:00:00+09:00";
  const auto r = validate_purchase_report(in, kNow);
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->product_id, 3);
  EXPECT_EQ(r->terms.method, SaleMethod::kFirstCome);
  EXPECT_EQ(r->terms.limit_count, 1);
  EXPECT_EQ(r->terms.limit_unit, LimitUnit::kBox);
  EXPECT_EQ(r->terms.started_at, kNow - 7 * 3600 - 30 * 60);
}

TEST(SaleTermsRules, EveryMethodAndUnitHasItsName) {
  for (auto m : {SaleMethod::kFirstCome, SaleMethod::kTicket, SaleMethod::kStoreLottery, SaleMethod::kReservation}) {
    auto in = bought();
    in.sale_method = std::string(to_string(m));
    const auto r = validate_purchase_report(in, kNow);
    ASSERT_TRUE(r) << to_string(m);
    EXPECT_EQ(r->terms.method, m);
  }
  for (auto u : {LimitUnit::kPack, LimitUnit::kBox, LimitUnit::kItem}) EXPECT_EQ(limit_unit_from(to_string(u)), u);
  auto in = bought();
  for (const auto* bad : {"先着", "First_come", "lottery", " ticket"}) {
    in.sale_method = bad;
    EXPECT_EQ(refusal(in), msg::kBadSaleMethod) << bad;
  }
}

TEST(SaleTermsRules, TheLimitIsOneToTheMaximumWithItsUnit) {
  const auto out_of_range = fill_placeholder(msg::kBadLimitCount, "{max}", std::to_string(kMaxPurchaseLimitCount));
  auto in = bought();
  in.limit_unit = "pack";
  for (std::int64_t n : {0LL, -1LL, static_cast<long long>(kMaxPurchaseLimitCount) + 1}) {
    in.limit_count = n;
    EXPECT_EQ(refusal(in), out_of_range) << n;
  }
  for (std::int64_t n : {1LL, static_cast<long long>(kMaxPurchaseLimitCount)}) {
    in.limit_count = n;
    EXPECT_EQ(refusal(in), "") << n;
  }
  in.limit_unit = "case";
  EXPECT_EQ(refusal(in), msg::kBadLimitUnit);
  in.limit_unit = "";
  EXPECT_EQ(refusal(in), msg::kLimitNeedsCountAndUnit);
  in.limit_count.reset();
  in.limit_unit = "box";
  EXPECT_EQ(refusal(in), msg::kLimitNeedsCountAndUnit);
}

TEST(SaleTermsRules, SalesStartAtOrBeforeThePurchaseWithinADay) {
  auto in = bought();
  in.purchased_at = format_iso8601(kNow - 3600);
  in.sales_started_at = format_iso8601(kNow - 3600 + 1);
  EXPECT_EQ(refusal(in), msg::kSalesStartedAfterPurchase);
  in.sales_started_at = format_iso8601(kNow - 3600);
  EXPECT_EQ(refusal(in), "");
  in.sales_started_at = format_iso8601(kNow - 3600 - kMaxSaleStartBeforePurchaseSeconds);
  EXPECT_EQ(refusal(in), "");
  in.sales_started_at = format_iso8601(kNow - 3600 - kMaxSaleStartBeforePurchaseSeconds - 1);
  EXPECT_EQ(refusal(in), fill_placeholder(msg::kSalesStartedTooEarly, "{hours}", "24"));
  in.sales_started_at = "7:00";
  EXPECT_EQ(refusal(in), msg::kBadSalesStartedAt);
  in.sales_started_at = "";
  EXPECT_EQ(refusal(in), "");
}

TEST(SaleTermsRules, AProductIdIsPositive) {
  auto in = bought();
  for (std::int64_t id : {0LL, -4LL}) {
    in.product_id = id;
    EXPECT_EQ(refusal(in), msg::kPurchaseBadProductId) << id;
  }
}

// ---- The service's catalogue check ------------------------------------------------

class OneStore final : public StoreRepository {
 public:
  Result<std::vector<Store>> in_prefecture(std::string_view, const StoreFilters&, int) override { return {}; }
  Result<std::vector<Store>> in_bbox(const BoundingBox&, const StoreFilters&, int) override { return {}; }
  Result<std::vector<StoreWithDistance>> nearest(LatLng, double, const StoreFilters&, int) override { return {}; }
  Result<std::vector<CellAggregate>> cells(const CellRange&, const StoreFilters&) override { return {}; }
  Result<std::optional<Store>> find(StoreId id) override {
    if (id != 7) return std::nullopt;
    Store s;
    s.id = 7;
    s.status = StoreStatus::kActive;
    return s;
  }
  Result<std::int64_t> count_active() override { return 1; }
  Result<std::vector<PrefectureCount>> count_by_prefecture() override { return {}; }
  Result<void> insert_many(std::span<const Store>) override { return {}; }
  Result<UpsertOutcome> upsert_by_external_id(const Store&) override { return UpsertOutcome::kUnchanged; }
};

class Kept final : public ReportRepository {
 public:
  std::vector<PurchaseReport> kept;
  Result<std::vector<TimelineItem>> timeline(int) override { return {}; }
  Result<std::vector<PurchaseReport>> recent_for_store(StoreId, int) override { return {}; }
  Result<ReportCounts> counts(UnixSeconds, UnixSeconds) override { return ReportCounts{}; }
  Result<void> insert_many(std::span<const PurchaseReport>) override { return {}; }
  Result<PurchaseReport> insert(const PurchaseReport& report) override {
    kept.push_back(report);
    kept.back().id = static_cast<ReportId>(kept.size());
    return kept.back();
  }
  Result<std::optional<PurchaseReport>> remove(ReportId) override { return std::nullopt; }
};

class Catalogue final : public ProductRepository {
 public:
  std::vector<CatalogProduct> products;
  Result<std::vector<CatalogProduct>> list(bool) override { return products; }
  Result<std::optional<CatalogProduct>> find(CatalogProductId id) override {
    for (const auto& p : products)
      if (p.id == id) return p;
    return std::nullopt;
  }
  Result<CatalogProduct> insert(const CatalogProduct& p, AuditRecord, std::size_t) override { return p; }
  Result<std::optional<CatalogProduct>> update(CatalogProductId, const ProductDecision&) override {
    return std::nullopt;
  }
  Result<bool> remove(CatalogProductId, const std::function<AuditRecord(const CatalogProduct&)>&) override {
    return false;
  }
  Result<void> insert_demo(const std::vector<CatalogProduct>&) override { return {}; }
};

CatalogProduct product(CatalogProductId id, std::string name, bool listed) {
  CatalogProduct p;
  p.id = id;
  p.name = std::move(name);
  p.listed = listed;
  return p;
}

class CatalogueReports : public ::testing::Test {
 protected:
  CatalogueReports() { catalogue.products = {product(1, "テラスタルフェスex", true), product(2, "古い商品", false)}; }
  User author() const {
    User u;
    u.id = 42;
    return u;
  }
  OneStore stores;
  Kept reports;
  Catalogue catalogue;
  RateLimiter limiter;
  SettableClock clock{kNow};
  PurchaseService service{{stores, reports, limiter, clock, nullptr, &catalogue}, RateLimit{2, 3600}};
};

TEST_F(CatalogueReports, AListedProductGivesItsNameToTheReport) {
  auto in = bought();
  in.product_id = 1;
  in.product_name = "テラフェス";  // the catalogue's name wins over the free text
  const auto r = service.report(author(), in);
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->product_id, 1);
  EXPECT_EQ(r->product_name, "テラスタルフェスex");
}

TEST_F(CatalogueReports, AnUnknownOrUnlistedProductIsRefusedWithoutCountingAgainstTheLimit) {
  for (CatalogProductId id : {2, 99}) {
    auto in = bought();
    in.product_id = id;
    for (int i = 0; i < 3; ++i) {
      const auto r = service.report(author(), in);
      ASSERT_FALSE(r) << id;
      EXPECT_EQ(r.error().code, ErrorCode::kBadRequest);
      EXPECT_EQ(r.error().message, msg::kPurchaseUnknownProduct);
    }
  }
  EXPECT_TRUE(reports.kept.empty());
  EXPECT_TRUE(service.report(author(), bought()));  // the allowance is untouched
  EXPECT_TRUE(service.report(author(), bought()));
}

TEST(CatalogueReportsWithoutCatalogue, AProductIdIsRefused) {
  OneStore stores;
  Kept reports;
  RateLimiter limiter;
  SettableClock clock{kNow};
  PurchaseService service{{stores, reports, limiter, clock}, RateLimit{2, 3600}};
  auto in = bought();
  in.product_id = 1;
  User u;
  u.id = 1;
  EXPECT_EQ(service.report(u, in).error().message, msg::kPurchaseUnknownProduct);
}

// ---- The demo dataset's terms ------------------------------------------------------

struct Demo {
  Demo() {
    const auto gazetteer = *Gazetteer::from_tsv(data::kGazetteerTsv);
    const auto sources = *parse_demo_sources(data::kStoreNamesTsv, data::kAreaWordsTsv, data::kPokemonCentersTsv);
    reports = generate_demo_dataset(gazetteer, sources, kDemoSeed, kDemoStoreCount, kNow).reports;
    products = *parse_demo_products(data::kDemoProductsTsv);
    for (std::size_t i = 0; i < products.size(); ++i) products[i].id = static_cast<CatalogProductId>(i + 1);
  }
  std::vector<PurchaseReport> reports;
  std::vector<CatalogProduct> products;
};

const Demo& demo() {
  static const Demo d;
  return d;
}

TEST(DemoSaleTerms, DeterministicAndWithinTheRules) {
  auto a = demo().reports;
  auto b = demo().reports;
  add_demo_sale_terms(a, demo().products, kDemoSeed);
  add_demo_sale_terms(b, demo().products, kDemoSeed);
  ASSERT_EQ(a.size(), demo().reports.size());
  std::size_t with_terms = 0, with_product = 0, with_start = 0, with_limit = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto& r = a[i];
    EXPECT_EQ(r.product_id, b[i].product_id);
    EXPECT_EQ(r.terms.method, b[i].terms.method);
    EXPECT_EQ(r.terms.limit_count, b[i].terms.limit_count);
    EXPECT_EQ(r.terms.started_at, b[i].terms.started_at);
    // The report itself is the dataset's.
    EXPECT_EQ(r.id, demo().reports[i].id);
    EXPECT_EQ(r.purchased_at, demo().reports[i].purchased_at);
    EXPECT_EQ(r.product_name, demo().reports[i].product_name);
    if (r.product_id) {
      ++with_product;
      EXPECT_EQ(demo().products[static_cast<std::size_t>(*r.product_id - 1)].name, r.product_name);
    }
    if (!r.terms.empty()) ++with_terms;
    EXPECT_EQ(r.terms.limit_count.has_value(), r.terms.limit_unit.has_value());
    if (r.terms.limit_count) {
      ++with_limit;
      EXPECT_GE(*r.terms.limit_count, 1);
      EXPECT_LE(*r.terms.limit_count, kMaxPurchaseLimitCount);
    }
    if (r.terms.started_at) {
      ++with_start;
      EXPECT_LE(*r.terms.started_at, r.purchased_at);
      EXPECT_GT(*r.terms.started_at, r.purchased_at - kMaxSaleStartBeforePurchaseSeconds);
      EXPECT_EQ(*r.terms.started_at % 3600, 0);  // a round hour (Japan's offset is whole hours)
    }
  }
  const auto n = static_cast<double>(a.size());
  EXPECT_NEAR(static_cast<double>(with_terms) / n, kDemoSaleTermsShare, 0.05);
  EXPECT_GT(with_product, a.size() / 3);
  EXPECT_GT(with_limit, 0u);
  EXPECT_GT(with_start, 0u);
}

TEST(DemoSaleTerms, AnUnlistedProductIsNotNamed) {
  auto products = demo().products;
  for (auto& p : products) p.listed = false;
  auto reports = demo().reports;
  add_demo_sale_terms(reports, products, kDemoSeed);
  for (const auto& r : reports) EXPECT_EQ(r.product_id, std::nullopt);
}

}  // namespace
}  // namespace pokeca
