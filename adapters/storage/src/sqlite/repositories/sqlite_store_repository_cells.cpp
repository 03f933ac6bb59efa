// SqliteStoreRepository::cells: per-cell aggregates for the cluster view.
#include <algorithm>
#include <optional>
#include <string>
#include <tuple>

#include "engine/recent_kinds.hpp"
#include "pokeca/storage/sqlite/sqlite_store_repository.hpp"
#include "pokeca/storage/sqlite/transaction.hpp"
#include "repositories/store_statements.hpp"

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

// The lottery filter, which moves with the clock as "reported since" does: the matching
// stores aggregated, read from the open entries' stores (few, whatever the view).
Result<Cells> lottery_cells(SqliteStoreRepository::Statements& st, const CellRange& range, const StoreFilters& f) {
  const auto box = box_of(range);
  auto& source = st.lottery_points_in_bbox;
  source.bind_real(":min_lng", box.min_lng)
      .bind_real(":min_lat", box.min_lat)
      .bind_real(":max_lng", box.max_lng)
      .bind_real(":max_lat", box.max_lat);
  bind_filters(source, f);
  std::vector<LatLng> points;
  auto ok = source.each([&](const Row& row) { points.push_back({row.real(0), row.real(1)}); });
  if (!ok) return std::unexpected(ok.error());
  Cells out = aggregate_points(points, range.level);
  // A point on the box's edge may belong to the neighbouring cell.
  std::erase_if(out, [&](const CellAggregate& c) {
    return c.key.x < range.min_x || c.key.x > range.max_x || c.key.y < range.min_y || c.key.y > range.max_y;
  });
  return out;
}

// The hour buckets' unit (migration 010 files a store under last_report_at / 3600) and the
// blocks' (migration 011: last_report_at / 28800, 8 hours).
constexpr UnixSeconds kRecentHourSeconds = 3600;
constexpr std::int64_t kRecentBlockHours = 8;
constexpr int kRecentColumnSeeksLevel = 9;

// One entry per key, in key order, cells whose stores were all taken away dropped: the
// blocks, hours and partial hour each give their own rows for a cell, some negative.
// A view's range (≤ kMaxCellsPerQuery cells) is summed in place, cell by cell; a larger
// one is sorted.
Cells folded(Cells cells, const CellRange& range) {
  Cells out;
  if (range.cell_count() <= kMaxCellsPerQuery) {
    const std::int64_t height = range.max_y - range.min_y + 1;
    Cells dense(static_cast<std::size_t>(range.cell_count()));
    for (const auto& c : cells) {
      auto& d = dense[static_cast<std::size_t>((c.key.x - range.min_x) * height + (c.key.y - range.min_y))];
      d.key = c.key;
      d.count += c.count;
      d.sum_lat += c.sum_lat;
      d.sum_lng += c.sum_lng;
    }
    for (const auto& d : dense)
      if (d.count > 0) out.push_back(d);
    return out;
  }
  const auto key_of = [](const CellAggregate& c) { return std::tuple(c.key.x, c.key.y); };
  std::sort(cells.begin(), cells.end(), [&](const auto& a, const auto& b) { return key_of(a) < key_of(b); });
  for (const auto& c : cells) {
    if (!out.empty() && key_of(out.back()) == key_of(c)) {
      out.back().count += c.count;
      out.back().sum_lat += c.sum_lat;
      out.back().sum_lng += c.sum_lng;
    } else {
      out.push_back(c);
    }
  }
  std::erase_if(out, [](const CellAggregate& c) { return c.count <= 0; });
  return out;
}

// Which stored rows make up "reported since": whole 8-hour blocks from first_block on,
// hour rows added or taken away to reach the hour `since` falls in, and the stores of
// that hour's part before or after `since` (taken away or added). Each side picks the
// shorter way: at most 4 hour rows per cell and half an hour of stores.
struct RecentPlan {
  std::int64_t first_block = 0;
  std::int64_t hours_from = 0;  // hour rows [hours_from, hours_to) times hours_sign
  std::int64_t hours_to = 0;
  int hours_sign = 1;
  UnixSeconds stores_from = 0;  // stores reported in [stores_from, stores_to) times stores_sign
  UnixSeconds stores_to = 0;
  int stores_sign = 1;
};

RecentPlan plan_since(UnixSeconds since) {
  RecentPlan p;
  std::int64_t hour = since / kRecentHourSeconds;  // since >= 0
  const UnixSeconds into_hour = since - hour * kRecentHourSeconds;
  if (into_hour > 0 && into_hour <= kRecentHourSeconds / 2) {
    p.stores_from = hour * kRecentHourSeconds;  // the whole hour, minus its stores before since
    p.stores_to = since;
    p.stores_sign = -1;
  } else if (into_hour > 0) {
    ++hour;
    p.stores_from = since;
    p.stores_to = hour * kRecentHourSeconds;
  }
  const std::int64_t block = hour / kRecentBlockHours;
  const std::int64_t into_block = hour - block * kRecentBlockHours;
  if (into_block < kRecentBlockHours - into_block) {  // the whole block, minus its hours before
    p.first_block = block;
    p.hours_from = block * kRecentBlockHours;
    p.hours_to = hour;
    p.hours_sign = -1;
  } else {
    p.first_block = block + 1;
    p.hours_from = hour;
    p.hours_to = p.first_block * kRecentBlockHours;
  }
  return p;
}

