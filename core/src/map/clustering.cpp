#include "pokeca/map/clustering.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <tuple>
#include <unordered_map>

namespace pokeca {
namespace {

constexpr double kMaxMercatorLat = 85.05112878;  // Web Mercator's square world
constexpr int kTilePx = 256;

double mercator_x(double lng) { return (lng + 180.0) / 360.0; }

double mercator_y(double lat) {
  const double phi = std::clamp(lat, -kMaxMercatorLat, kMaxMercatorLat) * std::numbers::pi / 180.0;
  return (1.0 - std::log(std::tan(phi) + 1.0 / std::cos(phi)) / std::numbers::pi) / 2.0;
}

double lng_of(double x) { return x * 360.0 - 180.0; }
double lat_of(double y) { return std::atan(std::sinh(std::numbers::pi * (1.0 - 2.0 * y))) * 180.0 / std::numbers::pi; }

std::int64_t to_index(double unit, std::int64_t n) {
  return std::clamp<std::int64_t>(static_cast<std::int64_t>(std::floor(unit * static_cast<double>(n))), 0, n - 1);
}

bool key_less(const CellKey& a, const CellKey& b) { return std::tie(a.level, a.x, a.y) < std::tie(b.level, b.x, b.y); }

}  // namespace

std::int64_t cells_per_axis(int level) { return (std::int64_t{1} << level) * (kTilePx / kClusterCellPx); }

CellKey cell_of(LatLng p, int level) {
  const auto n = cells_per_axis(level);
  return {level, to_index(mercator_x(p.lng), n), to_index(mercator_y(p.lat), n)};
}

BoundingBox cell_bounds(const CellKey& key) {
  const auto n = static_cast<double>(cells_per_axis(key.level));
  return {lng_of(static_cast<double>(key.x) / n), lat_of(static_cast<double>(key.y + 1) / n),
          lng_of(static_cast<double>(key.x + 1) / n), lat_of(static_cast<double>(key.y) / n)};
}

CellRange cells_covering(const BoundingBox& box, int level) {
  const auto n = cells_per_axis(level);
  // y grows southwards, so the north edge gives the smallest y.
  return {level, to_index(mercator_x(box.min_lng), n), to_index(mercator_x(box.max_lng), n),
          to_index(mercator_y(box.max_lat), n), to_index(mercator_y(box.min_lat), n)};
}

int cell_level_for_zoom(int zoom) { return std::clamp(zoom, 0, kMaxCellLevel); }

CellRange cell_range_for_view(const BoundingBox& box, int zoom) {
  auto range = cells_covering(box, cell_level_for_zoom(zoom));
  while (range.level > 0 && range.cell_count() > kMaxCellsPerQuery) range = cells_covering(box, range.level - 1);
  return range;
}

std::vector<Cluster> clusters_from_cells(std::span<const CellAggregate> cells) {
  std::vector<CellAggregate> sorted(cells.begin(), cells.end());
  std::sort(sorted.begin(), sorted.end(),
            [](const CellAggregate& a, const CellAggregate& b) { return key_less(a.key, b.key); });
  std::vector<Cluster> out;
  for (std::size_t i = 0; i < sorted.size();) {
    CellAggregate sum = sorted[i];
    std::size_t j = i + 1;
    for (; j < sorted.size() && sorted[j].key == sum.key; ++j) {
      sum.count += sorted[j].count;
      sum.sum_lat += sorted[j].sum_lat;
      sum.sum_lng += sorted[j].sum_lng;
    }
    if (sum.count > 0) {
      const double n = static_cast<double>(sum.count);
      out.push_back({{sum.sum_lat / n, sum.sum_lng / n}, sum.count, cell_bounds(sum.key)});
    }
    i = j;
  }
  return out;
}

std::vector<CellAggregate> aggregate_points(std::span<const LatLng> points, int level) {
  struct KeyHash {
    std::size_t operator()(const CellKey& k) const {
      return std::hash<std::int64_t>{}(k.x * 0x9E3779B97F4A7C15LL ^ k.y);
    }
  };
  std::unordered_map<CellKey, CellAggregate, KeyHash> cells;
  for (const auto& p : points) {
    const auto key = cell_of(p, level);
    auto& agg = cells.try_emplace(key, CellAggregate{key}).first->second;
    ++agg.count;
    agg.sum_lat += p.lat;
    agg.sum_lng += p.lng;
  }
  std::vector<CellAggregate> out;
  out.reserve(cells.size());
  for (auto& [key, agg] : cells) out.push_back(agg);
  std::sort(out.begin(), out.end(),
            [](const CellAggregate& a, const CellAggregate& b) { return key_less(a.key, b.key); });
  return out;
}

}  // namespace pokeca
