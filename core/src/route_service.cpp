#include "pokeca/route_service.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "pokeca/messages.hpp"
#include "pokeca/text.hpp"

namespace pokeca {
namespace {

constexpr std::string_view kRoutesLimitCode = "routes_limit";

std::vector<LatLng> locations_of(const std::vector<Store>& stores) {
  std::vector<LatLng> points;
  points.reserve(stores.size());
  for (const auto& s : stores) points.push_back(s.location);
  return points;
}

bool contains(std::span<const StoreId> ids, StoreId id) { return std::ranges::find(ids, id) != ids.end(); }

}  // namespace

RouteView measure_stops(std::optional<LatLng> start, std::vector<Store> stores, bool return_to_start) {
  const auto points = locations_of(stores);
  std::vector<std::size_t> order(stores.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  const auto measured = measure_route(start, points, order, return_to_start);
  RouteView view;
  view.start = start;
  view.return_to_start = start && return_to_start;
  view.stops.reserve(stores.size());
  for (std::size_t k = 0; k < stores.size(); ++k) view.stops.push_back({std::move(stores[k]), measured.leg_m[k]});
  view.return_leg_m = measured.return_leg_m;
  view.total_m = measured.total_m;
  return view;
}

Result<std::vector<Store>> RouteService::load_stops(std::span<const StoreId> ids,
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
    return fail(ErrorCode::kBadRequest, fill_placeholder(msg::kRouteUnknownStores, "{ids}", refused));
  return stores;
}

Result<RouteView> RouteService::plan(const RoutePlanInput& input) {
  if (auto ok = check_route_stops(input.store_ids); !ok) return std::unexpected(ok.error());
  if (auto ok = check_route_start(input.start); !ok) return std::unexpected(ok.error());
  auto stores = load_stops(input.store_ids, {});
  if (!stores) return std::unexpected(stores.error());
  const auto points = locations_of(*stores);
  const auto planned = plan_route(input.start, points, input.return_to_start);
  std::vector<Store> ordered;
  ordered.reserve(stores->size());
  for (const std::size_t k : planned.order) ordered.push_back((*stores)[k]);
  return measure_stops(input.start, std::move(ordered), input.return_to_start);
}

Result<RouteView> RouteService::view_of(const SavedRoute& route) {
  std::vector<Store> stores;
  stores.reserve(route.store_ids.size());
  for (const StoreId id : route.store_ids) {
    auto found = deps_.stores.find(id);
    if (!found) return std::unexpected(found.error());
    if (*found) {
      stores.push_back(std::move(**found));
    } else {  // stores are never deleted under a route; should one be, show it as closed
      Store gone;
      gone.id = id;
      gone.status = StoreStatus::kClosed;
      stores.push_back(std::move(gone));
    }
  }
  return measure_stops(route.start, std::move(stores), route.return_to_start);
}

Result<SavedRouteView> RouteService::viewed(SavedRoute route) {
  auto view = view_of(route);
  if (!view) return std::unexpected(view.error());
  return SavedRouteView{std::move(route), std::move(*view)};
}

Result<std::vector<SavedRoute>> RouteService::list(UserId user) { return deps_.routes.list_for_user(user); }

Result<SavedRouteView> RouteService::get(UserId user, SavedRouteId id) {
  auto found = id > 0 ? deps_.routes.find_for_user(user, id) : Result<std::optional<SavedRoute>>(std::nullopt);
  if (!found) return std::unexpected(found.error());
  if (!*found) return fail(ErrorCode::kNotFound, msg::kRouteNotFound);
  return viewed(std::move(**found));
}

Result<SavedRouteView> RouteService::create(UserId user, const SavedRouteInput& input) {
  auto name = check_route_name(input.name.value_or(""));
  if (!name) return std::unexpected(name.error());
  const auto ids = input.store_ids.value_or(std::vector<StoreId>{});
  if (auto ok = check_route_stops(ids); !ok) return std::unexpected(ok.error());
  const auto start = input.start.value_or(std::nullopt);
  if (auto ok = check_route_start(start); !ok) return std::unexpected(ok.error());
  auto stores = load_stops(ids, {});
  if (!stores) return std::unexpected(stores.error());

  SavedRoute route;
  route.user_id = user;
  route.name = std::move(*name);
  route.start = start;
  route.return_to_start = start && input.return_to_start.value_or(false);
  route.store_ids = ids;
  auto view = measure_stops(start, std::move(*stores), route.return_to_start);
  route.total_m = view.total_m;
  if (input.share.value_or(false)) route.share_id = deps_.tokens.random_token();
  route.created_at = route.updated_at = deps_.clock.now();
  auto saved = deps_.routes.insert(route, kMaxSavedRoutesPerUser);
  if (!saved) return std::unexpected(saved.error());
  if (!*saved)
    return fail(ErrorCode::kConflict,
                fill_placeholder(msg::kRouteLimitReached, "{max}", std::to_string(kMaxSavedRoutesPerUser)),
                kRoutesLimitCode);
  return SavedRouteView{std::move(**saved), std::move(view)};
}

Result<SavedRouteView> RouteService::update(UserId user, SavedRouteId id, const SavedRouteInput& input) {
  auto found = id > 0 ? deps_.routes.find_for_user(user, id) : Result<std::optional<SavedRoute>>(std::nullopt);
  if (!found) return std::unexpected(found.error());
  if (!*found) return fail(ErrorCode::kNotFound, msg::kRouteNotFound);
  SavedRoute route = std::move(**found);

  if (input.name) {
    auto name = check_route_name(*input.name);
    if (!name) return std::unexpected(name.error());
    route.name = std::move(*name);
  }
  if (input.start) {
    if (auto ok = check_route_start(*input.start); !ok) return std::unexpected(ok.error());
    route.start = *input.start;
  }
  if (input.return_to_start) route.return_to_start = *input.return_to_start;
  route.return_to_start = route.start && route.return_to_start;
  if (input.store_ids) {
    if (auto ok = check_route_stops(*input.store_ids); !ok) return std::unexpected(ok.error());
    auto stores = load_stops(*input.store_ids, route.store_ids);
    if (!stores) return std::unexpected(stores.error());
    route.store_ids = *input.store_ids;
  }
  if (input.share) {
    if (!*input.share)
      route.share_id.reset();
    else if (!route.share_id)
      route.share_id = deps_.tokens.random_token();
  }
  auto view = view_of(route);
  if (!view) return std::unexpected(view.error());
  route.total_m = view->total_m;
  route.updated_at = deps_.clock.now();
  auto updated = deps_.routes.update(route);
  if (!updated) return std::unexpected(updated.error());
  if (!*updated) return fail(ErrorCode::kNotFound, msg::kRouteNotFound);  // deleted meanwhile
  return SavedRouteView{std::move(route), std::move(*view)};
}

Result<void> RouteService::remove(UserId user, SavedRouteId id) {
  auto removed = id > 0 ? deps_.routes.remove(user, id) : Result<bool>(false);
  if (!removed) return std::unexpected(removed.error());
  if (!*removed) return fail(ErrorCode::kNotFound, msg::kRouteNotFound);
  return {};
}

Result<SavedRouteView> RouteService::shared(std::string_view share_id) {
  if (share_id.empty()) return fail(ErrorCode::kNotFound, msg::kSharedRouteNotFound);
  auto found = deps_.routes.find_shared(share_id);
  if (!found) return std::unexpected(found.error());
  if (!*found) return fail(ErrorCode::kNotFound, msg::kSharedRouteNotFound);
  return viewed(std::move(**found));
}

}  // namespace pokeca
