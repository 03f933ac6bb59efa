#pragma once
// GET /users/ranking's use case: read the period and limit, total, rank.
#include <optional>
#include <string>
#include <vector>

#include "pokeca/contributions/ranking.hpp"
#include "pokeca/contributions/report_ports.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

struct Ranking {
  RankingPeriod period = RankingPeriod::kAllTime;
  std::vector<RankedContributor> entries;
};

class RankingService {
 public:
  RankingService(RankingRepository& repository, const Clock& clock) : repository_(repository), clock_(clock) {}

  // kBadRequest for an unknown period or a limit out of range.
  Result<Ranking> ranking(const std::optional<std::string>& period, const std::optional<std::string>& limit);

 private:
  RankingRepository& repository_;
  const Clock& clock_;
};

}  // namespace pokeca
