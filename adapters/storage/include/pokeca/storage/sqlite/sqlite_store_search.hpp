#pragma once
// StoreSearchRepository over SQLite: the FTS5 trigram index for words of 3+
// characters, the municipality index or the R*Tree for a place, substring tests for
// the rest. Statements are fixed; the words travel as JSON arrays.
#include "pokeca/map/store_search.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/per_connection.hpp"

namespace pokeca::storage {

class SqliteStoreSearch final : public StoreSearchRepository {
 public:
  // `short_query_scan_rows`: see kMaxShortQueryScanRows (tests lower it).
  explicit SqliteStoreSearch(Database& db, int short_query_scan_rows = kMaxShortQueryScanRows);  // throws StorageError
  ~SqliteStoreSearch() override;

  Result<std::vector<Store>> search(const NameSearch& query) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
  int short_query_scan_rows_;
};

}  // namespace pokeca::storage
