#pragma once
// StoreSearchRepository over SQLite: the FTS5 trigram index for words of 3+
// characters, the municipality index or the R*Tree for a place, substring tests for
// the rest. Statements are fixed; the words travel as JSON arrays.
#include "pokeca/storage/database.hpp"
#include "pokeca/storage/per_connection.hpp"
#include "pokeca/store_search.hpp"

namespace pokeca::storage {

class SqliteStoreSearch final : public StoreSearchRepository {
 public:
  explicit SqliteStoreSearch(Database& db);  // throws StorageError
  ~SqliteStoreSearch() override;

  Result<std::vector<Store>> search(const NameSearch& query) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage
