#include "pokeca/storage/postgres/connection_pool.hpp"

#include <utility>

namespace pokeca::storage::postgres {

ConnectionPool::Lease::Lease(Lease&& other) noexcept : pool_(std::exchange(other.pool_, nullptr)), slot_(other.slot_) {}

ConnectionPool::Lease::~Lease() {
  if (pool_ != nullptr) pool_->release(slot_);
}

Connection& ConnectionPool::Lease::connection() const { return *pool_->connections_[slot_]; }

ConnectionPool::ConnectionPool(const std::string& conninfo, std::size_t size) {
  connections_.reserve(size);
  for (std::size_t i = 0; i < size; ++i) {
    connections_.push_back(std::make_unique<Connection>(conninfo));
    free_slots_.push_back(size - 1 - i);  // hand out slot 0 first
  }
}

ConnectionPool::Lease ConnectionPool::acquire() {
  std::size_t slot = 0;
  {
    std::unique_lock lock(mutex_);
    use_.lease(freed_, lock, [&] { return !free_slots_.empty(); });
    slot = free_slots_.back();
    free_slots_.pop_back();
  }
  // Outside the lock: a reconnect waits for the server. If it fails the lease is still
  // given; its statements fail as unavailable and the next lease tries again.
  (void)connections_[slot]->ensure_open();
  return Lease(*this, slot);
}

bool ConnectionPool::holds_backend(int pid) const {
  for (const auto& c : connections_)
    if (c->backend_pid() == pid) return true;
  return false;
}

void ConnectionPool::release(std::size_t slot) {
  use_.release();
  {
    const std::lock_guard lock(mutex_);
    free_slots_.push_back(slot);
  }
  freed_.notify_one();
}

}  // namespace pokeca::storage::postgres
