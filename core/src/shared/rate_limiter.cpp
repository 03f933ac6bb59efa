#include "pokeca/shared/rate_limiter.hpp"

#include <charconv>
#include <cmath>
#include <limits>
#include <utility>
#include "pokeca/shared/numbers.hpp"

namespace pokeca {
namespace {

struct NamedRule {
  std::string_view name;
  RateLimit RateLimits::* field;
};

constexpr NamedRule kRuleNames[] = {
    {"sign_up_ip", &RateLimits::sign_up_ip},
    {"login_ip", &RateLimits::login_ip},
    {"login_account", &RateLimits::login_account},
    {"login_account_ip", &RateLimits::login_account_ip},
    {"login_account_spent_ip", &RateLimits::login_account_spent_ip},
    {"login_device", &RateLimits::login_device},
    {"resend_ip", &RateLimits::resend_ip},
    {"resend_account", &RateLimits::resend_account},
    {"reset_ip", &RateLimits::reset_ip},
    {"reset_account", &RateLimits::reset_account},
    {"write_ip", &RateLimits::write_ip},
    {"write_account", &RateLimits::write_account},
    {"purchase_account", &RateLimits::purchase_account},
    {"submission_account", &RateLimits::submission_account},
};

// Rules whose refusals are counted apart: RateLimits' names, the analytics events' limit,
// then "other".
constexpr std::array<std::string_view, 16> kCountedRuleNames{
    "sign_up_ip",   "login_ip",      "login_account",    "login_account_ip",   "login_account_spent_ip",
    "login_device", "resend_ip",     "resend_account",   "reset_ip",           "reset_account",
    "write_ip",     "write_account", "purchase_account", "submission_account", "analytics",
    "other"};

// Upper bounds that keep the arithmetic far from overflow; a limit beyond them is a typo.
constexpr std::int64_t kMaxConfiguredRequests = 1'000'000'000;
constexpr UnixSeconds kMaxConfiguredWindow = 366LL * 24 * 3600;

bool parse_positive(std::string_view s, std::int64_t max, std::int64_t& out) {
  const auto value = parse_integer_in<std::int64_t>(s, 1, max);
  if (value) out = *value;
  return value.has_value();
}

}  // namespace

std::string apply_rate_limit_overrides(std::string_view spec, RateLimits& limits) {
  RateLimits updated = limits;
  while (!spec.empty()) {
    const auto comma = spec.find(',');
    const auto item = spec.substr(0, comma);
    spec = comma == std::string_view::npos ? std::string_view{} : spec.substr(comma + 1);
    if (item.empty()) continue;
    const auto eq = item.find('=');
    const auto slash = item.find('/');
    if (eq == std::string_view::npos || slash == std::string_view::npos || slash < eq)
      return "rate limit '" + std::string(item) + "' must look like name=COUNT/SECONDS";
    const auto name = item.substr(0, eq);
    RateLimit limit;
    if (!parse_positive(item.substr(eq + 1, slash - eq - 1), kMaxConfiguredRequests, limit.max_requests) ||
        !parse_positive(item.substr(slash + 1), kMaxConfiguredWindow, limit.window_seconds))
      return "rate limit '" + std::string(item) + "': COUNT and SECONDS must be positive integers";
    bool known = false;
    for (const auto& rule : kRuleNames)
      if (rule.name == name) {
        updated.*rule.field = limit;
        known = true;
      }
    if (!known) {
      std::string names;
      for (const auto& rule : kRuleNames) names += (names.empty() ? "" : ", ") + std::string(rule.name);
      return "unknown rate limit '" + std::string(name) + "' (known: " + names + ")";
    }
  }
  limits = updated;
  return "";
}

RateLimiter::RateLimiter(std::size_t keys_per_shard)
    : keys_per_shard_(keys_per_shard), hash_key_(random_siphash_key()) {
  shards_.reserve(kRateLimiterShards);
  for (std::size_t i = 0; i < kRateLimiterShards; ++i) shards_.push_back(std::make_unique<Shard>(&hash_key_));
}

RateLimiter::Shard& RateLimiter::shard_of(std::string_view key) {
  // The high bits choose the shard; the table inside uses the whole hash.
  return *shards_[(siphash24(hash_key_, key) >> 32) % shards_.size()];
}

static_assert(kCountedRuleNames.size() == RateLimiter::kCountedRules);

std::vector<std::pair<std::string_view, std::uint64_t>> RateLimiter::refusals() const {
  std::vector<std::pair<std::string_view, std::uint64_t>> counts;
  counts.reserve(kCountedRuleNames.size());
  for (std::size_t i = 0; i < kCountedRuleNames.size(); ++i)
    counts.emplace_back(kCountedRuleNames[i], refusals_[i].load(std::memory_order_relaxed));
  return counts;
}

// Only on a refusal: a short scan of the names, off the allowed path.
void RateLimiter::count_refusal(std::string_view key) {
  const auto rule = key.substr(0, key.find(':'));
  std::size_t i = 0;
  while (i + 1 < kCountedRuleNames.size() && kCountedRuleNames[i] != rule) ++i;
  refusals_[i].fetch_add(1, std::memory_order_relaxed);
}

RateLimiter::Decision RateLimiter::hit(std::string_view key, const RateLimit& limit, UnixSeconds now) {
  if (shared_ != nullptr) {
    if (auto shared = shared_->hit(key, limit, now)) {
      if (!shared->allowed) count_refusal(key);
      return *shared;
    }
  }
  return hit_here(key, limit, now);
}

RateLimiter::Decision RateLimiter::hit_here(std::string_view key, const RateLimit& limit, UnixSeconds now) {
  auto& shard = shard_of(key);
  const double t = static_cast<double>(now);
  // GCRA: each request moves the key's theoretical arrival time (TAT) on by one
  // interval; a request is refused when that would put the TAT more than a window ahead.
  const double interval = static_cast<double>(limit.window_seconds) / static_cast<double>(limit.max_requests);
  const double window = static_cast<double>(limit.window_seconds);
  std::lock_guard lock(shard.mutex);
  auto it = shard.arrival.find(std::string(key));
  const double tat = it == shard.arrival.end() ? t : std::max(it->second, t);
  const double next = tat + interval;
  if (next - t > window) {
    const auto wait = static_cast<std::int64_t>(std::ceil(next - window - t));
    count_refusal(key);
    return {false, std::max<std::int64_t>(1, wait)};
  }
  if (it != shard.arrival.end()) {
    it->second = next;
    return {true, 0};
  }
  if (shard.arrival.size() >= keys_per_shard_ && !forget_idle(shard, t)) {
    // Every key here is still counting: forgetting one would hand it a fresh allowance.
    const auto wait = static_cast<std::int64_t>(std::ceil(shard.next_idle - t));
    count_refusal(key);
    return {false, std::max<std::int64_t>(1, wait)};
  }
  shard.arrival.emplace(std::string(key), next);
  shard.next_idle = shard.arrival.size() == 1 ? next : std::min(shard.next_idle, next);
  return {true, 0};
}

bool RateLimiter::forget_idle(Shard& shard, double now) {
  if (now < shard.next_idle) return false;  // the last scan showed none idle before next_idle
  const auto before = shard.arrival.size();
  std::erase_if(shard.arrival, [now](const auto& e) { return e.second <= now; });
  double next_idle = std::numeric_limits<double>::infinity();
  for (const auto& [k, tat] : shard.arrival) next_idle = std::min(next_idle, tat);
  shard.next_idle = next_idle;
  return shard.arrival.size() < before;
}

std::size_t RateLimiter::tracked_keys() const {
  std::size_t n = 0;
  for (const auto& shard : shards_) {
    std::lock_guard lock(shard->mutex);
    n += shard->arrival.size();
  }
  return n;
}

}  // namespace pokeca
