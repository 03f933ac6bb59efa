#include "endpoints/contributions/ranking_handlers.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/api_body.hpp"
#include "api/json_mapping.hpp"

namespace pokeca::http {

ApiResult RankingHandlers::get_users_ranking(const ApiCall& call) const {
  auto ranking = ranking_.ranking(find_param(call.query, "period"), find_param(call.query, "limit"));
  if (!ranking) return std::unexpected(ranking.error());
  boost::json::array entries;
  entries.reserve(ranking->entries.size());
  for (const auto& entry : ranking->entries) entries.push_back(ranking_entry_json(entry));
  return success_body({{"period", to_string(ranking->period)}, {"ranking", std::move(entries)}});
}

}  // namespace pokeca::http
