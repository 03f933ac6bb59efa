#include "pokeca/shared/relative_time.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

namespace pokeca {

// SPEC.md §9: under 1 min たった今; under 60 min minutes; under 24 h hours;
// under 7 days days; otherwise weeks. Each boundary on both sides.
TEST(RelativeTime, JustNowUnderOneMinute) {
  EXPECT_EQ(relative_time_label(0), "たった今");
  EXPECT_EQ(relative_time_label(59), "たった今");
  EXPECT_EQ(relative_time_label(-30), "たった今");  // clock skew
}

TEST(RelativeTime, MinutesUnderOneHour) {
  EXPECT_EQ(relative_time_label(60), "1分前");
  EXPECT_EQ(relative_time_label(3599), "59分前");
}

TEST(RelativeTime, HoursUnderOneDay) {
  EXPECT_EQ(relative_time_label(3600), "1時間前");
  EXPECT_EQ(relative_time_label(3 * 3600 + 59), "3時間前");
  EXPECT_EQ(relative_time_label(24 * 3600 - 1), "23時間前");
}

TEST(RelativeTime, DaysUnderOneWeek) {
  EXPECT_EQ(relative_time_label(24 * 3600), "1日前");
  EXPECT_EQ(relative_time_label(7 * 24 * 3600 - 1), "6日前");
}

TEST(RelativeTime, WeeksAfterwards) {
  EXPECT_EQ(relative_time_label(7 * 24 * 3600), "1週間前");
  EXPECT_EQ(relative_time_label(30 * 24 * 3600), "4週間前");
}

// The frontend's formatRelativeTime is held to the same table (frontend/src/lib/relative-time.test.ts),
// so the server's and the browser's labels cannot drift apart.
TEST(RelativeTime, AgreesWithTheTableOfCasesTheFrontendShares) {
  std::ifstream file(POKECA_RELATIVE_TIME_CASES);
  ASSERT_TRUE(file) << POKECA_RELATIVE_TIME_CASES;
  std::vector<std::pair<std::int64_t, std::string>> cases;
  std::string line;
  std::getline(file, line);  // header: elapsed_seconds, label
  while (std::getline(file, line)) {
    if (line.empty()) continue;
    const auto tab = line.find('\t');
    ASSERT_NE(tab, std::string::npos) << line;
    cases.emplace_back(std::stoll(line.substr(0, tab)), line.substr(tab + 1));
  }
  ASSERT_GE(cases.size(), 10U);
  for (const auto& [elapsed, label] : cases) EXPECT_EQ(relative_time_label(elapsed), label) << elapsed << " s";
}

}  // namespace pokeca
