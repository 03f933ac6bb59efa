#pragma once
// Ready-made bodies of public, anonymous GET answers (the map's hot reads). Building a
// 300-store JSON answer costs ~1.7 ms of CPU; sending cached bytes costs microseconds.
// An entry is served only while the database's write generation is unchanged and it is
// younger than kResponseCacheTtl (answers like "reported within 24 h" move with time).
#include <array>
#include <chrono>
#include <cstdint>
#include <deque>
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

  [[nodiscard]] std::optional<std::string> get(std::string_view key, std::uint64_t generation,
                                               Clock::time_point now);
  void put(std::string_view key, std::uint64_t generation, Clock::time_point now, std::string body);
  // The gzip form of an entry's body, kept with it (issue 13) so a hit from a browser
  // costs no compression: get_gzip answers while get() would; put_gzip adds it to the
  // entry of that generation (nothing if the entry is gone or newer).
  [[nodiscard]] std::optional<std::string> get_gzip(std::string_view key, std::uint64_t generation,
                                                    Clock::time_point now);
  void put_gzip(std::string_view key, std::uint64_t generation, std::string gzip);

 private:
  static constexpr std::size_t kShards = 8;
  struct Entry {
    std::string body;
    std::uint64_t generation;
    Clock::time_point stored;
    std::string gzip;  // empty until put_gzip
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
};

}  // namespace pokeca::http
