#pragma once
// Trips: order stores into a trip (POST /routes/plan) and keep an
// account's saved trips, optionally shared by a public read-only link.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/accounts/auth_ports.hpp"
#include "pokeca/map/store_ports.hpp"
#include "pokeca/personal/saved_trip.hpp"
#include "pokeca/personal/trip_planner.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

struct TripDeps {
  StoreRepository& stores;
  SavedTripRepository& trips;
  TokenCrypto& tokens;  // random_token() makes the unguessable share ids
  const Clock& clock;
};

// A stop as it is now: its store (any status; a hidden or closed store stays in saved
// trips) and the distance to it from the previous stop or the start.
struct TripStop {
  Store store;
  double leg_m = 0;
};

struct TripView {
  std::optional<LatLng> start;
  bool return_to_start = false;
  std::vector<TripStop> stops;
  double return_leg_m = 0;
  double total_m = 0;
};

struct TripPlanInput {
  std::optional<LatLng> start;
  std::vector<StoreId> store_ids;
  bool return_to_start = false;
};

// POST/PUT /saved_routes. Absent members keep the trip's value on update (create
// needs name and store_ids). `start`: absent / null (no start) / a point.
struct SavedTripInput {
  std::optional<std::string> name;
  std::optional<std::optional<LatLng>> start;
  std::optional<std::vector<StoreId>> store_ids;
  std::optional<bool> return_to_start;
  std::optional<bool> share;
};

struct SavedTripView {
  SavedTrip trip;
  TripView view;
};

class TripService {
 public:
  explicit TripService(TripDeps deps) : deps_(deps) {}

  // The stops in a short order (trip_planner). kBadRequest for a bad stop list or
  // start, and naming the ids that are unknown or not active.
  Result<TripView> plan(const TripPlanInput& input);

  Result<std::vector<SavedTrip>> list(UserId user);
  // kNotFound unless the account owns it.
  Result<SavedTripView> get(UserId user, SavedTripId id);
  // The stops keep the order given. kBadRequest (rules), kConflict ("routes_limit")
  // past kMaxSavedTripsPerUser.
  Result<SavedTripView> create(UserId user, const SavedTripInput& input);
  // Stores already in the trip may have closed since; stores added must be active.
  // Turning sharing off forgets the share id, so an old link stays dead when it is
  // turned on again.
  Result<SavedTripView> update(UserId user, SavedTripId id, const SavedTripInput& input);
  Result<void> remove(UserId user, SavedTripId id);
  // The trip behind a public link; kNotFound when unknown or no longer shared.
  Result<SavedTripView> shared(std::string_view share_id);

 private:
  // The stores in the order given; kBadRequest naming the ids that are unknown, or not
  // active unless listed in `allowed_inactive`.
  Result<std::vector<Store>> load_stops(std::span<const StoreId> ids, std::span<const StoreId> allowed_inactive);
  Result<TripView> view_of(const SavedTrip& trip);
  Result<SavedTripView> viewed(SavedTrip trip);

  TripDeps deps_;
};

// The trip's stops in the order given, with their legs.
[[nodiscard]] TripView measure_stops(std::optional<LatLng> start, std::vector<Store> stores, bool return_to_start);

}  // namespace pokeca
