#pragma once
// First-party, cookie-less page-view analytics: the rules for one page-view
// event, the visitor hash, the days (Japan time), and the dashboard's answer.
//
// Privacy: the server keeps no IP address and no User-Agent. A visitor is
// HMAC-SHA-256(the day's random secret, address prefix + User-Agent), where the prefix
// is the IPv4 /24 or the IPv6 /48; the secret of a day is dropped at the latest two days
// after it was made, and with it any chance to link a hash back to an address. Only
// daily counters remain after that.
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/rate_limiter.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

// Limits of one event (POST /analytics/events).
inline constexpr std::size_t kMaxAnalyticsBodyBytes = 2048;
inline constexpr std::size_t kMaxAnalyticsPathChars = 200;
inline constexpr std::size_t kMaxAnalyticsReferrerChars = 100;
// Per client address: a person clicking through the site stays far below it; a script
// sending views in a loop does not.
inline constexpr RateLimit kAnalyticsEventsPerIp{120, 60};
// A day keeps at most this many distinct paths; views of further new paths count under
// kAnalyticsOtherPath, so junk paths cannot grow the table without bound.
inline constexpr std::int64_t kMaxAnalyticsPathsPerDay = 2000;
inline constexpr std::string_view kAnalyticsOtherPath = "/(other)";
// Secrets: 32 random bytes a day, kept while their day or the next one lasts.
inline constexpr std::size_t kAnalyticsSecretBytes = 32;
inline constexpr std::int64_t kAnalyticsSecretKeepDays = 2;
// The visitor hash keeps the first 16 bytes of the HMAC (hex): plenty to tell a day's
// visitors apart.
inline constexpr std::size_t kVisitorHashBytes = 16;
// The dashboard's range.
inline constexpr std::int64_t kMaxAnalyticsRangeDays = 366;
inline constexpr std::int64_t kDefaultAnalyticsRangeDays = 30;
inline constexpr std::size_t kAnalyticsTopCount = 10;

// Days are numbered from 1970-01-01 in Japan time (UTC+9).
using AnalyticsDay = std::int64_t;
[[nodiscard]] AnalyticsDay japan_day(UnixSeconds t);
[[nodiscard]] std::string format_day(AnalyticsDay day);                      // "2026-11-23"
[[nodiscard]] std::optional<AnalyticsDay> parse_day(std::string_view text);  // "YYYY-MM-DD"

// A User-Agent that names itself a robot: contains (case-insensitively) one of
// kBotUserAgentWords, or is empty. "HeadlessChrome" is not a bot here (it is also what
// real browser tests and some privacy browsers send).
inline constexpr std::string_view kBotUserAgentWords[] = {
    "bot", "crawl", "spider", "slurp", "facebookexternalhit", "curl/", "wget/", "python-requests", "go-http-client"};
[[nodiscard]] bool is_bot_user_agent(std::string_view user_agent);

// "203.0.113.77" → "203.0.113.0/24"; "2001:db8:1:2::5" (or its /64 form) → "2001:db8:1::/48";
// anything else as is.
[[nodiscard]] std::string visitor_address_prefix(std::string_view address);

enum class Viewport { kPhone, kDesktop };

// The event as sent (JSON fields); "" when a field was absent.
struct PageViewInput {
  std::string path;
  std::string prefecture;
  std::string referrer_host;
  std::string viewport;
};

// A validated event.
struct PageView {
  AnalyticsDay day = 0;
  std::string path;
  std::string prefecture;    // code or ""
  std::string visitor_hash;  // hex; "" for bots (they are not visitors)
  bool bot = false;
  Viewport viewport = Viewport::kDesktop;
};

// kBadRequest (Japanese message) when a field breaks the rules above.
[[nodiscard]] Result<PageView> validate_page_view(const PageViewInput& input);

struct AnalyticsDayRow {
  AnalyticsDay day = 0;
  std::int64_t page_views = 0;
  std::int64_t visitors = 0;
  std::int64_t bot_views = 0;
  std::int64_t signups = 0;
  std::int64_t submissions = 0;
  std::int64_t approvals = 0;
  std::int64_t rejections = 0;
  std::int64_t purchase_reports = 0;
};
struct NamedCount {
  std::string key;  // path, prefecture code, store type or source
  std::int64_t count = 0;
};
struct AnalyticsReport {
  AnalyticsDay from = 0;
  AnalyticsDay to = 0;
  std::vector<AnalyticsDayRow> days;  // one per day from..to, oldest first (zeros where nothing happened)
  std::vector<NamedCount> top_pages;
  std::vector<NamedCount> top_prefectures_by_reports;
  std::vector<NamedCount> top_prefectures_by_views;
  std::vector<NamedCount> stores_by_type;    // active stores
  std::vector<NamedCount> stores_by_source;  // active stores
  std::int64_t pending = 0;
  std::optional<UnixSeconds> oldest_pending_at;
};

// Ports.
class AnalyticsKeys {
 public:
  virtual ~AnalyticsKeys() = default;
  // kAnalyticsSecretBytes from a CSPRNG.
  [[nodiscard]] virtual std::string random_secret() = 0;
  // HMAC-SHA-256(key, message), raw 32 bytes.
  [[nodiscard]] virtual std::string hmac_sha256(std::string_view key, std::string_view message) const = 0;
};

class AnalyticsRepository {
 public:
  virtual ~AnalyticsRepository() = default;
  // The secret of `day` (hex text): the stored one, else `candidate` is stored and returned. Drops
  // every secret (and visitor hash) of days before day - kAnalyticsSecretKeepDays + 1.
  virtual Result<std::string> day_secret(AnalyticsDay day, std::string_view candidate) = 0;
  // Drops the secrets and visitor hashes of days before `first_kept`.
  virtual Result<void> drop_secrets_before(AnalyticsDay first_kept) = 0;
  // Adds one view to the day's counters.
  virtual Result<void> record(const PageView& view) = 0;
  // The dashboard's numbers for from..to (inclusive), top lists of at most `top`.
  virtual Result<AnalyticsReport> report(AnalyticsDay from, AnalyticsDay to, std::size_t top) = 0;
};

class AnalyticsService {
 public:
  struct Ports {
    AnalyticsRepository& repository;
    AnalyticsKeys& keys;
    RateLimiter& limiter;
    const Clock& clock;
  };
  explicit AnalyticsService(Ports ports, RateLimit per_ip = kAnalyticsEventsPerIp) : ports_(ports), per_ip_(per_ip) {}

  // One page view from `address` (the client's IP, may be the /64 form) with `user_agent`.
  // kRateLimited beyond per_ip, kBadRequest for a bad event.
  Result<void> record(const PageViewInput& input, std::string_view address, std::string_view user_agent);

  // from/to: "YYYY-MM-DD" (Japan time) or absent: the last kDefaultAnalyticsRangeDays
  // days up to today. kBadRequest for a bad date, from > to, or more than 366 days.
  Result<AnalyticsReport> report(const std::optional<std::string>& from, const std::optional<std::string>& to);

  // Drops the secrets that are too old even when no event came to do it.
  Result<void> drop_expired_secrets();

 private:
  Ports ports_;
  RateLimit per_ip_;
  // The current day's secret, remembered so an event costs no extra query; forgotten
  // with the stored one.
  std::mutex secret_mutex_;
  AnalyticsDay secret_day_ = -1;
  std::string secret_;
};

[[nodiscard]] std::string_view to_string(Viewport v);

}  // namespace pokeca
