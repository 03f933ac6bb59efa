// The personal read models through core's ports (a backend contract test, backend.hpp):
// the activity counts (store search: store_search_test.cpp).
#include <gtest/gtest.h>

#include <algorithm>

#include "personal_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::kNow;
using testing::make_report;

template <class Backend>
class PersonalReadModelsTest : public testing::PersonalStorageTest<Backend> {};
TYPED_TEST_SUITE(PersonalReadModelsTest, testing::ActivityBackends, testing::BackendName);

TYPED_TEST(PersonalReadModelsTest, ActivityCountsAUsersContributionsAndAStoresRecentReports) {
  auto r1 = make_report(1, kNow - 100);
  r1.user_id = this->alice;
  auto r2 = make_report(2, kNow - 40 * 86400);
  r2.user_id = this->alice;
  auto r3 = make_report(1, kNow - 10);
  r3.user_id = this->bob;
  ASSERT_TRUE(this->reports.insert(r1));
  ASSERT_TRUE(this->reports.insert(r2));
  ASSERT_TRUE(this->reports.insert(r3));
  ASSERT_TRUE(this->favorites.add(this->alice, 3, kNow, 500));
  const auto a = std::to_string(this->alice);
  this->sql(
      "INSERT INTO store_submissions (user_id, store_name, location_method, lat, lng, location_precision,"
      " prefecture, status, reviewed_at, points_awarded, created_at) VALUES"
      " (" +
      a + ", 'a', 'gps', 35, 139, 'exact', 'tokyo', 'approved', " + std::to_string(kNow - 50) +
      ", 5, 0),"
      " (" +
      a + ", 'b', 'gps', 35, 139, 'exact', 'tokyo', 'approved', " + std::to_string(kNow - 400 * 86400) +
      ", 1, 0),"
      " (" +
      a +
      ", 'c', 'gps', 35, 139, 'exact', 'tokyo', 'pending', NULL, 0, 0),"
      " (" +
      a + ", 'd', 'gps', 35, 139, 'exact', 'tokyo', 'rejected', " + std::to_string(kNow) + ", 0, 0)");
  const auto got = this->user_stats.activity(this->alice, kNow - 30 * 86400).value();
  EXPECT_EQ(got.submissions.pending, 1);
  EXPECT_EQ(got.submissions.approved, 2);
  EXPECT_EQ(got.submissions.rejected, 1);
  EXPECT_EQ(got.purchase_reports, 2);
  EXPECT_EQ(got.favorites, 1);
  ASSERT_EQ(got.approvals_since.size(), 1U);
  EXPECT_EQ(got.approvals_since[0].points, 5);
  EXPECT_EQ(got.reports_since, (std::vector<UnixSeconds>{kNow - 100}));
  auto times = this->store_activity.report_times(1, kNow - 30 * 86400).value();
  std::sort(times.begin(), times.end());
  EXPECT_EQ(times, (std::vector<UnixSeconds>{kNow - 100, kNow - 10}));
}

}  // namespace
}  // namespace pokeca::storage
