#pragma once
// StoreSearchRepository over PostgreSQL: pg_trgm's GIN index for words of 3+ characters,
// the municipality index or the point index for a place, and for a query of short words
// only the same bounded scan as SQLite (core's kMaxShortQueryScanRows).
#include "pokeca/map/store_search.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/per_connection.hpp"

namespace pokeca::storage::postgres {

class PgStoreSearch final : public StoreSearchRepository {
 public:
  // `short_query_scan_rows`: see kMaxShortQueryScanRows (tests lower it).
  explicit PgStoreSearch(Database& db, int short_query_scan_rows = kMaxShortQueryScanRows);  // throws StorageError
  ~PgStoreSearch() override;

  Result<std::vector<Store>> search(const NameSearch& query) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
  int short_query_scan_rows_;
};

}  // namespace pokeca::storage::postgres
