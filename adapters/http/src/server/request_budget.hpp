#pragma once
// What one client may hold of the server while its request is read and run: request-body
// bytes across all connections (BodyBudget), uploads per account and per address
// (PerKeySlots), open connections per client address (ConnectionShares), and a
// once-per-interval summary of connections refused (RefusalTally). Plain counters under
// a lock or atomics: no Asio, so the tests use them directly and the server stays the
// only place that knows about sockets.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace pokeca::http {

// Bytes of request bodies the server holds in memory at once, over all connections. A
// body is counted as it arrives: before each read the lease grows by what that read may
// bring (grow_to), so a client that declares a large body and sends nothing holds only
// one small read's worth. The bytes are held until the response has been written.
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
    // Holds `bytes` in all (never less than now); false, holding what it held, when the
    // difference does not fit. Only on a lease that holds (operator bool).
    [[nodiscard]] bool grow_to(std::uint64_t bytes);
    [[nodiscard]] std::uint64_t bytes() const { return bytes_; }

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

// Open connections per client address, under a cap for all together. One address holds
// at most `per_address`; and the last `headroom` places under the cap are kept for
// addresses that hold fewer than `small_client` connections (a browser opens about six),
// so while a few addresses sit at their share a new address is still served.
class ConnectionShares {
 public:
  struct Limits {
    unsigned total = 0;
    unsigned per_address = 0;
    unsigned headroom = 0;
    unsigned small_client = 0;
  };
  explicit ConnectionShares(Limits limits) : limits_(limits) {}
  ConnectionShares(const ConnectionShares&) = delete;
  ConnectionShares& operator=(const ConnectionShares&) = delete;

  // One connection of one address, given back when destroyed.
  class Hold {
   public:
    Hold() = default;
    Hold(ConnectionShares* owner, std::string key) : owner_(owner), key_(std::move(key)) {}
    Hold(Hold&& other) noexcept : owner_(other.owner_), key_(std::move(other.key_)) { other.owner_ = nullptr; }
    Hold& operator=(Hold&& other) noexcept;
    Hold(const Hold&) = delete;
    Hold& operator=(const Hold&) = delete;
    ~Hold() { release(); }
    explicit operator bool() const { return owner_ != nullptr; }

   private:
    void release();
    ConnectionShares* owner_ = nullptr;
    std::string key_;
  };

  // A place for one more connection of `address`, or an empty hold when the cap, the
  // address's share or the headroom says no. An empty address counts only against the
  // cap (a trusted proxy's connections: their clients are counted per request).
  [[nodiscard]] Hold try_take(const std::string& address);
  [[nodiscard]] unsigned open() const;
  [[nodiscard]] unsigned held(const std::string& address) const;
  [[nodiscard]] const Limits& limits() const { return limits_; }

 private:
  const Limits limits_;
  mutable std::mutex mutex_;
  unsigned open_ = 0;
  std::unordered_map<std::string, unsigned> held_;  // only addresses holding a connection
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
