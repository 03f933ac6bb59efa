#include "pokeca/http/store_fragments.hpp"

namespace pokeca::http {

std::uint64_t StoreFragments::epoch() const {
  std::lock_guard lock(mutex_);
  return epoch_;
}

StoreFragments::Fragment StoreFragments::find(std::int64_t id) const {
  std::lock_guard lock(mutex_);
  const auto it = fragments_.find(id);
  if (it == fragments_.end()) return nullptr;
  return Fragment(it->second, &it->second->json);  // shares the kept store's ownership
}

StoreFragments::Kept StoreFragments::find_kept(std::int64_t id) const {
  std::lock_guard lock(mutex_);
  const auto it = fragments_.find(id);
  return it == fragments_.end() || !it->second->facts ? nullptr : it->second;
}

const StoreFragments::KeptStore* StoreFragments::Reader::find_kept(std::int64_t id) const {
  const auto it = fragments_.fragments_.find(id);
  return it == fragments_.fragments_.end() || !it->second->facts ? nullptr : it->second.get();
}

void StoreFragments::put(std::int64_t id, std::uint64_t epoch, std::string json, std::optional<StoreListFacts> facts) {
  auto fragment = std::make_shared<const KeptStore>(KeptStore{id, std::move(json), std::move(facts)});
  std::lock_guard lock(mutex_);
  if (epoch != epoch_) return;
  if (fragments_.size() >= kMaxStoreFragments) fragments_.clear();
  fragments_.insert_or_assign(id, std::move(fragment));
}

void StoreFragments::forget(std::span<const std::int64_t> ids) {
  std::lock_guard lock(mutex_);
  for (const auto id : ids) fragments_.erase(id);
  ++epoch_;
}

std::size_t StoreFragments::size() const {
  std::lock_guard lock(mutex_);
  return fragments_.size();
}

}  // namespace pokeca::http
