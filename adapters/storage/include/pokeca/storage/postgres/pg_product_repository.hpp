#pragma once
// ProductRepository over PostgreSQL: the products table, each admin write with its
// admin_audit row in one SERIALIZABLE transaction (run again on a serialization failure:
// a decision may be asked more than once, always on the row current in that attempt).
#include "pokeca/contributions/product_catalog.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/per_connection.hpp"

namespace pokeca::storage::postgres {

class PgProductRepository final : public ProductRepository {
 public:
  explicit PgProductRepository(Database& db);  // throws StorageError
  ~PgProductRepository() override;

  Result<std::vector<CatalogProduct>> list(bool listed_only) override;
  Result<std::optional<CatalogProduct>> find(CatalogProductId id) override;
  Result<CatalogProduct> insert(const CatalogProduct& product, AuditRecord audit, std::size_t max_products) override;
  Result<std::optional<CatalogProduct>> update(CatalogProductId id, const ProductDecision& decide) override;
  Result<bool> remove(CatalogProductId id, const std::function<AuditRecord(const CatalogProduct&)>& audit) override;
  Result<void> insert_demo(const std::vector<CatalogProduct>& products) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage::postgres
