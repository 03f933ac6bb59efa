// Page-view analytics through the AnalyticsRepository port (a backend contract test): one visitor a day however many
// views, hashes that change with the day's secret, secrets and hashes gone after two
// days, robots apart, Japan-time days, and the dashboard's counters kept by migration
// 007's triggers.
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "backend.hpp"
#include "pokeca/analytics/analytics.hpp"
#include "pokeca/testing/submission_rows.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::make_report;
using testing::make_store;

// 2026-11-23 00:00 in Japan.
const UnixSeconds kDayStart = *parse_iso8601("2026-11-23T00:00:00+09:00");
constexpr UnixSeconds kDay = 86'400;
constexpr std::string_view kBrowser = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1";

class TestClock final : public Clock {
 public:
  [[nodiscard]] UnixSeconds now() const override { return now_.load(); }
  std::atomic<UnixSeconds> now_{kDayStart + 3600};
};

// A keyed mix (not cryptographic): different keys give different hashes, like HMAC.
class MixKeys final : public AnalyticsKeys {
 public:
  std::string random_secret() override { return std::string(kAnalyticsSecretBytes, static_cast<char>('a' + next_++)); }
  std::string hmac_sha256(std::string_view key, std::string_view message) const override {
    std::string out(32, '\0');
    std::uint64_t h = 1469598103934665603ULL;
    for (std::size_t i = 0; i < out.size(); ++i) {
      for (const char c : key) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
      for (const char c : message) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
      out[i] = static_cast<char>(h >> 24);
    }
    return out;
  }

 private:
  int next_ = 0;
};

PageViewInput view(std::string path, std::string prefecture = "") {
  return {std::move(path), std::move(prefecture), "", "phone"};
}

template <class Backend>
class Analytics : public testing::BackendTest<Backend> {
 protected:
  std::int64_t count(const std::string& sql) { return this->backend.sql_int(sql); }
  std::vector<std::string> hashes(AnalyticsDay day) {
    return this->backend.sql_texts("SELECT visitor_hash FROM analytics_daily_visitors WHERE day = " +
                                   std::to_string(day));
  }
  AnalyticsDayRow day_row(AnalyticsDay day) {
    auto report = this->repository.report(day, day, kAnalyticsTopCount);
    EXPECT_TRUE(report);
    return report->days.at(0);
  }
  AnalyticsDay today() const { return japan_day(this->clock.now()); }

  TestClock clock;
  MixKeys keys;
  RateLimiter limiter;
  AnalyticsRepository& repository = this->analytics;
  AnalyticsService service{{repository, keys, limiter, clock}, RateLimit{1'000'000, 1}};
};
TYPED_TEST_SUITE(Analytics, testing::AnalyticsBackends, testing::BackendName);

TYPED_TEST(Analytics, OneVisitorADayPerAddressBlockAndBrowser) {
  ASSERT_TRUE(this->service.record(view("/"), "203.0.113.7", kBrowser));
  ASSERT_TRUE(this->service.record(view("/map", "tokyo"), "203.0.113.7", kBrowser));
  ASSERT_TRUE(this->service.record(view("/map", "tokyo"), "203.0.113.99", kBrowser));  // same /24
  ASSERT_TRUE(this->service.record(view("/map"), "198.51.100.1", kBrowser));           // another /24
  ASSERT_TRUE(this->service.record(view("/map"), "2001:db8:1:2::/64", kBrowser));
  ASSERT_TRUE(this->service.record(view("/map"), "2001:db8:1:ffff::/64", kBrowser));  // same /48
  const auto row = this->day_row(this->today());
  EXPECT_EQ(row.page_views, 6);
  EXPECT_EQ(row.visitors, 3);
  EXPECT_EQ(row.bot_views, 0);
  // Only hashes: no address or User-Agent text anywhere.
  for (const auto& h : this->hashes(this->today())) {
    EXPECT_EQ(h.size(), kVisitorHashBytes * 2);
    EXPECT_EQ(h.find("203.0"), std::string::npos);
  }
}

