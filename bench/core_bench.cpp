// Core's pure functions: clustering math, query parsing, great-circle distance, the
// embedded gazetteer and the demo generator. Figures in bench/RESULTS.md. Run from
// the build directory:
//   ./bench/core_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "pokeca/demo/demo_dataset.hpp"
#include "pokeca/embedded_data.hpp"
#include "pokeca/map/clustering.hpp"
#include "pokeca/map/gazetteer.hpp"
#include "pokeca/map/store_query.hpp"
#include "pokeca/shared/geo.hpp"

namespace {

using namespace pokeca;

constexpr UnixSeconds kBenchNow = 1'763'700'000;  // 2025-11-21
constexpr LatLng kShinjuku{35.6938, 139.7036};
constexpr LatLng kSapporo{43.0618, 141.3545};
constexpr BoundingBox kTokyoZoom12{139.4839, 35.5818, 139.9233, 35.8052};  // 1280×800 px at zoom 12
constexpr BoundingBox kAllJapan{122.9, 24.0, 146.0, 45.6};

// splitmix64, so every run benchmarks the same inputs.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  std::uint64_t state_;
};

// Points inside Japan's box: a different one each iteration defeats constant folding.
std::vector<LatLng> japan_points(std::size_t n, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<LatLng> out(n);
  for (auto& p : out)
    p = {kAllJapan.min_lat + rng.unit() * kAllJapan.height_deg(),
         kAllJapan.min_lng + rng.unit() * kAllJapan.width_deg()};
  return out;
}

// Points concentrated around Tokyo (σ ≈ 0.1°), like the stores of a zoom-12 view.
std::vector<LatLng> tokyo_points(std::size_t n, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<LatLng> out(n);
  for (auto& p : out) {
    const double u = rng.unit() + rng.unit() + rng.unit() - 1.5;  // ≈ normal, σ 0.5
    const double v = rng.unit() + rng.unit() + rng.unit() - 1.5;
    p = {kShinjuku.lat + u * 0.2, kShinjuku.lng + v * 0.25};
  }
  return out;
}

const Gazetteer& gazetteer() {
  static const Gazetteer g = [] {
    auto r = Gazetteer::from_tsv(data::kGazetteerTsv);
    if (!r) throw std::runtime_error("gazetteer: " + r.error().message);
    return std::move(*r);
  }();
  return g;
}

void BM_cell_of(benchmark::State& state) {
  const auto points = japan_points(1024, 1);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(cell_of(points[i++ & 1023], kMaxCellLevel));
  }
}
BENCHMARK(BM_cell_of);

void BM_cells_covering(benchmark::State& state) {
  BoundingBox box = kTokyoZoom12;
  for (auto _ : state) {
    benchmark::DoNotOptimize(box);
    benchmark::DoNotOptimize(cells_covering(box, kMaxCellLevel));
  }
}
BENCHMARK(BM_cells_covering);

void BM_cell_range_for_view_all_japan_zoom12(benchmark::State& state) {
  // The coarsening loop at its worst: a huge box at a deep zoom.
  BoundingBox box = kAllJapan;
  for (auto _ : state) {
    benchmark::DoNotOptimize(box);
    benchmark::DoNotOptimize(cell_range_for_view(box, 12));
  }
}
BENCHMARK(BM_cell_range_for_view_all_japan_zoom12);

