// The trip planner: against brute force on small random instances, never
// worse than the order given, deterministic, and the edge cases.
#include "pokeca/personal/trip_planner.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <limits>
#include <numeric>
#include <optional>
#include <random>
#include <vector>

#include "pokeca/personal/saved_trip.hpp"

namespace pokeca {
namespace {

constexpr std::uint32_t kSeed = 20261123;
constexpr int kInstances = 1000;
constexpr std::size_t kMaxBruteForceStops = 8;
constexpr double kRequiredOptimalShare = 0.95;
constexpr double kTolerance_m = 1e-6;

double length(std::optional<LatLng> start, const std::vector<LatLng>& stops, const std::vector<std::size_t>& order,
              bool back) {
  return measure_trip(start, stops, order, back).total_m;
}

// Every order, with a distance table built once (haversine in metres, as the planner).
double brute_force_best(std::optional<LatLng> start, const std::vector<LatLng>& stops, bool back) {
  const std::size_t n = stops.size();
  std::vector<double> table(n * n);
  std::vector<double> from_start(n, 0.0);
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = 0; b < n; ++b) table[a * n + b] = haversine_km(stops[a], stops[b]) * 1000.0;
    if (start) from_start[a] = haversine_km(*start, stops[a]) * 1000.0;
  }
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  double best = std::numeric_limits<double>::infinity();
  do {
    double total = from_start[order[0]] + (back ? from_start[order[n - 1]] : 0.0);
    for (std::size_t k = 1; k < n; ++k) total += table[order[k - 1] * n + order[k]];
    best = std::min(best, total);
  } while (std::next_permutation(order.begin(), order.end()));
  return best;
}

bool is_permutation_of_indices(const std::vector<std::size_t>& order, std::size_t n) {
  std::vector<std::size_t> sorted = order;
  std::ranges::sort(sorted);
  std::vector<std::size_t> want(n);
  std::iota(want.begin(), want.end(), std::size_t{0});
  return sorted == want;
}

// Stores scattered over a city-sized box (about 20 km × 20 km around Tokyo Station).
struct Instance {
  std::optional<LatLng> start;
  std::vector<LatLng> stops;
  bool back = false;
};

Instance random_instance(std::mt19937& rng, int index) {
  std::uniform_int_distribution<std::size_t> count(kMinTripStops, kMaxBruteForceStops);
  std::uniform_real_distribution<double> lat(35.60, 35.78);
  std::uniform_real_distribution<double> lng(139.65, 139.87);
  Instance in;
  const std::size_t n = count(rng);
  for (std::size_t k = 0; k < n; ++k) in.stops.push_back({lat(rng), lng(rng)});
  // Cycle through the three kinds of trip: no start, a start, a start and back.
  if (index % 3 != 0) in.start = LatLng{lat(rng), lng(rng)};
  in.back = index % 3 == 2;
  return in;
}

TEST(TripPlanner, MatchesBruteForceOnMostSmallInstancesAndIsNeverWorseThanTheInput) {
  std::mt19937 rng(kSeed);
  int optimal = 0;
  for (int i = 0; i < kInstances; ++i) {
    const auto in = random_instance(rng, i);
    const auto planned = plan_trip(in.start, in.stops, in.back);
    ASSERT_TRUE(is_permutation_of_indices(planned.order, in.stops.size())) << "instance " << i;
    std::vector<std::size_t> given(in.stops.size());
    std::iota(given.begin(), given.end(), std::size_t{0});
    const double input_length = length(in.start, in.stops, given, in.back);
    EXPECT_LE(planned.total_m, input_length + kTolerance_m) << "instance " << i;
    EXPECT_NEAR(planned.total_m, length(in.start, in.stops, planned.order, in.back), kTolerance_m);
    if (planned.total_m <= brute_force_best(in.start, in.stops, in.back) + kTolerance_m) ++optimal;
  }
  const double share = static_cast<double>(optimal) / kInstances;
  RecordProperty("optimal_share", std::to_string(share));
  std::cout << "trip planner: optimal on " << optimal << " of " << kInstances << " instances\n";
  EXPECT_GE(share, kRequiredOptimalShare) << optimal << " of " << kInstances << " optimal";
}

TEST(TripPlanner, IsDeterministic) {
  std::mt19937 rng(kSeed + 1);
  std::uniform_real_distribution<double> lat(35.0, 36.0);
  std::uniform_real_distribution<double> lng(139.0, 140.0);
  std::vector<LatLng> stops;
  for (std::size_t k = 0; k < kMaxTripStops; ++k) stops.push_back({lat(rng), lng(rng)});
  const LatLng start{35.5, 139.5};
  const auto first = plan_trip(start, stops, false);
  for (int run = 0; run < 3; ++run) EXPECT_EQ(plan_trip(start, stops, false).order, first.order);
}

