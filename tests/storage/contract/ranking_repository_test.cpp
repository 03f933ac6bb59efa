// The ranking's totals through the RankingRepository port (a backend contract test): approved submissions only, by
// approval time, withdrawn and blocked accounts and accounts without points left out.
#include <gtest/gtest.h>

#include <algorithm>

#include "backend.hpp"
#include "pokeca/testing/submission_rows.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using pokeca::testing::reviewed_submission_sql;
using testing::kNow;

template <class Backend>
class RankingTotals : public testing::BackendTest<Backend> {
 protected:
  UserId user(std::string nickname, std::string prefecture = "") {
    auto u = this->users.create({nickname + "@example.com", nickname, std::move(prefecture), "$argon2id$fake", kNow});
    EXPECT_TRUE(u);
    return u->id;
  }
  void reviewed(UserId id, int points, UnixSeconds at, std::string_view status = "approved") {
    ASSERT_TRUE(this->backend.exec_sql(reviewed_submission_sql(id, points, at, status)));
  }
  std::vector<ContributorTotals> totals(UnixSeconds since = 0) {
    auto t = this->ranking.contributor_totals(since).value();
    std::sort(t.begin(), t.end(), [](const auto& a, const auto& b) { return a.user_id < b.user_id; });
    return t;
  }
};
TYPED_TEST_SUITE(RankingTotals, testing::RankingBackends, testing::BackendName);

TYPED_TEST(RankingTotals, SumsPointsAndCountsApprovedSubmissionsPerAccount) {
  const auto satoshi = this->user("サトシ", "東京都");
  const auto kasumi = this->user("カスミ");
  this->reviewed(satoshi, 5, kNow - 300);
  this->reviewed(satoshi, 1, kNow - 100);
  this->reviewed(satoshi, 0, kNow - 50, "rejected");
  this->reviewed(satoshi, 5, kNow - 10, "pending");  // not yet reviewed, whatever the row says
  this->reviewed(kasumi, 1, kNow - 200);
  const auto t = this->totals();
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[0].user_id, satoshi);
  EXPECT_EQ(t[0].nickname, "サトシ");
  EXPECT_EQ(t[0].prefecture, "東京都");
  EXPECT_EQ(t[0].points, 6);
  EXPECT_EQ(t[0].approved_count, 2);
  EXPECT_EQ(t[0].reached_at, kNow - 100);  // the latest approval
  EXPECT_EQ(t[1].user_id, kasumi);
  EXPECT_EQ(t[1].prefecture, "");
  EXPECT_EQ(t[1].points, 1);
  EXPECT_EQ(t[1].approved_count, 1);
}

TYPED_TEST(RankingTotals, LeavesOutWithdrawnBlockedAndPointlessAccounts) {
  const auto stays = this->user("残る人");
  const auto leaves = this->user("退会する人");
  const auto blocked = this->user("停止された人");
  const auto pointless = this->user("0点の人");
  for (const auto id : {stays, leaves, blocked}) this->reviewed(id, 1, kNow - 100);
  this->reviewed(pointless, 0, kNow - 100);
  ASSERT_EQ(this->totals().size(), 3u);
  ASSERT_TRUE(this->users.withdraw(leaves, "", kNow));
  ASSERT_TRUE(this->users.set_blocked(blocked, true));
  const auto t = this->totals();
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t[0].user_id, stays);
  // Unblocked, the account's points count again.
  ASSERT_TRUE(this->users.set_blocked(blocked, false));
  EXPECT_EQ(this->totals().size(), 2u);
}

TYPED_TEST(RankingTotals, CountsOnlyApprovalsSinceTheGivenTime) {
  const auto early = this->user("先月の人");
  const auto both = this->user("両方の人");
  const auto month_start = start_of_month_in_japan(kNow);
  this->reviewed(early, 5, month_start - 1);  // the last second of last month
  this->reviewed(both, 5, month_start - 86'400);
  this->reviewed(both, 1, month_start);  // the first second of this month
  EXPECT_EQ(this->totals().size(), 2u);
  const auto t = this->totals(month_start);
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t[0].user_id, both);
  EXPECT_EQ(t[0].points, 1);
  EXPECT_EQ(t[0].approved_count, 1);
}

}  // namespace
}  // namespace pokeca::storage
