#pragma once
// Confirmations of purchase reports (confirmation.hpp): answering, the counts readers
// see, and the reporters' standings admins see and the purchase reports' slowdown uses.
#include <optional>
#include <string>
#include <vector>

#include "pokeca/accounts/user.hpp"
#include "pokeca/contributions/confirmation_ports.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/rate_limiter.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

// A report's counts as a reader sees them, with whether its reporter is trusted.
struct ReportConfirmations {
  ReportTally tally;
  bool reporter_trusted = false;
  bool outdated = false;    // likely_outdated(tally)
  bool answerable = false;  // still inside kConfirmationWindowSeconds
  bool own = false;         // the viewer filed the report (who did is not shown)
};

// What PurchaseService asks before taking a report: nullopt = go ahead, else the time
// from which the account may report again.
class ReporterPace {
 public:
  virtual ~ReporterPace() = default;
  virtual Result<std::optional<UnixSeconds>> next_report_at(std::int64_t user, UnixSeconds now) = 0;
};

class ConfirmationService final : public ReporterPace {
 public:
  ConfirmationService(ConfirmationRepository& repo, RateLimiter& limiter, const Clock& clock)
      : repo_(repo), limiter_(limiter), clock_(clock) {}

  // The user's answer ("still" | "gone") to a report. kBadRequest for another answer,
  // kNotFound for an unknown report, kForbidden on one's own report, kConflict once the
  // report is kConfirmationWindowSeconds old, kRateLimited past kConfirmationsPerAccount
  // (repeating the same answer is free). Returns the report's counts after it.
  Result<ReportConfirmations> answer(const User& user, ReportId report, std::string_view answer);

  // The counts of the listed reports ("1,2,3", at most kMaxTalliedReports, each a positive
  // integer; kBadRequest otherwise), in the order asked, unknown ids left out; with the
  // viewer's own answers when there is a viewer.
  Result<std::vector<ReportConfirmations>> confirmations(const std::optional<User>& viewer,
                                                         const std::optional<std::string>& report_ids);

  // The standings of the listed accounts ("1,2", at most kMaxStandingUsers), in the
  // order asked.
  Result<std::vector<ReporterStanding>> standings(const std::optional<std::string>& user_ids);

  Result<std::optional<UnixSeconds>> next_report_at(std::int64_t user, UnixSeconds now) override;

 private:
  Result<std::vector<ReportConfirmations>> read(std::span<const ReportId> ids, std::optional<std::int64_t> viewer);

  ConfirmationRepository& repo_;
  RateLimiter& limiter_;
  const Clock& clock_;
};

// "1,2,3" → ids: each a positive integer, 1..max of them, no repeats kept. nullopt when the
// list is malformed, empty or longer.
[[nodiscard]] std::optional<std::vector<std::int64_t>> parse_id_list(std::string_view text, std::size_t max);

}  // namespace pokeca
