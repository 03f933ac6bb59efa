#include "endpoints/contributions/confirmation_handlers.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/api_body.hpp"
#include "api/json_body.hpp"
#include "common/query_string.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca::http {
namespace {

namespace json = boost::json;

json::object confirmations_json(const ReportConfirmations& c) {
  json::object o;
  o["report_id"] = c.tally.report_id;
  o["still"] = c.tally.still;
  o["gone"] = c.tally.gone;
  o["latest_at"] = c.tally.latest_at ? json::value(format_iso8601(*c.tally.latest_at)) : json::value(nullptr);
  o["mine"] = c.tally.mine ? json::value(to_string(*c.tally.mine)) : json::value(nullptr);
  o["outdated"] = c.outdated;
  o["reporter_trusted"] = c.reporter_trusted;
  o["answerable"] = c.answerable;
  o["own"] = c.own;
  return o;
}

}  // namespace

ApiResult ConfirmationHandlers::put_confirmation(const ApiCall& call) const {
  auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  auto body = body_object(call.body);
  if (!body) return std::unexpected(body.error());
  auto answer = string_member(*body, "answer");
  if (!answer) return std::unexpected(answer.error());
  auto result = confirmations_.answer(*call.user, *id, *answer);
  if (!result) return std::unexpected(result.error());
  return success_body({{"confirmation", confirmations_json(*result)}});
}

ApiResult ConfirmationHandlers::get_confirmations(const ApiCall& call) const {
  auto list = confirmations_.confirmations(call.user, find_param(call.query, "report_ids"));
  if (!list) return std::unexpected(list.error());
  json::array out;
  for (const auto& c : *list) out.push_back(confirmations_json(c));
  return success_body({{"confirmations", std::move(out)}});
}

ApiResult ConfirmationHandlers::get_admin_reporter_standings(const ApiCall& call) const {
  auto list = confirmations_.standings(find_param(call.query, "user_ids"));
  if (!list) return std::unexpected(list.error());
  json::array out;
  for (const auto& s : *list) {
    out.push_back(json::object{{"user_id", s.user_id},
                               {"reports", s.reports},
                               {"confirmed_reports", s.confirmed_reports},
                               {"denied_reports", s.denied_reports},
                               {"confirmations", s.confirmations},
                               {"denials", s.denials},
                               {"trusted", trusted(s)},
                               {"slowed", slowed(s)}});
  }
  return success_body({{"standings", std::move(out)}});
}

}  // namespace pokeca::http