// "Reported since" from the buckets (plan_since): sums of stored rows, and only the stores
// of a partial hour read, from the covering index. Every row is 010's blob of kinds, whose
// sums give any type or product (a store has one type, so the types' sums add up).
Result<Cells> recent_cells(SqliteStoreRepository::Statements& st, const CellRange& range, const StoreFilters& f) {
  const auto plan = plan_since(*f.reported_since);
  std::vector<std::string> types = f.types;  // empty: all types
  std::sort(types.begin(), types.end());
  types.erase(std::unique(types.begin(), types.end()), types.end());  // a type named twice counts once
  const std::size_t slot = f.product ? recent_kinds::slot_of(to_string(*f.product)).value_or(0) : 0;

  Cells out;
  int sign = 1;
  const auto on_row = [&](const Row& row) {
    const auto sums = recent_kinds::kind_sums(row.blob(2), types, slot);
    if (sums.count != 0)
      out.push_back(
          {{range.level, row.int64(0), row.int64(1)}, sign * sums.count, sign * sums.sum_lat, sign * sums.sum_lng});
  };
  // The key is (level, hour or block, cx, cy): a cx range reads the whole strip of cells
  // through Japan and skips the other cy. From kRecentColumnSeeksLevel on a view's few
  // columns are sought one by one inside the statement instead (at 1M, zoom 12: 0.88 →
  // 0.72 ms; zoom 9 the same; zoom 5, where the strip is about the view, 0.20 → 0.27 ms).
  const bool by_column = range.level >= kRecentColumnSeeksLevel && range.max_x - range.min_x + 1 <= kMaxCellColumnSeeks;
  std::string columns = "[";
  if (by_column)
    for (std::int64_t x = range.min_x; x <= range.max_x; ++x)
      columns += std::to_string(x) + (x < range.max_x ? "," : "]");
  const auto bind_range = [&](Statement& s) -> Statement& {
    s.bind_int(":level", range.level).bind_int(":min_y", range.min_y).bind_int(":max_y", range.max_y);
    return by_column ? s.bind_text(":columns", columns)
                     : s.bind_int(":min_x", range.min_x).bind_int(":max_x", range.max_x);
  };
  auto& hour_rows = by_column ? st.recent_kinds_of_hour_in_columns : st.recent_kinds_of_hour;
  auto& block_rows = by_column ? st.recent_kinds_of_block_in_columns : st.recent_kinds_of_block;
  sign = plan.hours_sign;
  for (std::int64_t hour = plan.hours_from; hour < plan.hours_to; ++hour)
    if (auto ok = bind_range(hour_rows).bind_int(":hour", hour).each(on_row); !ok) return std::unexpected(ok.error());
  sign = 1;
  for (std::int64_t block = plan.first_block;;) {
    std::optional<std::int64_t> next;
    auto ok = st.next_recent_block.bind_int(":level", range.level).bind_int(":block", block).each([&](const Row& row) {
      next = row.optional_int64(0);
    });
    if (!ok) return std::unexpected(ok.error());
    if (!next) break;
    if (ok = bind_range(block_rows).bind_int(":block", *next).each(on_row); !ok) return std::unexpected(ok.error());
    block = *next + 1;
  }
  if (plan.stores_from < plan.stores_to) {
    const auto box = box_of(range);
    std::vector<LatLng> points;
    auto& partial = st.reported_between_in_bbox;
    bind_filters(partial, f);
    auto ok = partial.bind_int(":since", plan.stores_from)
                  .bind_int(":until", plan.stores_to)
                  .bind_real(":min_lng", box.min_lng)
                  .bind_real(":min_lat", box.min_lat)
                  .bind_real(":max_lng", box.max_lng)
                  .bind_real(":max_lat", box.max_lat)
                  .each([&](const Row& row) { points.push_back({row.real(0), row.real(1)}); });
    if (!ok) return std::unexpected(ok.error());
    for (auto c : aggregate_points(points, range.level))
      if (c.key.x >= range.min_x && c.key.x <= range.max_x && c.key.y >= range.min_y && c.key.y <= range.max_y) {
        c.count *= plan.stores_sign;
        c.sum_lat *= plan.stores_sign;
        c.sum_lng *= plan.stores_sign;
        out.push_back(c);
      }
  }
  return folded(std::move(out), range);
}

}  // namespace

Result<Cells> SqliteStoreRepository::cells(const CellRange& range, const StoreFilters& f) {
  if (range.min_x > range.max_x || range.min_y > range.max_y) return Cells{};
  return statements_.with([&](Statements& st) -> Result<Cells> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kRead);  // one snapshot
    if (!tx) return std::unexpected(tx.error());
    if (lottery_filtered(f)) return lottery_cells(st, range, f);
    if (f.reported_since && *f.reported_since >= 0) return recent_cells(st, range, f);
    if (f.reported_since) return aggregated_stores(st, range, f);
    return summed_cells(st, range, f.types, f.product);
  });
}

}  // namespace pokeca::storage
