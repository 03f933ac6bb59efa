#pragma once
// A PostgreSQL database: a pool of connections with the schema migrated. Repositories
// take a Database& and must be destroyed before it.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "pokeca/shared/data_changes.hpp"
#include "pokeca/storage/database_metrics.hpp"
#include "pokeca/storage/postgres/connection_pool.hpp"

namespace pokeca::storage::postgres {

// As SQLite's: enough for the HTTP workers on a small machine (one connection each).
inline constexpr std::size_t kDefaultConnections = 4;

struct DatabaseOptions {
  std::size_t connections = kDefaultConnections;
};

// Also the data's change signal (core's DataChanges port), from the notifications each
// pooled connection's commits send to that connection (migration 005): this process's
// writes, synchronously, as SQLite's hooks give them. Other servers' writes are not heard
// yet (a LISTEN on a shared channel is the next step); the caches' time limits cover them,
// as they cover other processes' writes on SQLite.
class Database final : public DataChanges {
 public:
  // Connects and applies migrations. Throws StorageError with one line (unreachable
  // server, wrong password, a schema newer than this program, a failed migration).
  explicit Database(const std::string& conninfo, DatabaseOptions options = {});
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  [[nodiscard]] ConnectionPool::Lease acquire() { return pool_.acquire(); }
  [[nodiscard]] std::size_t connection_count() const { return pool_.size(); }
  // For the metrics page: how the connections are used, and each repository's call time.
  [[nodiscard]] const PoolUse& pool_use() const { return pool_.use(); }
  [[nodiscard]] RepositoryTimes& repository_times() { return repository_times_; }
  [[nodiscard]] const RepositoryTimes& repository_times() const { return repository_times_; }

  // DataChanges: moves after every commit that wrote a row, after the listeners heard the
  // ids of the stores it changed; never on reads or rolled back writes.
  [[nodiscard]] std::uint64_t generation() const override { return generation_.load(std::memory_order_acquire); }
  void subscribe(StoresChanged listener) override { stores_changed_.push_back(std::move(listener)); }

 private:
  void committed(const std::vector<std::string>& payloads);

  // Before pool_, so they outlive the connections whose handlers call them.
  std::vector<StoresChanged> stores_changed_;
  std::atomic<std::uint64_t> generation_{0};
  ConnectionPool pool_;
  RepositoryTimes repository_times_;
};

}  // namespace pokeca::storage::postgres
