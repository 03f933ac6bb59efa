#pragma once
// Orders the stops of a shop-hopping trip (PRODUCT.md §6): the shortest walk we can
// find quickly through every stop, from an optional start point and optionally back to
// it. Distances are great-circle (haversine) metres. Pure and deterministic: the same
// input always gives the same order.
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "pokeca/shared/geo.hpp"

namespace pokeca {

// A stop order with its distances. `order[k]` is the index (into the stops given) of
// the k-th stop; `leg_m[k]` the distance to it from the previous stop (from the start
// for the first stop; 0 for the first stop when there is no start).
struct PlannedTrip {
  std::vector<std::size_t> order;
  std::vector<double> leg_m;
  double return_leg_m = 0;  // last stop → start; 0 unless returning to a start
  double total_m = 0;       // the legs plus the return leg
};

// The distances of `stops` visited in `order` (a permutation of their indices).
// `return_to_start` counts only with a start.
[[nodiscard]] PlannedTrip measure_trip(std::optional<LatLng> start, std::span<const LatLng> stops,
                                       std::span<const std::size_t> order, bool return_to_start);

// A short order through every stop: nearest neighbour (from the start, or from each
// possible first stop), the order given as one more candidate, each improved by 2-opt
// and or-opt moves until none helps; the shortest wins (ties: the earlier candidate).
// Never longer than the order given. Fast enough for kMaxTripStops in well under a
// millisecond (bench/core_bench.cpp).
[[nodiscard]] PlannedTrip plan_trip(std::optional<LatLng> start, std::span<const LatLng> stops, bool return_to_start);

}  // namespace pokeca
