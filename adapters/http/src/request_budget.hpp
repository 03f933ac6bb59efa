#pragma once
// What one client may hold of the server while its request is read and run:
// request-body bytes across all connections (BodyBudget), uploads per account
// (PerKeySlots), and a once-per-interval summary of connections refused at the cap
// (RefusalTally). Plain counters under a lock or atomics: no Asio, so the tests use them
// directly and the server stays the only place that knows about sockets.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace pokeca::http {

// Bytes of request bodies the server holds in memory at once, over all connections. A
// body is counted from its Content-Length (or its route's limit when chunked) before a
// byte of it is read, and until its response has been written.
class BodyBudget {
 public:
  explicit BodyBudget(std::uint64_t capacity) : capacity_(capacity) {}
  BodyBudget(const BodyBudget&) = delete;
  BodyBudget& operator=(const BodyBudget&) = delete;

  // Gives the bytes back when destroyed. Empty (false) when the budget said no.
  class Lease {
   public:
    Lease() = default;
    Lease(BodyBudget* budget, std::uint64_t bytes) : budget_(budget), bytes_(bytes) {}
    Lease(Lease&& other) noexcept : budget_(other.budget_), bytes_(other.bytes_) { other.budget_ = nullptr; }
    Lease& operator=(Lease&& other) noexcept;
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ~Lease() { release(); }
    explicit operator bool() const { return budget_ != nullptr; }

   private:
    void release();
    BodyBudget* budget_ = nullptr;
    std::uint64_t bytes_ = 0;
  };

  // A lease of `bytes`, or an empty one when they do not fit beside the bytes held now.
  [[nodiscard]] Lease try_take(std::uint64_t bytes);
  [[nodiscard]] std::uint64_t in_use() const { return in_use_.load(); }
  [[nodiscard]] std::uint64_t capacity() const { return capacity_; }

 private:
  const std::uint64_t capacity_;
  std::atomic<std::uint64_t> in_use_{0};
};

// At most `per_key` holders of a slot per key at once (uploads per account).
class PerKeySlots {
 public:
  explicit PerKeySlots(unsigned per_key) : per_key_(per_key) {}
  PerKeySlots(const PerKeySlots&) = delete;
  PerKeySlots& operator=(const PerKeySlots&) = delete;

  class Slot {
   public:
    Slot() = default;
    Slot(PerKeySlots* owner, std::string key) : owner_(owner), key_(std::move(key)) {}
    Slot(Slot&& other) noexcept : owner_(other.owner_), key_(std::move(other.key_)) { other.owner_ = nullptr; }
    Slot& operator=(Slot&& other) noexcept;
    Slot(const Slot&) = delete;
    Slot& operator=(const Slot&) = delete;
    ~Slot() { release(); }
    explicit operator bool() const { return owner_ != nullptr; }

   private:
    void release();
    PerKeySlots* owner_ = nullptr;
    std::string key_;
  };

  // A slot for `key`, or an empty one when the key holds per_key already.
  [[nodiscard]] Slot try_take(const std::string& key);
  [[nodiscard]] unsigned held(const std::string& key) const;

 private:
  const unsigned per_key_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, unsigned> held_;  // only keys holding a slot
};

// Counts refusals and says when to write the one log line that sums them up.
class RefusalTally {
 public:
  using Clock = std::chrono::steady_clock;
  explicit RefusalTally(Clock::duration interval) : interval_(interval) {}

  // Counts one refusal; returns the count to log when the interval since the last line
  // has passed (the count is then reset), nullopt otherwise.
  [[nodiscard]] std::optional<std::uint64_t> count(Clock::time_point now);

 private:
  const Clock::duration interval_;
  std::mutex mutex_;
  std::uint64_t pending_ = 0;
  std::optional<Clock::time_point> last_line_;
};

}  // namespace pokeca::http
