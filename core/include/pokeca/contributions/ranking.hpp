#pragma once
// The contributors' ranking (PRODUCT.md §5, SPEC.md §9): points from approved store
// submissions and approved lottery entries, ordered and ranked here so the rule lives in
// one place.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/accounts/user.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

inline constexpr int kDefaultRankingLimit = 50;
inline constexpr int kMaxRankingLimit = 100;

enum class RankingPeriod {
  kAllTime,
  kThisMonth,  // approved since the 1st of the current month in Japan (JST)
};

[[nodiscard]] std::string_view to_string(RankingPeriod period);  // "all" | "month"
// Absent → all time; anything but "all"/"month" → kBadRequest.
[[nodiscard]] Result<RankingPeriod> parse_ranking_period(const std::optional<std::string>& text);
// Absent → kDefaultRankingLimit; 1–kMaxRankingLimit else kBadRequest.
[[nodiscard]] Result<int> parse_ranking_limit(const std::optional<std::string>& text);
// The earliest approval time that counts for the period at `now`.
[[nodiscard]] UnixSeconds ranking_period_start(RankingPeriod period, UnixSeconds now);

// One account's approved contributions (store submissions, lottery entries) in the period.
struct ContributorTotals {
  UserId user_id = 0;
  std::string nickname;
  std::string prefecture;  // Japanese name; "" = not set
  std::int64_t points = 0;
  std::int64_t approved_count = 0;
  UnixSeconds reached_at = 0;  // the latest approval: when the totals were reached
};

struct RankedContributor {
  std::int64_t rank = 0;
  ContributorTotals totals;
};

// Orders by points (more first), then approved count (more first), then who reached
// the totals first (earlier last approval), then account id; the first `limit` rows
// get standard competition ranks (1, 2, 2, 4): equal points and equal count share a
// rank, the order inside a tie is the earlier reach. The list is cut at `limit` even
// inside a tie (the ones left out would share the last rank shown).
[[nodiscard]] std::vector<RankedContributor> rank_contributors(std::vector<ContributorTotals> totals,
                                                               std::size_t limit);

}  // namespace pokeca
