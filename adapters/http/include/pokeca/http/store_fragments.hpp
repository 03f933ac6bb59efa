#pragma once
// Each store's JSON object as the store lists write it, kept in memory so a bbox list
// that misses the response cache reads only ids from SQLite and copies the objects
// (issue 13, goal 2). A store's fragment is dropped when a commit changes its row
// (storage::Database::on_stores_changed calls forget()); a fragment built from a
// snapshot older than such a commit is never kept (the epoch check in put()).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>

#include "pokeca/store_query.hpp"

namespace pokeca::http {

// About 360 B of JSON a store: ~20 MB at most, whatever the database's size.
inline constexpr std::size_t kMaxStoreFragments = 50'000;

class StoreFragments {
 public:
  using Fragment = std::shared_ptr<const std::string>;
  // A kept store: its JSON and what a list's filter reads of it (listed_in), taken from
  // the same Store, so a bbox list tests it without reading its row.
  struct KeptStore {
    std::int64_t id = 0;
    std::string json;
    std::optional<StoreListFacts> facts;  // none: kept through the JSON-only put()
  };
  using Kept = std::shared_ptr<const KeptStore>;

  // Read before the snapshot the fragments will be built from; put() takes it back.
  [[nodiscard]] std::uint64_t epoch() const;
  // The kept JSON of store `id`, or null.
  [[nodiscard]] Fragment find(std::int64_t id) const;
  // Store `id` as kept with its facts, or null (not kept, or kept without facts).
  [[nodiscard]] Kept find_kept(std::int64_t id) const;
  // Keeps `json` (and the facts of the same Store) for `id` unless a store changed since
  // `epoch` was read (they may be older than that change). At kMaxStoreFragments
  // everything is dropped first.
  void put(std::int64_t id, std::uint64_t epoch, std::string json, std::optional<StoreListFacts> facts = std::nullopt);
  // These stores changed: drop their fragments and move the epoch.
  void forget(std::span<const std::int64_t> ids);
  [[nodiscard]] std::size_t size() const;

  // A list's read of many kept stores under one lock (issue 13 goal 3: one lock for a
  // bbox miss instead of one per candidate, and no reference counts). While a Reader
  // lives, put() and forget() wait, so what it returns stays valid until it is gone;
  // the thread holding it must not call put() or forget() (they would wait for it).
  class Reader {
   public:
    explicit Reader(const StoreFragments& fragments) : fragments_(fragments), lock_(fragments.mutex_) {}
    // As StoreFragments::epoch() and find_kept(), under the Reader's lock.
    [[nodiscard]] std::uint64_t epoch() const { return fragments_.epoch_; }
    [[nodiscard]] const KeptStore* find_kept(std::int64_t id) const;

   private:
    const StoreFragments& fragments_;
    std::lock_guard<std::mutex> lock_;
  };

 private:
  mutable std::mutex mutex_;
  std::uint64_t epoch_ = 0;
  std::unordered_map<std::int64_t, Kept> fragments_;
};

}  // namespace pokeca::http
