// cells() against a brute-force aggregate of the same stores, at several levels, for
// the stored aggregates (no filter, type filter) and the slow path (product, reported).
// Through core's StoreRepository port: a backend contract test (backend.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <tuple>

#include "backend.hpp"
#include "cell_oracle.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::kNow;
using testing::make_store;
using namespace testing::cell_oracle;

const std::vector<std::string> kTypes{"card_shop", "convenience", "toy", "electronics"};

StoreFilters convenience_selling_boxes() {
  auto f = testing::of_types({"convenience"});
  f.product = Product::kBox;
  return f;
}

template <class Backend>
class StoreCells : public testing::BackendTest<Backend> {
 protected:
  void SetUp() override {
    std::mt19937_64 rng(12345);
    std::uniform_real_distribution<double> lat(33.0, 36.5), lng(133.0, 141.0), unit(0, 1);
    for (StoreId id = 1; id <= 3000; ++id) {
      // Half spread wide, half packed around 東京 so fine levels have dense cells.
      const bool city = id % 2 == 0;
      LatLng at = city ? LatLng{35.6 + 0.2 * unit(rng), 139.6 + 0.25 * unit(rng)} : LatLng{lat(rng), lng(rng)};
      auto s = make_store(id, "店" + std::to_string(id), kTypes[id % kTypes.size()], "tokyo", at);
      s.sells.packs = unit(rng) < 0.5;
      s.sells.boxes = unit(rng) < 0.3 ? std::optional<bool>() : std::optional<bool>(unit(rng) < 0.5);
      if (unit(rng) < 0.2) {
        s.last_report_at = kNow - static_cast<UnixSeconds>(unit(rng) * 7 * 86'400);
        s.last_report_kind = id % 4 == 0 ? ReportKind::kSoldOut : ReportKind::kBought;
        s.latest_by_product[product_index(Product::kPack)] = LatestReport{*s.last_report_at, *s.last_report_kind};
      }
      if (id % 17 == 0) s.status = StoreStatus::kHidden;
      if (id % 3 == 0) s.external_id = "ext:" + std::to_string(id);
      all.push_back(s);
    }
    ASSERT_TRUE(this->stores.insert_many(all));
  }

  void expect_agrees(const std::string& label) {
    const std::vector<StoreFilters> filters{
        {},
        testing::of_types({"card_shop"}),
        testing::of_types({"toy", "card_shop", "toy"}),  // a repeated type counts once
        testing::selling(Product::kPack),
        convenience_selling_boxes(),
        testing::reported_since(kNow - 2 * 86'400),
    };
    const std::vector<BoundingBox> views{
        {122.0, 24.0, 146.0, 46.0},      // all of Japan
        {139.55, 35.55, 139.90, 35.85},  // 東京
        {139.68, 35.65, 139.74, 35.72},  // a few wards
        {130.0, 33.5, 140.0, 34.0},      // wide and short: the one-scan path
    };
    for (int level : {0, 3, 5, 8, 10, 12})
      for (std::size_t v = 0; v < views.size(); ++v)
        for (std::size_t fi = 0; fi < filters.size(); ++fi) {
          const auto range = cells_covering(views[v], level);
          auto got = this->stores.cells(range, filters[fi]);
          ASSERT_TRUE(got);
          expect_same(fold(*got), brute_force(all, range, filters[fi]),
                      label + " level " + std::to_string(level) + " view " + std::to_string(v) + " filter " +
                          std::to_string(fi));
        }
  }

  std::vector<Store> all;
};
TYPED_TEST_SUITE(StoreCells, testing::StoreBackends, testing::BackendName);

TYPED_TEST(StoreCells, AgreeWithABruteForceAggregate) { this->expect_agrees("after insert"); }

TYPED_TEST(StoreCells, WideAndNarrowRangesAreBothCovered) {
  // The test views must exercise both read paths, or the comparison proves less.
  EXPECT_GT(
      cells_covering({130.0, 33.5, 140.0, 34.0}, 12).max_x - cells_covering({130.0, 33.5, 140.0, 34.0}, 12).min_x + 1,
      kMaxCellColumnSeeks);
  EXPECT_LE(cells_covering({139.68, 35.65, 139.74, 35.72}, 12).max_x -
                cells_covering({139.68, 35.65, 139.74, 35.72}, 12).min_x + 1,
            kMaxCellColumnSeeks);
}

TYPED_TEST(StoreCells, StayRightAfterUpsertsInsertMoveRetypeHideAndRevive) {
  std::mt19937_64 rng(99);
  std::uniform_real_distribution<double> unit(0, 1);
  int changed = 0;
  for (auto& s : this->all) {
    if (s.external_id.empty() || changed == 400) continue;
    switch (changed++ % 4) {
      case 0: s.location = {35.6 + 0.2 * unit(rng), 139.6 + 0.25 * unit(rng)}; break;
      case 1: s.store_type = kTypes[static_cast<std::size_t>(s.id + 1) % kTypes.size()]; break;
      case 2: s.status = s.status == StoreStatus::kActive ? StoreStatus::kHidden : StoreStatus::kActive; break;
      default: s.sells.packs = !s.sells.packs.value_or(false); break;
    }
    ASSERT_EQ(this->stores.upsert_by_external_id(s).value(), UpsertOutcome::kUpdated) << s.id;
  }
  for (StoreId id = 5001; id <= 5100; ++id) {
    auto s = make_store(id, "新店", kTypes[static_cast<std::size_t>(id) % kTypes.size()], "tokyo",
                        {35.6 + 0.2 * unit(rng), 139.6 + 0.25 * unit(rng)});
    s.external_id = "ext:" + std::to_string(id);
    ASSERT_EQ(this->stores.upsert_by_external_id(s).value(), UpsertOutcome::kInserted);
    this->all.push_back(s);
  }
  this->expect_agrees("after upserts");
}

TYPED_TEST(StoreCells, ReportedSinceAgreesOnBothReadPaths) {
  // Enough stores that a wide view reads the recently reported ones (index) while a
  // narrow one still reads the stores in the box (R*Tree).
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> unit(0, 1);
  std::vector<Store> more;
  for (StoreId id = 10'001; id <= 10'000 + kMaxStoresForBoxScan; ++id) {
    auto s = make_store(id, "店", kTypes[static_cast<std::size_t>(id) % kTypes.size()], "osaka",
                        {34.5 + unit(rng), 135.0 + unit(rng)});
    if (unit(rng) < 0.3) {
      s.last_report_at = kNow - static_cast<UnixSeconds>(unit(rng) * 3 * 86'400);
      s.last_report_kind = id % 4 == 0 ? ReportKind::kSoldOut : ReportKind::kBought;
    }
    more.push_back(s);
  }
  ASSERT_TRUE(this->stores.insert_many(more));
  this->all.insert(this->all.end(), more.begin(), more.end());

  auto filter = testing::of_types({"toy", "card_shop"});
  filter.reported_since = kNow - 86'400;
  for (const auto& [box, level] : {std::pair{BoundingBox{122.0, 24.0, 146.0, 46.0}, 6},
                                   std::pair{BoundingBox{139.68, 35.65, 139.74, 35.72}, 12}}) {
    const auto range = cells_covering(box, level);
    expect_same(fold(this->stores.cells(range, filter).value()), brute_force(this->all, range, filter),
                "level " + std::to_string(level));
    expect_same(fold(this->stores.cells(range, testing::reported_since(kNow - 86'400)).value()),
                brute_force(this->all, range, testing::reported_since(kNow - 86'400)),
                "level " + std::to_string(level) + " unfiltered");
  }
  // Which paths ran follows from the store counts in range.
  const auto in_range = [&](const BoundingBox& box, int level) {
    std::int64_t n = 0;
    // Keep the Result alive: a range-for over `temporary.value()` dangles before C++23.
    const auto cells = this->stores.cells(cells_covering(box, level), {});
    for (const auto& c : cells.value()) n += c.count;
    return n;
  };
  EXPECT_GT(in_range({122.0, 24.0, 146.0, 46.0}, 6), kMaxStoresForBoxScan);
  EXPECT_LE(in_range({139.68, 35.65, 139.74, 35.72}, 12), kMaxStoresForBoxScan);
}

TYPED_TEST(StoreCells, CountActiveAgreesWithTheStores) {
  const auto active = std::count_if(this->all.begin(), this->all.end(),
                                    [](const Store& s) { return s.status == StoreStatus::kActive; });
  EXPECT_EQ(this->stores.count_active().value(), active);
  const auto by_prefecture = this->stores.count_by_prefecture().value();
  ASSERT_EQ(by_prefecture.size(), 1u);
  EXPECT_EQ(by_prefecture[0].count, active);
}

TYPED_TEST(StoreCells, AnEmptyOrInvertedRangeHasNoCells) {
  EXPECT_TRUE(this->stores.cells({5, 10, 9, 0, 100}, {}).value().empty());
}

}  // namespace
}  // namespace pokeca::storage