// 2,000 aggregate rows as storage returns them: one row per (cell, store type), so
// several rows share a key; unsorted. Cells from points spread over 1°×1° around Tokyo.
void BM_clusters_from_cells_2000_rows(benchmark::State& state) {
  Rng rng(3);
  std::vector<LatLng> points(20'000);
  for (auto& p : points) p = {35.2 + rng.unit(), 139.2 + rng.unit()};
  auto cells = aggregate_points(points, 12);
  std::vector<CellAggregate> rows;
  for (const auto& c : cells) {
    const int split = 1 + static_cast<int>(rng.next() % 3);  // 1–3 store types per cell
    for (int k = 0; k < split; ++k) {
      CellAggregate part = c;
      part.count = c.count / split + (k == 0 ? c.count % split : 0);
      part.sum_lat = c.sum_lat / split;
      part.sum_lng = c.sum_lng / split;
      rows.push_back(part);
    }
  }
  rows.resize(std::min<std::size_t>(rows.size(), 2000));
  if (rows.size() != 2000) {
    state.SkipWithError(("expected 2000 rows, got " + std::to_string(rows.size())).c_str());
    return;
  }
  for (std::size_t i = rows.size() - 1; i > 0; --i) std::swap(rows[i], rows[rng.next() % (i + 1)]);
  std::size_t clusters = 0;
  for (auto _ : state) {
    const auto out = clusters_from_cells(rows);
    clusters = out.size();
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["clusters"] = static_cast<double>(clusters);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * 2000);
}
BENCHMARK(BM_clusters_from_cells_2000_rows)->Unit(benchmark::kMicrosecond);

void BM_aggregate_points_10000(benchmark::State& state) {
  const int level = static_cast<int>(state.range(0));
  const auto points = tokyo_points(10'000, 4);
  std::size_t cells = 0;
  for (auto _ : state) {
    const auto out = aggregate_points(points, level);
    cells = out.size();
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["cells"] = static_cast<double>(cells);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * 10'000);
}
BENCHMARK(BM_aggregate_points_10000)->Arg(5)->Arg(12)->Unit(benchmark::kMicrosecond);

void BM_parse_store_query_bbox_filters(benchmark::State& state) {
  StoreQueryInput in;
  in.bbox = "139.6823,35.6712,139.7249,35.7163";
  in.type = "card_shop,convenience,electronics";
  in.product = "packs";
  in.reported_within_hours = "24";
  in.limit = "300";
  for (auto _ : state) {
    auto q = parse_store_query(in, kBenchNow);
    if (!q) state.SkipWithError("parse failed");
    benchmark::DoNotOptimize(q);
  }
}
BENCHMARK(BM_parse_store_query_bbox_filters);

void BM_parse_store_query_near(benchmark::State& state) {
  StoreQueryInput in;
  in.lat = "35.69";
  in.lng = "139.70";
  in.radius_km = "5";
  for (auto _ : state) {
    auto q = parse_store_query(in, kBenchNow);
    if (!q) state.SkipWithError("parse failed");
    benchmark::DoNotOptimize(q);
  }
}
BENCHMARK(BM_parse_store_query_near);

void BM_parse_store_query_prefecture(benchmark::State& state) {
  StoreQueryInput in;
  in.prefecture = "tokyo";
  for (auto _ : state) {
    auto q = parse_store_query(in, kBenchNow);
    if (!q) state.SkipWithError("parse failed");
    benchmark::DoNotOptimize(q);
  }
}
BENCHMARK(BM_parse_store_query_prefecture);

void BM_haversine_km(benchmark::State& state) {
  const auto points = japan_points(1024, 5);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(haversine_km(points[i & 1023], points[(i + 1) & 1023]));
    ++i;
  }
}
BENCHMARK(BM_haversine_km);

void BM_gazetteer_from_tsv(benchmark::State& state) {
  for (auto _ : state) {
    auto g = Gazetteer::from_tsv(data::kGazetteerTsv);
    benchmark::DoNotOptimize(g);
  }
  state.counters["municipalities"] = static_cast<double>(gazetteer().all().size());
}
BENCHMARK(BM_gazetteer_from_tsv)->Unit(benchmark::kMicrosecond);

// Three shapes of address: with the prefecture (the common case), with a county
// before the town, and a city name alone (searched across all municipalities).
void BM_gazetteer_locate_address(benchmark::State& state) {
  static const char* const kAddresses[] = {"東京都新宿区西新宿2-8-1", "〒048-1511 北海道虻田郡ニセコ町字富士見95",
                                           "横浜市西区みなとみらい2-2-1"};
  const std::string address = kAddresses[state.range(0)];
  const auto& g = gazetteer();
  for (auto _ : state) {
    auto m = g.locate_address(address);
    if (!m || !m->municipality) state.SkipWithError("address not located");
    benchmark::DoNotOptimize(m);
  }
  state.SetLabel(address);
}
BENCHMARK(BM_gazetteer_locate_address)->DenseRange(0, 2)->Unit(benchmark::kMicrosecond);

void BM_gazetteer_nearest(benchmark::State& state) {
  const auto& g = gazetteer();
  const LatLng points[] = {kShinjuku, kSapporo, {33.5902, 130.4017}, {26.2124, 127.6809}};
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(g.nearest(points[i++ & 3]));
}
BENCHMARK(BM_gazetteer_nearest)->Unit(benchmark::kMicrosecond);

void BM_generate_demo_dataset_12000(benchmark::State& state) {
  auto sources = parse_demo_sources(data::kStoreNamesTsv, data::kAreaWordsTsv, data::kPokemonCentersTsv);
  if (!sources) throw std::runtime_error("demo sources: " + sources.error().message);
  const auto& g = gazetteer();
  std::size_t stores = 0, reports = 0;
  for (auto _ : state) {
    const auto d = generate_demo_dataset(g, *sources, kDemoSeed, kDemoStoreCount, kBenchNow);
    stores = d.stores.size();
    reports = d.reports.size();
    benchmark::DoNotOptimize(d.stores.data());
  }
  state.counters["stores"] = static_cast<double>(stores);
  state.counters["reports"] = static_cast<double>(reports);
}
BENCHMARK(BM_generate_demo_dataset_12000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
