#pragma once
// A brute-force oracle for SqliteStoreRepository::cells(): aggregate the matching
// stores with core's aggregate_points and compare per cell (store_cells_test,
// recent_cells_test).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "pokeca/map/clustering.hpp"
#include "pokeca/map/store.hpp"
#include "pokeca/map/store_query.hpp"

namespace pokeca::storage::testing::cell_oracle {

struct Sum {
  std::int64_t count = 0;
  double lat = 0, lng = 0;
};
using Folded = std::map<std::tuple<int, std::int64_t, std::int64_t>, Sum>;

inline Folded fold(const std::vector<CellAggregate>& cells) {
  Folded out;
  for (const auto& c : cells) {
    auto& s = out[{c.key.level, c.key.x, c.key.y}];
    s.count += c.count;
    s.lat += c.sum_lat;
    s.lng += c.sum_lng;
  }
  std::erase_if(out, [](const auto& kv) { return kv.second.count == 0; });
  return out;
}

inline bool of_type_and_product(const Store& s, const StoreFilters& f) {
  if (s.status != StoreStatus::kActive) return false;
  if (!f.types.empty() && std::find(f.types.begin(), f.types.end(), s.store_type) == f.types.end()) return false;
  if (f.product) {
    const auto& sells = *f.product == Product::kPack  ? s.sells.packs
                        : *f.product == Product::kBox ? s.sells.boxes
                                                      : s.sells.singles;
    if (sells != true) return false;
  }
  return true;
}

// The lists: "reported since" keeps a store whose latest report of the product (of any
// product without one) is a bought at or after the cut-off.
inline bool matches(const Store& s, const StoreFilters& f) {
  if (!of_type_and_product(s, f)) return false;
  if (!f.reported_since) return true;
  const std::optional<LatestReport> latest = f.product ? s.latest_by_product[product_index(*f.product)]
                                             : s.last_report_at && s.last_report_kind
                                                 ? std::optional(LatestReport{*s.last_report_at, *s.last_report_kind})
                                                 : std::nullopt;
  return latest && latest->kind == ReportKind::kBought && latest->at >= *f.reported_since;
}

// The clusters (migration 013's buckets): the store's latest report of the product (of
// any product without one) is a bought, and its latest report of all is at or after the
// cut-off.
inline bool counted_in_clusters(const Store& s, const StoreFilters& f) {
  if (!of_type_and_product(s, f)) return false;
  if (!f.reported_since) return true;
  if (!s.last_report_at || *s.last_report_at < *f.reported_since) return false;
  const auto kind = f.product ? (s.latest_by_product[product_index(*f.product)]
                                     ? std::optional(s.latest_by_product[product_index(*f.product)]->kind)
                                     : std::nullopt)
                              : s.last_report_kind;
  return kind == ReportKind::kBought;
}

inline Folded brute_force(const std::vector<Store>& all, const CellRange& range, const StoreFilters& f) {
  std::vector<LatLng> points;
  for (const auto& s : all)
    if (counted_in_clusters(s, f)) points.push_back(s.location);
  auto cells = aggregate_points(points, range.level);
  std::erase_if(cells, [&](const CellAggregate& c) {
    return c.key.x < range.min_x || c.key.x > range.max_x || c.key.y < range.min_y || c.key.y > range.max_y;
  });
  return fold(cells);
}

inline void expect_same(const Folded& got, const Folded& want, const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (const auto& [key, w] : want) {
    const auto it = got.find(key);
    ASSERT_NE(it, got.end()) << what;
    EXPECT_EQ(it->second.count, w.count) << what;
    EXPECT_NEAR(it->second.lat, w.lat, 1e-6 * static_cast<double>(w.count)) << what;
    EXPECT_NEAR(it->second.lng, w.lng, 1e-6 * static_cast<double>(w.count)) << what;
  }
}

}  // namespace pokeca::storage::testing::cell_oracle
