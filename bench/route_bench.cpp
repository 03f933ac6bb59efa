// The route planner (issue 10): time to order 10 and 25 stops, over 1,000 random
// instances (stores scattered over central Tokyo, a start point, no return), as p50 and
// p99 per instance. Figures in bench/RESULTS.md. Run from the build directory:
//   ./bench/route_bench
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <random>
#include <vector>

#include "pokeca/route_planner.hpp"

namespace {

using namespace pokeca;

constexpr int kInstances = 1000;
constexpr std::uint32_t kSeed = 20261123;

struct Instance {
  LatLng start;
  std::vector<LatLng> stops;
};

std::vector<Instance> instances(std::size_t stops) {
  std::mt19937 rng(kSeed + static_cast<std::uint32_t>(stops));
  std::uniform_real_distribution<double> lat(35.60, 35.78);
  std::uniform_real_distribution<double> lng(139.65, 139.87);
  std::vector<Instance> out(kInstances);
  for (auto& in : out) {
    in.start = {lat(rng), lng(rng)};
    for (std::size_t k = 0; k < stops; ++k) in.stops.push_back({lat(rng), lng(rng)});
  }
  return out;
}

double percentile(std::vector<double> sorted_us, double p) {
  const auto index = static_cast<std::size_t>(p * static_cast<double>(sorted_us.size() - 1));
  return sorted_us[index];
}

// One pass over the 1,000 instances per iteration; counters give the per-instance
// distribution of that pass (in microseconds).
void BM_plan_route(benchmark::State& state) {
  const auto stops = static_cast<std::size_t>(state.range(0));
  const bool back = state.range(1) != 0;
  const auto all = instances(stops);
  std::vector<double> times_us;
  times_us.reserve(all.size());
  for (auto _ : state) {
    times_us.clear();
    for (const auto& in : all) {
      const auto t0 = std::chrono::steady_clock::now();
      auto planned = plan_route(in.start, in.stops, back);
      benchmark::DoNotOptimize(planned);
      const auto t1 = std::chrono::steady_clock::now();
      times_us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    }
  }
  std::ranges::sort(times_us);
  state.counters["p50_us"] = percentile(times_us, 0.50);
  state.counters["p99_us"] = percentile(times_us, 0.99);
  state.counters["max_us"] = times_us.back();
  state.SetItemsProcessed(state.iterations() * kInstances);
}
BENCHMARK(BM_plan_route)->Args({10, 0})->Args({25, 0})->Args({25, 1})->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
