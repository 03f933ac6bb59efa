#pragma once
// What the operator's metrics page shows of the database, for either backend: how long each
// repository's calls hold a connection, and how the pool's connections are used. Kept whether
// or not anyone scrapes them: relaxed atomics and a clock read at each end of a call.
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pokeca/metrics/registry.hpp"

namespace pokeca::storage {

// The pool's connections: leased now, handed out, and the leases that had to wait for one
// (a pool smaller than the threads that use it shows here first).
struct PoolUse {
  metrics::Gauge in_use;
  metrics::Counter leases;
  metrics::Counter waits;
  metrics::Histogram wait_seconds{metrics::kLatencyBuckets};

  // A pool's lease, under its lock: waits on `freed` until `available()`, then counts the
  // lease and the wait, if there was one.
  template <typename Available>
  void lease(std::condition_variable& freed, std::unique_lock<std::mutex>& lock, Available available) {
    if (!available()) {
      const auto asked = std::chrono::steady_clock::now();
      freed.wait(lock, available);
      waits.add();
      wait_seconds.observe(std::chrono::steady_clock::now() - asked);
    }
    leases.add();
    in_use.add(1);
  }
  void release() { in_use.add(-1); }
};

// Time of each repository's calls, from taking its connection to giving it back: the
// statements, the rows read and the commit. Labelled by the repository's name, which names
// code, never data.
class RepositoryTimes {
 public:
  struct Entry {
    explicit Entry(std::string repository_name) : name(std::move(repository_name)) {}
    std::string name;
    metrics::Histogram seconds{metrics::kLatencyBuckets};
  };
  // The entry of one repository, made on first use; the same name gives the same entry (two
  // instances of a repository add up). The reference lives as long as this object.
  [[nodiscard]] Entry& of(std::string_view repository);
  // Every entry in first-use order: read at start, once the repositories are built.
  [[nodiscard]] std::vector<const Entry*> entries() const;

 private:
  mutable std::mutex mutex_;
  std::deque<Entry> entries_;
};

// Adds the time from its construction to its end to a histogram.
class CallTimer {
 public:
  explicit CallTimer(metrics::Histogram& into) : into_(&into), started_(std::chrono::steady_clock::now()) {}
  CallTimer(CallTimer&& other) noexcept : into_(std::exchange(other.into_, nullptr)), started_(other.started_) {}
  CallTimer& operator=(CallTimer&&) = delete;
  CallTimer(const CallTimer&) = delete;
  CallTimer& operator=(const CallTimer&) = delete;
  ~CallTimer() {
    if (into_ != nullptr) into_->observe(std::chrono::steady_clock::now() - started_);
  }

 private:
  metrics::Histogram* into_;
  std::chrono::steady_clock::time_point started_;
};

}  // namespace pokeca::storage
