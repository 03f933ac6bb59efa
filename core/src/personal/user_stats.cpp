#include "pokeca/personal/user_stats.hpp"

#include <algorithm>
#include <cstdio>

#include "pokeca/contributions/ranking.hpp"

namespace pokeca {
namespace {

struct Standing {
  std::int64_t points = 0;
  std::optional<std::int64_t> rank;
};

// The user's points and rank in the ranking of the period (the same order and ties as
// GET /users/ranking, over every contributor).
Result<Standing> standing(RankingRepository& ranking, UserId user, UnixSeconds since) {
  auto totals = ranking.contributor_totals(since);
  if (!totals) return std::unexpected(totals.error());
  const auto count = totals->size();
  for (const auto& entry : rank_contributors(std::move(*totals), count))
    if (entry.totals.user_id == user) return Standing{entry.totals.points, entry.rank};
  return Standing{};
}

}  // namespace

std::array<UnixSeconds, kStatsMonths> stats_month_starts(UnixSeconds now) {
  std::array<UnixSeconds, kStatsMonths> starts{};
  UnixSeconds start = start_of_month_in_japan(now);
  for (int i = kStatsMonths - 1; i >= 0; --i) {
    starts[static_cast<std::size_t>(i)] = start;
    start = start_of_month_in_japan(start - 1);
  }
  return starts;
}

std::string japan_month_key(UnixSeconds t) {
  const auto jt = japan_date_time(t);
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02u", jt.year, jt.month);
  return buf;
}

Result<UserStats> UserStatsService::stats(const User& user) {
  const auto now = clock_.now();
  const auto starts = stats_month_starts(now);
  auto activity = stats_.activity(user.id, starts.front());
  if (!activity) return std::unexpected(activity.error());
  auto all = standing(ranking_, user.id, 0);
  if (!all) return std::unexpected(all.error());
  auto month = standing(ranking_, user.id, start_of_month_in_japan(now));
  if (!month) return std::unexpected(month.error());

  UserStats out;
  out.submissions = activity->submissions;
  out.points_all = all->points;
  out.rank_all = all->rank;
  out.points_month = month->points;
  out.rank_month = month->rank;
  out.purchase_reports = activity->purchase_reports;
  out.favorites = activity->favorites;
  out.recent_submissions = std::move(activity->recent_submissions);
  out.monthly.reserve(kStatsMonths);
  for (const auto start : starts) out.monthly.push_back({japan_month_key(start), 0, 0});
  // The month an instant falls in: the last start at or before it.
  const auto month_index = [&](UnixSeconds t) -> std::optional<std::size_t> {
    if (t < starts.front()) return std::nullopt;
    const auto it = std::upper_bound(starts.begin(), starts.end(), t);
    return static_cast<std::size_t>(it - starts.begin()) - 1;
  };
  for (const auto& a : activity->approvals_since)
    if (const auto i = month_index(a.approved_at)) out.monthly[*i].points += a.points;
  for (const auto t : activity->reports_since)
    if (const auto i = month_index(t)) ++out.monthly[*i].reports;
  return out;
}

}  // namespace pokeca
