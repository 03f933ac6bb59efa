#include "pokeca/storage/postgres/pg_store_repository.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <utility>

#include "pokeca/admin/admin.hpp"  // keep_admin_edits
#include "pokeca/map/clustering.hpp"
#include "pokeca/shared/geo.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/relative_time.hpp"  // kHour
#include "pokeca/storage/postgres/statement.hpp"
#include "pokeca/storage/postgres/transaction.hpp"
#include "repositories/box_walk.hpp"
#include "repositories/pg_bbox_scan.hpp"
#include "repositories/store_rows.hpp"

namespace pokeca::storage::postgres {
namespace {

// The box of kInBox as a filter only, for reads that another index serves better.
constexpr std::string_view kBoxBounds =
    "s.lng BETWEEN $1::float8 AND $3::float8 AND s.lat BETWEEN $2::float8 AND $4::float8";

// store_cells' key for "any type" and "any product" (migration 020).
constexpr std::string_view kAnyKey = "*";

// Stores per INSERT in insert_many: 500 × 25 parameters stays far below libpq's 65,535.
constexpr std::size_t kStoresPerInsert = 500;

std::string select_stores(std::string_view rest) {
  return "SELECT " + std::string(kStoreColumns) + " FROM stores AS s " + std::string(rest);
}

Result<std::vector<Store>> read_stores(Result<Rows> rows) {
  if (!rows) return std::unexpected(rows.error());
  std::vector<Store> out;
  out.reserve(rows->count());
  for (int i = 0; i < rows->size(); ++i) {
    auto s = read_store(*rows, i);
    if (!s) return std::unexpected(s.error());
    out.push_back(std::move(*s));
  }
  return out;
}

std::vector<Param> box_params(const BoundingBox& box) {
  return {Param(float_text(box.min_lng)), Param(float_text(box.min_lat)), Param(float_text(box.max_lng)),
          Param(float_text(box.max_lat))};
}

Result<void> done(Result<Rows> rows) {
  if (!rows) return std::unexpected(rows.error());
  return {};
}

}  // namespace

struct PgStoreRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        in_prefecture(
            c, select_stores("WHERE s.prefecture = $1 AND " + active_and_filtered(2) + " ORDER BY s.id LIMIT $7")),
        in_box(c, select_stores("WHERE " + std::string(kInBox) + " AND " + active_and_filtered(5) + " LIMIT $10")),
        // Best first by unscaled distance from ($11, $12): the index's own order.
        walk_box(c, "SELECT " + std::string(kStoreColumns) +
                        ", point(s.lng, s.lat) <-> point($11::float8, $12::float8) FROM stores AS s WHERE " +
                        std::string(kInBox) + " AND " + active_and_filtered(5) +
                        " ORDER BY point(s.lng, s.lat) <-> point($11::float8, $12::float8) LIMIT $10"),
        // The lottery filter: every listed store of the box (cut in BoxOrder by the caller)
        // and the points its clusters count, from the open entries' stores.
        lottery_in_box(c, select_stores("WHERE " + open_lottery_stores(5) + " AND " + std::string(kInBox) + " AND " +
                                        active_and_filtered(5))),
        lottery_cell_points(c, "SELECT s.lat, s.lng FROM stores AS s WHERE " + open_lottery_stores(5) + " AND " +
                                   std::string(kInBox) + " AND " + counted_in_clusters(5)),
        find(c, select_stores("WHERE s.id = $1")),
        find_by_external_id(c, select_stores("WHERE s.external_id = $1")),
        admin_edited_of(c, "SELECT json_array_elements_text(admin_edited::json) FROM stores WHERE id = $1"),
        // The kept sums (migration 020): a type filter names its types, no filter '*'; a
        // type named twice matches its rows once.
        kept_cells(c,
                   "SELECT cx, cy, sum(count)::bigint, sum(sum_lat), sum(sum_lng) FROM store_cells"
                   " WHERE level = $1 AND store_type = ANY ($2::text[]) AND product = $3"
                   " AND cx BETWEEN $4 AND $5 AND cy BETWEEN $6 AND $7 GROUP BY cx, cy ORDER BY cx, cy"),
        // The kept sums (migration 022) of the hours from $4 on: hour rows up to the first
        // block boundary and block rows after it (each hour's or block's cells one index
        // range), the hour rows of any later hour (stamped ahead of the clock) as one range,
        // and the changes not yet folded into the sums.
        kept_recent_cells(
            c,
            "SELECT cx, cy, sum(count)::bigint, sum(sum_lat), sum(sum_lng) FROM ("
            " SELECT cx, cy, count, sum_lat, sum_lng FROM store_recent_sums"
            " WHERE level = $1 AND store_type = ANY ($2::text[]) AND product = $3 AND hours = 1"
            " AND hour = ANY (pokeca_recent_hour_list($4::bigint)) AND cx BETWEEN $5 AND $6 AND cy BETWEEN $7 AND $8"
            " UNION ALL"
            " SELECT cx, cy, count, sum_lat, sum_lng FROM store_recent_sums"
            " WHERE level = $1 AND store_type = ANY ($2::text[]) AND product = $3 AND hours = 8"
            " AND hour = ANY (pokeca_recent_block_list($4::bigint)) AND cx BETWEEN $5 AND $6 AND cy BETWEEN $7 AND $8"
            " UNION ALL"
            " SELECT cx, cy, count, sum_lat, sum_lng FROM store_recent_sums"
            " WHERE level = $1 AND store_type = ANY ($2::text[]) AND product = $3 AND hours = 1"
            " AND hour >= pokeca_recent_rest_from($4::bigint) AND cx BETWEEN $5 AND $6 AND cy BETWEEN $7 AND $8"
            " UNION ALL"
            " SELECT k.cx, k.cy, k.count, k.sum_lat, k.sum_lng FROM store_recent_changes AS ch"
            " CROSS JOIN LATERAL pokeca_recent_change_keys(ch.sign, ch.hour, ch.lat, ch.lng, ch.store_type,"
            " ch.products, $1) AS k"
            " WHERE ch.hour >= $4 AND k.store_type = ANY ($2::text[]) AND k.product = $3"
            " AND k.cx BETWEEN $5 AND $6 AND k.cy BETWEEN $7 AND $8) AS r GROUP BY cx, cy"),
        // The counted stores of the box last reported in [$7, $11), within the hour $10:
        // through the hour's index, the box a filter only (kBoxBounds, no <@): with <@ the
        // planner ANDs the point index, a million entries for a zoomed-out box.
        recent_edge_points(c, "SELECT s.lat, s.lng FROM stores AS s WHERE s.last_report_at / 3600 = $10::bigint AND " +
                                  std::string(kBoxBounds) + " AND " + counted_in_clusters(5) +
                                  " AND s.last_report_at < $11::bigint"),
        count_active(c, "SELECT coalesce(sum(count), 0)::bigint FROM prefecture_counts"),
        count_by_prefecture(c, "SELECT prefecture, count FROM prefecture_counts ORDER BY prefecture COLLATE \"C\""),
        insert_new(c, "INSERT INTO stores (" + std::string(kStoreWrittenColumns) + ") VALUES (" +
                          placeholders(1, kStoreWrittenCount) + ")"),
        insert_with_id(c, "INSERT INTO stores (id, " + std::string(kStoreWrittenColumns) + ") VALUES (" +
                              placeholders(1, kStoreWrittenCount + 1) + ")"),
        // Explicit ids do not move the identity's sequence: the next generated id must
        // still be new.
        follow_ids(c, "SELECT setval(pg_get_serial_sequence('stores', 'id'), (SELECT max(id) FROM stores))"),
        update(c, "UPDATE stores SET (" + std::string(kStoreWrittenColumns) + ") = ROW (" +
                      placeholders(1, kStoreWrittenCount) + ") WHERE id = $" + std::to_string(kStoreWrittenCount + 1)) {
  }