TYPED_TEST(Analytics, TheHashChangesWithTheDaySecret) {
  ASSERT_TRUE(this->service.record(view("/"), "203.0.113.7", kBrowser));
  const auto first = this->hashes(this->today());
  this->clock.now_ += kDay;
  ASSERT_TRUE(this->service.record(view("/"), "203.0.113.7", kBrowser));
  const auto second = this->hashes(this->today());
  ASSERT_EQ(first.size(), 1U);
  ASSERT_EQ(second.size(), 1U);
  EXPECT_NE(first[0], second[0]);
  EXPECT_EQ(this->day_row(this->today() - 1).visitors, 1);
  EXPECT_EQ(this->day_row(this->today()).visitors, 1);
}

TYPED_TEST(Analytics, SecretsAndHashesAreDroppedAfterTwoDaysButTheCountsStay) {
  ASSERT_TRUE(this->service.record(view("/"), "203.0.113.7", kBrowser));
  const auto first_day = this->today();
  this->clock.now_ += kDay;  // the next day: yesterday's secret is still kept
  ASSERT_TRUE(this->service.drop_expired_secrets());
  EXPECT_EQ(this->count("SELECT count(*) FROM analytics_secrets WHERE day = " + std::to_string(first_day)), 1);
  this->clock.now_ += kDay;  // two days on, no page view at all: the sweep drops it
  ASSERT_TRUE(this->service.drop_expired_secrets());
  EXPECT_EQ(this->count("SELECT count(*) FROM analytics_secrets"), 0);
  EXPECT_EQ(this->count("SELECT count(*) FROM analytics_daily_visitors"), 0);
  EXPECT_EQ(this->day_row(first_day).visitors, 1);
  EXPECT_EQ(this->day_row(first_day).page_views, 1);
  // A view on a new day makes a new secret and drops older ones in the same step.
  ASSERT_TRUE(this->service.record(view("/"), "203.0.113.7", kBrowser));
  EXPECT_EQ(this->count("SELECT count(*) FROM analytics_secrets"), 1);
  EXPECT_EQ(this->count("SELECT min(day) FROM analytics_secrets"), this->today());
}

TYPED_TEST(Analytics, RobotsCountApartAndHeadlessChromeIsAVisitor) {
  ASSERT_TRUE(this->service.record(view("/map", "osaka"), "66.249.66.1", "Mozilla/5.0 (compatible; Googlebot/2.1)"));
  ASSERT_TRUE(this->service.record(view("/map"), "66.249.66.1", ""));
  ASSERT_TRUE(
      this->service.record(view("/map"), "127.0.0.1",
                           "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/120.0 Safari/537.36"));
  const auto row = this->day_row(this->today());
  EXPECT_EQ(row.bot_views, 2);
  EXPECT_EQ(row.page_views, 1);
  EXPECT_EQ(row.visitors, 1);
  auto report = this->repository.report(this->today(), this->today(), kAnalyticsTopCount).value();
  EXPECT_TRUE(report.top_prefectures_by_views.empty());  // the robot's prefecture view is not counted
  ASSERT_EQ(report.top_pages.size(), 1U);
  EXPECT_EQ(report.top_pages[0].count, 1);
}

TYPED_TEST(Analytics, DaysAreJapanTime) {
  this->clock.now_ = kDayStart - 1;  // 14:59:59 UTC: still the 22nd in Japan
  ASSERT_TRUE(this->service.record(view("/"), "203.0.113.7", kBrowser));
  this->clock.now_ = kDayStart;  // 15:00 UTC: the 23rd
  ASSERT_TRUE(this->service.record(view("/"), "203.0.113.7", kBrowser));
  ASSERT_TRUE(this->service.record(view("/"), "203.0.113.7", kBrowser));
  const auto report = this->service.report("2026-11-22", "2026-11-23").value();
  ASSERT_EQ(report.days.size(), 2U);
  EXPECT_EQ(format_day(report.days[0].day), "2026-11-22");
  EXPECT_EQ(report.days[0].page_views, 1);
  EXPECT_EQ(report.days[1].page_views, 2);
}

TYPED_TEST(Analytics, PageViewsDoNotMoveTheWriteGeneration) {
  const auto before = this->changes.generation();
  ASSERT_TRUE(this->service.record(view("/"), "203.0.113.7", kBrowser));
  EXPECT_EQ(this->changes.generation(), before);
  ASSERT_TRUE(this->stores.insert_many(std::vector{make_store(1, "店", "card_shop", "tokyo", {35.6, 139.7})}));
  EXPECT_GT(this->changes.generation(), before);
}

