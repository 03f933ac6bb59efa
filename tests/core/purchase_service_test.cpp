#include "pokeca/contributions/purchase_service.hpp"

#include <gtest/gtest.h>

#include "auth_fakes.hpp"
#include "pokeca/shared/messages.hpp"

namespace pokeca {
namespace {

using testing::SettableClock;

constexpr UnixSeconds kNow = 1795239000;

// Finds stores by id; the rest of the port is not used here.
class StoresById final : public StoreRepository {
 public:
  std::vector<Store> stores;
  Result<std::vector<Store>> in_prefecture(std::string_view, const StoreFilters&, int) override { return {}; }
  Result<std::vector<Store>> in_bbox(const BoundingBox&, const StoreFilters&, int) override { return {}; }
  Result<std::vector<StoreWithDistance>> nearest(LatLng, double, const StoreFilters&, int) override { return {}; }
  Result<std::vector<CellAggregate>> cells(const CellRange&, const StoreFilters&) override { return {}; }
  Result<std::optional<Store>> find(StoreId id) override {
    for (const auto& s : stores)
      if (s.id == id) return s;
    return std::nullopt;
  }
  Result<std::int64_t> count_active() override { return 0; }
  Result<std::vector<PrefectureCount>> count_by_prefecture() override { return {}; }
  Result<void> insert_many(std::span<const Store>) override { return {}; }
  Result<UpsertOutcome> upsert_by_external_id(const Store&) override { return UpsertOutcome::kUnchanged; }
};

// Keeps inserted reports; remove() finds them by id.
class KeptReports final : public ReportRepository {
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
  Result<std::optional<PurchaseReport>> remove(ReportId id) override {
    for (auto it = kept.begin(); it != kept.end(); ++it)
      if (it->id == id) {
        auto removed = *it;
        kept.erase(it);
        return removed;
      }
    return std::nullopt;
  }
};

Store store(StoreId id, StoreStatus status) {
  Store s;
  s.id = id;
  s.status = status;
  return s;
}

User author(UserId id) {
  User u;
  u.id = id;
  return u;
}

PurchaseReportInput report_at(StoreId store_id) {
  PurchaseReportInput in;
  in.store_id = store_id;
  in.kind = "sold_out";
  in.product = "pack";
  in.product_name = " 黒炎の支配者 ";
  return in;
}

class PurchaseServiceTest : public ::testing::Test {
 protected:
  PurchaseServiceTest() {
    stores.stores = {store(1, StoreStatus::kActive), store(2, StoreStatus::kHidden), store(3, StoreStatus::kClosed)};
  }
  StoresById stores;
  KeptReports reports;
  RateLimiter limiter;
  SettableClock clock{kNow};
  PurchaseService service{{stores, reports, limiter, clock}, RateLimit{3, 3600}};
};

TEST_F(PurchaseServiceTest, StoresTheReportWithItsAuthor) {
  const auto r = service.report(author(42), report_at(1));
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->id, 1);
  EXPECT_EQ(r->user_id, 42);
  EXPECT_EQ(r->store_id, 1);
  EXPECT_EQ(r->kind, ReportKind::kSoldOut);
  EXPECT_EQ(r->product_name, "黒炎の支配者");
  EXPECT_EQ(r->purchased_at, kNow);
  ASSERT_EQ(reports.kept.size(), 1u);
}

TEST_F(PurchaseServiceTest, OnlyActiveStoresTakeReports) {
  for (StoreId id : {2, 3, 99}) {
    const auto r = service.report(author(42), report_at(id));
    ASSERT_FALSE(r) << id;
    EXPECT_EQ(r.error().code, ErrorCode::kNotFound);
    EXPECT_EQ(r.error().message, msg::kStoreNotFound);
  }
  EXPECT_TRUE(reports.kept.empty());
}

TEST_F(PurchaseServiceTest, ThePerAccountLimitCountsOnlyAcceptedReports) {
  auto bad = report_at(1);
  bad.kind = "maybe";
  for (int i = 0; i < 5; ++i) EXPECT_EQ(service.report(author(42), bad).error().code, ErrorCode::kBadRequest);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(service.report(author(42), report_at(99)).error().code, ErrorCode::kNotFound);
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(service.report(author(42), report_at(1))) << i;
  const auto refused = service.report(author(42), report_at(1));
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::kRateLimited);
  EXPECT_EQ(refused.error().message, msg::kTooManyRequests);
  // 3 per hour: the next one is allowed 20 minutes later.
  EXPECT_EQ(refused.error().retry_after_seconds, 1200);
  EXPECT_EQ(reports.kept.size(), 3u);
  // Per account: another user is not affected.
  EXPECT_TRUE(service.report(author(43), report_at(1)));
  clock.advance(1200);
  EXPECT_TRUE(service.report(author(42), report_at(1)));
}

// Says how long the account must wait, as ConfirmationService does for a slowed reporter.
class FixedPace final : public ReporterPace {
 public:
  std::optional<UnixSeconds> next;
  Result<std::optional<UnixSeconds>> next_report_at(std::int64_t, UnixSeconds) override { return next; }
};

TEST_F(PurchaseServiceTest, ASlowedReporterWaitsForTheNextReport) {
  FixedPace pace;
  PurchaseService paced{{stores, reports, limiter, clock, &pace}, RateLimit{3, 3600}};
  pace.next = kNow + 900;
  const auto refused = paced.report(author(42), report_at(1));
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::kRateLimited);
  EXPECT_EQ(refused.error().message, msg::kReporterSlowed);
  EXPECT_EQ(refused.error().retry_after_seconds, 900);
  EXPECT_TRUE(reports.kept.empty());
  pace.next = std::nullopt;
  EXPECT_TRUE(paced.report(author(42), report_at(1)));
}

TEST(PurchaseLimits, ThePerAccountRuleIsNamedAndOverridable) {
  RateLimits limits;
  EXPECT_EQ(limits.purchase_account, kPurchasePerAccount);
  EXPECT_EQ(kPurchasePerAccount, (RateLimit{30, 3600}));
  EXPECT_EQ(apply_rate_limit_overrides("purchase_account=2/60", limits), "");
  EXPECT_EQ(limits.purchase_account, (RateLimit{2, 60}));
}

}  // namespace
}  // namespace pokeca
