#include "cache/response_cache.hpp"

#include <functional>

namespace pokeca::http {

ResponseCache::Shard& ResponseCache::shard_for(std::string_view key) {
  return shards_[std::hash<std::string_view>{}(key) % kShards];
}

const ResponseCache::Entry* ResponseCache::fresh(Shard& shard, std::string_view key, std::uint64_t generation,
                                                 Clock::time_point now) {
  const auto it = shard.entries.find(std::string(key));
  if (it == shard.entries.end() || it->second.generation != generation || now - it->second.stored > kResponseCacheTtl)
    return nullptr;
  return &it->second;
}

ResponseCache::Body ResponseCache::find(std::string_view key, std::uint64_t generation, Clock::time_point now) {
  auto& shard = shard_for(key);
  std::lock_guard lock(shard.mutex);
  const auto* entry = fresh(shard, key, generation, now);
  return entry ? entry->body : nullptr;
}

ResponseCache::Body ResponseCache::find_gzip(std::string_view key, std::uint64_t generation, Clock::time_point now) {
  auto& shard = shard_for(key);
  std::lock_guard lock(shard.mutex);
  const auto* entry = fresh(shard, key, generation, now);
  return entry ? entry->gzip : nullptr;
}

void ResponseCache::put_gzip(std::string_view key, std::uint64_t generation, Body gzip) {
  if (!gzip) return;
  auto& shard = shard_for(key);
  std::lock_guard lock(shard.mutex);
  const auto it = shard.entries.find(std::string(key));
  if (it == shard.entries.end() || it->second.generation != generation || it->second.gzip) return;
  shard.bytes += gzip->size();
  it->second.gzip = std::move(gzip);
}

void ResponseCache::put(std::string_view key, std::uint64_t generation, Clock::time_point now, Body body) {
  if (!body || body->size() > kResponseCacheMaxBodyBytes) return;
  auto& shard = shard_for(key);
  std::lock_guard lock(shard.mutex);
  const std::size_t budget = kResponseCacheMaxBytes / kShards;
  auto [it, inserted] = shard.entries.try_emplace(std::string(key));
  if (!inserted)
    shard.bytes -= it->second.bytes();
  else
    shard.order.emplace_back(key);
  shard.bytes += body->size();
  it->second = Entry{std::move(body), generation, now, nullptr};
  // Oldest first out; a replaced key keeps its old place in the queue, which only
  // makes it leave a little early. A reply still sending an evicted body keeps it alive.
  while (shard.bytes > budget && !shard.order.empty()) {
    const auto old = shard.entries.find(shard.order.front());
    if (old != shard.entries.end()) {
      shard.bytes -= old->second.bytes();
      shard.entries.erase(old);
      evictions_.fetch_add(1, std::memory_order_relaxed);
    }
    shard.order.pop_front();
  }
}

std::optional<std::string> ResponseCache::get(std::string_view key, std::uint64_t generation, Clock::time_point now) {
  auto body = find(key, generation, now);
  if (!body) return std::nullopt;
  return *body;
}

std::optional<std::string> ResponseCache::get_gzip(std::string_view key, std::uint64_t generation,
                                                   Clock::time_point now) {
  auto gzip = find_gzip(key, generation, now);
  if (!gzip) return std::nullopt;
  return *gzip;
}

void ResponseCache::put(std::string_view key, std::uint64_t generation, Clock::time_point now, std::string body) {
  if (body.size() > kResponseCacheMaxBodyBytes) return;
  put(key, generation, now, std::make_shared<const std::string>(std::move(body)));
}

void ResponseCache::put_gzip(std::string_view key, std::uint64_t generation, std::string gzip) {
  if (gzip.empty()) return;
  put_gzip(key, generation, std::make_shared<const std::string>(std::move(gzip)));
}

}  // namespace pokeca::http
