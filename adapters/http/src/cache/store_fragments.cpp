#include "pokeca/http/store_fragments.hpp"

#include <chrono>
#include <thread>

namespace pokeca::http {
namespace {

// A writer waiting for Readers (a bbox miss, ~100 µs) yields this many times, then sleeps
// in short steps: on one CPU a spinning writer would keep the Reader from finishing.
constexpr int kYieldsBeforeSleeping = 64;
constexpr auto kReaderWaitStep = std::chrono::microseconds(20);

}  // namespace

StoreFragments::StoreFragments() : pages_(std::make_unique<std::atomic<Page*>[]>(kPages)) {
  for (std::size_t i = 0; i < kPages; ++i) pages_[i].store(nullptr, std::memory_order_relaxed);
}

StoreFragments::~StoreFragments() {
  for (std::size_t p = 0; p < kPages; ++p) {
    const Page* page = pages_[p].load(std::memory_order_relaxed);
    if (page == nullptr) continue;
    for (const auto& slot : page->slots) delete slot.load(std::memory_order_relaxed);
    delete page;
  }
}

StoreFragments::Reader::Reader(const StoreFragments& fragments) : fragments_(fragments) {
  // Count this Reader under the current phase; if a writer moved the phase meanwhile,
  // it may already have seen that counter empty: count again under the new one.
  for (;;) {
    const auto phase = fragments_.phase_.load();
    auto& count = fragments_.readers_[phase % 2].n;
    count.fetch_add(1);
    if (fragments_.phase_.load() == phase) {
      counter_ = phase % 2;
      break;
    }
    count.fetch_sub(1, std::memory_order_release);
  }
  epoch_ = fragments_.epoch_.load(std::memory_order_acquire);
}

StoreFragments::Reader::~Reader() { fragments_.readers_[counter_].n.fetch_sub(1, std::memory_order_release); }

std::uint64_t StoreFragments::epoch() const { return epoch_.load(std::memory_order_acquire); }

StoreFragments::Fragment StoreFragments::find(std::int64_t id) const {
  const Reader reader(*this);
  const auto* kept = load(id);
  return kept == nullptr ? nullptr : std::make_shared<const std::string>(kept->json);
}

StoreFragments::Kept StoreFragments::find_kept(std::int64_t id) const {
  const Reader reader(*this);
  const auto* kept = reader.find_kept(id);
  return kept == nullptr ? nullptr : std::make_shared<const KeptStore>(*kept);
}

StoreFragments::Slot* StoreFragments::slot_for(std::int64_t id) {
  if (id <= 0 || id >= kMaxKeptStoreId) return nullptr;
  const auto i = static_cast<std::size_t>(id);
  auto& page_ptr = pages_[i / kKeptPageSlots];
  Page* page = page_ptr.load(std::memory_order_relaxed);
  if (page == nullptr) {
    page = new Page;
    page_ptr.store(page, std::memory_order_release);
  }
  return &page->slots[i % kKeptPageSlots];
}

void StoreFragments::free_after_readers(std::vector<const KeptStore*>& dropped) {
  if (dropped.empty()) return;
  // Readers that start from now on count in the other counter, and cannot find what was
  // unlinked before this (the phase is read with the slots after it); those counted in
  // the old one may hold it.
  const auto old = phase_.fetch_add(1);
  const auto& count = readers_[old % 2].n;
  for (int i = 0; count.load(std::memory_order_acquire) != 0; ++i) {
    if (i < kYieldsBeforeSleeping)
      std::this_thread::yield();
    else
      std::this_thread::sleep_for(kReaderWaitStep);
  }
  for (const auto* kept : dropped) delete kept;
  dropped.clear();
}

void StoreFragments::put(std::int64_t id, std::uint64_t epoch, std::string json, std::optional<StoreListFacts> facts) {
  if (id <= 0 || id >= kMaxKeptStoreId) return;
  const bool with_facts = facts.has_value();
  auto kept = std::make_unique<const KeptStore>(KeptStore{id, std::move(facts), std::move(json)});
  std::vector<const KeptStore*> dropped;
  std::lock_guard lock(mutex_);
  if (epoch != epoch_.load(std::memory_order_relaxed)) return;
  if (size_.load(std::memory_order_relaxed) >= kMaxStoreFragments) unlink_all(dropped);
  auto* slot = slot_for(id);
  const auto* old = slot->load(std::memory_order_relaxed);
  if (old != nullptr && (old->facts || !with_facts)) {
    free_after_readers(dropped);
    return;
  }
  slot->store(kept.release(), std::memory_order_release);
  if (old != nullptr)
    dropped.push_back(old);
  else
    size_.fetch_add(1, std::memory_order_relaxed);
  free_after_readers(dropped);
}

void StoreFragments::forget(std::span<const std::int64_t> ids) {
  std::vector<const KeptStore*> dropped;
  std::lock_guard lock(mutex_);
  for (const auto id : ids) {
    if (id <= 0 || id >= kMaxKeptStoreId) continue;
    const auto i = static_cast<std::size_t>(id);
    Page* page = pages_[i / kKeptPageSlots].load(std::memory_order_relaxed);
    if (page == nullptr) continue;
    if (const auto* old = page->slots[i % kKeptPageSlots].exchange(nullptr, std::memory_order_acq_rel)) {
      dropped.push_back(old);
      size_.fetch_sub(1, std::memory_order_relaxed);
      evictions_.fetch_add(1, std::memory_order_relaxed);
    }
  }
  epoch_.fetch_add(1, std::memory_order_release);
  free_after_readers(dropped);
}

void StoreFragments::forget_all() {
  std::vector<const KeptStore*> dropped;
  std::lock_guard lock(mutex_);
  unlink_all(dropped);
  epoch_.fetch_add(1, std::memory_order_release);
  free_after_readers(dropped);
}

void StoreFragments::unlink_all(std::vector<const KeptStore*>& dropped) {
  for (std::size_t p = 0; p < kPages; ++p)
    if (Page* page = pages_[p].load(std::memory_order_relaxed))
      for (auto& slot : page->slots)
        if (const auto* old = slot.exchange(nullptr, std::memory_order_acq_rel)) dropped.push_back(old);
  size_.store(0, std::memory_order_relaxed);
  evictions_.fetch_add(dropped.size(), std::memory_order_relaxed);
}

std::size_t StoreFragments::size() const { return size_.load(std::memory_order_relaxed); }

}  // namespace pokeca::http
