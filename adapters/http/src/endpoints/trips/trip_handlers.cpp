#include "endpoints/trips/trip_handlers.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/api_body.hpp"
#include "endpoints/trips/trip_json.hpp"
#include "pokeca/shared/messages.hpp"

namespace pokeca::http {
namespace {

namespace json = boost::json;

std::string trip_body(json::object trip) { return success_body({{"route", std::move(trip)}}); }

}  // namespace

ApiResult TripHandlers::post_trips_plan(const ApiCall& call) const {
  auto input = trip_plan_input(call.body);
  if (!input) return std::unexpected(input.error());
  auto planned = routes_.plan(*input);
  if (!planned) return std::unexpected(planned.error());
  return trip_body(trip_view_json(*planned));
}

ApiResult TripHandlers::get_saved_trips(const ApiCall& call) const {
  auto list = routes_.list(call.user->id);
  if (!list) return std::unexpected(list.error());
  json::array out;
  out.reserve(list->size());
  for (const auto& r : *list) out.push_back(saved_trip_summary_json(r));
  return success_body({{"routes", std::move(out)}, {"limit", kMaxSavedTripsPerUser}});
}

ApiResult TripHandlers::post_saved_trips(const ApiCall& call) const {
  auto input = saved_trip_input(call.body);
  if (!input) return std::unexpected(input.error());
  auto saved = routes_.create(call.user->id, *input);
  if (!saved) return std::unexpected(saved.error());
  return ApiOutput{Status::created, trip_body(saved_trip_json(*saved))};
}

ApiResult TripHandlers::get_saved_trip(const ApiCall& call) const {
  const auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  auto saved = routes_.get(call.user->id, *id);
  if (!saved) return std::unexpected(saved.error());
  return trip_body(saved_trip_json(*saved));
}

ApiResult TripHandlers::put_saved_trip(const ApiCall& call) const {
  const auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  auto input = saved_trip_input(call.body);
  if (!input) return std::unexpected(input.error());
  auto saved = routes_.update(call.user->id, *id, *input);
  if (!saved) return std::unexpected(saved.error());
  return trip_body(saved_trip_json(*saved));
}

ApiResult TripHandlers::delete_saved_trip(const ApiCall& call) const {
  const auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  if (auto ok = routes_.remove(call.user->id, *id); !ok) return std::unexpected(ok.error());
  return message_body(msg::kTripDeleted);
}

ApiResult TripHandlers::get_shared_trip(const ApiCall& call) const {
  const std::string_view share_id = call.path_params.empty() ? std::string_view{} : call.path_params.front();
  auto saved = routes_.shared(share_id);
  if (!saved) return std::unexpected(saved.error());
  return trip_body(shared_trip_json(*saved));
}

}  // namespace pokeca::http
