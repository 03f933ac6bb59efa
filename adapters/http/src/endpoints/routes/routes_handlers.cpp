#include "endpoints/routes/routes_handlers.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/api_body.hpp"
#include "endpoints/routes/route_json.hpp"
#include "pokeca/messages.hpp"

namespace pokeca::http {
namespace {

namespace json = boost::json;

std::string route_body(json::object route) { return success_body({{"route", std::move(route)}}); }

}  // namespace

ApiResult RouteHandlers::post_routes_plan(const ApiCall& call) const {
  auto input = route_plan_input(call.body);
  if (!input) return std::unexpected(input.error());
  auto planned = routes_.plan(*input);
  if (!planned) return std::unexpected(planned.error());
  return route_body(route_view_json(*planned));
}

ApiResult RouteHandlers::get_saved_routes(const ApiCall& call) const {
  auto list = routes_.list(call.user->id);
  if (!list) return std::unexpected(list.error());
  json::array out;
  out.reserve(list->size());
  for (const auto& r : *list) out.push_back(saved_route_summary_json(r));
  return success_body({{"routes", std::move(out)}, {"limit", kMaxSavedRoutesPerUser}});
}

ApiResult RouteHandlers::post_saved_routes(const ApiCall& call) const {
  auto input = saved_route_input(call.body);
  if (!input) return std::unexpected(input.error());
  auto saved = routes_.create(call.user->id, *input);
  if (!saved) return std::unexpected(saved.error());
  return ApiOutput{Status::created, route_body(saved_route_json(*saved))};
}

ApiResult RouteHandlers::get_saved_route(const ApiCall& call) const {
  const auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  auto saved = routes_.get(call.user->id, *id);
  if (!saved) return std::unexpected(saved.error());
  return route_body(saved_route_json(*saved));
}

ApiResult RouteHandlers::put_saved_route(const ApiCall& call) const {
  const auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  auto input = saved_route_input(call.body);
  if (!input) return std::unexpected(input.error());
  auto saved = routes_.update(call.user->id, *id, *input);
  if (!saved) return std::unexpected(saved.error());
  return route_body(saved_route_json(*saved));
}

ApiResult RouteHandlers::delete_saved_route(const ApiCall& call) const {
  const auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  if (auto ok = routes_.remove(call.user->id, *id); !ok) return std::unexpected(ok.error());
  return message_body(msg::kRouteDeleted);
}

ApiResult RouteHandlers::get_shared_route(const ApiCall& call) const {
  const std::string_view share_id = call.path_params.empty() ? std::string_view{} : call.path_params.front();
  auto saved = routes_.shared(share_id);
  if (!saved) return std::unexpected(saved.error());
  return route_body(shared_route_json(*saved));
}

}  // namespace pokeca::http
