#include "pokeca/contributions/confirmation_service.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "auth_fakes.hpp"
#include "pokeca/shared/messages.hpp"

namespace pokeca {
namespace {

using testing::SettableClock;

constexpr UnixSeconds kNow = 1795239000;

// Reports and answers in memory, counted the way the storage contract says.
class MemoryConfirmations final : public ConfirmationRepository {
 public:
  std::vector<PurchaseReport> reports;
  std::map<std::pair<ReportId, std::int64_t>, Confirmation> answers;
  int writes = 0;

  Result<std::optional<PurchaseReport>> find_report(ReportId id) override {
    for (const auto& r : reports)
      if (r.id == id) return r;
    return std::nullopt;
  }
  Result<std::optional<ConfirmationAnswer>> answer_of(ReportId report, std::int64_t user) override {
    const auto it = answers.find({report, user});
    if (it == answers.end()) return std::nullopt;
    return it->second.answer;
  }
  Result<void> answer(const Confirmation& c) override {
    ++writes;
    answers[{c.report_id, c.user_id}] = c;
    return {};
  }
  Result<std::vector<ReportTally>> tallies(std::span<const ReportId> ids, std::optional<std::int64_t> viewer) override {
    std::vector<ReportTally> out;
    for (const auto& r : reports) {
      if (std::ranges::find(ids, r.id) == ids.end()) continue;
      ReportTally t{r.id, r.user_id, r.purchased_at, 0, 0, std::nullopt, std::nullopt};
      for (const auto& [key, c] : answers) {
        if (key.first != r.id) continue;
        (c.answer == ConfirmationAnswer::kStill ? t.still : t.gone)++;
        t.latest_at = std::max(t.latest_at.value_or(0), c.answered_at);
        if (viewer && key.second == *viewer) t.mine = c.answer;
      }
      out.push_back(t);
    }
    return out;
  }
  Result<std::vector<ReporterStanding>> standings(std::span<const std::int64_t> users, UnixSeconds since) override {
    std::vector<ReporterStanding> out;
    for (const auto user : users) {
      ReporterStanding s;
      s.user_id = user;
      for (const auto& r : reports) {
        if (r.user_id != user || r.purchased_at < since) continue;
        ++s.reports;
        s.last_report_at = std::max(s.last_report_at.value_or(0), r.created_at);
        std::int64_t still = 0, gone = 0;
        for (const auto& [key, c] : answers)
          if (key.first == r.id) (c.answer == ConfirmationAnswer::kStill ? still : gone)++;
        s.confirmations += still;
        s.denials += gone;
        s.confirmed_reports += still > gone;
        s.denied_reports += gone > still;
      }
      if (s.reports > 0) out.push_back(s);
    }
    return out;
  }

  ReportId add_report(std::int64_t user, UnixSeconds purchased_at) {
    PurchaseReport r;
    r.id = static_cast<ReportId>(reports.size() + 1);
    r.store_id = 1;
    r.user_id = user;
    r.purchased_at = purchased_at;
    r.created_at = purchased_at;
    reports.push_back(r);
    return r.id;
  }
};

User user(UserId id) {
  User u;
  u.id = id;
  return u;
}

class ConfirmationServiceTest : public ::testing::Test {
 protected:
  MemoryConfirmations repo;
  RateLimiter limiter;
  SettableClock clock{kNow};
  ConfirmationService service{repo, limiter, clock};
};

TEST_F(ConfirmationServiceTest, AnotherUsersAnswerIsCountedAndShownAsTheirs) {
  const auto id = repo.add_report(1, kNow - 3600);
  auto r = service.answer(user(2), id, "still");
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->tally.still, 1);
  EXPECT_EQ(r->tally.gone, 0);
  EXPECT_EQ(r->tally.mine, ConfirmationAnswer::kStill);
  EXPECT_EQ(r->tally.latest_at, kNow);
  EXPECT_TRUE(r->answerable);
  EXPECT_FALSE(r->own);
}

TEST_F(ConfirmationServiceTest, TheReporterCannotAnswerTheirOwnReport) {
  const auto id = repo.add_report(1, kNow - 60);
  auto r = service.answer(user(1), id, "still");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kForbidden);
  EXPECT_EQ(r.error().message, msg::kConfirmationOwnReport);
  EXPECT_EQ(repo.writes, 0);
}

TEST_F(ConfirmationServiceTest, AReportOlderThanTheWindowCannotBeAnswered) {
  const auto fresh = repo.add_report(1, kNow - kConfirmationWindowSeconds + 1);
  const auto old = repo.add_report(1, kNow - kConfirmationWindowSeconds);
  EXPECT_TRUE(service.answer(user(2), fresh, "gone"));
  auto r = service.answer(user(2), old, "gone");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kConflict);
  EXPECT_EQ(r.error().message, msg::kConfirmationTooOld);
  EXPECT_EQ(kConfirmationWindowSeconds, 24 * 3600);
}

TEST_F(ConfirmationServiceTest, AnAnswerCanBeChangedAndCountsOnce) {
  const auto id = repo.add_report(1, kNow - 60);
  ASSERT_TRUE(service.answer(user(2), id, "still"));
  clock.advance(600);
  auto r = service.answer(user(2), id, "gone");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->tally.still, 0);
  EXPECT_EQ(r->tally.gone, 1);
  EXPECT_EQ(r->tally.mine, ConfirmationAnswer::kGone);
  EXPECT_EQ(r->tally.latest_at, kNow + 600);
  EXPECT_TRUE(r->outdated);
  // The same answer again writes nothing.
  ASSERT_TRUE(service.answer(user(2), id, "gone"));
  EXPECT_EQ(repo.writes, 2);
}

