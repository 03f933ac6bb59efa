// "Reported since" clusters against a brute-force aggregate of the same stores, on every
// backend, while reports are added and deleted, stores are hidden, moved, retyped and
// deleted, and the cut-off moves through the hours (the clock passing): each backend keeps
// its own per-hour sums (SQLite's hour and block rows, PostgreSQL's store_recent_sums),
// and the window's first hour is read from the stores.
// Through core's ports: a backend contract test (backend.hpp).
#include <gtest/gtest.h>

#include <random>

#include "backend.hpp"
#include "cell_oracle.hpp"
#include "report_tracker.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::kNow;
using testing::make_store;
using namespace testing::cell_oracle;

constexpr UnixSeconds kHour = 3600;
const std::vector<std::string> kTypes{"card_shop", "convenience", "toy"};

const std::vector<BoundingBox> kViews{
    {122.0, 24.0, 146.0, 46.0},      // all of Japan
    {139.55, 35.55, 139.90, 35.85},  // 東京
    {139.68, 35.65, 139.74, 35.72},  // a few wards
};

// Every mix of the filters the clusters take with a cut-off.
std::vector<StoreFilters> filters_since(UnixSeconds since) {
  std::vector<StoreFilters> out{testing::reported_since(since), testing::of_types({"toy", "card_shop"})};
  out.back().reported_since = since;
  for (const auto product : {Product::kPack, Product::kBox, Product::kSingle}) {
    out.push_back(testing::selling(product));
    out.back().reported_since = since;
  }
  out.push_back(testing::of_types({"convenience"}));
  out.back().product = Product::kBox;
  out.back().reported_since = since;
  return out;
}

template <class Backend>
class RecentCells : public testing::BackendTest<Backend> {
 protected:
  void SetUp() override {
    std::mt19937_64 rng(2026);
    std::uniform_real_distribution<double> unit(0, 1);
    for (StoreId id = 1; id <= 600; ++id) {
      const LatLng at = id % 2 == 0 ? LatLng{35.6 + 0.2 * unit(rng), 139.6 + 0.25 * unit(rng)}
                                    : LatLng{33.0 + 3.5 * unit(rng), 133.0 + 8.0 * unit(rng)};
      auto s = make_store(id, "店", kTypes[static_cast<std::size_t>(id) % kTypes.size()], "tokyo", at);
      s.sells.packs = id % 3 != 0;
      s.sells.boxes = id % 5 == 0 ? std::optional<bool>() : std::optional<bool>(id % 2 == 0);
      s.sells.singles = id % 7 != 0;
      s.external_id = "ext:" + std::to_string(id);
      if (id % 13 == 0) s.status = StoreStatus::kHidden;
      all.push_back(s);
    }
    ASSERT_TRUE(this->stores.insert_many(all));
  }

  void expect_cells_agree(UnixSeconds since, const std::string& label, const std::vector<int>& levels) {
    for (int level : levels)
      for (std::size_t v = 0; v < kViews.size(); ++v) {
        const auto filters = filters_since(since);
        for (std::size_t fi = 0; fi < filters.size(); ++fi) {
          const auto range = cells_covering(kViews[v], level);
          auto got = this->stores.cells(range, filters[fi]);
          ASSERT_TRUE(got);
          expect_same(fold(*got), brute_force(all, range, filters[fi]),
                      label + " since " + std::to_string(since) + " level " + std::to_string(level) + " view " +
                          std::to_string(v) + " filter " + std::to_string(fi));
        }
      }
  }

  void expect_right(const std::string& label) {
    // On the hour, just past it, near the end of an hour, and windows far longer than a day.
    for (const UnixSeconds since : {kNow - 24 * kHour, kNow - 24 * kHour + 1234, kNow - 3 * kHour + 1,
                                    kNow - 72 * kHour + 3000, kNow - 30 * 24 * kHour, kNow + 1})
      expect_cells_agree(since, label, {0, 4, 8, 12});
  }

