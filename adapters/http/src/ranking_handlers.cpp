#include "ranking_handlers.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "json_mapping.hpp"
#include "json_text.hpp"
#include "pokeca/messages.hpp"

namespace pokeca::http {

ApiResult get_users_ranking(const ApiCall& call) {
  if (!call.contributions.ranking) return fail(ErrorCode::kInternal, msg::kInternal, "ranking service not wired");
  auto ranking = call.contributions.ranking->ranking(find_param(call.query, "period"), find_param(call.query, "limit"));
  if (!ranking) return std::unexpected(ranking.error());
  boost::json::array entries;
  entries.reserve(ranking->entries.size());
  for (const auto& entry : ranking->entries) entries.push_back(ranking_entry_json(entry));
  return to_json_text(boost::json::object{
      {"success", true}, {"period", to_string(ranking->period)}, {"ranking", std::move(entries)}});
}

}  // namespace pokeca::http
