#pragma once
// MetaRepository over PostgreSQL: the meta key/value table.
#include "pokeca/shared/meta_repository.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/per_connection.hpp"

namespace pokeca::storage::postgres {

class PgMetaRepository final : public MetaRepository {
 public:
  explicit PgMetaRepository(Database& db);  // throws StorageError
  ~PgMetaRepository() override;

  Result<std::optional<std::string>> get(std::string_view key) override;
  Result<void> set(std::string_view key, std::string_view value) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage::postgres
