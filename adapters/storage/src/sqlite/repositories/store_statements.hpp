#pragma once
// SqliteStoreRepository's prepared statements for one connection.
#include <string>

#include "engine/rtree_replica.hpp"
#include "pokeca/storage/sqlite/connection.hpp"
#include "pokeca/storage/sqlite/sqlite_store_repository.hpp"
#include "pokeca/storage/sqlite/statement.hpp"
#include "repositories/store_rows.hpp"
#include "repositories/store_writes.hpp"

namespace pokeca::storage {

namespace store_sql {

// R*Tree boxes are float32 rounded outwards, so the box test finds a superset; the
// exact test on stores follows. CROSS JOIN keeps the R*Tree as the outer loop.
// The R*Tree part alone is ids_in_rtree's, whose candidates must come in the same order
// (the same constraints on the same table give the same traversal).
inline constexpr std::string_view kInRtreeBox =
    " WHERE r.min_lng <= :max_lng AND r.max_lng >= :min_lng"
    " AND r.min_lat <= :max_lat AND r.max_lat >= :min_lat";
inline constexpr std::string_view kExactBox =
    "s.lng BETWEEN :min_lng AND :max_lng AND s.lat BETWEEN :min_lat AND :max_lat AND ";
inline const std::string kInBoxJoin = " FROM stores_rtree AS r CROSS JOIN stores AS s ON s.id = r.id" +
                                      std::string(kInRtreeBox) + " AND " + std::string(kExactBox);

inline std::string select_stores(std::string_view from_where) {
  return "SELECT " + std::string(kStoreColumns) + std::string(from_where);
}

}  // namespace store_sql

struct SqliteStoreRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        in_prefecture(c, store_sql::select_stores(" FROM stores AS s WHERE s.prefecture = :prefecture AND ") +
                             std::string(kActiveAndFiltered) + " ORDER BY s.id LIMIT :limit"),
        in_bbox(c, store_sql::select_stores(store_sql::kInBoxJoin) + std::string(kActiveAndFiltered) + " LIMIT :limit"),
        ids_in_rtree(c, "SELECT r.id FROM stores_rtree AS r" + std::string(store_sql::kInRtreeBox)),
        rtree_size(c, RtreeReplica::kSizeSql),
        rtree_nodes(c, RtreeReplica::kNodesSql),
        listed_by_id(
            c, store_sql::select_stores(" FROM stores AS s WHERE s.id = :id AND " + std::string(store_sql::kExactBox)) +
                   std::string(kActiveAndFiltered)),
        located_in_bbox(
            c, "SELECT s.id, s.lat, s.lng" + std::string(store_sql::kInBoxJoin) + std::string(kActiveAndFiltered)),
        // INDEXED BY: if the planner ever could not use the covering index, this
        // fails to prepare at start-up instead of silently scanning.
        reported_in_bbox(c,
                         "SELECT s.id, s.lat, s.lng FROM stores AS s INDEXED BY stores_by_last_report"
                         " WHERE s.last_report_at >= :since"
                         " AND s.lng BETWEEN :min_lng AND :max_lng AND s.lat BETWEEN :min_lat AND :max_lat AND " +
                             std::string(kActiveAndFiltered)),
        find(c, store_sql::select_stores(" FROM stores AS s WHERE s.id = :id")),
        find_by_external_id(c, store_sql::select_stores(" FROM stores AS s WHERE s.external_id = :external_id")),
        admin_edited_of(c, "SELECT value FROM stores AS s, json_each(s.admin_edited) WHERE s.id = :id"),
        cells_in_column(c,
                        "SELECT cx, cy, count, sum_lat, sum_lng FROM store_cells"
                        " WHERE level = :level AND store_type = :type AND product = :product AND cx = :min_x"
                        " AND cy BETWEEN :min_y AND :max_y"),
        cells_in_range(
            c,
            "SELECT cx, cy, count, sum_lat, sum_lng FROM store_cells"
            " WHERE level = :level AND store_type = :type AND product = :product AND cx BETWEEN :min_x AND :max_x"
            " AND cy BETWEEN :min_y AND :max_y"),
        // Each level partitions the world, so level 0's few '*' rows add up to every active store.
        count_active(
            c,
            "SELECT coalesce(sum(count), 0) FROM store_cells WHERE level = 0 AND store_type = '*' AND product = '*'"),
        count_by_prefecture(c, "SELECT prefecture, count FROM prefecture_counts WHERE count > 0 ORDER BY prefecture"),
        writes(c),
        reported_between_in_bbox(
            c,
            "SELECT s.lat, s.lng FROM stores AS s INDEXED BY stores_by_last_report"
            " WHERE s.last_report_at >= :since AND s.last_report_at < :until"
            " AND s.lng BETWEEN :min_lng AND :max_lng AND s.lat BETWEEN :min_lat AND :max_lat AND " +
                kCountedInRecentKinds),
        recent_kinds_of_hour(c,
                             "SELECT cx, cy, kinds FROM store_recent_kinds"
                             " WHERE level = :level AND hour = :hour AND cx BETWEEN :min_x AND :max_x"
                             " AND cy BETWEEN :min_y AND :max_y"),
        recent_kinds_of_block(c,
                              "SELECT cx, cy, kinds FROM store_recent_blocks"
                              " WHERE level = :level AND block = :block AND cx BETWEEN :min_x AND :max_x"
                              " AND cy BETWEEN :min_y AND :max_y"),
        // A narrow view's columns (a JSON array) seek cell column by cell column within the
        // one statement instead of reading the whole cx strip through Japan.
        recent_kinds_of_hour_in_columns(c,
                                        "SELECT cx, cy, kinds FROM store_recent_kinds"
                                        " WHERE level = :level AND hour = :hour"
                                        " AND cx IN (SELECT value FROM json_each(:columns))"
                                        " AND cy BETWEEN :min_y AND :max_y"),
        recent_kinds_of_block_in_columns(c,
                                         "SELECT cx, cy, kinds FROM store_recent_blocks"
                                         " WHERE level = :level AND block = :block"
                                         " AND cx IN (SELECT value FROM json_each(:columns))"
                                         " AND cy BETWEEN :min_y AND :max_y"),
        next_recent_block(c, "SELECT min(block) FROM store_recent_blocks WHERE level = :level AND block >= :block"),
        // INDEXED BY, as reported_in_bbox: a plan change fails at start-up, not silently.
        in_prefecture_reported(
            c, store_sql::select_stores(" FROM stores AS s INDEXED BY stores_by_prefecture_reported"
                                        " WHERE s.prefecture = :prefecture AND s.last_report_at IS NOT NULL"
                                        " AND s.last_report_at >= :since AND ") +
                   std::string(kActiveAndFiltered) + " ORDER BY s.id LIMIT :limit"),
        located_reported_in_bbox(
            c,
            "SELECT s.id, s.lat, s.lng FROM stores_reported_rtree AS r"
            " CROSS JOIN stores AS s ON s.id = r.id"
            " WHERE r.min_lng <= :max_lng AND r.max_lng >= :min_lng"
            " AND r.min_lat <= :max_lat AND r.max_lat >= :min_lat AND r.max_t >= :since / 31557600.0"
            " AND s.lng BETWEEN :min_lng AND :max_lng AND s.lat BETWEEN :min_lat AND :max_lat AND " +
                std::string(kActiveAndFiltered)),
        lottery_in_bbox(c, store_sql::select_stores(" FROM stores AS s WHERE " + std::string(kOpenLotteryStores) +
                                                    " AND " + std::string(store_sql::kExactBox)) +
                               std::string(kActiveAndFiltered)),
        lottery_points_in_bbox(c, "SELECT s.lat, s.lng FROM stores AS s WHERE " + std::string(kOpenLotteryStores) +
                                      " AND " + std::string(store_sql::kExactBox) + kCountedInClusters) {}