TEST(TripPlanner, VisitsStopsOnALineInOrderFromTheStart) {
  // Four stops due east of the start, given shuffled.
  const std::vector<LatLng> stops{{35.0, 139.03}, {35.0, 139.01}, {35.0, 139.04}, {35.0, 139.02}};
  const auto planned = plan_trip(LatLng{35.0, 139.0}, stops, false);
  EXPECT_EQ(planned.order, (std::vector<std::size_t>{1, 3, 0, 2}));
  ASSERT_EQ(planned.leg_m.size(), 4U);
  for (const double leg : planned.leg_m) EXPECT_NEAR(leg, 911.0, 5.0);  // 0.01° of longitude at 35°N
  EXPECT_EQ(planned.return_leg_m, 0);
  EXPECT_NEAR(planned.total_m, 4 * 911.0, 20.0);
}

TEST(TripPlanner, WithoutAStartPicksTheBestFirstStop) {
  // On a line the best open path runs end to end, whatever the order given.
  const std::vector<LatLng> stops{{35.0, 139.02}, {35.0, 139.04}, {35.0, 139.01}, {35.0, 139.03}};
  const auto planned = plan_trip(std::nullopt, stops, false);
  const bool forward = planned.order == std::vector<std::size_t>{2, 0, 3, 1};
  const bool backward = planned.order == std::vector<std::size_t>{1, 3, 0, 2};
  EXPECT_TRUE(forward || backward);
  EXPECT_EQ(planned.leg_m.front(), 0);  // no start: the first stop costs nothing
  EXPECT_NEAR(planned.total_m, 3 * 911.0, 15.0);
}

TEST(TripPlanner, ReturnToStartAddsTheReturnLeg) {
  const std::vector<LatLng> stops{{35.0, 139.01}, {35.0, 139.02}};
  const auto planned = plan_trip(LatLng{35.0, 139.0}, stops, true);
  EXPECT_NEAR(planned.return_leg_m, 2 * 911.0, 10.0);
  EXPECT_NEAR(planned.total_m, 4 * 911.0, 20.0);
  // Without a start there is nothing to return to.
  EXPECT_EQ(plan_trip(std::nullopt, stops, true).return_leg_m, 0);
}

TEST(TripPlanner, EdgeCases) {
  EXPECT_TRUE(plan_trip(LatLng{35, 139}, {}, true).order.empty());
  EXPECT_EQ(plan_trip(LatLng{35, 139}, {}, true).total_m, 0);
  const std::vector<LatLng> one{{35.0, 139.01}};
  const auto single = plan_trip(LatLng{35.0, 139.0}, one, false);
  EXPECT_EQ(single.order, (std::vector<std::size_t>{0}));
  EXPECT_NEAR(single.total_m, 911.0, 5.0);
  // Stops at one spot: any order is zero long; the order given is kept.
  const std::vector<LatLng> same(5, LatLng{35.0, 139.0});
  const auto stacked = plan_trip(std::nullopt, same, false);
  EXPECT_EQ(stacked.order, (std::vector<std::size_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(stacked.total_m, 0);
}

TEST(TripPlanner, HandlesTheMostStopsAndImprovesABadOrder) {
  // A zig-zag across a street given in the worst order.
  std::vector<LatLng> stops;
  for (std::size_t k = 0; k < kMaxTripStops; ++k)
    stops.push_back({35.0 + (k % 2 == 0 ? 0.0 : 0.05), 139.0 + 0.001 * static_cast<double>(k)});
  std::vector<std::size_t> given(stops.size());
  std::iota(given.begin(), given.end(), std::size_t{0});
  const auto planned = plan_trip(LatLng{35.0, 139.0}, stops, false);
  EXPECT_TRUE(is_permutation_of_indices(planned.order, stops.size()));
  EXPECT_LT(planned.total_m, 0.25 * measure_trip(LatLng{35.0, 139.0}, stops, given, false).total_m);
}

TEST(MeasureTrip, SumsTheLegsInTheOrderGiven) {
  const std::vector<LatLng> stops{{35.0, 139.02}, {35.0, 139.01}};
  const std::vector<std::size_t> order{0, 1};
  const auto measured = measure_trip(LatLng{35.0, 139.0}, stops, order, true);
  ASSERT_EQ(measured.leg_m.size(), 2U);
  EXPECT_NEAR(measured.leg_m[0], 2 * 911.0, 10.0);
  EXPECT_NEAR(measured.leg_m[1], 911.0, 5.0);
  EXPECT_NEAR(measured.return_leg_m, 911.0, 5.0);
  EXPECT_NEAR(measured.total_m, 4 * 911.0, 20.0);
}

}  // namespace
}  // namespace pokeca
