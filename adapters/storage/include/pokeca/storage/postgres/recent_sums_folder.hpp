#pragma once
// Folds the stores' "reported within" changes into the kept hour sums (migration 022):
// writers only append changes, so concurrent reports never meet on a sum row, and readers
// add the changes not yet folded. Each call is one READ COMMITTED statement; of several
// servers calling at once, one folds and the others move nothing.
#include <cstdint>

#include "pokeca/shared/errors.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/per_connection.hpp"

namespace pokeca::storage::postgres {

class RecentSumsFolder {
 public:
  explicit RecentSumsFolder(Database& db);  // throws StorageError
  ~RecentSumsFolder();

  // How many changes this call moved into the sums.
  Result<std::int64_t> fold();

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage::postgres
