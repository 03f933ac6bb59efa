#pragma once
// StoreCatalog over SQLite: active stores by primary-key range.
#include "pokeca/map/store_catalog.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/per_connection.hpp"

namespace pokeca::storage {

class SqliteStoreCatalog final : public StoreCatalog {
 public:
  explicit SqliteStoreCatalog(Database& db);  // throws StorageError
  ~SqliteStoreCatalog() override;

  Result<std::vector<Store>> active_between(StoreId after, StoreId up_to, std::size_t limit) override;
  Result<StoreId> max_active_id() override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage
