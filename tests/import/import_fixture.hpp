#pragma once
// Shared by the import tests: a temporary directory for fixture files, a fixed clock,
// the real gazetteer, and an in-memory StoreRepository with upsert semantics.
#include <gtest/gtest.h>
#include "pokeca/testing/temp_dir.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>

#include "pokeca/embedded_data.hpp"
#include "pokeca/map/gazetteer.hpp"
#include "pokeca/map/store_ports.hpp"

namespace pokeca::importer::testing {

using pokeca::testing::TempDir;

inline constexpr UnixSeconds kNow = 1'795'239'000;

class FixedClock : public Clock {
 public:
  explicit FixedClock(UnixSeconds t = kNow) : t_(t) {}
  [[nodiscard]] UnixSeconds now() const override { return t_; }

 private:
  UnixSeconds t_;
};

inline const Gazetteer& japan() {
  static const Gazetteer g = *Gazetteer::from_tsv(data::kGazetteerTsv);
  return g;
}

// Upsert by external id like the real repository: unchanged when every imported
// field is equal (ids, timestamps and reports are not the import's to change).
class FakeStoreRepository : public StoreRepository {
 public:
  Result<std::vector<Store>> in_prefecture(std::string_view, const StoreFilters&, int) override { return {}; }
  Result<std::vector<Store>> in_bbox(const BoundingBox&, const StoreFilters&, int) override { return {}; }
  Result<std::vector<StoreWithDistance>> nearest(LatLng, double, const StoreFilters&, int) override { return {}; }
  Result<std::vector<CellAggregate>> cells(const CellRange&, const StoreFilters&) override { return {}; }
  Result<std::optional<Store>> find(StoreId) override { return std::optional<Store>{}; }
  Result<std::int64_t> count_active() override { return static_cast<std::int64_t>(by_external_id.size()); }
  Result<std::vector<PrefectureCount>> count_by_prefecture() override { return {}; }
  Result<void> insert_many(std::span<const Store>) override { return {}; }

  Result<UpsertOutcome> upsert_by_external_id(const Store& s) override {
    ++calls;
    if (fail_after && calls > *fail_after) return fail(ErrorCode::kUnavailable, "データベースが混み合っています。");
    const auto it = by_external_id.find(s.external_id);
    if (it == by_external_id.end()) {
      Store inserted = s;
      inserted.id = next_id++;
      by_external_id.emplace(s.external_id, inserted);
      return UpsertOutcome::kInserted;
    }
    if (same_content(it->second, s)) return UpsertOutcome::kUnchanged;
    const auto id = it->second.id;
    const auto created = it->second.created_at;
    it->second = s;
    it->second.id = id;
    it->second.created_at = created;
    return UpsertOutcome::kUpdated;
  }

  [[nodiscard]] const Store& at(const std::string& external_id) const { return by_external_id.at(external_id); }

  std::map<std::string, Store> by_external_id;
  std::optional<int> fail_after;  // fail every upsert after this many
  int calls = 0;

 private:
  static bool same_content(const Store& a, const Store& b) {
    return a.name == b.name && a.store_type == b.store_type && a.prefecture == b.prefecture && a.city == b.city &&
           a.address == b.address && a.location.lat == b.location.lat && a.location.lng == b.location.lng &&
           a.precision == b.precision && a.sells.packs == b.sells.packs && a.sells.boxes == b.sells.boxes &&
           a.sells.singles == b.sells.singles && a.status == b.status && a.source == b.source;
  }
  StoreId next_id = 1;
};

}  // namespace pokeca::importer::testing