TYPED_TEST(Analytics, TheRateLimitAndTheRulesRefuse) {
  AnalyticsService tight{{this->repository, this->keys, this->limiter, this->clock}, RateLimit{2, 60}};
  EXPECT_TRUE(tight.record(view("/"), "192.0.2.1", kBrowser));
  EXPECT_TRUE(tight.record(view("/"), "192.0.2.1", kBrowser));
  const auto refused = tight.record(view("/"), "192.0.2.1", kBrowser);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::kRateLimited);
  EXPECT_TRUE(tight.record(view("/"), "192.0.2.2", kBrowser));  // another address has its own
  const auto bad = this->service.record(view("map"), "192.0.2.9", kBrowser);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, ErrorCode::kBadRequest);
  EXPECT_EQ(this->day_row(this->today()).page_views, 3);
}

TYPED_TEST(Analytics, TheDashboardCountsSignUpsSubmissionsReviewsReportsStoresAndTheQueue) {
  const auto at = kDayStart + 5 * 3600;  // today, Japan time (and 3 hours before it, too)
  const auto u = this->users.create({"a@example.com", "サトシ", "", "$argon2id$fake", at}).value();
  (void)this->users.create({"b@example.com", "カスミ", "", "$argon2id$fake", at - kDay}).value();  // yesterday
  {
    ASSERT_TRUE(this->backend.exec_sql(pokeca::testing::reviewed_submission_sql(u.id, 10, at, "approved")));
    ASSERT_TRUE(this->backend.exec_sql(pokeca::testing::reviewed_submission_sql(u.id, 0, at, "rejected")));
    // A pending one, from 3 hours ago, reviewed later today: counted as a rejection then.
    ASSERT_TRUE(this->backend.exec_sql(
        "INSERT INTO store_submissions (user_id, store_name, location_method, lat, lng, location_precision,"
        " prefecture, status, created_at) VALUES (" +
        std::to_string(u.id) + ", '新店', 'gps', 35.69, 139.70, 'exact', 'tokyo', 'pending', " +
        std::to_string(at - 3 * 3600) + ")"));
  }
  auto shop = make_store(1, "カードショップ", "card_shop", "osaka", {34.7, 135.5});
  auto toys = make_store(2, "おもちゃ屋", "toy_store", "tokyo", {35.6, 139.7});
  auto hidden = make_store(3, "閉店", "toy_store", "tokyo", {35.6, 139.7});
  hidden.status = StoreStatus::kHidden;
  ASSERT_TRUE(this->stores.insert_many(std::vector{shop, toys, hidden}));
  ASSERT_TRUE(this->reports.insert(make_report(1, at)));
  ASSERT_TRUE(this->reports.insert(make_report(1, at)));
  ASSERT_TRUE(this->reports.insert(make_report(2, at)));

  auto r = this->service.report(std::nullopt, std::nullopt).value();  // the last 30 days
  ASSERT_EQ(r.days.size(), 30U);
  EXPECT_EQ(r.to, this->today());
  const auto& t = r.days.back();
  EXPECT_EQ(t.signups, 1);
  EXPECT_EQ(r.days[r.days.size() - 2].signups, 1);
  EXPECT_EQ(t.submissions, 3);
  EXPECT_EQ(t.approvals, 1);
  EXPECT_EQ(t.rejections, 1);
  EXPECT_EQ(t.purchase_reports, 3);
  ASSERT_EQ(r.top_prefectures_by_reports.size(), 2U);
  EXPECT_EQ(r.top_prefectures_by_reports[0].key, "osaka");
  EXPECT_EQ(r.top_prefectures_by_reports[0].count, 2);
  ASSERT_EQ(r.stores_by_type.size(), 2U);  // active stores only
  EXPECT_EQ(r.stores_by_type[0].count, 1);
  ASSERT_EQ(r.stores_by_source.size(), 1U);
  EXPECT_EQ(r.stores_by_source[0].count, 2);
  EXPECT_EQ(r.pending, 1);
  EXPECT_EQ(r.oldest_pending_at, at - 3 * 3600);

  {  // the review, a hidden store coming back, a report deleted
    ASSERT_TRUE(this->backend.exec_sql("UPDATE store_submissions SET status = 'rejected', reviewed_at = " +
                                       std::to_string(at + 60) + " WHERE status = 'pending'"));
    ASSERT_TRUE(this->backend.exec_sql("UPDATE stores SET status = 'active' WHERE id = 3"));
    ASSERT_TRUE(this->backend.exec_sql("DELETE FROM purchase_reports WHERE store_id = 2"));
  }
  r = this->service.report(format_day(this->today()), format_day(this->today())).value();
  EXPECT_EQ(r.days[0].rejections, 2);
  EXPECT_EQ(r.days[0].purchase_reports, 2);
  EXPECT_EQ(r.pending, 0);
  EXPECT_FALSE(r.oldest_pending_at);
  EXPECT_EQ(r.stores_by_type[0].key, "toy_store");
  EXPECT_EQ(r.stores_by_type[0].count, 2);
}

