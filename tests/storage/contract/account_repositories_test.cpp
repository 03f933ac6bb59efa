// Users, refresh sessions, mail-link tokens and withdrawal through core's ports: a backend
// contract test (backend.hpp), run once per storage backend.
#include <thread>

#include "backend.hpp"
#include "pokeca/accounts/auth_codes.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::kNow;

template <class Backend>
class AccountRepositories : public testing::BackendTest<Backend> {
 protected:
  User make_user(std::string email = "satoshi@example.com") {
    auto u = this->users.create({std::move(email), "サトシ", "東京都", "$argon2id$fake", kNow});
    EXPECT_TRUE(u) << (u ? "" : u.error().detail);
    return *u;
  }
  RefreshSession session(UserId user, std::string family, std::string hash, UnixSeconds expires = kNow + 1000) {
    return {0, user, std::move(family), std::move(hash), kNow, expires, std::nullopt, std::nullopt};
  }
  std::int64_t count(std::string_view sql) { return this->backend.sql_int(sql); }
};
TYPED_TEST_SUITE(AccountRepositories, testing::AccountBackends, testing::BackendName);

TYPED_TEST(AccountRepositories, UsersAreCreatedFoundAndUniqueByEmail) {
  const auto u = this->make_user();
  EXPECT_GT(u.id, 0);
  EXPECT_EQ(u.email, "satoshi@example.com");
  EXPECT_EQ(u.nickname, "サトシ");
  EXPECT_EQ(u.prefecture, "東京都");
  EXPECT_FALSE(u.email_verified());
  EXPECT_FALSE(u.admin);
  EXPECT_EQ(u.created_at, kNow);

  const auto dup = this->users.create({"satoshi@example.com", "x", "", "h", kNow});
  ASSERT_FALSE(dup);
  EXPECT_EQ(dup.error().code, ErrorCode::kConflict);
  EXPECT_EQ(dup.error().detail, auth_code::kEmailAlreadyInUse);
  // The schema refuses an address that is not lower case (the core normalises first).
  EXPECT_FALSE(this->users.create({"Kasumi@example.com", "x", "", "h", kNow}));

  EXPECT_EQ((*this->users.find_by_email("satoshi@example.com"))->id, u.id);
  EXPECT_EQ((*this->users.find_by_id(u.id))->email, u.email);
  EXPECT_FALSE(*this->users.find_by_email("ghost@example.com"));
  EXPECT_FALSE(*this->users.find_by_id(999));
}

TYPED_TEST(AccountRepositories, UserUpdates) {
  const auto u = this->make_user();
  ASSERT_TRUE(this->users.mark_email_verified(u.id, kNow + 5));
  ASSERT_TRUE(this->users.mark_email_verified(u.id, kNow + 9));  // keeps the first time
  EXPECT_EQ((*this->users.find_by_id(u.id))->email_verified_at, kNow + 5);

  ASSERT_TRUE(this->users.set_password_hash(u.id, "$argon2id$new"));
  auto now = **this->users.find_by_id(u.id);
  EXPECT_EQ(now.password_hash, "$argon2id$new");
  EXPECT_EQ(now.session_epoch, u.session_epoch + 1);

  const auto updated = this->users.update_profile(u.id, "カスミ", "", kNow + 10);
  ASSERT_TRUE(updated);
  EXPECT_EQ(updated->nickname, "カスミ");
  EXPECT_EQ(updated->prefecture, "");

  ASSERT_TRUE(this->users.set_admin(u.id, true));
  ASSERT_TRUE(this->users.set_blocked(u.id, true));
  now = **this->users.find_by_id(u.id);
  EXPECT_TRUE(now.admin);
  EXPECT_TRUE(now.blocked);
  EXPECT_EQ(this->users.set_admin(999, true).error().code, ErrorCode::kNotFound);
}

TYPED_TEST(AccountRepositories, WithdrawalAnonymisesKeepsTheReasonAndEndsSessions) {
  const auto u = this->make_user();
  const auto other = this->make_user("kasumi@example.com");
  ASSERT_TRUE(this->users.set_admin(u.id, true));
  ASSERT_TRUE(this->sessions.create(this->session(u.id, "fam", "h1")));
  ASSERT_TRUE(this->sessions.create(this->session(other.id, "fam2", "h2")));
  ASSERT_TRUE(this->tokens.create({"t1", u.id, ActionPurpose::kResetPassword, kNow, kNow + 3600}));

  ASSERT_TRUE(this->users.withdraw(u.id, "使わなくなったため", kNow + 100));
  const auto gone = **this->users.find_by_id(u.id);
  EXPECT_EQ(gone.email, "withdrawn-" + std::to_string(u.id) + "@invalid");
  EXPECT_EQ(gone.nickname, msg::kWithdrawnNickname);
  EXPECT_EQ(gone.prefecture, "");
  EXPECT_EQ(gone.password_hash, "");
  EXPECT_FALSE(gone.admin);
  EXPECT_EQ(gone.withdrawn_at, kNow + 100);
  EXPECT_EQ(gone.session_epoch, u.session_epoch + 1);
  EXPECT_FALSE(*this->users.find_by_email("satoshi@example.com"));
  EXPECT_FALSE(*this->sessions.find_by_hash("h1"));
  EXPECT_TRUE(*this->sessions.find_by_hash("h2"));
  EXPECT_FALSE(*this->tokens.consume("t1", ActionPurpose::kResetPassword, kNow));
  EXPECT_EQ(this->count("SELECT count(*) FROM withdrawals WHERE reason = '使わなくなったため'"), 1);
  // The address can sign up again; withdrawing twice is refused.
  EXPECT_TRUE(this->users.create({"satoshi@example.com", "新サトシ", "", "h", kNow}));
  EXPECT_EQ(this->users.withdraw(u.id, "", kNow).error().code, ErrorCode::kNotFound);
  EXPECT_FALSE(this->users.update_profile(u.id, "x", "", kNow));
}

