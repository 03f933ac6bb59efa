#include "pokeca/storage/postgres/database.hpp"

#include "pokeca/storage/postgres/migrations.hpp"
#include "pokeca/storage/sqlite/storage_error.hpp"

namespace pokeca::storage::postgres {

Database::Database(const std::string& conninfo, DatabaseOptions options) : pool_(conninfo, options.connections) {
  auto lease = pool_.acquire();
  if (auto ok = migrate(lease.connection()); !ok) throw StorageError("postgres: " + ok.error().cause());
}

}  // namespace pokeca::storage::postgres
