#pragma once
// The one path by which a store row is written: the row, and with it the aggregates
// the map reads (store_cells, prefecture_counts; the R*Tree and FTS follow by
// triggers). Used by SqliteStoreRepository and by approvals of submissions, inside the
// caller's write transaction: call flush() before committing, discard() on failure.
#include "engine/store_aggregates.hpp"
#include "pokeca/map/store.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/storage/sqlite/statement.hpp"

namespace pokeca::storage {

class Connection;

class StoreWrites {
 public:
  explicit StoreWrites(Connection& conn);

  // Inserts the store (SQLite picks the id when store.id is 0) and returns its id.
  Result<StoreId> insert(const Store& store);
  // Overwrites `old` (same id) with `updated`.
  Result<void> update(const Store& old, const Store& updated);
  // Deletes `old` (by id; its report, favourite and photo rows go by the schema's rules).
  Result<void> remove(const Store& old);
  // Writes the aggregates' pending changes.
  Result<void> flush() { return aggregates_.flush(); }
  void discard() { aggregates_.discard(); }

 private:
  Statement insert_;
  Statement update_;
  Statement delete_;
  StoreAggregates aggregates_;
};

}  // namespace pokeca::storage
