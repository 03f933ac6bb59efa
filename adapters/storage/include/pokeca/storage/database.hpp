#pragma once
// The database file: a pool of configured connections with the schema migrated.
// Repositories take a Database& and must be destroyed before it.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>

#include "pokeca/storage/connection.hpp"
#include "pokeca/storage/connection_pool.hpp"
#include "pokeca/storage/storage_error.hpp"

namespace pokeca::storage {

// Enough for the HTTP workers on a small machine; more threads simply wait their turn.
inline constexpr std::size_t kDefaultConnections = 4;

struct DatabaseOptions {
  std::size_t connections = kDefaultConnections;
  ConnectionSettings connection{};
};

class Database {
 public:
  // Opens or creates the file and applies migrations. Throws StorageError (a start-up
  // failure: unreadable file, no WAL, a schema newer than this program, …).
  explicit Database(const std::filesystem::path& file, DatabaseOptions options = {});
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  [[nodiscard]] ConnectionPool::Lease acquire() { return pool_.acquire(); }
  [[nodiscard]] std::size_t connection_count() const { return pool_.size(); }
  [[nodiscard]] const std::filesystem::path& file() const { return file_; }
  // Moves forward on every committed write through this Database's connections, so
  // caches of query results can tell they are stale.
  [[nodiscard]] std::uint64_t write_generation() const {
    return write_generation_.load(std::memory_order_acquire);
  }

 private:
  std::filesystem::path file_;
  ConnectionPool pool_;
  std::atomic<std::uint64_t> write_generation_{0};
};

}  // namespace pokeca::storage
