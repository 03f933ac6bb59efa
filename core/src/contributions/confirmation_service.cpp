#include "pokeca/contributions/confirmation_service.hpp"

#include <algorithm>
#include <charconv>
#include <string>
#include <unordered_map>

#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/text.hpp"

namespace pokeca {
namespace {

constexpr std::string_view kConfirmRule = "confirm_account:";

std::unexpected<DomainError> bad_list(std::string_view message, std::size_t max) {
  return fail(ErrorCode::kBadRequest, fill_placeholder(message, "{max}", std::to_string(max)));
}

}  // namespace

std::optional<std::vector<std::int64_t>> parse_id_list(std::string_view text, std::size_t max) {
  std::vector<std::int64_t> ids;
  while (true) {
    const auto comma = text.find(',');
    const auto part = text.substr(0, comma);
    std::int64_t id = 0;
    const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), id);
    if (part.empty() || ec != std::errc{} || end != part.data() + part.size() || id <= 0) return std::nullopt;
    if (std::ranges::find(ids, id) == ids.end()) ids.push_back(id);
    if (ids.size() > max) return std::nullopt;
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return ids;
}

Result<ReportConfirmations> ConfirmationService::answer(const User& user, ReportId report_id, std::string_view text) {
  const auto answer = parse_confirmation_answer(text);
  if (!answer) return fail(ErrorCode::kBadRequest, msg::kConfirmationBadAnswer);
  auto report = repo_.find_report(report_id);
  if (!report) return std::unexpected(report.error());
  if (!*report) return fail(ErrorCode::kNotFound, msg::kConfirmationReportNotFound);
  if ((*report)->user_id == user.id) return fail(ErrorCode::kForbidden, msg::kConfirmationOwnReport);
  const auto now = clock_.now();
  if (now - (*report)->purchased_at >= kConfirmationWindowSeconds)
    return fail(ErrorCode::kConflict, msg::kConfirmationTooOld);
  auto previous = repo_.answer_of(report_id, user.id);
  if (!previous) return std::unexpected(previous.error());
  // The same answer again changes nothing and costs nothing (a double tap, a retry).
  if (*previous != answer) {
    const auto decision =
        limiter_.hit(std::string(kConfirmRule) + std::to_string(user.id), kConfirmationsPerAccount, now);
    if (!decision.allowed)
      return fail_rate_limited(
          fill_placeholder(msg::kConfirmationTooMany, "{max}", std::to_string(kMaxConfirmationsPerDay)), {},
          decision.retry_after_seconds);
    if (auto ok = repo_.answer({report_id, user.id, *answer, now}); !ok) return std::unexpected(ok.error());
  }
  const ReportId ids[] = {report_id};
  auto read_back = read(ids, user.id);
  if (!read_back) return std::unexpected(read_back.error());
  if (read_back->empty()) return fail(ErrorCode::kNotFound, msg::kConfirmationReportNotFound);
  return read_back->front();
}

Result<std::vector<ReportConfirmations>> ConfirmationService::confirmations(
    const std::optional<User>& viewer, const std::optional<std::string>& report_ids) {
  const auto ids = parse_id_list(report_ids.value_or(""), kMaxTalliedReports);
  if (!ids) return bad_list(msg::kConfirmationBadReportIds, kMaxTalliedReports);
  return read(*ids, viewer ? std::optional<std::int64_t>(viewer->id) : std::nullopt);
}

Result<std::vector<ReportConfirmations>> ConfirmationService::read(std::span<const ReportId> ids,
                                                                   std::optional<std::int64_t> viewer) {
  auto tallies = repo_.tallies(ids, viewer);
  if (!tallies) return std::unexpected(tallies.error());
  std::vector<std::int64_t> reporters;
  for (const auto& t : *tallies)
    if (t.reporter_id && std::ranges::find(reporters, *t.reporter_id) == reporters.end())
      reporters.push_back(*t.reporter_id);
  const auto now = clock_.now();
  auto standings = repo_.standings(reporters, now - kTrustWindowSeconds);
  if (!standings) return std::unexpected(standings.error());
  std::unordered_map<std::int64_t, bool> trusted_by_id;
  for (const auto& s : *standings) trusted_by_id[s.user_id] = trusted(s);
  std::unordered_map<ReportId, const ReportTally*> by_id;
  for (const auto& t : *tallies) by_id[t.report_id] = &t;
  std::vector<ReportConfirmations> out;
  for (const auto id : ids) {
    const auto it = by_id.find(id);
    if (it == by_id.end()) continue;
    const ReportTally& t = *it->second;
    out.push_back({t, t.reporter_id && trusted_by_id[*t.reporter_id], likely_outdated(t),
                   now - t.purchased_at < kConfirmationWindowSeconds, viewer && t.reporter_id == viewer});
  }
  return out;
}

Result<std::vector<ReporterStanding>> ConfirmationService::standings(const std::optional<std::string>& user_ids) {
  const auto ids = parse_id_list(user_ids.value_or(""), kMaxStandingUsers);
  if (!ids) return bad_list(msg::kConfirmationBadUserIds, kMaxStandingUsers);
  auto rows = repo_.standings(*ids, clock_.now() - kTrustWindowSeconds);
  if (!rows) return std::unexpected(rows.error());
  std::vector<ReporterStanding> out;
  for (const auto id : *ids) {
    const auto it = std::ranges::find(*rows, id, &ReporterStanding::user_id);
    ReporterStanding none;
    none.user_id = id;
    out.push_back(it != rows->end() ? *it : none);
  }
  return out;
}

Result<std::optional<UnixSeconds>> ConfirmationService::next_report_at(std::int64_t user, UnixSeconds now) {
  const std::int64_t ids[] = {user};
  auto rows = repo_.standings(ids, now - kTrustWindowSeconds);
  if (!rows) return std::unexpected(rows.error());
  if (rows->empty()) return std::optional<UnixSeconds>{};
  return slowed_until(rows->front(), now);
}

}  // namespace pokeca
