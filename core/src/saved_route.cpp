#include "pokeca/saved_route.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "pokeca/messages.hpp"
#include "pokeca/shown_text.hpp"
#include "pokeca/text.hpp"
#include "pokeca/utf8.hpp"

namespace pokeca {

Result<void> check_route_stops(std::span<const StoreId> store_ids) {
  if (store_ids.size() < kMinRouteStops)
    return fail(ErrorCode::kBadRequest,
                fill_placeholder(msg::kRouteTooFewStops, "{min}", std::to_string(kMinRouteStops)));
  if (store_ids.size() > kMaxRouteStops)
    return fail(ErrorCode::kBadRequest,
                fill_placeholder(msg::kRouteTooManyStops, "{max}", std::to_string(kMaxRouteStops)));
  if (std::ranges::any_of(store_ids, [](StoreId id) { return id <= 0; }))
    return fail(ErrorCode::kBadRequest, msg::kRouteBadStoreIds);
  std::vector<StoreId> sorted(store_ids.begin(), store_ids.end());
  std::ranges::sort(sorted);
  if (std::ranges::adjacent_find(sorted) != sorted.end()) return fail(ErrorCode::kBadRequest, msg::kRouteDuplicateStop);
  return {};
}

Result<std::string> check_route_name(std::string_view raw) {
  if (!is_valid_utf8(raw)) return fail(ErrorCode::kBadRequest, msg::kRouteNameBadText);
  const auto name = trim_spaces(raw);
  if (name.empty()) return fail(ErrorCode::kBadRequest, msg::kRouteNameRequired);
  if (has_control_character(name)) return fail(ErrorCode::kBadRequest, msg::kRouteNameBadText);
  if (auto ok = check_shown_text(name, msg::kFieldRouteName); !ok) return std::unexpected(ok.error());
  if (utf8_length(name) > kMaxRouteNameChars)
    return fail(ErrorCode::kBadRequest,
                fill_placeholder(msg::kRouteNameTooLong, "{max}", std::to_string(kMaxRouteNameChars)));
  return std::string(name);
}

Result<void> check_route_start(std::optional<LatLng> start) {
  if (start && !is_valid_lat_lng(*start)) return fail(ErrorCode::kBadRequest, msg::kRouteBadStart);
  return {};
}

}  // namespace pokeca
