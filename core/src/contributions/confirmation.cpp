#include "pokeca/contributions/confirmation.hpp"

namespace pokeca {

std::string_view to_string(ConfirmationAnswer a) { return a == ConfirmationAnswer::kStill ? "still" : "gone"; }

std::optional<ConfirmationAnswer> parse_confirmation_answer(std::string_view s) {
  if (s == "still") return ConfirmationAnswer::kStill;
  if (s == "gone") return ConfirmationAnswer::kGone;
  return std::nullopt;
}

ReportKind fact_of(ConfirmationAnswer a) {
  return a == ConfirmationAnswer::kStill ? ReportKind::kBought : ReportKind::kSoldOut;
}

bool trusted(const ReporterStanding& s) {
  return s.confirmed_reports >= kTrustedMinConfirmedReports && s.confirmed_reports >= kTrustedRatio * s.denied_reports;
}

bool slowed(const ReporterStanding& s) {
  return s.denied_reports >= kSlowedMinDeniedReports && s.denied_reports > s.confirmed_reports;
}

std::optional<UnixSeconds> slowed_until(const ReporterStanding& s, UnixSeconds now) {
  if (!slowed(s) || !s.last_report_at) return std::nullopt;
  const UnixSeconds next = *s.last_report_at + kSlowedReportIntervalSeconds;
  if (next <= now) return std::nullopt;
  return next;
}

}  // namespace pokeca
