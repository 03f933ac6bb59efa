// Users, refresh sessions, mail-link tokens and withdrawal on a real SQLite file.
#include <thread>

#include "pokeca/auth_codes.hpp"
#include "pokeca/storage/sqlite_action_token_repository.hpp"
#include "pokeca/storage/sqlite_session_repository.hpp"
#include "pokeca/storage/sqlite_user_repository.hpp"
#include "pokeca/storage/statement.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::kNow;
using testing::TempDir;

class AccountRepositories : public ::testing::Test {
 protected:
  User make_user(std::string email = "satoshi@example.com") {
    auto u = users.create({std::move(email), "サトシ", "東京都", "$argon2id$fake", kNow});
    EXPECT_TRUE(u) << (u ? "" : u.error().detail);
    return *u;
  }
  RefreshSession session(UserId user, std::string family, std::string hash, UnixSeconds expires = kNow + 1000) {
    return {0, user, std::move(family), std::move(hash), kNow, expires, std::nullopt, std::nullopt};
  }
  std::int64_t count(std::string_view sql) {
    auto lease = db.acquire();
    Statement st(lease.connection(), sql);
    std::int64_t n = -1;
    EXPECT_TRUE(st.each([&](const Row& row) { n = row.int64(0); }));
    return n;
  }

  TempDir dir;
  Database db{dir.path() / "accounts.db"};
  SqliteUserRepository users{db};
  SqliteSessionRepository sessions{db};
  SqliteActionTokenRepository tokens{db};
};

TEST_F(AccountRepositories, UsersAreCreatedFoundAndUniqueByEmail) {
  const auto u = make_user();
  EXPECT_GT(u.id, 0);
  EXPECT_EQ(u.email, "satoshi@example.com");
  EXPECT_EQ(u.nickname, "サトシ");
  EXPECT_EQ(u.prefecture, "東京都");
  EXPECT_FALSE(u.email_verified());
  EXPECT_FALSE(u.admin);
  EXPECT_EQ(u.created_at, kNow);

  const auto dup = users.create({"satoshi@example.com", "x", "", "h", kNow});
  ASSERT_FALSE(dup);
  EXPECT_EQ(dup.error().code, ErrorCode::kConflict);
  EXPECT_EQ(dup.error().detail, auth_code::kEmailAlreadyInUse);
  // The schema refuses an address that is not lower case (the core normalises first).
  EXPECT_FALSE(users.create({"Kasumi@example.com", "x", "", "h", kNow}));

  EXPECT_EQ((*users.find_by_email("satoshi@example.com"))->id, u.id);
  EXPECT_EQ((*users.find_by_id(u.id))->email, u.email);
  EXPECT_FALSE(*users.find_by_email("ghost@example.com"));
  EXPECT_FALSE(*users.find_by_id(999));
}

TEST_F(AccountRepositories, UserUpdates) {
  const auto u = make_user();
  ASSERT_TRUE(users.mark_email_verified(u.id, kNow + 5));
  ASSERT_TRUE(users.mark_email_verified(u.id, kNow + 9));  // keeps the first time
  EXPECT_EQ((*users.find_by_id(u.id))->email_verified_at, kNow + 5);

  ASSERT_TRUE(users.set_password_hash(u.id, "$argon2id$new"));
  auto now = **users.find_by_id(u.id);
  EXPECT_EQ(now.password_hash, "$argon2id$new");
  EXPECT_EQ(now.session_epoch, u.session_epoch + 1);

  const auto updated = users.update_profile(u.id, "カスミ", "", kNow + 10);
  ASSERT_TRUE(updated);
  EXPECT_EQ(updated->nickname, "カスミ");
  EXPECT_EQ(updated->prefecture, "");

  ASSERT_TRUE(users.set_admin(u.id, true));
  ASSERT_TRUE(users.set_blocked(u.id, true));
  now = **users.find_by_id(u.id);
  EXPECT_TRUE(now.admin);
  EXPECT_TRUE(now.blocked);
  EXPECT_EQ(users.set_admin(999, true).error().code, ErrorCode::kNotFound);
}

TEST_F(AccountRepositories, WithdrawalAnonymisesKeepsTheReasonAndEndsSessions) {
  const auto u = make_user();
  const auto other = make_user("kasumi@example.com");
  ASSERT_TRUE(users.set_admin(u.id, true));
  ASSERT_TRUE(sessions.create(session(u.id, "fam", "h1")));
  ASSERT_TRUE(sessions.create(session(other.id, "fam2", "h2")));
  ASSERT_TRUE(tokens.create({"t1", u.id, ActionPurpose::kResetPassword, kNow, kNow + 3600}));

  ASSERT_TRUE(users.withdraw(u.id, "使わなくなったため", kNow + 100));
  const auto gone = **users.find_by_id(u.id);
  EXPECT_EQ(gone.email, "withdrawn-" + std::to_string(u.id) + "@invalid");
  EXPECT_EQ(gone.nickname, msg::kWithdrawnNickname);
  EXPECT_EQ(gone.prefecture, "");
  EXPECT_EQ(gone.password_hash, "");
  EXPECT_FALSE(gone.admin);
  EXPECT_EQ(gone.withdrawn_at, kNow + 100);
  EXPECT_EQ(gone.session_epoch, u.session_epoch + 1);
  EXPECT_FALSE(*users.find_by_email("satoshi@example.com"));
  EXPECT_FALSE(*sessions.find_by_hash("h1"));
  EXPECT_TRUE(*sessions.find_by_hash("h2"));
  EXPECT_FALSE(*tokens.consume("t1", ActionPurpose::kResetPassword, kNow));
  EXPECT_EQ(count("SELECT count(*) FROM withdrawals WHERE reason = '使わなくなったため'"), 1);
  // The address can sign up again; withdrawing twice is refused.
  EXPECT_TRUE(users.create({"satoshi@example.com", "新サトシ", "", "h", kNow}));
  EXPECT_EQ(users.withdraw(u.id, "", kNow).error().code, ErrorCode::kNotFound);
  EXPECT_FALSE(users.update_profile(u.id, "x", "", kNow));
}

