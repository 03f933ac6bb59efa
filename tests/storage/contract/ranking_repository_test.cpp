// The ranking's totals over real SQLite: approved submissions only, by approval time,
// withdrawn and blocked accounts and accounts without points left out.
#include <gtest/gtest.h>

#include <algorithm>

#include "pokeca/storage/sqlite_ranking_repository.hpp"
#include "pokeca/storage/sqlite_user_repository.hpp"
#include "pokeca/testing/submission_rows.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using pokeca::testing::reviewed_submission_sql;
using testing::kNow;

class RankingTotals : public testing::StorageTest {
 protected:
  UserId user(std::string nickname, std::string prefecture = "") {
    auto u = users.create({nickname + "@example.com", nickname, std::move(prefecture), "$argon2id$fake", kNow});
    EXPECT_TRUE(u);
    return u->id;
  }
  void reviewed(UserId id, int points, UnixSeconds at, std::string_view status = "approved") {
    auto lease = db.acquire();
    ASSERT_TRUE(lease.connection().exec(reviewed_submission_sql(id, points, at, status)));
  }
  std::vector<ContributorTotals> totals(UnixSeconds since = 0) {
    auto t = ranking.contributor_totals(since).value();
    std::sort(t.begin(), t.end(), [](const auto& a, const auto& b) { return a.user_id < b.user_id; });
    return t;
  }

  SqliteUserRepository users{db};
  SqliteRankingRepository ranking{db};
};

TEST_F(RankingTotals, SumsPointsAndCountsApprovedSubmissionsPerAccount) {
  const auto satoshi = user("サトシ", "東京都");
  const auto kasumi = user("カスミ");
  reviewed(satoshi, 5, kNow - 300);
  reviewed(satoshi, 1, kNow - 100);
  reviewed(satoshi, 0, kNow - 50, "rejected");
  reviewed(satoshi, 5, kNow - 10, "pending");  // not yet reviewed, whatever the row says
  reviewed(kasumi, 1, kNow - 200);
  const auto t = totals();
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

TEST_F(RankingTotals, LeavesOutWithdrawnBlockedAndPointlessAccounts) {
  const auto stays = user("残る人");
  const auto leaves = user("退会する人");
  const auto blocked = user("停止された人");
  const auto pointless = user("0点の人");
  for (const auto id : {stays, leaves, blocked}) reviewed(id, 1, kNow - 100);
  reviewed(pointless, 0, kNow - 100);
  ASSERT_EQ(totals().size(), 3u);
  ASSERT_TRUE(users.withdraw(leaves, "", kNow));
  ASSERT_TRUE(users.set_blocked(blocked, true));
  const auto t = totals();
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t[0].user_id, stays);
  // Unblocked, the account's points count again.
  ASSERT_TRUE(users.set_blocked(blocked, false));
  EXPECT_EQ(totals().size(), 2u);
}

TEST_F(RankingTotals, CountsOnlyApprovalsSinceTheGivenTime) {
  const auto early = user("先月の人");
  const auto both = user("両方の人");
  const auto month_start = start_of_month_in_japan(kNow);
  reviewed(early, 5, month_start - 1);  // the last second of last month
  reviewed(both, 5, month_start - 86'400);
  reviewed(both, 1, month_start);  // the first second of this month
  EXPECT_EQ(totals().size(), 2u);
  const auto t = totals(month_start);
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t[0].user_id, both);
  EXPECT_EQ(t[0].points, 1);
  EXPECT_EQ(t[0].approved_count, 1);
}

}  // namespace
}  // namespace pokeca::storage