  std::vector<Store> all;
  testing::ReportTracker tracker{this->reports, all};
};
TYPED_TEST_SUITE(RecentCells, testing::PurchaseWriteBackends, testing::BackendName);

TYPED_TEST(RecentCells, FollowReportsInsertedAndDeleted) {
  this->expect_right("no reports");
  std::mt19937_64 rng(5);
  std::uniform_int_distribution<StoreId> store(1, 600);
  std::uniform_int_distribution<UnixSeconds> age(0, 40 * 24 * kHour);
  std::vector<ReportId> ids;
  for (int i = 0; i < 500; ++i) ids.push_back(this->tracker.report(store(rng), kNow - age(rng)));
  this->expect_right("after 500 reports");
  // Deleting a store's newest report moves it back to its previous one, or out.
  for (std::size_t i = 0; i < ids.size(); i += 3) this->tracker.unreport(ids[i]);
  this->expect_right("after deleting a third");
  // An older report does not move a store's last report; a sold out one takes it out.
  const auto newest = this->tracker.report(2, kNow - kHour, ReportKind::kBought, Product::kBox);
  this->tracker.report(2, kNow - 10 * kHour);
  this->tracker.report(4, kNow - 2 * kHour, ReportKind::kSoldOut, Product::kPack);
  this->expect_right("after an older report and a sold out one");
  this->tracker.unreport(newest);
  this->expect_right("after deleting the newest");
}

TYPED_TEST(RecentCells, FollowStoresHiddenMovedRetypedAndDeleted) {
  std::mt19937_64 rng(8);
  std::uniform_int_distribution<UnixSeconds> age(0, 3 * 24 * kHour);
  for (StoreId id = 1; id <= 600; id += 2) this->tracker.report(id, kNow - age(rng));
  for (StoreId id = 1; id <= 600; id += 7) {
    auto& s = this->all[static_cast<std::size_t>(id - 1)];
    switch (id % 4) {
      case 0: s.status = s.status == StoreStatus::kActive ? StoreStatus::kHidden : StoreStatus::kActive; break;
      case 1: s.location = {s.location.lat + 0.05, s.location.lng - 0.05}; break;
      case 2: s.store_type = kTypes[static_cast<std::size_t>(id + 1) % kTypes.size()]; break;
      default: s.sells.boxes = !s.sells.boxes.value_or(false); break;
    }
    ASSERT_EQ(this->stores.upsert_by_external_id(s).value(), UpsertOutcome::kUpdated) << id;
  }
  this->expect_right("after hiding, reviving, moving and retyping");
  ASSERT_TRUE(this->backend.exec_sql("DELETE FROM purchase_reports WHERE store_id IN (1, 3, 5, 7)"));
  ASSERT_TRUE(this->backend.exec_sql("DELETE FROM stores WHERE id IN (1, 3, 5, 7)"));
  std::erase_if(this->all, [](const Store& s) { return s.id == 1 || s.id == 3 || s.id == 5 || s.id == 7; });
  this->expect_cells_agree(kNow - 24 * kHour + 99, "after deleting stores", {0, 8, 12});
}

TYPED_TEST(RecentCells, AgreeAsTheCutOffMovesThroughTheHours) {
  std::mt19937_64 rng(11);
  std::uniform_int_distribution<UnixSeconds> age(0, 30 * kHour);
  for (StoreId id = 1; id <= 600; ++id) this->tracker.report(id, kNow - age(rng));
  // "The last 24 hours" seen every 20 minutes for 6 hours, cut-offs on and between hour
  // boundaries, either side of the half hour: the kept sums do not change, the views do.
  const UnixSeconds start = (kNow / kHour) * kHour - 24 * kHour;
  for (UnixSeconds since = start; since <= start + 6 * kHour; since += 20 * 60)
    this->expect_cells_agree(since, "moving cut-off", {0, 8, 12});
}

}  // namespace
}  // namespace pokeca::storage
