// SqliteStoreRepository::cells: per-cell aggregates for the cluster view.
#include <algorithm>
#include <optional>
#include <tuple>

#include "pokeca/storage/sqlite_store_repository.hpp"
#include "pokeca/storage/transaction.hpp"
#include "recent_kinds.hpp"
#include "store_statements.hpp"

namespace pokeca::storage {
namespace {

using Cells = std::vector<CellAggregate>;

// Reads the rows of one store type and product (or kAnyStoreType / kAnyProduct).
Result<void> read_cells(SqliteStoreRepository::Statements& st, const CellRange& range, std::string_view type,
                        std::string_view product, Cells& out) {
  const auto on_row = [&](const Row& row) {
    out.push_back({{range.level, row.int64(0), row.int64(1)}, row.int64(2), row.real(3), row.real(4)});
  };
  const auto bind_common = [&](Statement& s) -> Statement& {
    return s.bind_int(":level", range.level)
        .bind_text(":type", type)
        .bind_text(":product", product)
        .bind_int(":min_y", range.min_y)
        .bind_int(":max_y", range.max_y);
  };
  if (range.max_x - range.min_x + 1 > kMaxCellColumnSeeks)
    return bind_common(st.cells_in_range).bind_int(":min_x", range.min_x).bind_int(":max_x", range.max_x).each(on_row);
  // The key is (level, type, cx, cy): per column, cy is a range within one seek.
  for (std::int64_t x = range.min_x; x <= range.max_x; ++x)
    if (auto ok = bind_common(st.cells_in_column).bind_int(":min_x", x).each(on_row); !ok) return ok;
  return {};
}

Result<Cells> summed_cells(SqliteStoreRepository::Statements& st, const CellRange& range,
                           std::vector<std::string> types, std::optional<Product> product) {
  // A type named twice must not count twice.
  std::sort(types.begin(), types.end());
  types.erase(std::unique(types.begin(), types.end()), types.end());
  if (types.empty()) types.emplace_back(kAnyStoreType);
  const std::string_view product_key = product ? to_string(*product) : kAnyProduct;
  Cells out;
  for (const auto& type : types)
    if (auto ok = read_cells(st, range, type, product_key, out); !ok) return std::unexpected(ok.error());
  return out;
}

BoundingBox box_of(const CellRange& range) {
  const auto north_west = cell_bounds({range.level, range.min_x, range.min_y});
  const auto south_east = cell_bounds({range.level, range.max_x, range.max_y});
  return {north_west.min_lng, south_east.min_lat, south_east.max_lng, north_west.max_lat};
}

// The slow path for reported_since, which moves with the clock and so cannot be
// stored: aggregate the matching stores themselves, reading whichever set is
// smaller: the stores in the range (R*Tree) or the stores reported since then
// (a covering index).
Result<Cells> aggregated_stores(SqliteStoreRepository::Statements& st, const CellRange& range, const StoreFilters& f) {
  auto in_range = summed_cells(st, range, {}, std::nullopt);
  if (!in_range) return in_range;
  std::int64_t stores_in_range = 0;
  for (const auto& c : *in_range) stores_in_range += c.count;
  auto& source = stores_in_range <= kMaxStoresForBoxScan ? st.located_in_bbox : st.reported_in_bbox;

  const auto box = box_of(range);
  source.bind_real(":min_lng", box.min_lng)
      .bind_real(":min_lat", box.min_lat)
      .bind_real(":max_lng", box.max_lng)
      .bind_real(":max_lat", box.max_lat);
  bind_filters(source, f);
  std::vector<LatLng> points;
  auto ok = source.each([&](const Row& row) { points.push_back({row.real(1), row.real(2)}); });
  if (!ok) return std::unexpected(ok.error());
  Cells out = aggregate_points(points, range.level);
  // A point on the box's edge may belong to the neighbouring cell.
  std::erase_if(out, [&](const CellAggregate& c) {
    return c.key.x < range.min_x || c.key.x > range.max_x || c.key.y < range.min_y || c.key.y > range.max_y;
  });
  return out;
}

// store_recent_cells' time unit (migration 008 files a store under last_report_at / 3600).
constexpr UnixSeconds kRecentCellSeconds = 3600;

// One entry per key, in key order: the hours of store_recent_cells and the partial
// hour each give their own rows for a cell.
Cells folded(Cells cells) {
  const auto key_of = [](const CellAggregate& c) { return std::tuple(c.key.x, c.key.y); };
  std::sort(cells.begin(), cells.end(), [&](const auto& a, const auto& b) { return key_of(a) < key_of(b); });
  Cells out;
  for (const auto& c : cells) {
    if (!out.empty() && key_of(out.back()) == key_of(c)) {
      out.back().count += c.count;
      out.back().sum_lat += c.sum_lat;
      out.back().sum_lng += c.sum_lng;
    } else {
      out.push_back(c);
    }
  }
  return out;
}

// "Reported since" from the hour buckets: every whole hour after `since` is a sum of
// stored rows; only the stores of the partial hour [since, first whole hour) are read,
// from the covering index. All types and any product read 008's store_recent_cells;
// with a type or product filter, 010's store_recent_kinds (same keys), whose blob gives
// each type's sums per product (a store has one type, so the types' sums add up).
Result<Cells> recent_cells(SqliteStoreRepository::Statements& st, const CellRange& range, const StoreFilters& f) {
  const UnixSeconds since = *f.reported_since;
  const std::int64_t first_hour = (since + kRecentCellSeconds - 1) / kRecentCellSeconds;
  const bool any_kind = f.types.empty() && !f.product;
  auto& cells_of_hour = any_kind ? st.recent_cells_of_hour : st.recent_kinds_of_hour;
  std::vector<std::string> types = f.types;
  std::sort(types.begin(), types.end());
  types.erase(std::unique(types.begin(), types.end()), types.end());  // a type named twice counts once
  const std::size_t slot = f.product ? recent_kinds::slot_of(to_string(*f.product)).value_or(0) : 0;

  Cells out;
  const auto on_row = [&](const Row& row) {
    if (any_kind) {
      out.push_back({{range.level, row.int64(0), row.int64(1)}, row.int64(2), row.real(3), row.real(4)});
      return;
    }
    const auto sums = recent_kinds::kind_sums(row.blob(2), types, slot);
    if (sums.count > 0)
      out.push_back({{range.level, row.int64(0), row.int64(1)}, sums.count, sums.sum_lat, sums.sum_lng});
  };
  // One cx range per hour: seeking column by column (as read_cells) measured slower at
  // 1M (2.2 → 3.0 ms at zoom 9): the rows read, not the cells skipped, are the cost.
  for (std::int64_t hour = first_hour;;) {
    std::optional<std::int64_t> next;
    auto ok = st.next_recent_hour.bind_int(":level", range.level).bind_int(":hour", hour).each([&](const Row& row) {
      next = row.optional_int64(0);
    });
    if (!ok) return std::unexpected(ok.error());
    if (!next) break;
    ok = cells_of_hour.bind_int(":level", range.level)
             .bind_int(":hour", *next)
             .bind_int(":min_x", range.min_x)
             .bind_int(":max_x", range.max_x)
             .bind_int(":min_y", range.min_y)
             .bind_int(":max_y", range.max_y)
             .each(on_row);
    if (!ok) return std::unexpected(ok.error());
    hour = *next + 1;
  }
  const UnixSeconds until = first_hour * kRecentCellSeconds;
  if (since < until) {
    const auto box = box_of(range);
    std::vector<LatLng> points;
    auto& partial = st.reported_between_in_bbox;
    bind_filters(partial, f);
    auto ok = partial.bind_int(":until", until)
                  .bind_real(":min_lng", box.min_lng)
                  .bind_real(":min_lat", box.min_lat)
                  .bind_real(":max_lng", box.max_lng)
                  .bind_real(":max_lat", box.max_lat)
                  .each([&](const Row& row) { points.push_back({row.real(0), row.real(1)}); });
    if (!ok) return std::unexpected(ok.error());
    for (const auto& c : aggregate_points(points, range.level))
      if (c.key.x >= range.min_x && c.key.x <= range.max_x && c.key.y >= range.min_y && c.key.y <= range.max_y)
        out.push_back(c);
  }
  return folded(std::move(out));
}

}  // namespace

Result<Cells> SqliteStoreRepository::cells(const CellRange& range, const StoreFilters& f) {
  if (range.min_x > range.max_x || range.min_y > range.max_y) return Cells{};
  return statements_.with([&](Statements& st) -> Result<Cells> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kRead);  // one snapshot
    if (!tx) return std::unexpected(tx.error());
    if (f.reported_since && *f.reported_since >= 0) return recent_cells(st, range, f);
    if (f.reported_since) return aggregated_stores(st, range, f);
    return summed_cells(st, range, f.types, f.product);
  });
}

}  // namespace pokeca::storage
