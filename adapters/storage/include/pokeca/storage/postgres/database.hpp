#pragma once
// A PostgreSQL database: a pool of connections with the schema migrated. Repositories
// take a Database& and must be destroyed before it.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
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
  // One more connection that hears the other sessions' writes (other servers of the same
  // database): a server's caches need it; a one-off command does not.
  bool hear_other_writes = true;
};

class OtherWritesListener;

// Also the data's change signal (core's DataChanges port), from the notifications of
// migration 005: this process's writes from those each pooled connection's commits send
// to that connection, synchronously, as SQLite's hooks give them; every other session's
// (the other servers') from the schema's shared channel, heard on a connection of its own
// within milliseconds of their commit.
class Database final : public DataChanges {
 public:
  // Connects and applies migrations. Throws StorageError with one line (unreachable
  // server, wrong password, a schema newer than this program, a failed migration).
  explicit Database(const std::string& conninfo, DatabaseOptions options = {});
  ~Database() override;
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

  // The session that hears the other sessions' writes (0: none, or between connections).
  [[nodiscard]] int other_writes_backend_pid() const;

 private:
  void committed(const std::vector<std::string>& payloads);
  void heard_elsewhere(const std::vector<std::string>& payloads, bool anything);

  // Before pool_, so they outlive the connections whose handlers call them.
  std::vector<StoresChanged> stores_changed_;
  std::atomic<std::uint64_t> generation_{0};
  ConnectionPool pool_;
  RepositoryTimes repository_times_;
  std::unique_ptr<OtherWritesListener> other_writes_;  // last: stopped before the rest goes
};

}  // namespace pokeca::storage::postgres
