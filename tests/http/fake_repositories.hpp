#pragma once
// Hand-written in-memory fakes of core's ports, so router tests run StoreService for
// real without a database. `failure` makes every call fail; `on_read` lets a test
// block or observe a call (the loopback tests use it to hold a request in flight).
#include <algorithm>
#include <functional>
#include <mutex>
#include <optional>
#include <vector>

#include "pokeca/contributions/report_ports.hpp"
#include "pokeca/map/store_ports.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca::testing {

// 2026-11-21T06:00:00Z
inline constexpr UnixSeconds kTestNow = 1795240800;

class FakeClock final : public Clock {
 public:
  [[nodiscard]] UnixSeconds now() const override { return kTestNow; }
};

inline bool matches(const Store& s, const StoreFilters& f) {
  if (s.status != StoreStatus::kActive) return false;
  if (!f.types.empty() && std::find(f.types.begin(), f.types.end(), s.store_type) == f.types.end()) return false;
  if (f.product) {
    const auto& sells = *f.product == Product::kPack  ? s.sells.packs
                        : *f.product == Product::kBox ? s.sells.boxes
                                                      : s.sells.singles;
    if (sells != true) return false;
  }
  return passes_reported(list_facts(s), f);
}

class FakeStoreRepository final : public StoreRepository {
 public:
  std::vector<Store> stores;
  std::optional<DomainError> failure;
  std::function<void()> on_read;

  Result<std::vector<Store>> in_prefecture(std::string_view code, const StoreFilters& f, int limit) override {
    return select(f, limit, [&](const Store& s) { return s.prefecture == code; });
  }
  Result<std::vector<Store>> in_bbox(const BoundingBox& box, const StoreFilters& f, int limit) override {
    return select(f, limit, [&](const Store& s) { return box.contains(s.location); });
  }
  Result<std::vector<StoreWithDistance>> nearest(LatLng centre, double radius_km, const StoreFilters& f,
                                                 int limit) override {
    if (auto e = enter()) return std::unexpected(*e);
    std::vector<StoreWithDistance> out;
    for (const auto& s : stores) {
      const double d = haversine_km(centre, s.location);
      if (matches(s, f) && d <= radius_km) out.push_back({s, d});
    }
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.distance_km < b.distance_km; });
    if (out.size() > static_cast<std::size_t>(limit)) out.resize(static_cast<std::size_t>(limit));
    return out;
  }
  Result<std::vector<CellAggregate>> cells(const CellRange& range, const StoreFilters& f) override {
    if (auto e = enter()) return std::unexpected(*e);
    std::vector<LatLng> points;
    for (const auto& s : stores) {
      const auto key = cell_of(s.location, range.level);
      if (matches(s, f) && key.x >= range.min_x && key.x <= range.max_x && key.y >= range.min_y && key.y <= range.max_y)
        points.push_back(s.location);
    }
    return aggregate_points(points, range.level);
  }
  Result<std::optional<Store>> find(StoreId id) override {
    if (auto e = enter()) return std::unexpected(*e);
    for (const auto& s : stores)
      if (s.id == id) return std::optional<Store>(s);
    return std::optional<Store>();
  }
  Result<std::int64_t> count_active() override {
    if (auto e = enter()) return std::unexpected(*e);
    return static_cast<std::int64_t>(
        std::count_if(stores.begin(), stores.end(), [](const Store& s) { return s.status == StoreStatus::kActive; }));
  }
  Result<std::vector<PrefectureCount>> count_by_prefecture() override {
    if (auto e = enter()) return std::unexpected(*e);
    std::vector<PrefectureCount> out;
    for (const auto& s : stores) {
      if (s.status != StoreStatus::kActive) continue;
      auto it = std::find_if(out.begin(), out.end(), [&](const auto& p) { return p.code == s.prefecture; });
      if (it == out.end())
        out.push_back({s.prefecture, 1});
      else
        ++it->count;
    }
    return out;
  }
  Result<void> insert_many(std::span<const Store> more) override {
    stores.insert(stores.end(), more.begin(), more.end());
    return {};
  }
  Result<UpsertOutcome> upsert_by_external_id(const Store& store) override {
    stores.push_back(store);
    return UpsertOutcome::kInserted;
  }

 private:
  std::optional<DomainError> enter() {
    if (on_read) on_read();
    return failure;
  }
  template <typename Pred>
  Result<std::vector<Store>> select(const StoreFilters& f, int limit, Pred pred) {
    if (auto e = enter()) return std::unexpected(*e);
    std::vector<Store> out;
    for (const auto& s : stores)
      if (matches(s, f) && pred(s) && out.size() < static_cast<std::size_t>(limit)) out.push_back(s);
    return out;
  }
};

class FakeReportRepository final : public ReportRepository {
 public:
  std::vector<TimelineItem> items;  // newest first
  std::optional<DomainError> failure;

  Result<std::vector<TimelineItem>> timeline(int limit) override {
    if (failure) return std::unexpected(*failure);
    std::vector<TimelineItem> out(items.begin(), items.begin() + std::min<std::ptrdiff_t>(limit, std::ssize(items)));
    return out;
  }
  Result<std::vector<PurchaseReport>> recent_for_store(StoreId id, int limit) override {
    if (failure) return std::unexpected(*failure);
    std::vector<PurchaseReport> out;
    for (const auto& i : items)
      if (i.store_id == id && out.size() < static_cast<std::size_t>(limit)) out.push_back(i.report);
    return out;
  }
  Result<ReportCounts> counts(UnixSeconds since_24h, UnixSeconds since_7d) override {
    if (failure) return std::unexpected(*failure);
    ReportCounts c;
    for (const auto& i : items) {
      if (i.report.created_at >= since_24h) ++c.last_24h;
      if (i.report.created_at >= since_7d) ++c.last_7d;
      if (!c.latest || i.report.created_at > *c.latest) c.latest = i.report.created_at;
    }
    return c;
  }
  Result<void> insert_many(std::span<const PurchaseReport>) override { return {}; }
  Result<PurchaseReport> insert(const PurchaseReport& report) override { return report; }
  Result<std::optional<PurchaseReport>> remove(ReportId) override { return std::nullopt; }
};

}  // namespace pokeca::testing
