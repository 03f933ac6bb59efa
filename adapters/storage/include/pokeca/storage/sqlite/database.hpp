#pragma once
// The database file: a pool of configured connections with the schema migrated.
// Repositories take a Database& and must be destroyed before it.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "pokeca/shared/data_changes.hpp"
#include "pokeca/storage/database_metrics.hpp"
#include "pokeca/storage/sqlite/connection.hpp"
#include "pokeca/storage/sqlite/connection_pool.hpp"
#include "pokeca/storage/sqlite/storage_error.hpp"

namespace pokeca::storage {

// Enough for the HTTP workers on a small machine; more threads simply wait their turn.
inline constexpr std::size_t kDefaultConnections = 4;

struct DatabaseOptions {
  std::size_t connections = kDefaultConnections;
  ConnectionSettings connection{};
};

// Also the data's change signal (core's DataChanges port), from SQLite's hooks on every
// pooled connection: commits through this Database's connections only (another process's
// writes are seen by the caches' time limits).
class Database final : public DataChanges {
 public:
  // Opens or creates the file and applies migrations. Throws StorageError (a start-up
  // failure: unreadable file, no WAL, a schema newer than this program, …).
  explicit Database(const std::filesystem::path& file, DatabaseOptions options = {});
  ~Database() override;
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  [[nodiscard]] ConnectionPool::Lease acquire() { return pool_.acquire(); }
  [[nodiscard]] std::size_t connection_count() const { return pool_.size(); }
  // For the metrics page: how the connections are used, and each repository's call time.
  [[nodiscard]] const PoolUse& pool_use() const { return pool_.use(); }
  [[nodiscard]] RepositoryTimes& repository_times() { return repository_times_; }
  [[nodiscard]] const RepositoryTimes& repository_times() const { return repository_times_; }
  [[nodiscard]] const std::filesystem::path& file() const { return file_; }
  // Moves forward on every committed write through this Database's connections, so
  // caches of query results can tell they are stale.
  [[nodiscard]] std::uint64_t write_generation() const { return write_generation_.load(std::memory_order_acquire); }
  // Moves forward once a commit that changed stores_rtree (a store inserted, moved or
  // deleted) is visible, before the writer's request is answered: a copy of the tree read
  // in a snapshot begun after this value was read is current while the value stays.
  [[nodiscard]] std::uint64_t stores_rtree_generation() const {
    return stores_rtree_generation_.load(std::memory_order_acquire);
  }
  // DataChanges: write_generation(), and the ids of `stores` rows a commit changed,
  // passed on the committing thread after the commit is visible and before
  // write_generation moves for it.
  [[nodiscard]] std::uint64_t generation() const override { return write_generation(); }
  void subscribe(StoresChanged listener) override { stores_changed_.push_back(std::move(listener)); }

 private:
  std::filesystem::path file_;
  // Before pool_, so they outlive the connections whose hooks point at them.
  std::vector<StoresChanged> stores_changed_;
  struct Hooks;  // per connection: the stores rows its open transaction changed
  std::vector<std::unique_ptr<Hooks>> hooks_;
  ConnectionPool pool_;
  RepositoryTimes repository_times_;
  std::atomic<std::uint64_t> write_generation_{0};
  std::atomic<std::uint64_t> stores_rtree_generation_{0};
};

}  // namespace pokeca::storage
