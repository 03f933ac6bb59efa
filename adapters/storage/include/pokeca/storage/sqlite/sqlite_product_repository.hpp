#pragma once
// ProductRepository over SQLite: the products table (migration 014), each admin write
// with its admin_audit row in one transaction.
#include "pokeca/contributions/product_catalog.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/per_connection.hpp"

namespace pokeca::storage {

class SqliteProductRepository final : public ProductRepository {
 public:
  explicit SqliteProductRepository(Database& db);  // throws StorageError
  ~SqliteProductRepository() override;

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

}  // namespace pokeca::storage
