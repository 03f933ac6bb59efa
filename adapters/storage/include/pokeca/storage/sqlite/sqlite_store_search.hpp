#pragma once
// StoreSearchRepository over SQLite: the FTS5 trigram index for words of 3+
// characters, the municipality index or the R*Tree for a place, substring tests for
// the rest. Statements are fixed; the words travel as JSON arrays.
#include "pokeca/map/store_search.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/per_connection.hpp"

namespace pokeca::storage {

// A query whose words are all too short for the trigram index and name no place can use
// no index: it looks through at most this many active stores (lowest ids first), so its
// cost stays bounded at a million stores (bench/RESULTS.md). Every store of the
// 12,000-store demo data is within it; on a larger database such a query may miss stores,
// and adding a longer word or a place finds them through an index.
inline constexpr int kMaxShortQueryScanRows = 20'000;

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