// Several servers (threads with their own connections) recording the same day at once:
// every view counts, a visitor once, a path once against the cap.
TYPED_TEST(Analytics, ViewsRecordedAtOnceAreEachCountedOnce) {
  constexpr int kThreads = 4;
  constexpr int kViewsEach = 30;
  const auto day = this->today();
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kViewsEach; ++i) {
        PageView v;
        v.day = day;
        v.path = "/p" + std::to_string((t + i) % 5);
        v.prefecture = i % 2 == 0 ? "tokyo" : "";
        v.visitor_hash = "visitor" + std::to_string(i % 10);  // the same ten visitors in every thread
        if (!this->repository.record(v)) ++failures;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
  const auto r = this->repository.report(day, day, kAnalyticsTopCount).value();
  EXPECT_EQ(r.days[0].page_views, kThreads * kViewsEach);
  EXPECT_EQ(r.days[0].visitors, 10);
  EXPECT_EQ(this->count("SELECT paths FROM analytics_daily_totals WHERE day = " + std::to_string(day)), 5);
  std::int64_t listed = 0;
  for (const auto& p : r.top_pages) listed += p.count;
  EXPECT_EQ(r.top_pages.size(), 5U);
  EXPECT_EQ(listed, kThreads * kViewsEach);
  ASSERT_EQ(r.top_prefectures_by_views.size(), 1U);
  EXPECT_EQ(r.top_prefectures_by_views[0].count, kThreads * kViewsEach / 2);
}

TYPED_TEST(Analytics, TopPagesOfALongRangeAddWholeBlocksAndEdgeDays) {
  // Views spread over 300 days: edge days, whole 32-day blocks, a day outside the range.
  const auto start = this->today();
  for (const int offset : {0, 1, 31, 32, 70, 150, 299, 300}) {
    this->clock.now_ = kDayStart + 3600 + offset * kDay;
    ASSERT_TRUE(this->service.record(view("/a"), "203.0.113.7", kBrowser));
    if (offset % 2 == 0) {
      ASSERT_TRUE(this->service.record(view("/b"), "203.0.113.7", kBrowser));
    }
  }
  ASSERT_TRUE(this->service.record(view("/a"), "203.0.113.7", kBrowser));  // day 300 again
  for (const auto& [from, to, a, b] :
       std::vector<std::tuple<AnalyticsDay, AnalyticsDay, int, int>>{{start, start + 299, 7, 4},
                                                                     {start + 1, start + 300, 8, 4},
                                                                     {start + 2, start + 69, 2, 1},
                                                                     {start, start, 1, 1},
                                                                     {start + 33, start + 69, 0, 0}}) {
    const auto r = this->repository.report(from, to, kAnalyticsTopCount).value();
    std::int64_t got_a = 0, got_b = 0;
    for (const auto& p : r.top_pages) (p.key == "/a" ? got_a : got_b) = p.count;
    EXPECT_EQ(got_a, a) << from - start << ".." << to - start;
    EXPECT_EQ(got_b, b) << from - start << ".." << to - start;
  }
}

TYPED_TEST(Analytics, RangesAreCheckedAndAtMost366Days) {
  EXPECT_TRUE(this->service.report("2025-11-23", "2026-11-23"));  // 366 days
  EXPECT_EQ(this->service.report("2025-11-22", "2026-11-23").error().code, ErrorCode::kBadRequest);
  EXPECT_EQ(this->service.report("2026-11-24", "2026-11-23").error().code, ErrorCode::kBadRequest);
  EXPECT_EQ(this->service.report("2026-02-30", std::nullopt).error().code, ErrorCode::kBadRequest);
  EXPECT_EQ(this->service.report("20261123", std::nullopt).error().code, ErrorCode::kBadRequest);
}

}  // namespace
}  // namespace pokeca::storage
