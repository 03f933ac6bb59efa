#include "pokeca/personal/trip_service.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/text.hpp"

namespace pokeca {
namespace {

constexpr std::string_view kTripsLimitCode = "routes_limit";

std::vector<LatLng> locations_of(const std::vector<Store>& stores) {
  std::vector<LatLng> points;
  points.reserve(stores.size());
  for (const auto& s : stores) points.push_back(s.location);
  return points;
}

bool contains(std::span<const StoreId> ids, StoreId id) { return std::ranges::find(ids, id) != ids.end(); }

}  // namespace

TripView measure_stops(std::optional<LatLng> start, std::vector<Store> stores, bool return_to_start) {
  const auto points = locations_of(stores);
  std::vector<std::size_t> order(stores.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  const auto measured = measure_trip(start, points, order, return_to_start);
  TripView view;
  view.start = start;
  view.return_to_start = start && return_to_start;
  view.stops.reserve(stores.size());
  for (std::size_t k = 0; k < stores.size(); ++k) view.stops.push_back({std::move(stores[k]), measured.leg_m[k]});
  view.return_leg_m = measured.return_leg_m;
  view.total_m = measured.total_m;
  return view;
}

Result<std::vector<Store>> TripService::load_stops(std::span<const StoreId> ids,
                                                   std::span<const StoreId> allowed_inactive) {
  std::vector<Store> stores;
  stores.reserve(ids.size());
  std::string refused;
  for (const StoreId id : ids) {
    auto found = deps_.stores.find(id);
    if (!found) return std::unexpected(found.error());
    const bool usable = *found && ((*found)->status == StoreStatus::kActive || contains(allowed_inactive, id));
    if (!usable) {
      if (!refused.empty()) refused += "、";
      refused += std::to_string(id);
      continue;
    }
    stores.push_back(std::move(**found));
  }
  if (!refused.empty())
    return fail(ErrorCode::kBadRequest, fill_placeholder(msg::kTripUnknownStores, "{ids}", refused));
  return stores;
}

Result<TripView> TripService::plan(const TripPlanInput& input) {
  if (auto ok = check_trip_stops(input.store_ids); !ok) return std::unexpected(ok.error());
  if (auto ok = check_trip_start(input.start); !ok) return std::unexpected(ok.error());
  auto stores = load_stops(input.store_ids, {});
  if (!stores) return std::unexpected(stores.error());
  const auto points = locations_of(*stores);
  const auto planned = plan_trip(input.start, points, input.return_to_start);
  std::vector<Store> ordered;
  ordered.reserve(stores->size());
  for (const std::size_t k : planned.order) ordered.push_back((*stores)[k]);
  return measure_stops(input.start, std::move(ordered), input.return_to_start);
}

Result<TripView> TripService::view_of(const SavedTrip& trip) {
  std::vector<Store> stores;
  stores.reserve(trip.store_ids.size());
  for (const StoreId id : trip.store_ids) {
    auto found = deps_.stores.find(id);
    if (!found) return std::unexpected(found.error());
    if (*found) {
      stores.push_back(std::move(**found));
    } else {  // stores are never deleted under a trip; should one be, show it as closed
      Store gone;
      gone.id = id;
      gone.status = StoreStatus::kClosed;
      stores.push_back(std::move(gone));
    }
  }
  return measure_stops(trip.start, std::move(stores), trip.return_to_start);
}

Result<SavedTripView> TripService::viewed(SavedTrip trip) {
  auto view = view_of(trip);
  if (!view) return std::unexpected(view.error());
  return SavedTripView{std::move(trip), std::move(*view)};
}

Result<std::vector<SavedTrip>> TripService::list(UserId user) { return deps_.trips.list_for_user(user); }

Result<SavedTripView> TripService::get(UserId user, SavedTripId id) {
  auto found = id > 0 ? deps_.trips.find_for_user(user, id) : Result<std::optional<SavedTrip>>(std::nullopt);
  if (!found) return std::unexpected(found.error());
  if (!*found) return fail(ErrorCode::kNotFound, msg::kTripNotFound);
  return viewed(std::move(**found));
}

Result<SavedTripView> TripService::create(UserId user, const SavedTripInput& input) {
  auto name = check_trip_name(input.name.value_or(""));
  if (!name) return std::unexpected(name.error());
  const auto ids = input.store_ids.value_or(std::vector<StoreId>{});
  if (auto ok = check_trip_stops(ids); !ok) return std::unexpected(ok.error());
  const auto start = input.start.value_or(std::nullopt);
  if (auto ok = check_trip_start(start); !ok) return std::unexpected(ok.error());
  auto stores = load_stops(ids, {});
  if (!stores) return std::unexpected(stores.error());

  SavedTrip trip;
  trip.user_id = user;
  trip.name = std::move(*name);
  trip.start = start;
  trip.return_to_start = start && input.return_to_start.value_or(false);
  trip.store_ids = ids;
  auto view = measure_stops(start, std::move(*stores), trip.return_to_start);
  trip.total_m = view.total_m;
  if (input.share.value_or(false)) trip.share_id = deps_.tokens.random_token();
  trip.created_at = trip.updated_at = deps_.clock.now();
  auto saved = deps_.trips.insert(trip, kMaxSavedTripsPerUser);
  if (!saved) return std::unexpected(saved.error());
  if (!*saved)
    return fail(ErrorCode::kConflict,
                fill_placeholder(msg::kTripLimitReached, "{max}", std::to_string(kMaxSavedTripsPerUser)),
                kTripsLimitCode);
  return SavedTripView{std::move(**saved), std::move(view)};
}

Result<SavedTripView> TripService::update(UserId user, SavedTripId id, const SavedTripInput& input) {
  auto found = id > 0 ? deps_.trips.find_for_user(user, id) : Result<std::optional<SavedTrip>>(std::nullopt);
  if (!found) return std::unexpected(found.error());
  if (!*found) return fail(ErrorCode::kNotFound, msg::kTripNotFound);
  SavedTrip trip = std::move(**found);

  if (input.name) {
    auto name = check_trip_name(*input.name);
    if (!name) return std::unexpected(name.error());
    trip.name = std::move(*name);
  }
  if (input.start) {
    if (auto ok = check_trip_start(*input.start); !ok) return std::unexpected(ok.error());
    trip.start = *input.start;
  }
  if (input.return_to_start) trip.return_to_start = *input.return_to_start;
  trip.return_to_start = trip.start && trip.return_to_start;
  if (input.store_ids) {
    if (auto ok = check_trip_stops(*input.store_ids); !ok) return std::unexpected(ok.error());
    auto stores = load_stops(*input.store_ids, trip.store_ids);
    if (!stores) return std::unexpected(stores.error());
    trip.store_ids = *input.store_ids;
  }
  if (input.share) {
    if (!*input.share)
      trip.share_id.reset();
    else if (!trip.share_id)
      trip.share_id = deps_.tokens.random_token();
  }
  auto view = view_of(trip);
  if (!view) return std::unexpected(view.error());
  trip.total_m = view->total_m;
  trip.updated_at = deps_.clock.now();
  auto updated = deps_.trips.update(trip);
  if (!updated) return std::unexpected(updated.error());
  if (!*updated) return fail(ErrorCode::kNotFound, msg::kTripNotFound);  // deleted meanwhile
  return SavedTripView{std::move(trip), std::move(*view)};
}

Result<void> TripService::remove(UserId user, SavedTripId id) {
  auto removed = id > 0 ? deps_.trips.remove(user, id) : Result<bool>(false);
  if (!removed) return std::unexpected(removed.error());
  if (!*removed) return fail(ErrorCode::kNotFound, msg::kTripNotFound);
  return {};
}

Result<SavedTripView> TripService::shared(std::string_view share_id) {
  if (share_id.empty()) return fail(ErrorCode::kNotFound, msg::kSharedTripNotFound);
  auto found = deps_.trips.find_shared(share_id);
  if (!found) return std::unexpected(found.error());
  if (!*found) return fail(ErrorCode::kNotFound, msg::kSharedTripNotFound);
  return viewed(std::move(**found));
}

}  // namespace pokeca
