#include "pokeca/shared/geo.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace pokeca {
namespace {
constexpr double kDegToRad = std::numbers::pi / 180.0;
}

bool is_valid_lat_lng(LatLng p) {
  return std::isfinite(p.lat) && std::isfinite(p.lng) && p.lat >= -90 && p.lat <= 90 && p.lng >= -180 && p.lng <= 180;
}

bool is_valid_bbox(const BoundingBox& b) {
  return is_valid_lat_lng({b.min_lat, b.min_lng}) && is_valid_lat_lng({b.max_lat, b.max_lng}) &&
         b.min_lat < b.max_lat && b.min_lng < b.max_lng;
}

double haversine_km(LatLng a, LatLng b) {
  const double dlat = (b.lat - a.lat) * kDegToRad;
  const double dlng = (b.lng - a.lng) * kDegToRad;
  const double s = std::sin(dlat / 2) * std::sin(dlat / 2) +
                   std::cos(a.lat * kDegToRad) * std::cos(b.lat * kDegToRad) * std::sin(dlng / 2) * std::sin(dlng / 2);
  return 2 * kEarthRadiusKm * std::asin(std::min(1.0, std::sqrt(s)));
}

BoundingBox bbox_around(LatLng c, double radius_km) {
  const double dlat = radius_km / kEarthRadiusKm / kDegToRad;
  // Longitude degrees shrink with latitude; use the widest latitude in the box.
  const double widest = std::min(89.0, std::abs(c.lat) + dlat);
  const double dlng = dlat / std::cos(widest * kDegToRad);
  return {std::max(-180.0, c.lng - dlng), std::max(-90.0, c.lat - dlat), std::min(180.0, c.lng + dlng),
          std::min(90.0, c.lat + dlat)};
}

}  // namespace pokeca
