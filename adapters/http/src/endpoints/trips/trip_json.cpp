#include "endpoints/trips/trip_json.hpp"

#include <cmath>
#include <limits>
#include <string>

#include <boost/json/array.hpp>

#include "api/json_body.hpp"
#include "api/json_mapping.hpp"
#include "pokeca/shared/messages.hpp"

namespace pokeca::http {
namespace {

namespace json = boost::json;

std::unexpected<DomainError> bad(std::string_view message) { return fail(ErrorCode::kBadRequest, message); }

// A JSON number (integer or not) as a double.
std::optional<double> number(const json::value& v) {
  if (v.is_double()) return v.as_double();
  if (v.is_int64()) return static_cast<double>(v.as_int64());
  if (v.is_uint64()) return static_cast<double>(v.as_uint64());
  return std::nullopt;
}

// Absent → nullopt (keep); null → a value holding nullopt (no start); {lat,lng} → the point.
Result<std::optional<std::optional<LatLng>>> start_member(const json::object& body) {
  const auto* v = body.if_contains("start");
  if (!v) return std::optional<std::optional<LatLng>>{};
  if (v->is_null()) return std::optional<std::optional<LatLng>>{std::optional<LatLng>{}};
  if (!v->is_object()) return bad(msg::kTripBadStart);
  const auto& o = v->as_object();
  const auto* lat = o.if_contains("lat");
  const auto* lng = o.if_contains("lng");
  const auto la = lat ? number(*lat) : std::nullopt;
  const auto ln = lng ? number(*lng) : std::nullopt;
  if (!la || !ln) return bad(msg::kTripBadStart);
  return std::optional<std::optional<LatLng>>{std::optional<LatLng>{LatLng{*la, *ln}}};
}

Result<std::optional<std::vector<StoreId>>> store_ids_member(const json::object& body) {
  const auto* v = body.if_contains("store_ids");
  if (!v) return std::optional<std::vector<StoreId>>{};
  if (!v->is_array()) return bad(msg::kTripBadStoreIds);
  std::vector<StoreId> ids;
  // More than the limit is refused by the rules; stop reading well before a huge array.
  if (v->as_array().size() > kMaxTripStops * 2) return bad(msg::kTripBadStoreIds);
  for (const auto& item : v->as_array()) {
    if (item.is_int64() && item.as_int64() > 0)
      ids.push_back(item.as_int64());
    else if (item.is_uint64() && item.as_uint64() <= static_cast<std::uint64_t>(std::numeric_limits<StoreId>::max()))
      ids.push_back(static_cast<StoreId>(item.as_uint64()));
    else
      return bad(msg::kTripBadStoreIds);
  }
  return std::optional<std::vector<StoreId>>{std::move(ids)};
}

double whole_metres(double m) { return std::round(m); }

json::value point_or_null(const std::optional<LatLng>& p) {
  if (!p) return nullptr;
  return json::object{{"lat", p->lat}, {"lng", p->lng}};
}

json::object stop_json(const TripStop& stop) {
  const auto store = store_json(stop.store);  // the same rounding and address rules as everywhere
  json::object o;
  o["store_id"] = stop.store.id;
  o["name"] = store.at("name");
  o["lat"] = store.at("lat");
  o["lng"] = store.at("lng");
  o["status"] = json::string(to_string(stop.store.status));
  o["address"] = store.at("address");
  o["store_type"] = store.at("store_type");
  o["leg_m"] = whole_metres(stop.leg_m);
  return o;
}

}  // namespace

Result<TripPlanInput> trip_plan_input(std::string_view text) {
  auto body = body_object(text);
  if (!body) return std::unexpected(body.error());
  TripPlanInput in;
  auto start = start_member(*body);
  if (!start) return std::unexpected(start.error());
  in.start = start->value_or(std::nullopt);
  auto ids = store_ids_member(*body);
  if (!ids) return std::unexpected(ids.error());
  in.store_ids = ids->value_or(std::vector<StoreId>{});
  auto back = optional_bool_member(*body, "return_to_start");
  if (!back) return std::unexpected(back.error());
  in.return_to_start = back->value_or(false);
  return in;
}

Result<SavedTripInput> saved_trip_input(std::string_view text) {
  auto body = body_object(text);
  if (!body) return std::unexpected(body.error());
  SavedTripInput in;
  auto name = optional_string_member(*body, "name");
  if (!name) return std::unexpected(name.error());
  in.name = std::move(*name);
  auto start = start_member(*body);
  if (!start) return std::unexpected(start.error());
  in.start = *start;
  auto ids = store_ids_member(*body);
  if (!ids) return std::unexpected(ids.error());
  in.store_ids = std::move(*ids);
  auto back = optional_bool_member(*body, "return_to_start");
  if (!back) return std::unexpected(back.error());
  in.return_to_start = *back;
  auto share = optional_bool_member(*body, "share");
  if (!share) return std::unexpected(share.error());
  in.share = *share;
  return in;
}

json::object trip_view_json(const TripView& view) {
  json::array stops;
  stops.reserve(view.stops.size());
  for (const auto& stop : view.stops) stops.push_back(stop_json(stop));
  return json::object{{"start", point_or_null(view.start)},
                      {"return_to_start", view.return_to_start},
                      {"stops", std::move(stops)},
                      {"total_m", whole_metres(view.total_m)},
                      {"return_leg_m", whole_metres(view.return_leg_m)}};
}

json::object saved_trip_json(const SavedTripView& saved) {
  auto o = trip_view_json(saved.view);
  const auto& r = saved.trip;
  o["id"] = r.id;
  o["name"] = json::string(r.name);
  o["share"] = r.share_id.has_value();
  o["share_id"] = r.share_id ? json::value(json::string(*r.share_id)) : json::value(nullptr);
  o["created_at"] = time_or_null(r.created_at);
  o["updated_at"] = time_or_null(r.updated_at);
  return o;
}

json::object saved_trip_summary_json(const SavedTrip& r) {
  json::array ids;
  for (const StoreId id : r.store_ids) ids.push_back(id);
  return json::object{{"id", r.id},
                      {"name", json::string(r.name)},
                      {"stop_count", r.store_ids.size()},
                      {"store_ids", std::move(ids)},
                      {"total_m", whole_metres(r.total_m)},
                      {"share", r.share_id.has_value()},
                      {"share_id", r.share_id ? json::value(json::string(*r.share_id)) : json::value(nullptr)},
                      {"created_at", time_or_null(r.created_at)},
                      {"updated_at", time_or_null(r.updated_at)}};
}

json::object shared_trip_json(const SavedTripView& saved) {
  auto o = trip_view_json(saved.view);
  o["name"] = json::string(saved.trip.name);
  o["updated_at"] = time_or_null(saved.trip.updated_at);
  return o;
}

}  // namespace pokeca::http
