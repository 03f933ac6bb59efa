#pragma once
// Request rate limits, pure and clock-driven: the caller passes `now`.
// Each rule allows `max_requests` per `window_seconds`, as a sliding allowance (GCRA,
// the "generic cell rate algorithm", equivalent to a token bucket): a full burst of
// max_requests at once, then one more every window/max_requests seconds. One number per
// key is kept (its theoretical arrival time), and a key whose allowance is full again
// is the same as a key never seen, so it can be forgotten.
#include <array>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "pokeca/errors.hpp"
#include "pokeca/time.hpp"

namespace pokeca {

struct RateLimit {
  std::int64_t max_requests = 1;
  UnixSeconds window_seconds = 1;
  friend bool operator==(const RateLimit&, const RateLimit&) = default;
};

// PRODUCT.md / issue 3 §6: per client IP and per account, for sign-up, login, resend,
// reset and every write. Generous for people, tight for scripts.
inline constexpr RateLimit kSignUpPerIp{5, 3600};
inline constexpr RateLimit kLoginPerIp{30, 15 * 60};
inline constexpr RateLimit kLoginPerAccount{10, 15 * 60};
inline constexpr RateLimit kResendPerIp{10, 3600};
inline constexpr RateLimit kResendPerAccount{3, 3600};
inline constexpr RateLimit kResetPerIp{10, 3600};
inline constexpr RateLimit kResetPerAccount{3, 3600};
inline constexpr RateLimit kWritePerIp{120, 60};
inline constexpr RateLimit kWritePerAccount{60, 60};
// Issue 4: purchase reports per account, on top of the write limits.
inline constexpr RateLimit kPurchasePerAccount{30, 3600};
// Issue 4: store submissions per account (on top of the write limits).
inline constexpr RateLimit kSubmissionPerAccount{10, 3600};

// The rules, by name. Names are what the configuration uses ("login_ip=100/60").
struct RateLimits {
  RateLimit sign_up_ip = kSignUpPerIp;
  RateLimit login_ip = kLoginPerIp;
  RateLimit login_account = kLoginPerAccount;
  RateLimit resend_ip = kResendPerIp;
  RateLimit resend_account = kResendPerAccount;
  RateLimit reset_ip = kResetPerIp;
  RateLimit reset_account = kResetPerAccount;
  RateLimit write_ip = kWritePerIp;
  RateLimit write_account = kWritePerAccount;
  RateLimit purchase_account = kPurchasePerAccount;
  RateLimit submission_account = kSubmissionPerAccount;
};

// "login_ip=100/60,write_account=30/60" overrides the named rules in `limits`.
// Returns an error message (English, for the operator) or "".
[[nodiscard]] std::string apply_rate_limit_overrides(std::string_view spec, RateLimits& limits);

// Keys tracked per shard before forgetting the ones whose allowance is full again;
// bounds memory under a flood of distinct IPs (16 shards × this many keys).
inline constexpr std::size_t kRateLimiterKeysPerShard = 16'384;
inline constexpr std::size_t kRateLimiterShards = 16;

class RateLimiter {
 public:
  struct Decision {
    bool allowed = true;
    std::int64_t retry_after_seconds = 0;  // when refused: wait at least this long
  };

  // Counts one request for `key` under `limit` at `now` when it is allowed; a refused
  // request is not counted. Thread-safe.
  Decision hit(std::string_view key, const RateLimit& limit, UnixSeconds now);

  [[nodiscard]] std::size_t tracked_keys() const;

 private:
  struct Shard {
    mutable std::mutex mutex;
    std::unordered_map<std::string, double> arrival;  // key → theoretical arrival time
  };
  static void forget_idle(Shard& shard, double now);
  std::array<Shard, kRateLimiterShards> shards_;
};

}  // namespace pokeca
