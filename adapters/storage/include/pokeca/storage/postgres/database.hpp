#pragma once
// A PostgreSQL database: a pool of connections with the schema migrated. Repositories
// take a Database& and must be destroyed before it.
#include <cstddef>
#include <string>

#include "pokeca/storage/postgres/connection_pool.hpp"

namespace pokeca::storage::postgres {

// As SQLite's: enough for the HTTP workers on a small machine (one connection each).
inline constexpr std::size_t kDefaultConnections = 4;

struct DatabaseOptions {
  std::size_t connections = kDefaultConnections;
};

class Database {
 public:
  // Connects and applies migrations. Throws StorageError with one line (unreachable
  // server, wrong password, a schema newer than this program, a failed migration).
  explicit Database(const std::string& conninfo, DatabaseOptions options = {});
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  [[nodiscard]] ConnectionPool::Lease acquire() { return pool_.acquire(); }
  [[nodiscard]] std::size_t connection_count() const { return pool_.size(); }

 private:
  ConnectionPool pool_;
};

}  // namespace pokeca::storage::postgres
