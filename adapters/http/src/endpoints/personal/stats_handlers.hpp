#pragma once
// GET /users/stats (docs/API.md "Personal"): the caller's points, rank and own submissions.
#include "api/api_call.hpp"
#include "pokeca/personal/user_stats.hpp"

namespace pokeca::http {

class StatsHandlers {
 public:
  explicit StatsHandlers(UserStatsService& stats) : stats_(stats) {}
  [[nodiscard]] ApiResult get_users_stats(const ApiCall& call) const;

 private:
  UserStatsService& stats_;
};

}  // namespace pokeca::http
