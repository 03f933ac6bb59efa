#pragma once
// The SQL of a box and the constants of a cut list's best-first walk, shared by the box
// lists (pg_store_repository.cpp) and the bbox scan of ids (pg_bbox_scan.cpp).
#include <string_view>

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

}  // namespace pokeca::storage::postgres
