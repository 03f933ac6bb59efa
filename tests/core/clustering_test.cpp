#include "pokeca/map/clustering.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace pokeca {

TEST(Clustering, CellsAreSixtyFourPixelsOfTheMercatorWorld) {
  EXPECT_EQ(kClusterCellPx, 64);
  EXPECT_EQ(cells_per_axis(0), 4);  // a 256 px world has four 64 px cells a side
  EXPECT_EQ(cells_per_axis(10), 4096);
}

TEST(Clustering, CellBoundsContainTheirPoints) {
  const std::vector<LatLng> points{{35.6812, 139.7671}, {43.0621, 141.3544}, {26.2124, 127.6809}, {0, 0}};
  for (int level = 0; level <= kMaxCellLevel; ++level)
    for (const auto& p : points) {
      const auto key = cell_of(p, level);
      const auto b = cell_bounds(key);
      EXPECT_TRUE(b.contains(p)) << "level " << level << " lat " << p.lat;
      // Going one level finer splits the cell in four: indexes double.
      if (level < kMaxCellLevel) {
        const auto finer = cell_of(p, level + 1);
        EXPECT_EQ(finer.x / 2, key.x);
        EXPECT_EQ(finer.y / 2, key.y);
      }
    }
}

TEST(Clustering, CoveringRangeHoldsEveryPointOfTheBox) {
  const BoundingBox tokyo{139.5, 35.5, 140.0, 35.9};
  const auto range = cells_covering(tokyo, 10);
  for (double lat = 35.5; lat <= 35.9; lat += 0.05)
    for (double lng = 139.5; lng <= 140.0; lng += 0.05) {
      const auto k = cell_of({lat, lng}, 10);
      EXPECT_GE(k.x, range.min_x);
      EXPECT_LE(k.x, range.max_x);
      EXPECT_GE(k.y, range.min_y);
      EXPECT_LE(k.y, range.max_y);
    }
}

TEST(Clustering, ZoomMapsToStoredLevelAndHugeViewsGetCoarser) {
  EXPECT_EQ(cell_level_for_zoom(5), 5);
  EXPECT_EQ(cell_level_for_zoom(kMaxCellLevel + 3), kMaxCellLevel);
  EXPECT_EQ(cell_level_for_zoom(-1), 0);
  // A phone-sized view at zoom 12 stays at level 12.
  const BoundingBox phone{139.68, 35.64, 139.77, 35.73};
  EXPECT_EQ(cell_range_for_view(phone, 12).level, 12);
  // All of Japan requested at zoom 12 would be millions of cells: it is read coarser.
  const BoundingBox japan{122, 24, 146, 46};
  const auto range = cell_range_for_view(japan, 12);
  EXPECT_LT(range.level, 12);
  EXPECT_LE(range.cell_count(), kMaxCellsPerQuery);
}

TEST(Clustering, ClustersFoldRowsOfTheSameCellAndUseTheMean) {
  const CellKey a{8, 10, 20}, b{8, 11, 20};
  const std::vector<CellAggregate> rows{{a, 2, 70.0, 279.0}, {b, 1, 35.1, 139.1}, {a, 1, 35.0, 139.5}};
  const auto clusters = clusters_from_cells(rows);
  ASSERT_EQ(clusters.size(), 2u);
  EXPECT_EQ(clusters[0].count, 3);
  EXPECT_NEAR(clusters[0].centre.lat, 105.0 / 3, 1e-9);
  EXPECT_NEAR(clusters[0].centre.lng, 418.5 / 3, 1e-9);
  EXPECT_EQ(clusters[1].count, 1);
}

TEST(Clustering, AggregatePointsAgreesWithCellOf) {
  const std::vector<LatLng> pts{{35.68, 139.76}, {35.681, 139.761}, {34.70, 135.50}};
  const auto cells = aggregate_points(pts, 6);
  std::int64_t total = 0;
  for (const auto& c : cells) total += c.count;
  EXPECT_EQ(total, 3);
  EXPECT_EQ(cells.size(), 2u);  // the two Tokyo points share a cell at zoom 6
}

}  // namespace pokeca
