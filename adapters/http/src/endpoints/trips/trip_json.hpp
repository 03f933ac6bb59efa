#pragma once
// Trips: the request bodies of /routes/plan and /saved_routes read into
// core's inputs, and TripView / SavedTrip into the JSON of docs/API.md.
#include <string_view>

#include <boost/json/object.hpp>

#include "pokeca/personal/trip_service.hpp"
#include "pokeca/shared/errors.hpp"

namespace pokeca::http {

// {"start": {lat,lng} | null, "store_ids": [..], "return_to_start": bool}
[[nodiscard]] Result<TripPlanInput> trip_plan_input(std::string_view body);
// {"name", "start", "store_ids", "return_to_start", "share"}: every member optional.
[[nodiscard]] Result<SavedTripInput> saved_trip_input(std::string_view body);

// {start, return_to_start, stops: [TripStop], total_m, return_leg_m}
[[nodiscard]] boost::json::object trip_view_json(const TripView& view);
// The owner's full view: trip_view_json + id, name, share, share_id, created_at, updated_at.
[[nodiscard]] boost::json::object saved_trip_json(const SavedTripView& saved);
// The list entry: id, name, stop_count, store_ids, total_m, share, share_id, created_at, updated_at.
[[nodiscard]] boost::json::object saved_trip_summary_json(const SavedTrip& trip);
// The public view behind a share link: name, updated_at and trip_view_json; no ids.
[[nodiscard]] boost::json::object shared_trip_json(const SavedTripView& saved);

}  // namespace pokeca::http
