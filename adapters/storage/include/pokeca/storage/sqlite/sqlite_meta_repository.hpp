#pragma once
// MetaRepository over SQLite: the meta key/value table.
#include "pokeca/shared/meta_repository.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/per_connection.hpp"

namespace pokeca::storage {

class SqliteMetaRepository final : public MetaRepository {
 public:
  explicit SqliteMetaRepository(Database& db);  // throws StorageError
  ~SqliteMetaRepository() override;

  Result<std::optional<std::string>> get(std::string_view key) override;
  Result<void> set(std::string_view key, std::string_view value) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage
