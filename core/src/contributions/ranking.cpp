#include "pokeca/contributions/ranking.hpp"

#include <algorithm>
#include <tuple>

#include "pokeca/map/store_query.hpp"  // parse_bounded_int
#include "pokeca/shared/messages.hpp"

namespace pokeca {
namespace {

constexpr std::string_view kAllTime = "all";
constexpr std::string_view kThisMonth = "month";

bool same_standing(const ContributorTotals& a, const ContributorTotals& b) {
  return a.points == b.points && a.approved_count == b.approved_count;
}

}  // namespace

std::string_view to_string(RankingPeriod period) { return period == RankingPeriod::kThisMonth ? kThisMonth : kAllTime; }

Result<RankingPeriod> parse_ranking_period(const std::optional<std::string>& text) {
  if (!text || *text == kAllTime) return RankingPeriod::kAllTime;
  if (*text == kThisMonth) return RankingPeriod::kThisMonth;
  return fail(ErrorCode::kBadRequest, msg::kBadRankingPeriod);
}

Result<int> parse_ranking_limit(const std::optional<std::string>& text) {
  return parse_bounded_int(text, kDefaultRankingLimit, 1, kMaxRankingLimit, msg::kBadLimit);
}

UnixSeconds ranking_period_start(RankingPeriod period, UnixSeconds now) {
  // Approval times are Unix seconds, so 0 is before every one of them.
  return period == RankingPeriod::kThisMonth ? start_of_month_in_japan(now) : 0;
}

std::vector<RankedContributor> rank_contributors(std::vector<ContributorTotals> totals, std::size_t limit) {
  std::sort(totals.begin(), totals.end(), [](const ContributorTotals& a, const ContributorTotals& b) {
    return std::tuple(-a.points, -a.approved_count, a.reached_at, a.user_id) <
           std::tuple(-b.points, -b.approved_count, b.reached_at, b.user_id);
  });
  std::vector<RankedContributor> out;
  out.reserve(std::min(limit, totals.size()));
  for (std::size_t i = 0; i < totals.size() && i < limit; ++i) {
    const bool tied = i > 0 && same_standing(totals[i], out.back().totals);
    const auto rank = tied ? out.back().rank : static_cast<std::int64_t>(i) + 1;
    out.push_back({rank, std::move(totals[i])});
  }
  return out;
}

}  // namespace pokeca
