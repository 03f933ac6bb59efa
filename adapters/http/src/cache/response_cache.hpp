#pragma once
// Ready-made bodies of public, anonymous GET answers (the map's hot reads). Building a
// 300-store JSON answer costs ~1.7 ms of CPU; sending cached bytes costs microseconds.
// An entry is served only while the database's write generation is unchanged and it is
// younger than kResponseCacheTtl (answers like "reported within 24 h" move with time).
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace pokeca::http {

inline constexpr std::chrono::seconds kResponseCacheTtl{5};
inline constexpr std::size_t kResponseCacheMaxBytes = 64 * 1024 * 1024;
inline constexpr std::size_t kResponseCacheMaxBodyBytes = 1024 * 1024;  // bigger ones are not kept

class ResponseCache {
 public:
  using Clock = std::chrono::steady_clock;
  // An entry's bytes, immutable once kept: the reply that built them and every hit send
  // the same buffer, so neither a miss nor a hit copies the body.
  using Body = std::shared_ptr<const std::string>;

  // The kept body for key, or null.
  [[nodiscard]] Body find(std::string_view key, std::uint64_t generation, Clock::time_point now);
  void put(std::string_view key, std::uint64_t generation, Clock::time_point now, Body body);
  // The gzip form of an entry's body, kept with it so a hit from a browser
  // costs no compression: find_gzip answers while find() would; put_gzip adds it to the
  // entry of that generation (nothing if the entry is gone or newer).
  [[nodiscard]] Body find_gzip(std::string_view key, std::uint64_t generation, Clock::time_point now);
  void put_gzip(std::string_view key, std::uint64_t generation, Body gzip);

  // Copies, for tests and callers that want a string.
  [[nodiscard]] std::optional<std::string> get(std::string_view key, std::uint64_t generation, Clock::time_point now);
  void put(std::string_view key, std::uint64_t generation, Clock::time_point now, std::string body);
  [[nodiscard]] std::optional<std::string> get_gzip(std::string_view key, std::uint64_t generation,
                                                    Clock::time_point now);
  void put_gzip(std::string_view key, std::uint64_t generation, std::string gzip);

  // For the operator's metrics: the caller counts its one look a request (a request
  // may ask find_gzip and find), put() counts entries pushed out by the byte budget.
  struct Stats {
    std::uint64_t hits = 0;
    std::uint64_t misses = 0;
    std::uint64_t evictions = 0;
  };
  void count_lookup(bool hit) { (hit ? hits_ : misses_).fetch_add(1, std::memory_order_relaxed); }
  [[nodiscard]] Stats stats() const {
    return {hits_.load(std::memory_order_relaxed), misses_.load(std::memory_order_relaxed),
            evictions_.load(std::memory_order_relaxed)};
  }

 private:
  static constexpr std::size_t kShards = 8;
  struct Entry {
    Body body;
    std::uint64_t generation = 0;
    Clock::time_point stored;
    Body gzip;  // null until put_gzip
    [[nodiscard]] std::size_t bytes() const { return (body ? body->size() : 0) + (gzip ? gzip->size() : 0); }
  };
  struct Shard {
    std::mutex mutex;
    std::unordered_map<std::string, Entry> entries;
    std::deque<std::string> order;  // insertion order, oldest first, for eviction
    std::size_t bytes = 0;
  };
  Shard& shard_for(std::string_view key);
  // The entry for key while it may be served (same generation, within the TTL); the
  // shard's mutex must be held.
  static const Entry* fresh(Shard& shard, std::string_view key, std::uint64_t generation, Clock::time_point now);
  std::array<Shard, kShards> shards_;
  std::atomic<std::uint64_t> hits_{0};
  std::atomic<std::uint64_t> misses_{0};
  std::atomic<std::uint64_t> evictions_{0};
};

}  // namespace pokeca::http
