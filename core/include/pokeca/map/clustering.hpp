#pragma once
// Server-side clustering on a Web Mercator grid: at zoom z the world is 256·2^z px
// wide and a cell is kClusterCellPx square, so one cell is one cluster on screen.
// Storage keeps per-cell counts for levels 0..kMaxCellLevel so a zoomed-out view
// costs O(cells in view), not O(stores).
#include <cstdint>
#include <span>
#include <vector>

#include "pokeca/shared/geo.hpp"

namespace pokeca {

inline constexpr int kClusterCellPx = 64;
inline constexpr int kMaxCellLevel = 12;  // cells are kept for zoom 0..12
inline constexpr int kMaxZoom = 20;
inline constexpr int kMarkerZoom = 15;                 // from here on, always single markers
inline constexpr std::size_t kMaxMarkersInView = 300;  // fewer stores in view → markers
// A real screen is a few hundred cells; a bigger range (huge bbox at high zoom) is
// read at a coarser level so one request can never scan the whole table.
inline constexpr std::int64_t kMaxCellsPerQuery = 2048;

struct CellKey {
  int level = 0;
  std::int64_t x = 0;
  std::int64_t y = 0;
  friend bool operator==(const CellKey&, const CellKey&) = default;
};

// Inclusive ranges of cell indexes at one level.
struct CellRange {
  int level = 0;
  std::int64_t min_x = 0, max_x = 0, min_y = 0, max_y = 0;
  [[nodiscard]] std::int64_t cell_count() const { return (max_x - min_x + 1) * (max_y - min_y + 1); }
};

struct CellAggregate {
  CellKey key;
  std::int64_t count = 0;
  double sum_lat = 0;
  double sum_lng = 0;
};

struct Cluster {
  LatLng centre;  // mean of the member points
  std::int64_t count = 0;
  BoundingBox bounds;  // the cell; a click zooms to it
};

[[nodiscard]] std::int64_t cells_per_axis(int level);
[[nodiscard]] CellKey cell_of(LatLng p, int level);
[[nodiscard]] BoundingBox cell_bounds(const CellKey& key);
[[nodiscard]] CellRange cells_covering(const BoundingBox& box, int level);
// The stored level to read for a map zoom.
[[nodiscard]] int cell_level_for_zoom(int zoom);
// The finest level ≤ cell_level_for_zoom(zoom) whose range over box has at most
// kMaxCellsPerQuery cells.
[[nodiscard]] CellRange cell_range_for_view(const BoundingBox& box, int zoom);
// Folds aggregates with the same key (e.g. one row per store type) into clusters.
[[nodiscard]] std::vector<Cluster> clusters_from_cells(std::span<const CellAggregate> cells);
// The slow path for filters the stored cells cannot answer: aggregate points directly.
[[nodiscard]] std::vector<CellAggregate> aggregate_points(std::span<const LatLng> points, int level);

}  // namespace pokeca
