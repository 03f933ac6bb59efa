// The rate limiter: bursts, windows, retry_after, keys, and the named limits.
#include <gtest/gtest.h>

#include "pokeca/rate_limiter.hpp"

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
