#pragma once
// GET /users/stats: a user's own numbers — submissions by status,
// points and rank (all time and this month, with the ranking's tie rules), purchase
// reports, favourites, and a monthly series for the last kStatsMonths months in Japan
// time (oldest first, the current month last).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pokeca/accounts/user.hpp"
#include "pokeca/contributions/report_ports.hpp"
#include "pokeca/contributions/submission.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

inline constexpr int kStatsMonths = 12;
// My stats lists this many of the user's own submissions, newest first, with their state
// and, when rejected, the reason the admin gave.
inline constexpr int kStatsSubmissionsListed = 50;

struct SubmissionCounts {
  std::int64_t pending = 0;
  std::int64_t approved = 0;
  std::int64_t rejected = 0;
};

struct Approval {
  UnixSeconds approved_at = 0;
  std::int64_t points = 0;
};

// One of the user's own submissions, as my stats lists it.
struct OwnSubmission {
  SubmissionId id = 0;
  std::string store_name;
  SubmissionStatus status = SubmissionStatus::kPending;
  UnixSeconds created_at = 0;
  std::optional<UnixSeconds> reviewed_at;
  std::string reject_reason;  // "" unless rejected
  std::int64_t points = 0;
  std::optional<StoreId> store_id;  // the store it created or was merged into
};

// One account's raw facts; `since` bounds the two time lists.
struct UserActivity {
  SubmissionCounts submissions;
  std::int64_t purchase_reports = 0;
  std::int64_t favorites = 0;
  std::vector<Approval> approvals_since;          // approved submissions reviewed at or after since
  std::vector<UnixSeconds> reports_since;         // the user's purchase reports created at or after since
  std::vector<OwnSubmission> recent_submissions;  // newest kStatsSubmissionsListed, newest first
};

class UserStatsRepository {
 public:
  virtual ~UserStatsRepository() = default;
  virtual Result<UserActivity> activity(UserId user, UnixSeconds since) = 0;
};

struct MonthlyStats {
  std::string month;  // "2026-11" (Japan time)
  std::int64_t points = 0;
  std::int64_t reports = 0;
};

struct UserStats {
  SubmissionCounts submissions;
  std::int64_t points_all = 0;
  std::int64_t points_month = 0;
  std::optional<std::int64_t> rank_all;  // none with 0 points (not in the ranking)
  std::optional<std::int64_t> rank_month;
  std::int64_t purchase_reports = 0;
  std::int64_t favorites = 0;
  std::vector<MonthlyStats> monthly;  // kStatsMonths entries, oldest first
  std::vector<OwnSubmission> recent_submissions;
};

// The first instant of each of the kStatsMonths Japan-time months ending with the one
// holding `now`, oldest first.
[[nodiscard]] std::array<UnixSeconds, kStatsMonths> stats_month_starts(UnixSeconds now);
// "2026-11": the Japan-time month of `t`.
[[nodiscard]] std::string japan_month_key(UnixSeconds t);

class UserStatsService {
 public:
  UserStatsService(UserStatsRepository& stats, RankingRepository& ranking, const Clock& clock)
      : stats_(stats), ranking_(ranking), clock_(clock) {}

  Result<UserStats> stats(const User& user);

 private:
  UserStatsRepository& stats_;
  RankingRepository& ranking_;
  const Clock& clock_;
};

}  // namespace pokeca
