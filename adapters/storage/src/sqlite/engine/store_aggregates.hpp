#pragma once
// Keeps store_cells and prefecture_counts equal to what the active stores add up to.
// A write records each store it adds or removes; flush() then applies the net change
// with one upsert per touched key, so a bulk load costs O(distinct cells), not
// levels × (type, product) rows of upserts per store. The cell math is core's cell_of, so the stored
// cells and the server's view ranges always agree.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "pokeca/map/store.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/storage/sqlite/statement.hpp"

namespace pokeca::storage {

class Connection;

// store_cells' rows for all types / any product together; no real key looks like this.
inline constexpr std::string_view kAnyStoreType = "*";
inline constexpr std::string_view kAnyProduct = "*";

class StoreAggregates {
 public:
  explicit StoreAggregates(Connection& conn);

  // Stores that are not active count for nothing, so these ignore them.
  void add(const Store& s) { record(s, +1); }
  void remove(const Store& s) { record(s, -1); }
  // Writes and forgets the pending changes; call inside the write's transaction.
  Result<void> flush();
  // Forgets pending changes (the write failed and its transaction rolls back).
  void discard();

 private:
  struct Delta {
    std::int64_t count = 0;
    double sum_lat = 0;
    double sum_lng = 0;
  };
  void record(const Store& s, int sign);
  std::optional<std::uint64_t> type_index(std::string_view type);

  // Keys pack (level, type index, product, x, y) into 64 bits; see store_aggregates.cpp.
  std::unordered_map<std::uint64_t, Delta> cells_;
  std::vector<std::string> types_;  // type index → key; [0] is kAnyStoreType
  bool overflowed_ = false;
  std::unordered_map<std::string, std::int64_t> prefectures_;
  Statement upsert_cell_, drop_empty_cell_, upsert_prefecture_, drop_empty_prefecture_;
};

}  // namespace pokeca::storage