  Connection& conn;
  Statement in_prefecture;
  Statement in_bbox;
  Statement ids_in_rtree;  // candidate ids of a box in in_bbox's R*Tree order
  Statement rtree_size;    // the R*Tree's size and nodes, for its copy in memory (rtree_replica.hpp)
  Statement rtree_nodes;
  Statement listed_by_id;      // one store if in_bbox would list it (the same exact box test and filters)
  Statement located_in_bbox;   // id, lat, lng of matching stores in a box, via the R*Tree
  Statement reported_in_bbox;  // the same, via the stores reported since :since
  Statement find;
  Statement find_by_external_id;
  Statement admin_edited_of;  // the fields an admin changed: a re-import keeps them
  Statement cells_in_column;
  Statement cells_in_range;
  Statement count_active;
  Statement count_by_prefecture;
  StoreWrites writes;
  // "Reported since" clusters: the stores of a partial hour (migration 008's index) as the
  // hour rows count them (kCountedInRecentKinds), one
  // hour's cells with every store type and product in one blob per cell (migration 010),
  // one 8-hour block's cells and the next stored block (migration 011, the same blobs).
  Statement reported_between_in_bbox;
  Statement recent_kinds_of_hour;
  Statement recent_kinds_of_block;
  Statement recent_kinds_of_hour_in_columns;
  Statement recent_kinds_of_block_in_columns;
  Statement next_recent_block;
  // The lists with "reported since" (migration 009): the prefecture's reported stores in
  // id order, and the reported stores in a box via their R*Tree (place, and time in
  // years of 31,557,600 s as the migration stores it).
  Statement in_prefecture_reported;
  Statement located_reported_in_bbox;
  // The lottery filter (kOpenLotteryStores): the listed stores of a box, and the points its
  // clusters count, read from the open entries' stores.
  Statement lottery_in_bbox;
  Statement lottery_points_in_bbox;
};

}  // namespace pokeca::storage
