#pragma once
// Mapping between Store and a stores row, and the filter SQL every store query shares.
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/map/store.hpp"
#include "pokeca/map/store_query.hpp"
#include "pokeca/storage/sqlite/statement.hpp"

namespace pokeca::storage {

// Columns of `stores AS s` in the order read_store() expects.
inline constexpr std::string_view kStoreColumns =
    "s.id, s.name, s.store_type, s.prefecture, s.city, s.address, s.lat, s.lng, "
    "s.location_precision, s.sells_packs, s.sells_boxes, s.sells_singles, s.status, s.source, "
    "s.external_id, s.created_at, s.updated_at, s.last_report_at, s.last_report_kind, "
    "s.last_pack_at, s.last_pack_kind, s.last_box_at, s.last_box_kind, s.last_single_at, s.last_single_kind";
// How many columns kStoreColumns has: a query's own columns after them start here.
inline constexpr int kStoreColumnCount = 25;

// Active stores of `s` that pass StoreFilters; bind with bind_filters(). A NULL
// parameter switches its filter off, so one prepared statement serves every mix.
// "Reported since" is core's passes_reported: the latest report of :product (of any
// product without one) says bought and is at or after :since. A product's latest is never
// after the latest of all, so a query may first narrow by last_report_at >= :since.
inline constexpr std::string_view kActiveTypeAndProduct =
    "s.status = 'active'"
    " AND (:types IS NULL OR s.store_type IN (SELECT value FROM json_each(:types)))"
    " AND (:product IS NULL"
    "      OR (:product = 'pack' AND s.sells_packs = 1)"
    "      OR (:product = 'box' AND s.sells_boxes = 1)"
    "      OR (:product = 'single' AND s.sells_singles = 1))";
// "Lottery open" (StoreFilters::lottery_open_at, lottery_ends_by): an approved entry whose
// window holds :lottery_at and, with :lottery_until, ends by then. A store's entries are
// found by lotteries_by_store (store_id, apply_end).
inline constexpr std::string_view kLotteryOpen =
    " AND (:lottery_at IS NULL OR EXISTS (SELECT 1 FROM lotteries AS l"
    "      WHERE l.store_id = s.id AND l.status = 'approved' AND l.apply_end > :lottery_at"
    "      AND l.apply_start <= :lottery_at AND (:lottery_until IS NULL OR l.apply_end <= :lottery_until)))";
// The stores of the open entries: few next to a box's stores, so a list or clusters with
// the lottery filter start from them (lotteries_open_by_end) instead of the box.
inline constexpr std::string_view kOpenLotteryStores =
    "s.id IN (SELECT l.store_id FROM lotteries AS l"
    " WHERE l.status = 'approved' AND l.apply_end > :lottery_at AND l.apply_start <= :lottery_at"
    " AND (:lottery_until IS NULL OR l.apply_end <= :lottery_until))";
inline const std::string kActiveAndFiltered =
    std::string(kActiveTypeAndProduct) + std::string(kLotteryOpen) +
    " AND (:since IS NULL OR CASE :product"
    "      WHEN 'pack' THEN s.last_pack_kind = 'bought' AND s.last_pack_at >= :since"
    "      WHEN 'box' THEN s.last_box_kind = 'bought' AND s.last_box_at >= :since"
    "      WHEN 'single' THEN s.last_single_kind = 'bought' AND s.last_single_at >= :since"
    "      ELSE s.last_report_kind = 'bought' AND s.last_report_at >= :since END)";
// The stores migration 013 files in a cluster hour or block blob's slot for :product (the
// caller bounds last_report_at with :since): active, of :types, selling :product, and whose
// latest report of :product (of any product without one) says bought. Binds as
// kActiveAndFiltered.
inline const std::string kCountedInRecentKinds = std::string(kActiveTypeAndProduct) + std::string(kLotteryOpen) +
                                                 " AND CASE :product"
                                                 "      WHEN 'pack' THEN s.last_pack_kind = 'bought'"
                                                 "      WHEN 'box' THEN s.last_box_kind = 'bought'"
                                                 "      WHEN 'single' THEN s.last_single_kind = 'bought'"
                                                 "      ELSE s.last_report_kind = 'bought' END";
// What a cluster counts, with every filter (PostgreSQL's counted_in_clusters, the cell
// oracle's): "reported since" as migration 013's buckets file it (the latest report of all
// at or after :since, the latest of :product a bought). Binds as kActiveAndFiltered.
inline const std::string kCountedInClusters = std::string(kActiveTypeAndProduct) + std::string(kLotteryOpen) +
                                              " AND (:since IS NULL OR (s.last_report_at >= :since AND CASE :product"
                                              "      WHEN 'pack' THEN s.last_pack_kind = 'bought'"
                                              "      WHEN 'box' THEN s.last_box_kind = 'bought'"
                                              "      WHEN 'single' THEN s.last_single_kind = 'bought'"
                                              "      ELSE s.last_report_kind = 'bought' END))";

// The named parameters of a stores INSERT/UPDATE, in column order.
inline constexpr std::string_view kStoreParams =
    ":name, :store_type, :prefecture, :city, :address, :lat, :lng, :precision, "
    ":sells_packs, :sells_boxes, :sells_singles, :status, :source, :external_id, "
    ":created_at, :updated_at, :last_report_at, :last_report_kind, "
    ":last_pack_at, :last_pack_kind, :last_box_at, :last_box_kind, :last_single_at, :last_single_kind";

// The per-product columns of kStoreColumns/kStoreParams, in product_index order.
struct LatestColumns {
  const char* at;
  const char* kind;
};
inline constexpr std::array<LatestColumns, kProductCount> kLatestParams{{{":last_pack_at", ":last_pack_kind"},
                                                                         {":last_box_at", ":last_box_kind"},
                                                                         {":last_single_at", ":last_single_kind"}}};

// Reads kStoreColumns; an enum text the program does not know is kInternal.
Result<Store> read_store(const Row& row);
// Binds kStoreParams (not :id).
void bind_store(Statement& st, const Store& s);
void bind_filters(Statement& st, const StoreFilters& f);
// ["a","b"] for json_each.
[[nodiscard]] std::string json_string_array(const std::vector<std::string>& items);

// Whether two stores hold the same facts an import can change (not id, times,
// last report).
[[nodiscard]] bool same_content(const Store& a, const Store& b);

}  // namespace pokeca::storage
