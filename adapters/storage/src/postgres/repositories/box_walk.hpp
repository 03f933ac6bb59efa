#pragma once
// The SQL of a box and a cut list's best-first walk, shared by the box lists
// (pg_store_repository.cpp) and the bbox scan of ids (pg_bbox_scan.cpp).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "pokeca/map/store_query.hpp"  // BoxOrder
#include "pokeca/storage/postgres/connection.hpp"

namespace pokeca::storage::postgres {

// Stores in the box $1..$4 (min lng, min lat, max lng, max lat): the GiST index finds
// candidates (<@ is inclusive, with PostgreSQL's 1e-6 tolerance), the BETWEENs keep the
// box exact at its edges.
inline constexpr std::string_view kInBox =
    "point(s.lng, s.lat) <@ box(point($1::float8, $2::float8), point($3::float8, $4::float8))"
    " AND s.lng BETWEEN $1::float8 AND $3::float8 AND s.lat BETWEEN $2::float8 AND $4::float8";

// The first batch of a cut list's best-first walk, as a multiple of the limit, and how
// much each further batch grows: most cut lists end after the first.
inline constexpr int kFirstWalkFactor = 2;
inline constexpr int kWalkGrowth = 4;
// Below 1: the unscaled distance PostgreSQL computes and the key core computes round
// differently; the bound must stay below every unfetched store's key.
inline constexpr double kBoundMargin = 1.0 - 1e-9;

// Makes the walks of the caller's read transaction follow the point index nearest first.
// PostgreSQL estimates any box at about 1,000 stores and would rather read and sort them
// all: for Tokyo's prefecture box (142,000 stores at 1,000,000) 90 ms, where the walk takes
// 1 ms. Call it inside the transaction (SET LOCAL ends with it).
inline Result<void> walk_nearest_first(Connection& conn) { return conn.exec("SET LOCAL enable_sort = off"); }

// One row of a walk, read: its BoxOrder key, its store's id, and what the caller keeps.
template <typename Item>
struct Walked {
  double key;
  StoreId id;
  Item item;
};

// The nearest `wanted` listed stores of `box` in BoxOrder, in that order. `run(batch, centre)`
// runs the walk's statement: the box's stores best first by unscaled distance d from the
// centre (in column `distance_column`), at most `batch`; `read(rows, i, order)` reads row i as
// a Walked<Item>. A store's key (longitude scaled by c ≤ 1) is at least (c·d)², so once
// `wanted` stores have a key below (c·d)² of the last row read, no store not yet read can
// come before them; otherwise the walk runs again with a larger batch.
template <typename Item, typename Run, typename Read>
Result<std::vector<Item>> walk_box_nearest(const BoundingBox& box, std::size_t wanted, int distance_column, Run&& run,
                                           Read&& read) {
  const BoxOrder order(box);
  const double c = order.lng_scale();
  std::int64_t batch = static_cast<std::int64_t>(wanted) * kFirstWalkFactor;
  for (;;) {
    auto rows = run(batch, order.centre());
    if (!rows) return std::unexpected(rows.error());
    std::vector<Walked<Item>> keyed;
    keyed.reserve(rows->count());
    for (int i = 0; i < rows->size(); ++i) {
      auto walked = read(*rows, i, order);
      if (!walked) return std::unexpected(walked.error());
      keyed.push_back(std::move(*walked));
    }
    const auto keep = std::min(wanted, keyed.size());
    std::partial_sort(keyed.begin(), keyed.begin() + static_cast<std::ptrdiff_t>(keep), keyed.end(),
                      [](const auto& a, const auto& b) { return BoxOrder::before(a.key, a.id, b.key, b.id); });
    bool complete = rows->size() < batch;
    if (!complete && keep == wanted) {
      const double d = rows->real(rows->size() - 1, distance_column);
      complete = keyed[keep - 1].key < c * c * d * d * kBoundMargin;
    }
    if (complete) {
      std::vector<Item> out;
      out.reserve(keep);
      for (std::size_t i = 0; i < keep; ++i) out.push_back(std::move(keyed[i].item));
      return out;
    }
    batch *= kWalkGrowth;
  }
}

}  // namespace pokeca::storage::postgres