TEST_F(AccountRepositories, SessionsRotateOnceAndRevoke) {
  const auto u = make_user();
  ASSERT_TRUE(sessions.create(session(u.id, "fam", "h1")));
  const auto found = *sessions.find_by_hash("h1");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->family, "fam");
  EXPECT_FALSE(found->rotated_at);

  EXPECT_TRUE(*sessions.rotate("h1", session(u.id, "fam", "h2"), kNow + 1));
  EXPECT_EQ((*sessions.find_by_hash("h1"))->rotated_at, kNow + 1);
  EXPECT_TRUE(*sessions.find_by_hash("h2"));
  // The same token cannot rotate twice, and nothing is stored when it fails.
  EXPECT_FALSE(*sessions.rotate("h1", session(u.id, "fam", "h3"), kNow + 2));
  EXPECT_FALSE(*sessions.find_by_hash("h3"));
  // Nor once expired.
  ASSERT_TRUE(sessions.create(session(u.id, "old", "h4", kNow + 10)));
  EXPECT_FALSE(*sessions.rotate("h4", session(u.id, "old", "h5"), kNow + 10));

  ASSERT_TRUE(sessions.revoke_family("fam", kNow + 3));
  EXPECT_EQ((*sessions.find_by_hash("h2"))->revoked_at, kNow + 3);
  EXPECT_FALSE(*sessions.rotate("h2", session(u.id, "fam", "h6"), kNow + 4));
  EXPECT_FALSE((*sessions.find_by_hash("h4"))->revoked_at);
  ASSERT_TRUE(sessions.revoke_all_for_user(u.id, kNow + 5));
  EXPECT_EQ((*sessions.find_by_hash("h4"))->revoked_at, kNow + 5);

  EXPECT_EQ(*sessions.delete_expired(kNow + 11), 1);  // h4 only
  EXPECT_FALSE(*sessions.find_by_hash("h4"));
}

TEST_F(AccountRepositories, ConcurrentRotationsOfOneTokenHaveOneWinner) {
  const auto u = make_user();
  ASSERT_TRUE(sessions.create(session(u.id, "fam", "start")));
  std::atomic<int> winners{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i)
    threads.emplace_back([&, i] {
      auto r = sessions.rotate("start", session(u.id, "fam", "next" + std::to_string(i)), kNow + 1);
      if (r && *r) ++winners;
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(winners, 1);
}

TEST_F(AccountRepositories, ActionTokensAreSingleUseAndExpire) {
  const auto u = make_user();
  ASSERT_TRUE(tokens.create({"v1", u.id, ActionPurpose::kVerifyEmail, kNow, kNow + 100}));
  // Wrong purpose does not consume it.
  EXPECT_FALSE(*tokens.consume("v1", ActionPurpose::kResetPassword, kNow));
  const auto used = *tokens.consume("v1", ActionPurpose::kVerifyEmail, kNow + 99);
  ASSERT_TRUE(used);
  EXPECT_EQ(used->user_id, u.id);
  EXPECT_EQ(used->expires_at, kNow + 100);
  EXPECT_FALSE(*tokens.consume("v1", ActionPurpose::kVerifyEmail, kNow + 99));
  // A used token is found again as used (expired or not), for its own purpose only.
  const auto again = *tokens.find_used("v1", ActionPurpose::kVerifyEmail);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->user_id, u.id);
  EXPECT_FALSE(*tokens.find_used("v1", ActionPurpose::kResetPassword));

  ASSERT_TRUE(tokens.create({"v2", u.id, ActionPurpose::kVerifyEmail, kNow, kNow + 100}));
  EXPECT_FALSE(*tokens.consume("v2", ActionPurpose::kVerifyEmail, kNow + 100));
  EXPECT_FALSE(*tokens.find_used("v2", ActionPurpose::kVerifyEmail));  // expired unused: not "used"

  ASSERT_TRUE(tokens.create({"r1", u.id, ActionPurpose::kResetPassword, kNow, kNow + 100}));
  ASSERT_TRUE(tokens.create({"r2", u.id, ActionPurpose::kResetPassword, kNow, kNow + 100}));
  ASSERT_TRUE(tokens.delete_for_user(u.id, ActionPurpose::kResetPassword));
  EXPECT_FALSE(*tokens.consume("r2", ActionPurpose::kResetPassword, kNow));
}

}  // namespace
}  // namespace pokeca::storage
