// The rate limiter: bursts, windows, retry_after, keys, and the named limits.
#include <gtest/gtest.h>

#include "pokeca/shared/rate_limiter.hpp"
#include "pokeca/shared/siphash.hpp"

namespace pokeca {
namespace {

constexpr UnixSeconds kT0 = 1'800'000'000;

// How many requests in a row a fresh key gets at one instant.
std::int64_t burst(const RateLimit& limit) {
  RateLimiter limiter;
  std::int64_t n = 0;
  while (limiter.hit("k", limit, kT0).allowed) ++n;
  return n;
}

TEST(RateLimiter, AllowsTheBurstThenRefusesWithRetryAfter) {
  RateLimiter limiter;
  const RateLimit three_a_minute{3, 60};
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(limiter.hit("ip:1", three_a_minute, kT0).allowed);
  const auto refused = limiter.hit("ip:1", three_a_minute, kT0);
  EXPECT_FALSE(refused.allowed);
  EXPECT_EQ(refused.retry_after_seconds, 20);  // one more every 60/3 s
  EXPECT_FALSE(limiter.hit("ip:1", three_a_minute, kT0 + 19).allowed);
  EXPECT_TRUE(limiter.hit("ip:1", three_a_minute, kT0 + 20).allowed);
  EXPECT_FALSE(limiter.hit("ip:1", three_a_minute, kT0 + 20).allowed);
}

TEST(RateLimiter, RefusedRequestsAreNotCounted) {
  RateLimiter limiter;
  const RateLimit one_a_minute{1, 60};
  EXPECT_TRUE(limiter.hit("k", one_a_minute, kT0).allowed);
  for (int i = 0; i < 50; ++i) EXPECT_FALSE(limiter.hit("k", one_a_minute, kT0 + 30).allowed);
  EXPECT_TRUE(limiter.hit("k", one_a_minute, kT0 + 60).allowed);
}

TEST(RateLimiter, AFullWindowRestoresTheWholeBurst) {
  RateLimiter limiter;
  const RateLimit limit{5, 100};
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(limiter.hit("k", limit, kT0).allowed);
  ASSERT_FALSE(limiter.hit("k", limit, kT0).allowed);
  for (int i = 0; i < 5; ++i) EXPECT_TRUE(limiter.hit("k", limit, kT0 + 100).allowed);
  EXPECT_FALSE(limiter.hit("k", limit, kT0 + 100).allowed);
}

TEST(RateLimiter, KeysAreIndependent) {
  RateLimiter limiter;
  const RateLimit one{1, 3600};
  EXPECT_TRUE(limiter.hit("login_ip:10.0.0.1", one, kT0).allowed);
  EXPECT_TRUE(limiter.hit("login_ip:10.0.0.2", one, kT0).allowed);
  EXPECT_FALSE(limiter.hit("login_ip:10.0.0.1", one, kT0).allowed);
}

TEST(RateLimiter, ForgetsIdleKeysWhenAShardIsFull) {
  RateLimiter limiter;
  const RateLimit one{1, 10};
  const std::size_t keys = kRateLimiterKeysPerShard * kRateLimiterShards + 100;
  for (std::size_t i = 0; i < keys; ++i) (void)limiter.hit("k" + std::to_string(i), one, kT0);
  EXPECT_LE(limiter.tracked_keys(), kRateLimiterKeysPerShard * kRateLimiterShards);
}

// A flood of distinct keys (17,000 crafted reset requests) used to clear a
// full shard whole, which handed a locked account a fresh allowance.
TEST(RateLimiter, AFloodOfDistinctKeysDoesNotUnlockALockedKey) {
  constexpr std::size_t kSmallShard = 64;
  RateLimiter limiter(kSmallShard);
  const std::string victim = "login_account:victim@example.jp";
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(limiter.hit(victim, kLoginPerAccount, kT0).allowed);
  ASSERT_FALSE(limiter.hit(victim, kLoginPerAccount, kT0).allowed);
  const RateLimit reset{3, 3600};
  const std::size_t flood = 4 * kSmallShard * kRateLimiterShards;
  std::size_t refused = 0;
  for (std::size_t i = 0; i < flood; ++i)
    if (!limiter.hit("reset_account:" + std::to_string(i) + "@example.jp", reset, kT0 + 1).allowed) ++refused;
  EXPECT_GT(refused, 0u);  // the table is full of keys still counting: new ones wait
  EXPECT_LE(limiter.tracked_keys(), kSmallShard * kRateLimiterShards);
  for (int i = 0; i < 10; ++i) EXPECT_FALSE(limiter.hit(victim, kLoginPerAccount, kT0 + 2).allowed);
  // Once the flood's keys are idle again (a full window later), new keys are welcome.
  EXPECT_TRUE(limiter.hit("reset_account:late@example.jp", reset, kT0 + 1 + 3600).allowed);
}

TEST(RateLimiter, KeysIdleAgainAreForgottenWhenAShardIsFull) {
  constexpr std::size_t kSmallShard = 64;
  RateLimiter limiter(kSmallShard);
  const RateLimit ten_a_second{10, 1};
  const std::size_t keys = kSmallShard * kRateLimiterShards;
  for (std::size_t i = 0; i < keys; ++i) (void)limiter.hit("a" + std::to_string(i), ten_a_second, kT0);
  // A second later every one of them has its full allowance again: all new keys fit.
  std::size_t allowed = 0;
  for (std::size_t i = 0; i < keys / 2; ++i)
    if (limiter.hit("b" + std::to_string(i), ten_a_second, kT0 + 1).allowed) ++allowed;
  EXPECT_EQ(allowed, keys / 2);
}

// SipHash-2-4 reference vectors (key 00..0f; messages "" and 00..0e) from the paper.
TEST(SipHash, ReferenceVectors) {
  const SipHashKey key{0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL};
  EXPECT_EQ(siphash24(key, ""), 0x726fdb47dd0e0e31ULL);
  std::string fifteen;
  for (char c = 0; c < 15; ++c) fifteen.push_back(c);
  EXPECT_EQ(siphash24(key, fifteen), 0xa129ca6149be45e5ULL);
  EXPECT_NE(random_siphash_key(), random_siphash_key());
}

TEST(RateLimits, NamedDefaults) {
  EXPECT_EQ(burst(kSignUpPerIp), 5);
  EXPECT_EQ(kSignUpPerIp.window_seconds, 3600);
  EXPECT_EQ(burst(kLoginPerIp), 30);
  EXPECT_EQ(kLoginPerIp.window_seconds, 900);
  EXPECT_EQ(burst(kLoginPerAccount), 10);
  EXPECT_EQ(kLoginPerAccount.window_seconds, 900);
  EXPECT_EQ(burst(kResendPerIp), 10);
  EXPECT_EQ(burst(kResendPerAccount), 3);
  EXPECT_EQ(kResendPerAccount.window_seconds, 3600);
  EXPECT_EQ(burst(kResetPerIp), 10);
  EXPECT_EQ(burst(kResetPerAccount), 3);
  EXPECT_EQ(kResetPerAccount.window_seconds, 3600);
  EXPECT_EQ(burst(kWritePerIp), 120);
  EXPECT_EQ(kWritePerIp.window_seconds, 60);
  EXPECT_EQ(burst(kWritePerAccount), 60);
  EXPECT_EQ(kWritePerAccount.window_seconds, 60);
}

// A shared store (servers of one database) that answers, or fails as a lost database does.
class ScriptedSharedLimits final : public SharedRateLimits {
 public:
  Result<RateLimiter::Decision> hit(std::string_view, const RateLimit&, UnixSeconds) override {
    ++calls;
    if (failing) return fail(ErrorCode::kUnavailable, "database gone");
    return answer;
  }
  RateLimiter::Decision answer{false, 42};
  bool failing = false;
  int calls = 0;
};

TEST(RateLimiter, ASharedStoreDecidesAndItsRefusalsAreCountedHere) {
  ScriptedSharedLimits shared;
  RateLimiter limiter;
  limiter.share_through(&shared);
  EXPECT_EQ(limiter.hit("login_ip:1.2.3.4", {5, 60}, 1000), (RateLimiter::Decision{false, 42}));
  EXPECT_EQ(shared.calls, 1);
  EXPECT_EQ(limiter.refusals()[1].second, 1u);  // login_ip
  EXPECT_EQ(limiter.tracked_keys(), 0u);        // nothing counted here
}

TEST(RateLimiter, WhileTheSharedStoreFailsThisServersOwnCountsDecide) {
  ScriptedSharedLimits shared;
  shared.failing = true;
  RateLimiter limiter;
  limiter.share_through(&shared);
  const RateLimit two_a_minute{2, 60};
  EXPECT_TRUE(limiter.hit("write_ip:1.2.3.4", two_a_minute, 1000).allowed);
  EXPECT_TRUE(limiter.hit("write_ip:1.2.3.4", two_a_minute, 1000).allowed);
  EXPECT_FALSE(limiter.hit("write_ip:1.2.3.4", two_a_minute, 1000).allowed);
  EXPECT_EQ(shared.calls, 3);
}

TEST(RateLimits, OverridesByName) {
  RateLimits limits;
  EXPECT_EQ(apply_rate_limit_overrides("login_ip=100/60, write_account=7/30", limits).find("unknown"), 0u);
  EXPECT_EQ(apply_rate_limit_overrides("login_ip=100/60,write_account=7/30", limits), "");
  EXPECT_EQ(limits.login_ip, (RateLimit{100, 60}));
  EXPECT_EQ(limits.write_account, (RateLimit{7, 30}));
  EXPECT_EQ(limits.sign_up_ip, kSignUpPerIp);
  RateLimits untouched;
  EXPECT_NE(apply_rate_limit_overrides("login_ip=0/60", untouched), "");
  EXPECT_NE(apply_rate_limit_overrides("login_ip=5", untouched), "");
  EXPECT_NE(apply_rate_limit_overrides("nope=5/5", untouched), "");
  EXPECT_NE(apply_rate_limit_overrides("login_ip=5/5,bad", untouched), "");
  EXPECT_EQ(untouched.login_ip, kLoginPerIp);  // all or nothing
}

}  // namespace
}  // namespace pokeca
