#pragma once
// Request rate limits, pure and clock-driven: the caller passes `now`.
// Each rule allows `max_requests` per `window_seconds`, as a sliding allowance (GCRA,
// the "generic cell rate algorithm", equivalent to a token bucket): a full burst of
// max_requests at once, then one more every window/max_requests seconds. One number per
// key is kept (its theoretical arrival time), and a key whose allowance is full again
// is the same as a key never seen, so it can be forgotten (and only such a key is).
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/siphash.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

struct RateLimit {
  std::int64_t max_requests = 1;
  UnixSeconds window_seconds = 1;
  friend bool operator==(const RateLimit&, const RateLimit&) = default;
};

// PRODUCT.md: per client IP and per account, for sign-up, login, resend,
// reset and every write. Generous for people, tight for scripts.
inline constexpr RateLimit kSignUpPerIp{5, 3600};
inline constexpr RateLimit kLoginPerIp{30, 15 * 60};
inline constexpr RateLimit kLoginPerAccount{10, 15 * 60};
// Besides the per-account count (which only devices without a valid device
// cookie share), each (account, IP) pair and each trusted device have their own.
inline constexpr RateLimit kLoginPerAccountIp{5, 15 * 60};
// Once the per-account allowance is spent, each (account, IP) pair still gets this many
// attempts, so strangers elsewhere cannot keep the owner out of a new device; a pair only
// spends the account's allowance when its own allows it (docs/decisions/login-lockout.md).
inline constexpr RateLimit kLoginPerAccountIpWhenSpent{2, 3600};
inline constexpr RateLimit kLoginPerDevice{10, 15 * 60};
inline constexpr RateLimit kResendPerIp{10, 3600};
inline constexpr RateLimit kResendPerAccount{3, 3600};
inline constexpr RateLimit kResetPerIp{10, 3600};
inline constexpr RateLimit kResetPerAccount{3, 3600};
inline constexpr RateLimit kWritePerIp{120, 60};
inline constexpr RateLimit kWritePerAccount{60, 60};
// Purchase reports per account, on top of the write limits.
inline constexpr RateLimit kPurchasePerAccount{30, 3600};
// Store submissions per account (on top of the write limits).
inline constexpr RateLimit kSubmissionPerAccount{10, 3600};

// The rules, by name. Names are what the configuration uses ("login_ip=100/60").
struct RateLimits {
  RateLimit sign_up_ip = kSignUpPerIp;
  RateLimit login_ip = kLoginPerIp;
  RateLimit login_account = kLoginPerAccount;
  RateLimit login_account_ip = kLoginPerAccountIp;
  RateLimit login_account_spent_ip = kLoginPerAccountIpWhenSpent;
  RateLimit login_device = kLoginPerDevice;
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

// Keys tracked per shard; bounds memory under a flood of distinct keys (16 shards × this
// many keys). When a shard is full only keys whose allowance is full again (the same as
// never seen) are forgotten; a key that is still counting, and above all one that is
// refused right now, is never forgotten, so a flood cannot reset a lockout.
// A new key that finds its shard full of such keys is refused until one of them is idle.
inline constexpr std::size_t kRateLimiterKeysPerShard = 16'384;
inline constexpr std::size_t kRateLimiterShards = 16;

class SharedRateLimits;

class RateLimiter {
 public:
  struct Decision {
    bool allowed = true;
    std::int64_t retry_after_seconds = 0;  // when refused: wait at least this long
    friend bool operator==(const Decision&, const Decision&) = default;
  };

  // The shard of a key and its place in the shard's table come from SipHash under a key
  // drawn at construction, so outsiders can neither aim at one shard nor craft collisions.
  // `keys_per_shard` is for tests that flood a small table.
  explicit RateLimiter(std::size_t keys_per_shard = kRateLimiterKeysPerShard);

  // Counts one request for `key` under `limit` at `now` when it is allowed; a refused
  // request is not counted. Thread-safe.
  Decision hit(std::string_view key, const RateLimit& limit, UnixSeconds now);

  // Servers that share one database keep one allowance per key there, so a budget is the
  // same whether requests come to one server or are spread over several. Set before
  // serving. When the shared store fails, this server's own counts decide meanwhile.
  void share_through(SharedRateLimits* shared) { shared_ = shared; }

  [[nodiscard]] std::size_t tracked_keys() const;

  // Refused requests since start, by rule: the key's text before its first ':' (every
  // caller starts its keys with the rule's name, "login_ip:…"); a key of no known rule
  // counts as "other". For the operator's metrics; never a key itself.
  static constexpr std::size_t kCountedRules = 16;  // RateLimits' names, "analytics", "other"
  [[nodiscard]] std::vector<std::pair<std::string_view, std::uint64_t>> refusals() const;

 private:
  void count_refusal(std::string_view key);
  std::array<std::atomic<std::uint64_t>, kCountedRules> refusals_{};
  struct KeyedHash {
    const SipHashKey* key;
    std::size_t operator()(const std::string& s) const noexcept { return static_cast<std::size_t>(siphash24(*key, s)); }
  };
  struct Shard {
    explicit Shard(const SipHashKey* key) : arrival(0, KeyedHash{key}) {}
    mutable std::mutex mutex;
    std::unordered_map<std::string, double, KeyedHash> arrival;  // key → theoretical arrival time
    double next_idle = 0;  // no tracked key is idle before this instant (skips useless scans)
  };
  // Forgets the idle keys of a full shard; false when none is idle (the shard stays full).
  bool forget_idle(Shard& shard, double now);
  Shard& shard_of(std::string_view key);

  Decision hit_here(std::string_view key, const RateLimit& limit, UnixSeconds now);

  std::size_t keys_per_shard_;
  SipHashKey hash_key_;
  std::vector<std::unique_ptr<Shard>> shards_;
  SharedRateLimits* shared_ = nullptr;
};

// The allowances several servers share (a database): the same GCRA as RateLimiter's, one
// theoretical arrival time per key, moved atomically across servers.
class SharedRateLimits {
 public:
  virtual ~SharedRateLimits() = default;
  // As RateLimiter::hit (a refused request is not counted), for every server at once.
  virtual Result<RateLimiter::Decision> hit(std::string_view key, const RateLimit& limit, UnixSeconds now) = 0;
};

}  // namespace pokeca
