#include "pokeca/personal/saved_trip.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/shown_text.hpp"
#include "pokeca/shared/text.hpp"
#include "pokeca/shared/utf8.hpp"

namespace pokeca {

Result<void> check_trip_stops(std::span<const StoreId> store_ids) {
  if (store_ids.size() < kMinTripStops)
    return fail(ErrorCode::kBadRequest,
                fill_placeholder(msg::kTripTooFewStops, "{min}", std::to_string(kMinTripStops)));
  if (store_ids.size() > kMaxTripStops)
    return fail(ErrorCode::kBadRequest,
                fill_placeholder(msg::kTripTooManyStops, "{max}", std::to_string(kMaxTripStops)));
  if (std::ranges::any_of(store_ids, [](StoreId id) { return id <= 0; }))
    return fail(ErrorCode::kBadRequest, msg::kTripBadStoreIds);
  std::vector<StoreId> sorted(store_ids.begin(), store_ids.end());
  std::ranges::sort(sorted);
  if (std::ranges::adjacent_find(sorted) != sorted.end()) return fail(ErrorCode::kBadRequest, msg::kTripDuplicateStop);
  return {};
}

Result<std::string> check_trip_name(std::string_view raw) {
  if (!is_valid_utf8(raw)) return fail(ErrorCode::kBadRequest, msg::kTripNameBadText);
  const auto name = trim_spaces(raw);
  if (name.empty()) return fail(ErrorCode::kBadRequest, msg::kTripNameRequired);
  if (has_control_character(name)) return fail(ErrorCode::kBadRequest, msg::kTripNameBadText);
  if (auto ok = check_shown_text(name, msg::kFieldTripName); !ok) return std::unexpected(ok.error());
  if (utf8_length(name) > kMaxTripNameChars)
    return fail(ErrorCode::kBadRequest,
                fill_placeholder(msg::kTripNameTooLong, "{max}", std::to_string(kMaxTripNameChars)));
  return std::string(name);
}

Result<void> check_trip_start(std::optional<LatLng> start) {
  if (start && !is_valid_lat_lng(*start)) return fail(ErrorCode::kBadRequest, msg::kTripBadStart);
  return {};
}

}  // namespace pokeca
