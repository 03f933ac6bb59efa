#pragma once
// Each store's JSON object as the store lists write it, kept in memory so a bbox list
// that misses the response cache reads only ids from storage and copies the objects. Part
// of the map's read model (map_read_model.hpp): a store's fragment is dropped when the
// data's change signal names the store (forget()); a fragment built from a snapshot
// older than such a change is never kept (the epoch check in put()).
//
// Read-mostly: the kept stores sit in a flat table
// indexed by id (pages of slots allocated as ids appear), so a list's ~300 lookups are
// two loads each instead of a hash and a pointer chase. Readers take no lock and never
// wait for each other or for a writer; writers (put, forget) take one mutex among
// themselves, unlink what they drop at once (a reader that starts afterwards cannot find
// it) and free it only after every Reader that might hold it has ended.
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "pokeca/map/store_query.hpp"

namespace pokeca::http {

// About 360 B of JSON a store: ~20 MB at most, whatever the database's size.
inline constexpr std::size_t kMaxStoreFragments = 50'000;
// Slots per page of the id-indexed table (8 B each: 32 KiB a page).
inline constexpr std::size_t kKeptPageSlots = 4096;
// Stores with an id at or above this (or below 1) are never kept: they are read from
// their rows every time. 4,096 pages: the page directory is 32 KiB, and a database of
// 1,000,000 stores with ids 1…1,000,000 uses 245 pages (7.8 MiB) once all were kept.
inline constexpr std::int64_t kMaxKeptStoreId = std::int64_t{1} << 24;

class StoreFragments {
 public:
  using Fragment = std::shared_ptr<const std::string>;
  // A kept store: what a list's filter reads of it (listed_in) and its JSON, taken from
  // the same Store, so a bbox list tests it without reading its row.
  struct KeptStore {
    std::int64_t id = 0;
    std::optional<StoreListFacts> facts;  // none: kept through the JSON-only put()
    std::string json;
  };
  using Kept = std::shared_ptr<const KeptStore>;

  StoreFragments();
  ~StoreFragments();
  StoreFragments(const StoreFragments&) = delete;
  StoreFragments& operator=(const StoreFragments&) = delete;

  // Read before the snapshot the fragments will be built from; put() takes it back.
  [[nodiscard]] std::uint64_t epoch() const;
  // A copy of the kept JSON of store `id`, or null.
  [[nodiscard]] Fragment find(std::int64_t id) const;
  // A copy of store `id` as kept with its facts, or null (not kept, or kept without facts).
  [[nodiscard]] Kept find_kept(std::int64_t id) const;
  // Keeps `json` (and the facts of the same Store) for `id` unless a store changed since
  // `epoch` was read (they may be older than that change). A store already kept with
  // facts stays as it is (both describe the store since the last change). At
  // kMaxStoreFragments everything is dropped first. Waits for running Readers when it
  // drops something, so the calling thread must not hold a Reader.
  void put(std::int64_t id, std::uint64_t epoch, std::string json, std::optional<StoreListFacts> facts = std::nullopt);
  // These stores changed: unlink their fragments, move the epoch, and free the fragments
  // once no Reader that started before can hold them (it waits for those Readers; the
  // calling thread must not hold a Reader).
  void forget(std::span<const std::int64_t> ids);
  // Any store may have changed (the change signal was interrupted): as forget() for all.
  void forget_all();
  [[nodiscard]] std::size_t size() const;
  // Kept stores dropped so far: by forget() (the store changed) and when the table was full.
  [[nodiscard]] std::uint64_t evictions() const { return evictions_.load(std::memory_order_relaxed); }

  // A list's read of many kept stores. No lock: Readers never wait for
  // each other nor for writers. What find_kept() returns stays valid until the Reader is
  // gone (a writer that drops it waits for that); a store forgotten before the Reader
  // started is never found.
  class Reader {
   public:
    explicit Reader(const StoreFragments& fragments);
    ~Reader();
    Reader(const Reader&) = delete;
    Reader& operator=(const Reader&) = delete;
    // StoreFragments::epoch() as read when the Reader started.
    [[nodiscard]] std::uint64_t epoch() const { return epoch_; }
    // Store `id` as kept with its facts, or null.
    [[nodiscard]] const KeptStore* find_kept(std::int64_t id) const {
      const auto* kept = fragments_.load(id);
      return kept != nullptr && kept->facts ? kept : nullptr;
    }

   private:
    const StoreFragments& fragments_;
    std::size_t counter_ = 0;  // which of readers_ counts this Reader
    std::uint64_t epoch_ = 0;
  };

 private:
  using Slot = std::atomic<const KeptStore*>;
  struct Page {
    std::array<Slot, kKeptPageSlots> slots{};
  };
  static constexpr std::size_t kPages = static_cast<std::size_t>(kMaxKeptStoreId) / kKeptPageSlots;
  struct alignas(64) ReaderCount {
    std::atomic<std::int64_t> n{0};
  };

  // The kept store of `id` (with or without facts), or null; only inside a Reader.
  [[nodiscard]] const KeptStore* load(std::int64_t id) const {
    if (id <= 0 || id >= kMaxKeptStoreId) return nullptr;
    const auto i = static_cast<std::size_t>(id);
    const Page* page = pages_[i / kKeptPageSlots].load(std::memory_order_acquire);
    return page == nullptr ? nullptr : page->slots[i % kKeptPageSlots].load(std::memory_order_acquire);
  }
  // Under mutex_: the slot of `id`, its page allocated if needed (null when not keepable).
  Slot* slot_for(std::int64_t id);
  // Under mutex_: waits until no Reader that started before this call is running, then
  // frees `dropped`.
  void free_after_readers(std::vector<const KeptStore*>& dropped);
  // Unlinks every kept store into `dropped`; under mutex_.
  void unlink_all(std::vector<const KeptStore*>& dropped);

  std::mutex mutex_;  // writers only
  std::atomic<std::uint64_t> epoch_{0};
  std::atomic<std::size_t> size_{0};
  std::atomic<std::uint64_t> evictions_{0};
  // Readers count themselves in readers_[phase_ % 2]; a writer moves the phase and waits
  // for the old counter to drain (a grace period, as in RCU).
  mutable std::atomic<std::uint64_t> phase_{0};
  mutable std::array<ReaderCount, 2> readers_;
  std::unique_ptr<std::atomic<Page*>[]> pages_;
};

}  // namespace pokeca::http
