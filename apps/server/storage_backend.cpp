#include "storage_backend.hpp"

#include <stdexcept>

namespace pokeca::server {

std::unique_ptr<StorageBackend> open_storage(const Config& config, std::size_t connections) {
  if (config.database_url.empty()) return open_sqlite_storage(config, connections);
  // Not every port runs on PostgreSQL yet (docs/decisions/postgres-backend.md): refuse it
  // plainly instead of serving with some data in SQLite and some in PostgreSQL.
  throw std::runtime_error("--database-url (" + config.database_url_masked +
                           "): the PostgreSQL backend cannot run the server yet; unset it to use SQLite in --data-dir");
}

}  // namespace pokeca::server
