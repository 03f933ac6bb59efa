#pragma once
// PgStoreRepository::scan_bbox: a box's candidate ids without their rows. The map's read
// model keeps each store's list JSON and facts (read-model.md), so a miss whose stores are
// all kept needs nothing from PostgreSQL but the ids: one statement that sends 8 bytes a
// store instead of 25 columns as text, and no row to parse. A store the caller does not
// keep is read by id (read_listed), with the box and the filters tested again.
//
// Snapshots, as SQLite's scan with its R*Tree copy: the uncut list's ids come from one
// statement; the rows read by id come from one later snapshot (REPEATABLE READ, begun at
// the first read), each row tested again, so a store changed in between is answered as it
// is then or left out. A cut list's walk and its reads share one snapshot.
#include <memory>

#include "pokeca/map/store_ports.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/per_connection.hpp"

namespace pokeca::storage::postgres {

// Rows a read by id fetches at most at once: the asked store and the next candidates
// after it (a cold read model asks for every store of the list, one by one).
inline constexpr std::size_t kScanReadBatch = 64;

class PgBboxScans {
 public:
  explicit PgBboxScans(Database& db);  // throws StorageError
  ~PgBboxScans();
  PgBboxScans(const PgBboxScans&) = delete;
  PgBboxScans& operator=(const PgBboxScans&) = delete;

  // A scan of in_bbox(box, f, limit)'s candidates; holds one connection until destroyed.
  // Not for the lottery filter (its stores are never kept).
  Result<std::unique_ptr<BboxScan>> open(const BoundingBox& box, const StoreFilters& f, int limit);

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage::postgres
