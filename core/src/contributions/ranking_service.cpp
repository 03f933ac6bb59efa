#include "pokeca/contributions/ranking_service.hpp"

namespace pokeca {

Result<Ranking> RankingService::ranking(const std::optional<std::string>& period_text,
                                        const std::optional<std::string>& limit_text) {
  const auto period = parse_ranking_period(period_text);
  if (!period) return std::unexpected(period.error());
  const auto limit = parse_ranking_limit(limit_text);
  if (!limit) return std::unexpected(limit.error());
  auto totals = repository_.contributor_totals(ranking_period_start(*period, clock_.now()));
  if (!totals) return std::unexpected(totals.error());
  return Ranking{*period, rank_contributors(std::move(*totals), static_cast<std::size_t>(*limit))};
}

}  // namespace pokeca
