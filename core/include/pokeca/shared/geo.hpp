#pragma once
// Points, boxes and great-circle distance (WGS84, degrees).
#include <optional>

namespace pokeca {

struct LatLng {
  double lat = 0;
  double lng = 0;
};

// A box in the order of Leaflet's toBBoxString(): minLng,minLat,maxLng,maxLat.
struct BoundingBox {
  double min_lng = 0;
  double min_lat = 0;
  double max_lng = 0;
  double max_lat = 0;

  [[nodiscard]] bool contains(LatLng p) const {
    return p.lat >= min_lat && p.lat <= max_lat && p.lng >= min_lng && p.lng <= max_lng;
  }
  [[nodiscard]] double width_deg() const { return max_lng - min_lng; }
  [[nodiscard]] double height_deg() const { return max_lat - min_lat; }
};

inline constexpr double kEarthRadiusKm = 6371.0088;

[[nodiscard]] bool is_valid_lat_lng(LatLng p);
// A valid box: finite, ordered (min < max) and within world ranges.
[[nodiscard]] bool is_valid_bbox(const BoundingBox& box);
[[nodiscard]] double haversine_km(LatLng a, LatLng b);
// The smallest box that holds every point within radius_km of centre.
[[nodiscard]] BoundingBox bbox_around(LatLng centre, double radius_km);

}  // namespace pokeca