TYPED_TEST(AccountRepositories, SessionsRotateOnceAndRevoke) {
  const auto u = this->make_user();
  ASSERT_TRUE(this->sessions.create(this->session(u.id, "fam", "h1")));
  const auto found = *this->sessions.find_by_hash("h1");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->family, "fam");
  EXPECT_FALSE(found->rotated_at);

  EXPECT_TRUE(*this->sessions.rotate("h1", this->session(u.id, "fam", "h2"), kNow + 1));
  EXPECT_EQ((*this->sessions.find_by_hash("h1"))->rotated_at, kNow + 1);
  EXPECT_TRUE(*this->sessions.find_by_hash("h2"));
  // The same token cannot rotate twice, and nothing is stored when it fails.
  EXPECT_FALSE(*this->sessions.rotate("h1", this->session(u.id, "fam", "h3"), kNow + 2));
  EXPECT_FALSE(*this->sessions.find_by_hash("h3"));
  // Nor once expired.
  ASSERT_TRUE(this->sessions.create(this->session(u.id, "old", "h4", kNow + 10)));
  EXPECT_FALSE(*this->sessions.rotate("h4", this->session(u.id, "old", "h5"), kNow + 10));

  ASSERT_TRUE(this->sessions.revoke_family("fam", kNow + 3));
  EXPECT_EQ((*this->sessions.find_by_hash("h2"))->revoked_at, kNow + 3);
  EXPECT_FALSE(*this->sessions.rotate("h2", this->session(u.id, "fam", "h6"), kNow + 4));
  EXPECT_FALSE((*this->sessions.find_by_hash("h4"))->revoked_at);
  ASSERT_TRUE(this->sessions.revoke_all_for_user(u.id, kNow + 5));
  EXPECT_EQ((*this->sessions.find_by_hash("h4"))->revoked_at, kNow + 5);

  EXPECT_EQ(*this->sessions.delete_expired(kNow + 11), 1);  // h4 only
  EXPECT_FALSE(*this->sessions.find_by_hash("h4"));
}

TYPED_TEST(AccountRepositories, ConcurrentRotationsOfOneTokenHaveOneWinner) {
  const auto u = this->make_user();
  ASSERT_TRUE(this->sessions.create(this->session(u.id, "fam", "start")));
  std::atomic<int> winners{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i)
    threads.emplace_back([&, i] {
      auto r = this->sessions.rotate("start", this->session(u.id, "fam", "next" + std::to_string(i)), kNow + 1);
      if (r && *r) ++winners;
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(winners, 1);
}

TYPED_TEST(AccountRepositories, ActionTokensAreSingleUseAndExpire) {
  const auto u = this->make_user();
  ASSERT_TRUE(this->tokens.create({"v1", u.id, ActionPurpose::kVerifyEmail, kNow, kNow + 100}));
  // Wrong purpose does not consume it.
  EXPECT_FALSE(*this->tokens.consume("v1", ActionPurpose::kResetPassword, kNow));
  const auto used = *this->tokens.consume("v1", ActionPurpose::kVerifyEmail, kNow + 99);
  ASSERT_TRUE(used);
  EXPECT_EQ(used->user_id, u.id);
  EXPECT_EQ(used->expires_at, kNow + 100);
  EXPECT_FALSE(*this->tokens.consume("v1", ActionPurpose::kVerifyEmail, kNow + 99));
  // A used token is found again as used (expired or not), for its own purpose only.
  const auto again = *this->tokens.find_used("v1", ActionPurpose::kVerifyEmail);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->user_id, u.id);
  EXPECT_FALSE(*this->tokens.find_used("v1", ActionPurpose::kResetPassword));

  ASSERT_TRUE(this->tokens.create({"v2", u.id, ActionPurpose::kVerifyEmail, kNow, kNow + 100}));
  EXPECT_FALSE(*this->tokens.consume("v2", ActionPurpose::kVerifyEmail, kNow + 100));
  EXPECT_FALSE(*this->tokens.find_used("v2", ActionPurpose::kVerifyEmail));  // expired unused: not "used"

  ASSERT_TRUE(this->tokens.create({"r1", u.id, ActionPurpose::kResetPassword, kNow, kNow + 100}));
  ASSERT_TRUE(this->tokens.create({"r2", u.id, ActionPurpose::kResetPassword, kNow, kNow + 100}));
  ASSERT_TRUE(this->tokens.delete_for_user(u.id, ActionPurpose::kResetPassword));
  EXPECT_FALSE(*this->tokens.consume("r2", ActionPurpose::kResetPassword, kNow));
}

}  // namespace
}  // namespace pokeca::storage
