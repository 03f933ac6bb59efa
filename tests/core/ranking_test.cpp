#include "pokeca/contributions/ranking.hpp"

#include <gtest/gtest.h>

#include "pokeca/shared/messages.hpp"

namespace pokeca {
namespace {

ContributorTotals totals(UserId id, std::int64_t points, std::int64_t count, UnixSeconds reached_at) {
  return {id, "user" + std::to_string(id), "", points, count, reached_at};
}

std::vector<std::int64_t> ranks_of(const std::vector<RankedContributor>& ranked) {
  std::vector<std::int64_t> out;
  for (const auto& r : ranked) out.push_back(r.rank);
  return out;
}
std::vector<UserId> ids_of(const std::vector<RankedContributor>& ranked) {
  std::vector<UserId> out;
  for (const auto& r : ranked) out.push_back(r.totals.user_id);
  return out;
}

TEST(Ranking, StandardCompetitionRanks) {
  // 10 pt; 5 pt twice (same count); 3 pt.
  const auto ranked =
      rank_contributors({totals(4, 3, 3, 100), totals(2, 5, 1, 200), totals(1, 10, 2, 300), totals(3, 5, 1, 100)}, 10);
  EXPECT_EQ(ranks_of(ranked), (std::vector<std::int64_t>{1, 2, 2, 4}));
  // Inside the tie, who reached 5 pt first (user 3 at t=100) comes first.
  EXPECT_EQ(ids_of(ranked), (std::vector<UserId>{1, 3, 2, 4}));
}

TEST(Ranking, EqualPointsAreOrderedByApprovedCountWhichBreaksTheTie) {
  // 5 pt as one photo submission vs five plain ones: more approvals rank higher.
  const auto ranked = rank_contributors({totals(1, 5, 1, 100), totals(2, 5, 5, 900)}, 10);
  EXPECT_EQ(ids_of(ranked), (std::vector<UserId>{2, 1}));
  EXPECT_EQ(ranks_of(ranked), (std::vector<std::int64_t>{1, 2}));
}

TEST(Ranking, AFullTieIsOrderedByAccountId) {
  const auto ranked = rank_contributors({totals(9, 1, 1, 50), totals(3, 1, 1, 50), totals(5, 1, 1, 50)}, 10);
  EXPECT_EQ(ids_of(ranked), (std::vector<UserId>{3, 5, 9}));
  EXPECT_EQ(ranks_of(ranked), (std::vector<std::int64_t>{1, 1, 1}));
}

TEST(Ranking, RanksAfterSeveralTiesSkipAsManyPlaces) {
  const auto ranked = rank_contributors({totals(1, 9, 1, 1), totals(2, 9, 1, 2), totals(3, 9, 1, 3), totals(4, 4, 1, 1),
                                         totals(5, 4, 1, 2), totals(6, 1, 1, 1)},
                                        10);
  EXPECT_EQ(ranks_of(ranked), (std::vector<std::int64_t>{1, 1, 1, 4, 4, 6}));
}

TEST(Ranking, TheListIsCutAtTheLimitEvenInsideATie) {
  const auto ranked =
      rank_contributors({totals(1, 9, 1, 1), totals(2, 5, 1, 1), totals(3, 5, 1, 2), totals(4, 5, 1, 3)}, 3);
  EXPECT_EQ(ids_of(ranked), (std::vector<UserId>{1, 2, 3}));
  EXPECT_EQ(ranks_of(ranked), (std::vector<std::int64_t>{1, 2, 2}));
  EXPECT_TRUE(rank_contributors({}, 50).empty());
  EXPECT_TRUE(rank_contributors({totals(1, 1, 1, 1)}, 0).empty());
}

TEST(Ranking, PeriodAndLimitParameters) {
  EXPECT_EQ(parse_ranking_period(std::nullopt), RankingPeriod::kAllTime);
  EXPECT_EQ(parse_ranking_period("all"), RankingPeriod::kAllTime);
  EXPECT_EQ(parse_ranking_period("month"), RankingPeriod::kThisMonth);
  for (const auto* bad : {"", "week", "Month", "all "}) {
    const auto r = parse_ranking_period(std::string(bad));
    ASSERT_FALSE(r) << bad;
    EXPECT_EQ(r.error().code, ErrorCode::kBadRequest);
    EXPECT_EQ(r.error().message, msg::kBadRankingPeriod);
  }
  EXPECT_EQ(to_string(RankingPeriod::kAllTime), "all");
  EXPECT_EQ(to_string(RankingPeriod::kThisMonth), "month");

  EXPECT_EQ(parse_ranking_limit(std::nullopt), kDefaultRankingLimit);
  EXPECT_EQ(kDefaultRankingLimit, 50);
  EXPECT_EQ(parse_ranking_limit("1"), 1);
  EXPECT_EQ(parse_ranking_limit(std::to_string(kMaxRankingLimit)), kMaxRankingLimit);
  EXPECT_EQ(kMaxRankingLimit, 100);
  for (const auto* bad : {"0", "101", "-1", "ten", "", "5.0"}) {
    const auto r = parse_ranking_limit(std::string(bad));
    ASSERT_FALSE(r) << bad;
    EXPECT_EQ(r.error().message, msg::kBadLimit);
  }
}

// 2026-11-01T00:00:00+09:00 = 2026-10-31T15:00:00Z.
constexpr UnixSeconds kNovemberStartsInJapan = 1793458800;

TEST(Ranking, TheMonthStartsOnTheFirstAtMidnightJapanTime) {
  ASSERT_EQ(format_iso8601(kNovemberStartsInJapan), "2026-10-31T15:00:00Z");
  const auto now = *parse_iso8601("2026-11-21T05:30:00Z");
  EXPECT_EQ(ranking_period_start(RankingPeriod::kThisMonth, now), kNovemberStartsInJapan);
  EXPECT_EQ(ranking_period_start(RankingPeriod::kAllTime, now), 0);
}

TEST(StartOfMonthInJapan, AroundTheMonthEdge) {
  // The first second of November in Japan is still October 31st in UTC.
  EXPECT_EQ(start_of_month_in_japan(kNovemberStartsInJapan), kNovemberStartsInJapan);
  EXPECT_EQ(start_of_month_in_japan(kNovemberStartsInJapan + 1), kNovemberStartsInJapan);
  // One second earlier is 23:59:59 on October 31st in Japan: October's start.
  EXPECT_EQ(format_iso8601(start_of_month_in_japan(kNovemberStartsInJapan - 1)), "2026-09-30T15:00:00Z");
  // The last second of November in Japan (2026-11-30T14:59:59Z).
  EXPECT_EQ(start_of_month_in_japan(*parse_iso8601("2026-11-30T23:59:59+09:00")), kNovemberStartsInJapan);
  // UTC noon on the 30th is 21:00 in Japan, still November.
  EXPECT_EQ(start_of_month_in_japan(*parse_iso8601("2026-11-30T12:00:00Z")), kNovemberStartsInJapan);
}

TEST(StartOfMonthInJapan, AcrossTheYearBoundary) {
  const auto new_year_in_japan = *parse_iso8601("2027-01-01T00:00:00+09:00");
  EXPECT_EQ(format_iso8601(new_year_in_japan), "2026-12-31T15:00:00Z");
  EXPECT_EQ(start_of_month_in_japan(new_year_in_japan), new_year_in_japan);
  EXPECT_EQ(start_of_month_in_japan(*parse_iso8601("2027-01-15T10:00:00Z")), new_year_in_japan);
  // 2026-12-31T20:00Z is already 2027-01-01T05:00 in Japan.
  EXPECT_EQ(start_of_month_in_japan(*parse_iso8601("2026-12-31T20:00:00Z")), new_year_in_japan);
  // 2026-12-31T14:59:59Z is the last second of 2026 in Japan: December's start.
  EXPECT_EQ(format_iso8601(start_of_month_in_japan(new_year_in_japan - 1)), "2026-11-30T15:00:00Z");
}

TEST(StartOfMonthInJapan, LeapFebruary) {
  const auto march = *parse_iso8601("2028-03-01T00:00:00+09:00");
  EXPECT_EQ(format_iso8601(start_of_month_in_japan(march - 1)), "2028-01-31T15:00:00Z");  // Feb 1st JST
  EXPECT_EQ(start_of_month_in_japan(*parse_iso8601("2028-02-29T23:00:00+09:00")),
            *parse_iso8601("2028-02-01T00:00:00+09:00"));
  EXPECT_EQ(kJapanUtcOffsetSeconds, 9 * 3600);
}

}  // namespace
}  // namespace pokeca