TEST_F(ConfirmationServiceTest, BadAnswersAndUnknownReportsAreRefused) {
  const auto id = repo.add_report(1, kNow - 60);
  for (const auto* bad : {"", "yes", "STILL", "bought"}) {
    auto r = service.answer(user(2), id, bad);
    ASSERT_FALSE(r) << bad;
    EXPECT_EQ(r.error().code, ErrorCode::kBadRequest);
    EXPECT_EQ(r.error().message, msg::kConfirmationBadAnswer);
  }
  EXPECT_EQ(service.answer(user(2), 99, "still").error().code, ErrorCode::kNotFound);
}

TEST_F(ConfirmationServiceTest, AnAccountAnswersAtMostTheDailyNumber) {
  EXPECT_EQ(kMaxConfirmationsPerDay, 30);
  EXPECT_EQ(kConfirmationsPerAccount, (RateLimit{30, 24 * 3600}));
  for (std::int64_t i = 0; i < kMaxConfirmationsPerDay; ++i) {
    const auto id = repo.add_report(1, kNow - 60);
    ASSERT_TRUE(service.answer(user(2), id, "still")) << i;
  }
  const auto one_more = repo.add_report(1, kNow - 60);
  auto r = service.answer(user(2), one_more, "still");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kRateLimited);
  EXPECT_NE(r.error().message.find("30"), std::string::npos);
  EXPECT_GT(r.error().retry_after_seconds, 0);
  // Per account: someone else still may.
  EXPECT_TRUE(service.answer(user(3), one_more, "still"));
}

TEST_F(ConfirmationServiceTest, ReadsTheListedReportsInTheOrderAsked) {
  const auto a = repo.add_report(1, kNow - 60);
  const auto b = repo.add_report(5, kNow - kConfirmationWindowSeconds - 1);
  ASSERT_TRUE(service.answer(user(2), a, "gone"));
  auto list = service.confirmations(user(1), std::to_string(b) + "," + std::to_string(a) + ",77");
  ASSERT_TRUE(list) << list.error().message;
  ASSERT_EQ(list->size(), 2u);
  EXPECT_EQ((*list)[0].tally.report_id, b);
  EXPECT_FALSE((*list)[0].answerable);
  EXPECT_FALSE((*list)[0].own);
  EXPECT_EQ((*list)[1].tally.gone, 1);
  EXPECT_TRUE((*list)[1].own);
  EXPECT_FALSE((*list)[1].tally.mine);
  for (const auto* bad : {"", "1,,2", "0", "-1", "x", "1;2"}) {
    auto r = service.confirmations(std::nullopt, std::string(bad));
    ASSERT_FALSE(r) << bad;
    EXPECT_EQ(r.error().code, ErrorCode::kBadRequest);
  }
  EXPECT_FALSE(service.confirmations(std::nullopt, std::nullopt));
  std::string many = "1";
  for (std::size_t i = 2; i <= kMaxTalliedReports + 1; ++i) many += "," + std::to_string(i);
  EXPECT_FALSE(service.confirmations(std::nullopt, many));
}

TEST_F(ConfirmationServiceTest, AReporterWhoseReportsOthersConfirmIsTrusted) {
  for (std::int64_t i = 0; i < kTrustedMinConfirmedReports; ++i) {
    const auto id = repo.add_report(1, kNow - 60);
    auto r = service.answer(user(2), id, "still");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->reporter_trusted, i + 1 == kTrustedMinConfirmedReports) << i;
  }
}

TEST_F(ConfirmationServiceTest, AReporterWhoseReportsAreRepeatedlyDeniedIsSlowed) {
  EXPECT_EQ(kSlowedMinDeniedReports, 3);
  EXPECT_EQ(kSlowedReportIntervalSeconds, 30 * 60);
  for (std::int64_t i = 0; i < kSlowedMinDeniedReports; ++i) {
    EXPECT_EQ(service.next_report_at(1, kNow).value(), std::nullopt) << i;
    const auto id = repo.add_report(1, kNow - 60);
    ASSERT_TRUE(service.answer(user(2), id, "gone"));
  }
  // The newest report was created a minute ago: the next one waits out the interval.
  EXPECT_EQ(service.next_report_at(1, kNow).value(), kNow - 60 + kSlowedReportIntervalSeconds);
  EXPECT_EQ(service.next_report_at(1, kNow - 60 + kSlowedReportIntervalSeconds).value(), std::nullopt);
  // Someone else is not slowed.
  EXPECT_EQ(service.next_report_at(2, kNow).value(), std::nullopt);
  auto standings = service.standings(std::string("1,2"));
  ASSERT_TRUE(standings);
  ASSERT_EQ(standings->size(), 2u);
  EXPECT_EQ((*standings)[0].reports, kSlowedMinDeniedReports);
  EXPECT_EQ((*standings)[0].denied_reports, kSlowedMinDeniedReports);
  EXPECT_EQ((*standings)[0].denials, kSlowedMinDeniedReports);
  EXPECT_TRUE(slowed((*standings)[0]));
  EXPECT_EQ((*standings)[1].reports, 0);
  EXPECT_FALSE(service.standings(std::string("a")));
}

TEST(ReporterStandingRules, ConfirmationsOutweighingDenialsLiftTheSlowdown) {
  ReporterStanding s;
  s.reports = 10;
  s.confirmed_reports = 4;
  s.denied_reports = 3;
  EXPECT_FALSE(slowed(s));
  s.confirmed_reports = 2;
  EXPECT_TRUE(slowed(s));
  EXPECT_FALSE(trusted(s));
  s.confirmed_reports = 6;
  s.denied_reports = 3;
  EXPECT_TRUE(trusted(s));
  s.denied_reports = 4;
  EXPECT_FALSE(trusted(s));
}

}  // namespace
}  // namespace pokeca
