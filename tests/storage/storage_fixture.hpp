#pragma once
// Shared by the storage tests of every backend: small builders for stores, reports and
// filters, and a bbox list read through the StoreRepository port. A fresh database per test
// comes from backend.hpp (contract tests) or sqlite/sqlite_fixture.hpp (SQLite's own tests).
#include <gtest/gtest.h>
#include "pokeca/testing/temp_dir.hpp"

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "pokeca/contributions/report_ports.hpp"
#include "pokeca/map/bbox_list.hpp"
#include "pokeca/map/clustering.hpp"
#include "pokeca/map/store_ports.hpp"
#include "pokeca/map/store_query.hpp"
#include "pokeca/shared/messages.hpp"

namespace pokeca::storage::testing {

using pokeca::testing::TempDir;

inline constexpr UnixSeconds kNow = 1'763'700'000;  // 2025-11-21

inline Store make_store(StoreId id, std::string name, std::string type, std::string prefecture, LatLng at) {
  Store s;
  s.id = id;
  s.name = std::move(name);
  s.store_type = std::move(type);
  s.prefecture = std::move(prefecture);
  s.city = "新宿区";
  s.address = "東京都新宿区西新宿1-1-1";
  s.location = at;
  s.created_at = kNow - 86'400;
  s.updated_at = kNow - 86'400;
  return s;
}

inline PurchaseReport make_report(StoreId store, UnixSeconds at, ReportKind kind = ReportKind::kBought) {
  PurchaseReport r;
  r.store_id = store;
  r.kind = kind;
  r.product = Product::kPack;
  r.purchased_at = at;
  r.created_at = at;
  return r;
}

// Filter builders (designated initialisers would leave members unnamed, which
// -Wextra flags).
inline StoreFilters of_types(std::vector<std::string> types) {
  StoreFilters f;
  f.types = std::move(types);
  return f;
}
inline StoreFilters selling(Product p) {
  StoreFilters f;
  f.product = p;
  return f;
}
inline StoreFilters reported_since(UnixSeconds t) {
  StoreFilters f;
  f.reported_since = t;
  return f;
}

// Every level-0 cell: the whole world.
inline CellRange whole_world() {
  const auto last = cells_per_axis(0) - 1;
  return {0, 0, last, 0, last};
}

inline std::vector<StoreId> ids_of(const std::vector<Store>& stores) {
  std::vector<StoreId> out;
  for (const auto& s : stores) out.push_back(s.id);
  return out;
}

// The ids of a box list as the API gives it: nearest the box's centre first (in_bbox gives a
// whole list in its backend's order; list_bbox and the service sort it).
inline std::vector<StoreId> ids_in_box_order(std::vector<Store> stores, const BoundingBox& box) {
  sort_by_box_order(stores, box);
  return ids_of(stores);
}

// One store of a list from StoreRepository::scan_bbox: null `store` when the caller kept it.
struct ListedOrKept {
  StoreId id = 0;
  std::optional<Store> store;
};

// A bbox list as the map's read model assembles it from scan_bbox (core's list_bbox): up
// to `limit` stores, the nearest the centre when more are listed, those `kept` has facts
// for tested on them (listed_in), the others read by the scan.
template <typename Kept>
std::vector<ListedOrKept> list_unless_kept(StoreRepository& repo, const BoundingBox& box, const StoreFilters& f,
                                           int limit, const Kept& kept) {
  std::vector<ListedOrKept> out;
  auto scan = repo.scan_bbox(box, f, limit + 1);
  EXPECT_TRUE(scan) << (scan ? "" : scan.error().cause());
  if (!scan) return out;
  auto listed = list_bbox(**scan, box, f, static_cast<std::size_t>(limit), kept,
                          [](const StoreListFacts& facts) -> const StoreListFacts& { return facts; });
  EXPECT_TRUE(listed) << (listed ? "" : listed.error().cause());
  if (!listed) return out;
  for (auto& s : listed->stores) {
    std::optional<Store> store;
    if (s.store) store = std::move(*s.store);
    out.push_back({s.id, std::move(store)});
  }
  return out;
}

}  // namespace pokeca::storage::testing
