#pragma once
// StoreCatalog over PostgreSQL: active stores by primary-key range (the sitemap, the open
// data export).
#include "pokeca/map/store_catalog.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/per_connection.hpp"

namespace pokeca::storage::postgres {

class PgStoreCatalog final : public StoreCatalog {
 public:
  explicit PgStoreCatalog(Database& db);  // throws StorageError
  ~PgStoreCatalog() override;

  Result<std::vector<Store>> active_between(StoreId after, StoreId up_to, std::size_t limit) override;
  Result<StoreId> max_active_id() override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage::postgres