  Connection& conn;
  Statement in_prefecture, in_box, walk_box, lottery_in_box, lottery_cell_points, find, find_by_external_id,
      admin_edited_of, kept_cells, kept_recent_cells, recent_edge_points, count_active, count_by_prefecture, insert_new,
      insert_with_id, follow_ids, update;
};

namespace {

using Statements = PgStoreRepository::Statements;

std::vector<Param> box_and_filters(const BoundingBox& box, const StoreFilters& f) {
  auto params = box_params(box);
  append_filter_params(params, f);
  return params;
}

// The kept sums' keys of a filter: the types it names or '*', its product or '*'.
Param kept_types(const StoreFilters& f) {
  return Param(text_array(f.types.empty() ? std::vector<std::string>{std::string(kAnyKey)} : f.types));
}
Param kept_product(const StoreFilters& f) {
  return Param(f.product ? std::string(to_string(*f.product)) : std::string(kAnyKey));
}

// A view's cells while they are summed, by (x, y).
using CellSums = std::map<std::pair<std::int64_t, std::int64_t>, CellAggregate>;

// Rows of (cx, cy, count, Σlat, Σlng) added to `sums`.
void add_rows(CellSums& sums, const Rows& rows, int level) {
  for (int i = 0; i < rows.size(); ++i) {
    auto& cell = sums[{rows.int64(i, 0), rows.int64(i, 1)}];
    cell.key = {level, rows.int64(i, 0), rows.int64(i, 1)};
    cell.count += rows.int64(i, 2);
    cell.sum_lat += rows.real(i, 3);
    cell.sum_lng += rows.real(i, 4);
  }
}

// Points (lat, lng rows) aggregated per cell and added to `sums` with `sign`.
void add_points(CellSums& sums, const Rows& rows, int level, int sign) {
  std::vector<LatLng> points;
  points.reserve(rows.count());
  for (int i = 0; i < rows.size(); ++i) points.push_back({rows.real(i, 0), rows.real(i, 1)});
  for (const auto& c : aggregate_points(points, level)) {
    auto& cell = sums[{c.key.x, c.key.y}];
    cell.key = c.key;
    cell.count += sign * c.count;
    cell.sum_lat += sign * c.sum_lat;
    cell.sum_lng += sign * c.sum_lng;
  }
}

// The cells holding stores, of the range only: a store on the box's edge may fall in a
// cell beside it.
std::vector<CellAggregate> in_range(const CellSums& sums, const CellRange& range) {
  std::vector<CellAggregate> out;
  out.reserve(sums.size());
  for (const auto& [xy, cell] : sums)
    if (cell.count > 0 && xy.first >= range.min_x && xy.first <= range.max_x && xy.second >= range.min_y &&
        xy.second <= range.max_y)
      out.push_back(cell);
  return out;
}

// The matching stores of the box, aggregated (the lottery filter moves with the clock
// and has no kept sums).
Result<std::vector<CellAggregate>> aggregate_in_range(Statement& points, const BoundingBox& box, const StoreFilters& f,
                                                      const CellRange& range) {
  auto rows = points.run(box_and_filters(box, f));
  if (!rows) return std::unexpected(rows.error());
  CellSums sums;
  add_points(sums, *rows, range.level, 1);
  return in_range(sums, range);
}

// "Reported since" from the kept hour sums (migration 022): the hours wholly inside the
// window from the sums, and the hour the cut-off falls in from that hour's stores — the
// ones before the cut-off taken away from the hour's sums, or the ones after it added,
// whichever is the shorter stretch. Report times are after 1970, so `/` is the floor.
Result<std::vector<CellAggregate>> recent_cells(Statements& st, const BoundingBox& box, const StoreFilters& f,
                                                const CellRange& range) {
  const UnixSeconds since = *f.reported_since;
  const UnixSeconds hour = since / kHour;
  const UnixSeconds into = since - hour * kHour;
  const bool take_away = into > 0 && into < kHour / 2;
  const UnixSeconds first_whole = into == 0 || take_away ? hour : hour + 1;
  CellSums sums;
  // One snapshot for the sums, the changes and the stores of the first hour. Generic plans:
  // planning the sums' statement anew for its parameters took 3.2 ms at 1,000,000 stores,
  // running it 1.1 ms, and its plan does not depend on them.
  auto ok = in_transaction(st.conn, TransactionMode::kRead, [&]() -> Result<void> {
    sums.clear();
    if (auto generic = st.conn.exec("SET LOCAL plan_cache_mode = force_generic_plan"); !generic) return generic;
    auto rows =
        st.kept_recent_cells.run({Param(std::int64_t{range.level}), kept_types(f), kept_product(f), Param(first_whole),
                                  Param(range.min_x), Param(range.max_x), Param(range.min_y), Param(range.max_y)});
    if (!rows) return std::unexpected(rows.error());
    add_rows(sums, *rows, range.level);
    if (into == 0) return {};
    auto edge = f;
    edge.reported_since = take_away ? hour * kHour : since;
    auto params = box_and_filters(box, edge);
    params.emplace_back(hour);
    params.emplace_back(take_away ? since : (hour + 1) * kHour);
    auto points = st.recent_edge_points.run(params);
    if (!points) return std::unexpected(points.error());
    add_points(sums, *points, range.level, take_away ? -1 : 1);
    return {};
  });
  if (!ok) return std::unexpected(ok.error());
  return in_range(sums, range);
}

// The nearest `wanted` listed stores of `box` in BoxOrder, in that order, as full rows.
Result<std::vector<Store>> nearest_in_box(Statements& st, const BoundingBox& box, const StoreFilters& f,
                                          std::size_t wanted) {
  return walk_box_nearest<Store>(
      box, wanted, kStoreColumnCount,
      [&](std::int64_t batch, LatLng centre) {
        auto params = box_and_filters(box, f);
        params.insert(params.end(), {Param(batch), Param(float_text(centre.lng)), Param(float_text(centre.lat))});
        return st.walk_box.run(params);
      },
      [](const Rows& rows, int i, const BoxOrder& order) -> Result<Walked<Store>> {
        auto s = read_store(rows, i);
        if (!s) return std::unexpected(s.error());
        const double key = order.key(s->location);
        const StoreId id = s->id;
        return Walked<Store>{key, id, std::move(*s)};
      });
}

Result<std::optional<Store>> one_store(Result<Rows> rows) {
  if (!rows) return std::unexpected(rows.error());
  if (rows->empty()) return std::nullopt;
  auto s = read_store(*rows, 0);
  if (!s) return std::unexpected(s.error());
  return std::move(*s);
}

// Inserts one store inside the caller's transaction. A store with an id keeps it; one
// without gets the next after the largest so far, as SQLite numbers rows: the identity's
// sequence is moved past explicit ids before the next generated one (`sequence_behind`
// tells whether an explicit id came since), and at the end of the write.
Result<void> insert_store(Statements& st, const Store& s, bool& sequence_behind) {
  std::vector<Param> params;
  if (s.id != 0) params.emplace_back(s.id);
  append_store_params(params, s);
  if (s.id == 0 && sequence_behind) {
    if (auto ok = done(st.follow_ids.run()); !ok) return ok;
    sequence_behind = false;
  }
  if (auto ok = done((s.id != 0 ? st.insert_with_id : st.insert_new).run(params)); !ok) return ok;
  sequence_behind = sequence_behind || s.id != 0;
  return {};
}

Result<void> follow_ids_if_behind(Statements& st, bool sequence_behind) {
  return sequence_behind ? done(st.follow_ids.run()) : Result<void>{};
}

// Inserts stores[begin, end), all with ids or all without, as one statement: the per-cell
// sums' statement trigger then adds the whole batch at once. Row by row, one transaction
// would update each zoomed-out cell once per store, and every update of a row its own
// transaction already updated walks the longer chain of its versions (12,000 demo stores:
// 5 min instead of seconds).
Result<void> insert_batch(Statements& st, std::span<const Store> batch) {
  const bool with_id = batch.front().id != 0;
  const int per_row = kStoreWrittenCount + (with_id ? 1 : 0);
  std::string sql =
      "INSERT INTO stores (" + std::string(with_id ? "id, " : "") + std::string(kStoreWrittenColumns) + ") VALUES ";
  std::vector<Param> params;
  params.reserve(batch.size() * static_cast<std::size_t>(per_row));
  for (std::size_t i = 0; i < batch.size(); ++i) {
    sql += (i == 0 ? "(" : ", (") + placeholders(static_cast<int>(i) * per_row + 1, per_row) + ")";
    if (with_id) params.emplace_back(batch[i].id);
    append_store_params(params, batch[i]);
  }
  return done(st.conn.query(sql, params));
}

}  // namespace

PgStoreRepository::PgStoreRepository(Database& db)
    : statements_(db, "stores"), scans_(std::make_unique<PgBboxScans>(db)) {}
PgStoreRepository::~PgStoreRepository() = default;

Result<std::vector<Store>> PgStoreRepository::in_prefecture(std::string_view code, const StoreFilters& f, int limit) {
  if (limit <= 0) return std::vector<Store>{};
  return statements_.with([&](Statements& st) {
    std::vector<Param> params{Param(code)};
    append_filter_params(params, f);
    params.emplace_back(limit);
    return read_stores(st.in_prefecture.run(params));
  });
}

Result<std::vector<Store>> PgStoreRepository::in_bbox(const BoundingBox& box, const StoreFilters& f, int limit) {
  using Out = Result<std::vector<Store>>;
  if (limit <= 0) return std::vector<Store>{};
  const auto wanted = static_cast<std::size_t>(limit);
  return statements_.with([&](Statements& st) -> Out {
    if (lottery_filtered(f)) {
      // Every listed store, from the open entries' few stores; cut in BoxOrder.
      auto found = read_stores(st.lottery_in_box.run(box_and_filters(box, f)));
      if (found && found->size() > wanted) {
        sort_by_box_order(*found, box);
        found->resize(wanted);
      }
      return found;
    }
    // One more than the limit, in the index's order: at most `limit` is the whole set.
    auto params = box_and_filters(box, f);
    params.emplace_back(limit < std::numeric_limits<int>::max() ? limit + 1 : limit);
    auto found = read_stores(st.in_box.run(params));
    if (!found || found->size() <= wanted) return found;
    // Cut: the nearest `limit` in BoxOrder, in one snapshot.
    Out out;
    auto ok = in_transaction(st.conn, TransactionMode::kRead, [&]() -> Result<void> {
      if (auto walk = walk_nearest_first(st.conn); !walk) return walk;
      out = nearest_in_box(st, box, f, wanted);
      if (!out) return std::unexpected(out.error());
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

Result<std::unique_ptr<BboxScan>> PgStoreRepository::scan_bbox(const BoundingBox& box, const StoreFilters& f,
                                                               int limit) {
  // A lottery filter is never assembled from kept stores: in_bbox's list, read whole.
  if (lottery_filtered(f)) return StoreRepository::scan_bbox(box, f, limit);
  return scans_->open(box, f, limit);
}

Result<std::vector<StoreWithDistance>> PgStoreRepository::nearest(LatLng centre, double radius_km,
                                                                  const StoreFilters& f, int limit) {
  using Out = Result<std::vector<StoreWithDistance>>;
  if (limit <= 0 || !(radius_km > 0)) return std::vector<StoreWithDistance>{};
  const auto wanted = static_cast<std::size_t>(limit);
  return statements_.with([&](Statements& st) -> Out {
    std::vector<StoreWithDistance> found;
    // One snapshot for the ring searches. Every store within a ring is inside
    // bbox_around(ring), and every store outside it is farther than all inside; so once a
    // ring holds `limit`, the nearest `limit` overall are among them.
    auto ok = in_transaction(st.conn, TransactionMode::kRead, [&]() -> Result<void> {
      double ring = std::min(radius_km, kNearestFirstRingKm);
      for (;;) {
        found.clear();
        auto params = box_and_filters(bbox_around(centre, ring), f);
        params.push_back(Param::null());  // no LIMIT
        auto stores = read_stores(st.in_box.run(params));
        if (!stores) return std::unexpected(stores.error());
        for (auto& s : *stores) {
          const double d = haversine_km(centre, s.location);
          if (d <= ring) found.push_back({std::move(s), d});
        }
        if (found.size() >= wanted || ring >= radius_km) return {};
        ring = std::min(radius_km, ring * kNearestRingGrowth);
      }
    });
    if (!ok) return std::unexpected(ok.error());
    const auto keep = std::min(wanted, found.size());
    std::partial_sort(found.begin(), found.begin() + static_cast<std::ptrdiff_t>(keep), found.end(),
                      [](const StoreWithDistance& a, const StoreWithDistance& b) {
                        return a.distance_km != b.distance_km ? a.distance_km < b.distance_km : a.store.id < b.store.id;
                      });
    found.resize(keep);
    return found;
  });
}

Result<std::vector<CellAggregate>> PgStoreRepository::cells(const CellRange& range, const StoreFilters& f) {
  if (range.max_x < range.min_x || range.max_y < range.min_y) return std::vector<CellAggregate>{};
  // The box of the range: its two corner cells' bounds, whatever way y runs.
  const auto a = cell_bounds({range.level, range.min_x, range.min_y});
  const auto b = cell_bounds({range.level, range.max_x, range.max_y});
  const BoundingBox box{std::min(a.min_lng, b.min_lng), std::min(a.min_lat, b.min_lat), std::max(a.max_lng, b.max_lng),
                        std::max(a.max_lat, b.max_lat)};
  return statements_.with([&](Statements& st) -> Result<std::vector<CellAggregate>> {
    if (lottery_filtered(f)) return aggregate_in_range(st.lottery_cell_points, box, f, range);
    if (f.reported_since) return recent_cells(st, box, f, range);
    auto rows = st.kept_cells.run({Param(std::int64_t{range.level}), kept_types(f), kept_product(f), Param(range.min_x),
                                   Param(range.max_x), Param(range.min_y), Param(range.max_y)});
    if (!rows) return std::unexpected(rows.error());
    CellSums sums;
    add_rows(sums, *rows, range.level);
    return in_range(sums, range);
  });
}

Result<std::optional<Store>> PgStoreRepository::find(StoreId id) {
  return statements_.with([&](Statements& st) { return one_store(st.find.run({id})); });
}

Result<std::int64_t> PgStoreRepository::count_active() {
  return statements_.with([&](Statements& st) -> Result<std::int64_t> {
    auto rows = st.count_active.run();
    if (!rows) return std::unexpected(rows.error());
    return rows->int64(0, 0);
  });
}

Result<std::vector<PrefectureCount>> PgStoreRepository::count_by_prefecture() {
  return statements_.with([&](Statements& st) -> Result<std::vector<PrefectureCount>> {
    auto rows = st.count_by_prefecture.run();
    if (!rows) return std::unexpected(rows.error());
    std::vector<PrefectureCount> out;
    out.reserve(rows->count());
    for (int i = 0; i < rows->size(); ++i) out.push_back({std::string(rows->text(i, 0)), rows->int64(i, 1)});
    return out;
  });
}

Result<void> PgStoreRepository::insert_many(std::span<const Store> stores) {
  return statements_.with([&](Statements& st) -> Result<void> {
    return in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      bool sequence_behind = false;
      for (std::size_t begin = 0; begin < stores.size();) {
        const bool with_id = stores[begin].id != 0;
        std::size_t end = begin + 1;
        while (end < stores.size() && end - begin < kStoresPerInsert && (stores[end].id != 0) == with_id) ++end;
        if (!with_id && sequence_behind) {
          if (auto ok = done(st.follow_ids.run()); !ok) return ok;
          sequence_behind = false;
        }
        if (auto ok = insert_batch(st, stores.subspan(begin, end - begin)); !ok) return ok;
        sequence_behind = sequence_behind || with_id;
        begin = end;
      }
      return follow_ids_if_behind(st, sequence_behind);
    });
  });
}

Result<UpsertOutcome> PgStoreRepository::upsert_by_external_id(const Store& store) {
  if (store.external_id.empty())
    return fail_logged(ErrorCode::kInternal, msg::kInternal, "upsert_by_external_id without external_id");
  return statements_.with([&](Statements& st) -> Result<UpsertOutcome> {
    UpsertOutcome outcome = UpsertOutcome::kInserted;
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      outcome = UpsertOutcome::kInserted;
      auto old = one_store(st.find_by_external_id.run({store.external_id}));
      if (!old) return std::unexpected(old.error());
      if (!*old) {
        bool sequence_behind = false;
        if (auto inserted = insert_store(st, store, sequence_behind); !inserted) return inserted;
        return follow_ids_if_behind(st, sequence_behind);
      }
      // Fields an admin edited keep the admin's value (docs/decisions/gazetteer-and-import.md).
      auto edited_rows = st.admin_edited_of.run({(*old)->id});
      if (!edited_rows) return std::unexpected(edited_rows.error());
      std::vector<std::string> edited;
      edited.reserve(edited_rows->count());
      for (int i = 0; i < edited_rows->size(); ++i) edited.emplace_back(edited_rows->text(i, 0));
      Store merged = edited.empty() ? store : keep_admin_edits(**old, store, edited);
      if (same_content(**old, merged)) {
        outcome = UpsertOutcome::kUnchanged;
        return {};
      }
      merged.id = (*old)->id;
      merged.created_at = (*old)->created_at;
      merged.last_report_at = (*old)->last_report_at;
      merged.last_report_kind = (*old)->last_report_kind;
      merged.latest_by_product = (*old)->latest_by_product;
      std::vector<Param> params;
      append_store_params(params, merged);
      params.emplace_back(merged.id);
      outcome = UpsertOutcome::kUpdated;
      return done(st.update.run(params));
    });
    if (!ok) return std::unexpected(ok.error());
    return outcome;
  });
}

}  // namespace pokeca::storage::postgres
