#include "pokeca/storage/database_metrics.hpp"

#include <algorithm>

namespace pokeca::storage {

RepositoryTimes::Entry& RepositoryTimes::of(std::string_view repository) {
  const std::lock_guard lock(mutex_);
  const auto found = std::ranges::find(entries_, repository, &Entry::name);
  if (found != entries_.end()) return *found;
  return entries_.emplace_back(std::string(repository));
}

std::vector<const RepositoryTimes::Entry*> RepositoryTimes::entries() const {
  const std::lock_guard lock(mutex_);
  std::vector<const Entry*> all;
  all.reserve(entries_.size());
  for (const auto& entry : entries_) all.push_back(&entry);
  return all;
}

}  // namespace pokeca::storage
