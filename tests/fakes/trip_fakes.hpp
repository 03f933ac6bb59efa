#pragma once
// In-memory saved trips (behaving like the SQLite repository: owner-scoped, a limit
// per account checked with the insert) and a store table that only answers find().
#include <algorithm>
#include <map>
#include <mutex>
#include <vector>

#include "pokeca/map/store_ports.hpp"
#include "pokeca/personal/saved_trip.hpp"

namespace pokeca::testing {

class FakeSavedTripRepository final : public SavedTripRepository {
 public:
  Result<std::vector<SavedTrip>> list_for_user(UserId user) override {
    std::lock_guard lock(mutex_);
    std::vector<SavedTrip> out;
    for (const auto& [id, r] : routes_)
      if (r.user_id == user) out.push_back(r);
    std::ranges::sort(out, [](const SavedTrip& a, const SavedTrip& b) {
      return a.updated_at != b.updated_at ? a.updated_at > b.updated_at : a.id > b.id;
    });
    return out;
  }
  Result<std::optional<SavedTrip>> find_for_user(UserId user, SavedTripId id) override {
    std::lock_guard lock(mutex_);
    const auto it = routes_.find(id);
    if (it == routes_.end() || it->second.user_id != user) return std::nullopt;
    return it->second;
  }
  Result<std::optional<SavedTrip>> find_shared(std::string_view share_id) override {
    std::lock_guard lock(mutex_);
    for (const auto& [id, r] : routes_)
      if (r.share_id && *r.share_id == share_id) return r;
    return std::nullopt;
  }
  Result<std::optional<SavedTrip>> insert(const SavedTrip& trip, std::size_t max_per_user) override {
    std::lock_guard lock(mutex_);
    const auto owned = std::ranges::count_if(routes_, [&](const auto& e) { return e.second.user_id == trip.user_id; });
    if (static_cast<std::size_t>(owned) >= max_per_user) return std::nullopt;
    SavedTrip stored = trip;
    stored.id = ++next_id_;
    routes_[stored.id] = stored;
    return stored;
  }
  Result<bool> update(const SavedTrip& trip) override {
    std::lock_guard lock(mutex_);
    const auto it = routes_.find(trip.id);
    if (it == routes_.end() || it->second.user_id != trip.user_id) return false;
    it->second = trip;
    return true;
  }
  Result<bool> remove(UserId user, SavedTripId id) override {
    std::lock_guard lock(mutex_);
    const auto it = routes_.find(id);
    if (it == routes_.end() || it->second.user_id != user) return false;
    routes_.erase(it);
    return true;
  }

 private:
  std::mutex mutex_;
  std::map<SavedTripId, SavedTrip> routes_;
  SavedTripId next_id_ = 0;
};

// A StoreRepository whose find() looks in a map; the other calls are not used by trips.
class FindOnlyStores final : public StoreRepository {
 public:
  void put(Store s) { stores_[s.id] = std::move(s); }
  Store& at(StoreId id) { return stores_.at(id); }

  Result<std::optional<Store>> find(StoreId id) override {
    const auto it = stores_.find(id);
    if (it == stores_.end()) return std::nullopt;
    return it->second;
  }
  Result<std::vector<Store>> in_prefecture(std::string_view, const StoreFilters&, int) override { return {}; }
  Result<std::vector<Store>> in_bbox(const BoundingBox&, const StoreFilters&, int) override { return {}; }
  Result<std::vector<StoreWithDistance>> nearest(LatLng, double, const StoreFilters&, int) override { return {}; }
  Result<std::vector<CellAggregate>> cells(const CellRange&, const StoreFilters&) override { return {}; }
  Result<std::int64_t> count_active() override { return static_cast<std::int64_t>(stores_.size()); }
  Result<std::vector<PrefectureCount>> count_by_prefecture() override { return {}; }
  Result<void> insert_many(std::span<const Store>) override { return {}; }
  Result<UpsertOutcome> upsert_by_external_id(const Store&) override { return UpsertOutcome::kUnchanged; }

 private:
  std::map<StoreId, Store> stores_;
};

}  // namespace pokeca::testing
