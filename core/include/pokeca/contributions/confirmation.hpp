#pragma once
// Confirmations: other signed-in users answer a recent purchase report with まだ買えた
// (still there) or 売り切れだった (gone). An answer is itself a fact about the store at the
// time it was given, so the store's latest state follows it like a new report; and the
// answers a reporter's reports gather are the only input of their trust
// (docs/decisions/confirmations-and-trust.md).
#include <cstdint>
#include <optional>
#include <string_view>

#include "pokeca/contributions/purchase_report.hpp"
#include "pokeca/shared/rate_limiter.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

// A report can be answered while it is news: purchased less than this long ago.
inline constexpr UnixSeconds kConfirmationWindowSeconds = 24 * 3600;
// Answers (first answers and changes) per account: a person checks a few shelves a day,
// a script flipping store states does not get far.
inline constexpr std::int64_t kMaxConfirmationsPerDay = 30;
inline constexpr RateLimit kConfirmationsPerAccount{kMaxConfirmationsPerDay, 24 * 3600};
// At most this many reports' counts in one read (the store sheet and the timeline ask
// for the reports they show).
inline constexpr std::size_t kMaxTalliedReports = 50;
// At most this many accounts' standings in one admin read (a page of the users list).
inline constexpr std::size_t kMaxStandingUsers = 100;

// Trust looks at the reports of this window: an old mistake fades.
inline constexpr UnixSeconds kTrustWindowSeconds = 30 * 24 * 3600;
// A reporter is shown as trusted once this many of their reports were confirmed more
// than denied, and those outnumber the denied ones at least kTrustedRatio to one.
inline constexpr std::int64_t kTrustedMinConfirmedReports = 3;
inline constexpr std::int64_t kTrustedRatio = 2;
// A reporter is slowed once this many of their reports were denied more than confirmed,
// and those are more than their confirmed ones: one report per kSlowedReportInterval.
inline constexpr std::int64_t kSlowedMinDeniedReports = 3;
inline constexpr UnixSeconds kSlowedReportIntervalSeconds = 30 * 60;

enum class ConfirmationAnswer { kStill, kGone };

[[nodiscard]] std::string_view to_string(ConfirmationAnswer a);
[[nodiscard]] std::optional<ConfirmationAnswer> parse_confirmation_answer(std::string_view s);
// The fact an answer states about the store: still there = bought, gone = sold out.
[[nodiscard]] ReportKind fact_of(ConfirmationAnswer a);

struct Confirmation {
  ReportId report_id = 0;
  std::int64_t user_id = 0;
  ConfirmationAnswer answer = ConfirmationAnswer::kStill;
  UnixSeconds answered_at = 0;
};

// The answers one report gathered.
struct ReportTally {
  ReportId report_id = 0;
  std::optional<std::int64_t> reporter_id;
  UnixSeconds purchased_at = 0;
  std::int64_t still = 0;
  std::int64_t gone = 0;
  std::optional<UnixSeconds> latest_at;    // the newest answer's time
  std::optional<ConfirmationAnswer> mine;  // the viewer's answer, when asked for one
};

// More denials than confirmations: the report is probably no longer true.
[[nodiscard]] inline bool likely_outdated(const ReportTally& t) { return t.gone > t.still; }

// What the answers to one account's reports (of kTrustWindowSeconds) say about it.
struct ReporterStanding {
  std::int64_t user_id = 0;
  std::int64_t reports = 0;                   // reports filed in the window
  std::int64_t confirmed_reports = 0;         // of those, confirmed more than denied
  std::int64_t denied_reports = 0;            // of those, denied more than confirmed
  std::int64_t confirmations = 0;             // まだ買えた answers to them
  std::int64_t denials = 0;                   // 売り切れだった answers to them
  std::optional<UnixSeconds> last_report_at;  // created_at of the newest report
};

[[nodiscard]] bool trusted(const ReporterStanding& s);
[[nodiscard]] bool slowed(const ReporterStanding& s);
// When a slowed reporter may report again (nullopt: now, or not slowed).
[[nodiscard]] std::optional<UnixSeconds> slowed_until(const ReporterStanding& s, UnixSeconds now);

}  // namespace pokeca
