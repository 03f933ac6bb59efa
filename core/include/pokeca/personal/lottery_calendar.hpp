#pragma once
// The lottery calendar (抽選カレンダー): a per-user iCalendar feed of the open and upcoming
// application windows of approved lottery entries at the user's favourite stores and in
// the prefectures the user chose, each with alarms 24 h and 3 h before its deadline.
// Calendar apps fetch it without signing in, so its URL carries a secret token: random
// (TokenCrypto), stored only as its hash, compared in constant time, replaced or revoked
// from the profile. Withdrawal deletes the token and the chosen prefectures.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/accounts/auth_ports.hpp"
#include "pokeca/accounts/user.hpp"
#include "pokeca/contributions/lottery.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/icalendar.hpp"
#include "pokeca/shared/rate_limiter.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

// ---- Limits ------------------------------------------------------------------------
// Prefectures one user may choose for the calendar.
inline constexpr std::size_t kMaxCalendarPrefectures = 10;
// Entries in one feed (soonest deadline first); a calendar app shows no more usefully.
inline constexpr int kMaxCalendarFeedEntries = 200;
// Alarms before each deadline.
inline constexpr UnixSeconds kCalendarAlarmsBeforeEnd[] = {24 * 3600, 3 * 3600};
// How often calendar apps are asked to fetch again (REFRESH-INTERVAL) and how long an
// answer may be kept (Cache-Control: private, max-age).
inline constexpr UnixSeconds kCalendarRefreshSeconds = 3600;
inline constexpr UnixSeconds kCalendarMaxAgeSeconds = 15 * 60;
// Fetches of one feed (a token that names a user): calendar apps poll hourly at most, so
// this leaves room for several devices and reloads while stopping a script.
inline constexpr RateLimit kCalendarFetchesPerFeed{30, 3600};
// Fetches with a token that names nobody, per client address: a revoked URL still polled
// by a phone is answered 404 a while, a guesser is stopped.
inline constexpr RateLimit kCalendarBadTokensPerIp{30, 3600};
// The feed path (the token is a query parameter, so the access log, which logs paths
// without their query, never holds it).
inline constexpr std::string_view kCalendarFeedPath = "/api/v1/calendar/lotteries.ics";

struct CalendarSettings {
  std::optional<UnixSeconds> token_created_at;  // nullopt: no feed URL now
  std::vector<std::string> prefectures;         // codes, in prefecture order
};

// The owner of a feed token.
struct CalendarOwner {
  UserId user_id = 0;
  std::string token_hash;  // as stored
};

class LotteryCalendarRepository {
 public:
  virtual ~LotteryCalendarRepository() = default;
  virtual Result<CalendarSettings> settings(UserId user) = 0;
  // Replaces the user's chosen prefectures (codes, already checked).
  virtual Result<void> set_prefectures(UserId user, const std::vector<std::string>& codes) = 0;
  // Replaces the user's token (the old URL stops at once).
  virtual Result<void> set_token(UserId user, std::string_view token_hash, UnixSeconds at) = 0;
  virtual Result<void> revoke_token(UserId user) = 0;
  // The account whose token has this hash, when it is neither blocked nor withdrawn.
  virtual Result<std::optional<CalendarOwner>> find_by_token(std::string_view token_hash) = 0;
  // Approved entries whose window has not ended at `now`, at active stores that are the
  // user's favourites or lie in the user's chosen prefectures; soonest deadline first
  // (then id), at most `limit`.
  virtual Result<std::vector<LotteryListing>> feed_entries(UserId user, UnixSeconds now, int limit) = 0;
};

// What the profile shows right after issuing: the token itself, once.
struct IssuedCalendarToken {
  std::string token;
  std::string feed_path;  // kCalendarFeedPath + "?token=…"
  UnixSeconds created_at = 0;
};

// The feed's text and how many entries it holds.
struct CalendarFeed {
  std::string ics;
  std::size_t entries = 0;
};

class LotteryCalendarService {
 public:
  struct Ports {
    LotteryCalendarRepository& calendars;
    TokenCrypto& crypto;
    RateLimiter& limiter;
    const Clock& clock;
  };
  // site_url: the public origin the events link to ("https://example.jp"; no trailing slash).
  LotteryCalendarService(Ports ports, std::string site_url);

  Result<CalendarSettings> settings(const User& user);
  // kBadRequest for an unknown code, a repeated one, or more than kMaxCalendarPrefectures.
  Result<CalendarSettings> choose_prefectures(const User& user, const std::vector<std::string>& codes);
  Result<IssuedCalendarToken> issue_token(const User& user);
  Result<void> revoke_token(const User& user);
  // The feed for a token from the URL: kNotFound for a token that names nobody (revoked,
  // withdrawn, blocked, mistyped), kRateLimited past the limits above.
  Result<CalendarFeed> feed(std::string_view token, std::string_view client_address);

 private:
  Ports ports_;
  std::string site_url_;
};

// The entries as one calendar (pure: what the feed writes).
[[nodiscard]] IcsCalendar lottery_calendar(const std::vector<LotteryListing>& entries, std::string_view site_url);

}  // namespace pokeca
