#include "pokeca/map/ip_location.hpp"

#include "pokeca/map/store_import.hpp"

namespace pokeca {

std::optional<IpLocation> FirstIpLocator::locate(std::string_view ip) const {
  for (const auto& locator : locators_)
    if (auto found = locator->locate(ip)) return found;
  return std::nullopt;
}

bool usable_ip_location(const IpLocation& location) {
  return is_valid_lat_lng(location.point) && kJapanBounds.contains(location.point);
}

}  // namespace pokeca
