#pragma once
// Mapping between Store and a stores row, and the filter SQL every store query shares.
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/storage/statement.hpp"
#include "pokeca/store.hpp"
#include "pokeca/store_query.hpp"

namespace pokeca::storage {

// Columns of `stores AS s` in the order read_store() expects.
inline constexpr std::string_view kStoreColumns =
    "s.id, s.name, s.store_type, s.prefecture, s.city, s.address, s.lat, s.lng, "
    "s.location_precision, s.sells_packs, s.sells_boxes, s.sells_singles, s.status, s.source, "
    "s.external_id, s.created_at, s.updated_at, s.last_report_at, s.last_report_kind";

// Active stores of `s` that pass StoreFilters; bind with bind_filters(). A NULL
// parameter switches its filter off, so one prepared statement serves every mix.
inline constexpr std::string_view kActiveAndFiltered =
    "s.status = 'active'"
    " AND (:types IS NULL OR s.store_type IN (SELECT value FROM json_each(:types)))"
    " AND (:product IS NULL"
    "      OR (:product = 'pack' AND s.sells_packs = 1)"
    "      OR (:product = 'box' AND s.sells_boxes = 1)"
    "      OR (:product = 'single' AND s.sells_singles = 1))"
    " AND (:since IS NULL OR s.last_report_at >= :since)";

// The named parameters of a stores INSERT/UPDATE, in column order.
inline constexpr std::string_view kStoreParams =
    ":name, :store_type, :prefecture, :city, :address, :lat, :lng, :precision, "
    ":sells_packs, :sells_boxes, :sells_singles, :status, :source, :external_id, "
    ":created_at, :updated_at, :last_report_at, :last_report_kind";

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
