#pragma once
// Mapping between Store and a stores row, the filter SQL every store query shares, and the
// name searches' ILIKE pattern.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/map/store.hpp"
#include "pokeca/map/store_query.hpp"
#include "pokeca/storage/postgres/connection.hpp"

namespace pokeca::storage::postgres {

// Columns of `stores AS s` in the order read_store() expects.
inline constexpr std::string_view kStoreColumns =
    "s.id, s.name, s.store_type, s.prefecture, s.city, s.address, s.lat, s.lng, "
    "s.location_precision, s.sells_packs, s.sells_boxes, s.sells_singles, s.status, s.source, "
    "s.external_id, s.created_at, s.updated_at, s.last_report_at, s.last_report_kind, "
    "s.last_pack_at, s.last_pack_kind, s.last_box_at, s.last_box_kind, s.last_single_at, s.last_single_kind";
// How many columns kStoreColumns has: a query's own columns after them start here.
inline constexpr int kStoreColumnCount = 25;

// The written columns of a store, in the order of store_params().
inline constexpr std::string_view kStoreWrittenColumns =
    "name, store_type, prefecture, city, address, lat, lng, location_precision, sells_packs, sells_boxes,"
    " sells_singles, status, source, external_id, created_at, updated_at, last_report_at, last_report_kind,"
    " last_pack_at, last_pack_kind, last_box_at, last_box_kind, last_single_at, last_single_kind";
inline constexpr int kStoreWrittenCount = 24;

// "$first, $first+1, …" for `count` parameters.
[[nodiscard]] std::string placeholders(int first, int count);

// Active stores of `s` that pass StoreFilters; its kFilterParamCount parameters ($first:
// types as a text[] literal, $first+1: product, $first+2: since, $first+3: lottery_open_at,
// $first+4: lottery_ends_by) come from append_filter_params(). A NULL parameter switches
// its filter off, so one prepared statement serves every mix. "Reported since" is core's
// passes_reported (the lists); "lottery open" an approved entry whose window holds
// lottery_open_at and ends by lottery_ends_by (lotteries_by_store finds a store's).
inline constexpr int kFilterParamCount = 5;
[[nodiscard]] std::string active_and_filtered(int first);
// The stores of the open entries of the lottery filter (append_filter_params' $first+3 and
// $first+4): few next to a box's stores, so a list or clusters with that filter start
// from them (lotteries_open_by_end) instead of the box.
[[nodiscard]] std::string open_lottery_stores(int first);
// The clusters' variant of "reported since" (cell_oracle's counted_in_clusters, SQLite's
// migration 013 buckets): the latest report of all at or after since, and the latest of
// the product (of any product without one) a bought.
[[nodiscard]] std::string counted_in_clusters(int first);
void append_filter_params(std::vector<Param>& params, const StoreFilters& f);

// pg_trgm indexes runs of three characters: only a substring of at least this many can be
// looked up in the name's trigram index (migration 008); shorter ones are tested on the names.
inline constexpr std::size_t kTrigramChars = 3;
// ILIKE's pattern for "contains": the text with LIKE's own characters escaped.
[[nodiscard]] std::string contains_pattern(std::string_view text);

// Reads kStoreColumns; an enum text the program does not know is kInternal.
Result<Store> read_store(const Rows& rows, int row);
// The kStoreWrittenColumns values of `s`.
void append_store_params(std::vector<Param>& params, const Store& s);

// The shortest text that reads back as the same double (PostgreSQL parses float8 exactly).
[[nodiscard]] std::string float_text(double x);

// A text[] literal: {"a","b"}.
[[nodiscard]] std::string text_array(const std::vector<std::string>& items);

// Whether two stores hold the same facts an import can change (not id, times, last report).
[[nodiscard]] bool same_content(const Store& a, const Store& b);

}  // namespace pokeca::storage::postgres
