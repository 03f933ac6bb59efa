#pragma once
// Routes: the request bodies of /routes/plan and /saved_routes read into
// core's inputs, and RouteView / SavedRoute into the JSON of docs/API.md.
#include <string_view>

#include <boost/json/object.hpp>

#include "pokeca/errors.hpp"
#include "pokeca/route_service.hpp"

namespace pokeca::http {

// {"start": {lat,lng} | null, "store_ids": [..], "return_to_start": bool}
[[nodiscard]] Result<RoutePlanInput> route_plan_input(std::string_view body);
// {"name", "start", "store_ids", "return_to_start", "share"}: every member optional.
[[nodiscard]] Result<SavedRouteInput> saved_route_input(std::string_view body);

// {start, return_to_start, stops: [RouteStop], total_m, return_leg_m}
[[nodiscard]] boost::json::object route_view_json(const RouteView& view);
// The owner's full view: route_view_json + id, name, share, share_id, created_at, updated_at.
[[nodiscard]] boost::json::object saved_route_json(const SavedRouteView& saved);
// The list entry: id, name, stop_count, store_ids, total_m, share, share_id, created_at, updated_at.
[[nodiscard]] boost::json::object saved_route_summary_json(const SavedRoute& route);
// The public view behind a share link: name, updated_at and route_view_json; no ids.
[[nodiscard]] boost::json::object shared_route_json(const SavedRouteView& saved);

}  // namespace pokeca::http
