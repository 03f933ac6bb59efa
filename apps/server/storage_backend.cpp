#include "storage_backend.hpp"

namespace pokeca::server {

std::unique_ptr<StorageBackend> open_storage(const Config& config, std::size_t connections) {
  if (config.database_url.empty()) return open_sqlite_storage(config, connections);
  return open_postgres_storage(config, connections);
}

}  // namespace pokeca::server
