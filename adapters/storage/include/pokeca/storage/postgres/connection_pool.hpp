#pragma once
// A fixed set of connections shared by worker threads: each call leases one for its
// duration, and a lease finds it reconnected if the server went away meanwhile.
#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "pokeca/storage/database_metrics.hpp"
#include "pokeca/storage/postgres/connection.hpp"

namespace pokeca::storage::postgres {

class ConnectionPool {
 public:
  // Exclusive use of one connection until destroyed; `slot` is stable per connection.
  class Lease {
   public:
    Lease(Lease&& other) noexcept;
    Lease& operator=(Lease&&) = delete;
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ~Lease();
    [[nodiscard]] Connection& connection() const;
    [[nodiscard]] std::size_t slot() const { return slot_; }

   private:
    friend class ConnectionPool;
    Lease(ConnectionPool& pool, std::size_t slot) : pool_(&pool), slot_(slot) {}
    ConnectionPool* pool_;
    std::size_t slot_;
  };

  // Opens `size` connections; throws StorageError.
  ConnectionPool(const std::string& conninfo, std::size_t size);

  // Blocks until a connection is free.
  [[nodiscard]] Lease acquire();
  [[nodiscard]] std::size_t size() const { return connections_.size(); }
  // Whether `pid` is the server process of one of these connections (any thread).
  [[nodiscard]] bool holds_backend(int pid) const;
  [[nodiscard]] const PoolUse& use() const { return use_; }

 private:
  void release(std::size_t slot);

  std::vector<std::unique_ptr<Connection>> connections_;
  std::mutex mutex_;
  std::condition_variable freed_;
  std::vector<std::size_t> free_slots_;
  PoolUse use_;
};

}  // namespace pokeca::storage::postgres
