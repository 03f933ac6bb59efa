#pragma once
// Routes: order stores into a route (POST /routes/plan) and keep an
// account's saved routes, optionally shared by a public read-only link.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/auth_ports.hpp"
#include "pokeca/errors.hpp"
#include "pokeca/ports.hpp"
#include "pokeca/route_planner.hpp"
#include "pokeca/saved_route.hpp"
#include "pokeca/time.hpp"

namespace pokeca {

struct RouteDeps {
  StoreRepository& stores;
  SavedRouteRepository& routes;
  TokenCrypto& tokens;  // random_token() makes the unguessable share ids
  const Clock& clock;
};

// A stop as it is now: its store (any status; a hidden or closed store stays in saved
// routes) and the distance to it from the previous stop or the start.
struct RouteStop {
  Store store;
  double leg_m = 0;
};

struct RouteView {
  std::optional<LatLng> start;
  bool return_to_start = false;
  std::vector<RouteStop> stops;
  double return_leg_m = 0;
  double total_m = 0;
};

struct RoutePlanInput {
  std::optional<LatLng> start;
  std::vector<StoreId> store_ids;
  bool return_to_start = false;
};

// POST/PUT /saved_routes. Absent members keep the route's value on update (create
// needs name and store_ids). `start`: absent / null (no start) / a point.
struct SavedRouteInput {
  std::optional<std::string> name;
  std::optional<std::optional<LatLng>> start;
  std::optional<std::vector<StoreId>> store_ids;
  std::optional<bool> return_to_start;
  std::optional<bool> share;
};

struct SavedRouteView {
  SavedRoute route;
  RouteView view;
};

class RouteService {
 public:
  explicit RouteService(RouteDeps deps) : deps_(deps) {}

  // The stops in a short order (route_planner). kBadRequest for a bad stop list or
  // start, and naming the ids that are unknown or not active.
  Result<RouteView> plan(const RoutePlanInput& input);

  Result<std::vector<SavedRoute>> list(UserId user);
  // kNotFound unless the account owns it.
  Result<SavedRouteView> get(UserId user, SavedRouteId id);
  // The stops keep the order given. kBadRequest (rules), kConflict ("routes_limit")
  // past kMaxSavedRoutesPerUser.
  Result<SavedRouteView> create(UserId user, const SavedRouteInput& input);
  // Stores already in the route may have closed since; stores added must be active.
  // Turning sharing off forgets the share id, so an old link stays dead when it is
  // turned on again.
  Result<SavedRouteView> update(UserId user, SavedRouteId id, const SavedRouteInput& input);
  Result<void> remove(UserId user, SavedRouteId id);
  // The route behind a public link; kNotFound when unknown or no longer shared.
  Result<SavedRouteView> shared(std::string_view share_id);

 private:
  // The stores in the order given; kBadRequest naming the ids that are unknown, or not
  // active unless listed in `allowed_inactive`.
  Result<std::vector<Store>> load_stops(std::span<const StoreId> ids, std::span<const StoreId> allowed_inactive);
  Result<RouteView> view_of(const SavedRoute& route);
  Result<SavedRouteView> viewed(SavedRoute route);

  RouteDeps deps_;
};

// The route's stops in the order given, with their legs.
[[nodiscard]] RouteView measure_stops(std::optional<LatLng> start, std::vector<Store> stores, bool return_to_start);

}  // namespace pokeca
