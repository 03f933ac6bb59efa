// The trip planner: time to order 10 and 25 stops, over 1,000 random
// instances (stores scattered over central Tokyo, a start point; /25/1 also returns to
// it), as p50 and p99 per instance of this thread's CPU time and of wall time. Figures in
// bench/RESULTS.md. Run from the build directory (scripts/build.sh bench → out/bench):
//   ./bench/trip_bench --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <random>
#include <vector>

#include "pokeca/personal/trip_planner.hpp"

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

// This thread's CPU time: on a shared, overloaded machine wall time mostly measures
// the scheduler; CPU time measures the planner. Both are reported.
double thread_cpu_us() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e6 + static_cast<double>(ts.tv_nsec) / 1e3;
}

double percentile(std::vector<double> sorted_us, double p) {
  const auto index = static_cast<std::size_t>(p * static_cast<double>(sorted_us.size() - 1));
  return sorted_us[index];
}

// One pass over the 1,000 instances per iteration; counters give the per-instance
// distribution of that pass (in microseconds).
void BM_plan_trip(benchmark::State& state) {
  const auto stops = static_cast<std::size_t>(state.range(0));
  const bool back = state.range(1) != 0;
  const auto all = instances(stops);
  std::vector<double> wall_us;
  std::vector<double> cpu_us;
  wall_us.reserve(all.size());
  cpu_us.reserve(all.size());
  for (auto _ : state) {
    wall_us.clear();
    cpu_us.clear();
    for (const auto& in : all) {
      const double c0 = thread_cpu_us();
      const auto t0 = std::chrono::steady_clock::now();
      auto planned = plan_trip(in.start, in.stops, back);
      benchmark::DoNotOptimize(planned);
      const auto t1 = std::chrono::steady_clock::now();
      cpu_us.push_back(thread_cpu_us() - c0);
      wall_us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    }
  }
  std::ranges::sort(wall_us);
  std::ranges::sort(cpu_us);
  state.counters["cpu_p50_us"] = percentile(cpu_us, 0.50);
  state.counters["cpu_p99_us"] = percentile(cpu_us, 0.99);
  state.counters["cpu_max_us"] = cpu_us.back();
  state.counters["wall_p50_us"] = percentile(wall_us, 0.50);
  state.counters["wall_p99_us"] = percentile(wall_us, 0.99);
  state.SetItemsProcessed(state.iterations() * kInstances);
}
BENCHMARK(BM_plan_trip)->Args({10, 0})->Args({25, 0})->Args({25, 1})->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
