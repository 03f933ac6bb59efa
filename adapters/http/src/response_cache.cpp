#include "response_cache.hpp"

#include <functional>

namespace pokeca::http {

ResponseCache::Shard& ResponseCache::shard_for(std::string_view key) {
  return shards_[std::hash<std::string_view>{}(key) % kShards];
}

const ResponseCache::Entry* ResponseCache::fresh(Shard& shard, std::string_view key, std::uint64_t generation,
                                                 Clock::time_point now) {
  const auto it = shard.entries.find(std::string(key));
  if (it == shard.entries.end() || it->second.generation != generation ||
      now - it->second.stored > kResponseCacheTtl)
    return nullptr;
  return &it->second;
}

std::optional<std::string> ResponseCache::get(std::string_view key, std::uint64_t generation,
                                              Clock::time_point now) {
  auto& shard = shard_for(key);
  std::lock_guard lock(shard.mutex);
  const auto* entry = fresh(shard, key, generation, now);
  if (!entry) return std::nullopt;
  return entry->body;
}

std::optional<std::string> ResponseCache::get_gzip(std::string_view key, std::uint64_t generation,
                                                   Clock::time_point now) {
  auto& shard = shard_for(key);
  std::lock_guard lock(shard.mutex);
  const auto* entry = fresh(shard, key, generation, now);
  if (!entry || entry->gzip.empty()) return std::nullopt;
  return entry->gzip;
}

void ResponseCache::put_gzip(std::string_view key, std::uint64_t generation, std::string gzip) {
  auto& shard = shard_for(key);
  std::lock_guard lock(shard.mutex);
  const auto it = shard.entries.find(std::string(key));
  if (it == shard.entries.end() || it->second.generation != generation || !it->second.gzip.empty()) return;
  shard.bytes += gzip.size();
  it->second.gzip = std::move(gzip);
}

void ResponseCache::put(std::string_view key, std::uint64_t generation, Clock::time_point now,
                        std::string body) {
  if (body.size() > kResponseCacheMaxBodyBytes) return;
  auto& shard = shard_for(key);
  std::lock_guard lock(shard.mutex);
  const std::size_t budget = kResponseCacheMaxBytes / kShards;
  auto [it, inserted] = shard.entries.try_emplace(std::string(key));
  if (!inserted) shard.bytes -= it->second.body.size() + it->second.gzip.size();
  else shard.order.emplace_back(key);
  shard.bytes += body.size();
  it->second = Entry{std::move(body), generation, now, {}};
  // Oldest first out; a replaced key keeps its old place in the queue, which only
  // makes it leave a little early.
  while (shard.bytes > budget && !shard.order.empty()) {
    const auto old = shard.entries.find(shard.order.front());
    if (old != shard.entries.end()) {
      shard.bytes -= old->second.body.size() + old->second.gzip.size();
      shard.entries.erase(old);
    }
    shard.order.pop_front();
  }
}

}  // namespace pokeca::http
