// A cut box list is the nearest `limit` stores to the box's centre (BoxOrder), equal
// distances by smaller id, in that order, on every backend: through in_bbox and through the
// repository's scan (with kept stores or without); a list that is not cut is the whole set.
// (SQLite's own paths — the R*Tree copy, the scan without it — are tested in
// sqlite/box_list_order_test.cpp.)
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "backend.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::ids_of;
using testing::kNow;
using testing::make_store;

template <class Backend>
class CutBoxLists : public testing::BackendTest<Backend> {
 protected:
  void SetUp() override {
    std::mt19937_64 random(20261128);
    std::uniform_real_distribution<double> u(0, 1);
    const char* types[] = {"card_shop", "toy", "convenience"};
    std::vector<Store> all;
    for (StoreId id = 1; id <= 3'000; ++id) {
      // Most in one city, some across Japan; a 12 × 12 grid around (35.68, 139.76) for ties.
      LatLng at;
      if (id <= 144) {
        at = {35.6745 + static_cast<double>((id - 1) / 12) * 0.001,
              139.7545 + static_cast<double>((id - 1) % 12) * 0.001};
      } else if (u(random) < 0.8) {
        at = {35.60 + 0.15 * u(random), 139.65 + 0.20 * u(random)};
      } else {
        at = {31.0 + 13.0 * u(random), 130.0 + 15.0 * u(random)};
      }
      auto s = make_store(id, "店" + std::to_string(id), types[id % 3], "tokyo", at);
      if (id % 17 == 0) s.status = StoreStatus::kHidden;
      if (id % 5 == 0) {
        s.last_report_at = kNow - 600;
        s.last_report_kind = ReportKind::kBought;
      }
      all.push_back(std::move(s));
    }
    ASSERT_TRUE(this->stores.insert_many(all));
    for (const auto& s : all) facts.emplace(s.id, list_facts(*this->stores.find(s.id).value()));
  }

  // The rule by brute force over every store.
  std::vector<StoreId> by_rule(const BoundingBox& box, const StoreFilters& f, std::size_t limit) const {
    const BoxOrder order(box);
    std::vector<std::pair<double, StoreId>> listed;
    for (const auto& [id, fs] : facts)
      if (listed_in(fs, box, f)) listed.emplace_back(order.key(fs.location), id);
    std::ranges::sort(
        listed, [](const auto& a, const auto& b) { return BoxOrder::before(a.first, a.second, b.first, b.second); });
    std::vector<StoreId> ids;
    for (const auto& [key, id] : listed) ids.push_back(id);
    if (ids.size() > limit) ids.resize(limit);
    return ids;
  }

  std::map<StoreId, StoreListFacts> facts;
};
TYPED_TEST_SUITE(CutBoxLists, testing::StoreBackends, testing::BackendName);

std::vector<StoreId> sorted(std::vector<StoreId> ids) {
  std::ranges::sort(ids);
  return ids;
}

TYPED_TEST(CutBoxLists, ACutListIsTheNearestToTheCentre) {
  const BoundingBox boxes[] = {
      {139.7545, 35.6745, 139.7655, 35.6855},  // the grid, centred: ties all round
      {139.70, 35.62, 139.80, 35.72},          // a city view
      {139.66, 35.61, 139.71, 35.74},          // off centre, tall
      {129.0, 30.0, 146.0, 46.0},              // all of Japan, centre in the sea
      {139.76, 35.68, 139.76, 35.68},          // one point of the grid
  };
  StoreFilters recent;
  recent.reported_since = kNow - 3600;
  const auto none = [](StoreId) -> const StoreListFacts* { return nullptr; };
  const auto odd = [&](StoreId id) -> const StoreListFacts* { return id % 2 ? &this->facts.at(id) : nullptr; };
  int cut = 0;
  for (const auto& box : boxes)
    for (const auto& f : {StoreFilters{}, testing::of_types({"toy"}), recent})
      for (const int limit : {1, 7, 50, 301, 5'000}) {
        const auto want = this->by_rule(box, f, static_cast<std::size_t>(limit));
        const bool is_cut = this->by_rule(box, f, 100'000).size() > want.size();
        cut += is_cut;
        const auto expect = [&](std::vector<StoreId> got, const std::string& path) {
          if (is_cut) {
            EXPECT_EQ(got, want) << path << " limit " << limit << " box " << box.min_lng << "," << box.min_lat;
          } else {
            EXPECT_EQ(sorted(got), sorted(want)) << path << " limit " << limit;
          }
        };
        expect(ids_of(this->stores.in_bbox(box, f, limit).value()), "in_bbox");
        for (const auto& kept : {std::function<const StoreListFacts*(StoreId)>(none),
                                 std::function<const StoreListFacts*(StoreId)>(odd)}) {
          std::vector<StoreId> got;
          for (const auto& s : testing::list_unless_kept(this->stores, box, f, limit, kept)) got.push_back(s.id);
          expect(got, "scan");
        }
      }
  EXPECT_GT(cut, 30);
}

}  // namespace
}  // namespace pokeca::storage
