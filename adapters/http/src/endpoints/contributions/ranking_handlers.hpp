#pragma once
// GET /users/ranking: the public contributors' ranking (docs/API.md).
#include "api/api_call.hpp"
#include "pokeca/contributions/ranking_service.hpp"

namespace pokeca::http {

class RankingHandlers {
 public:
  explicit RankingHandlers(RankingService& ranking) : ranking_(ranking) {}

  [[nodiscard]] ApiResult get_users_ranking(const ApiCall& call) const;

 private:
  RankingService& ranking_;
};

}  // namespace pokeca::http
