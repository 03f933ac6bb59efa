// The order of a cut box list (BoxOrder) and the list's assembly from a scan (list_bbox):
// a list of at most `limit` stores comes in the scan's order, a cut one is the nearest
// `limit` to the box's centre, equal distances by smaller id, whatever order the scan's
// candidates and bounds come in.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

#include "pokeca/map/bbox_list.hpp"
#include "pokeca/map/store_query.hpp"

namespace pokeca {
namespace {

Store at(StoreId id, double lat, double lng) {
  Store s;
  s.id = id;
  s.name = "店" + std::to_string(id);
  s.store_type = "card_shop";
  s.prefecture = "tokyo";
  s.location = {lat, lng};
  return s;
}

std::vector<StoreId> ids_of(const std::vector<Store>& stores) {
  std::vector<StoreId> out;
  for (const auto& s : stores) out.push_back(s.id);
  return out;
}

// The rule by brute force: every listed store sorted by (key, id), the first `limit`.
std::vector<StoreId> nearest_by_rule(std::vector<Store> stores, const BoundingBox& box, const StoreFilters& f,
                                     std::size_t limit) {
  std::erase_if(stores, [&](const Store& s) { return !listed_in(list_facts(s), box, f); });
  const BoxOrder order(box);
  std::ranges::sort(stores, [&](const Store& a, const Store& b) {
    return BoxOrder::before(order.key(a.location), a.id, order.key(b.location), b.id);
  });
  auto ids = ids_of(stores);
  if (ids.size() > limit) ids.resize(limit);
  return ids;
}

// A scan over `stores` in their given order; next_nearest() gives every store by a bound
// `looseness` times its key (1: exact) and counts how many it gave.
class ScriptedScan final : public BboxScan {
 public:
  ScriptedScan(std::vector<Store> stores, const BoundingBox& box, const StoreFilters& f, double looseness)
      : stores_(std::move(stores)), box_(box), filters_(f) {
    const BoxOrder order(box);
    for (const auto& s : stores_) by_bound_.push_back({s.id, order.key(s.location) * looseness});
    std::ranges::stable_sort(by_bound_, [](const Nearer& a, const Nearer& b) { return a.bound < b.bound; });
  }
  Result<std::optional<StoreId>> next() override {
    if (next_ == stores_.size()) return std::optional<StoreId>{};
    return std::optional(stores_[next_++].id);
  }
  Result<std::optional<Store>> read_listed(StoreId id) override {
    for (const auto& s : stores_)
      if (s.id == id && listed_in(list_facts(s), box_, filters_)) return std::optional(s);
    return std::optional<Store>{};
  }
  Result<std::optional<Nearer>> next_nearest(std::size_t) override {
    if (given_ == by_bound_.size()) return std::optional<Nearer>{};
    return std::optional(by_bound_[given_++]);
  }
  std::size_t given_ = 0;

 private:
  std::vector<Store> stores_;
  BoundingBox box_;
  StoreFilters filters_;
  std::size_t next_ = 0;
  std::vector<Nearer> by_bound_;
};

// A 15 × 15 grid around the box's centre (symmetric: many equal distances), shuffled, with
// some stores hidden or outside the box.
std::vector<Store> grid(std::uint32_t seed) {
  std::vector<Store> out;
  StoreId id = 1;
  for (int i = -7; i <= 7; ++i)
    for (int j = -7; j <= 7; ++j, ++id) {
      auto s = at(id, 35.68 + i * 0.001, 139.76 + j * 0.001);
      if (id % 11 == 0) s.status = StoreStatus::kHidden;
      if (id % 13 == 0) s.store_type = "toy";
      out.push_back(std::move(s));
    }
  out.push_back(at(1000, 36.5, 139.76));  // outside every box below
  std::mt19937 rng(seed);
  std::ranges::shuffle(out, rng);
  return out;
}

struct Assembled {
  std::vector<StoreId> ids;
  bool cut = false;
  std::size_t nearest_given = 0;
};

// list_bbox with the odd ids kept by the caller (tested on their facts, never read).
Assembled assemble(const std::vector<Store>& stores, const BoundingBox& box, const StoreFilters& f, std::size_t limit,
                   double looseness) {
  std::map<StoreId, StoreListFacts> kept;
  for (const auto& s : stores)
    if (s.id % 2) kept.emplace(s.id, list_facts(s));
  ScriptedScan scan(stores, box, f, looseness);
  const auto find_kept = [&](StoreId id) -> const StoreListFacts* {
    const auto it = kept.find(id);
    return it == kept.end() ? nullptr : &it->second;
  };
  auto listed =
      list_bbox(scan, box, f, limit, find_kept, [](const StoreListFacts& k) -> const StoreListFacts& { return k; });
  EXPECT_TRUE(listed);
  Assembled out;
  out.cut = listed->cut;
  out.nearest_given = scan.given_;
  for (const auto& s : listed->stores) {
    out.ids.push_back(s.id);
    EXPECT_EQ(s.kept != nullptr, s.id % 2 == 1) << s.id;
    EXPECT_EQ(s.store != nullptr, s.id % 2 == 0) << s.id;
  }
  return out;
}

TEST(BoxOrder, IsTheScaledPlaneDistanceFromTheCentre) {
  const BoundingBox box{139.0, 35.0, 141.0, 37.0};
  const BoxOrder order(box);
  EXPECT_DOUBLE_EQ(order.centre().lat, 36.0);
  EXPECT_DOUBLE_EQ(order.centre().lng, 140.0);
  EXPECT_NEAR(order.lng_scale(), 0.809017, 1e-6);  // cos 36°
  EXPECT_DOUBLE_EQ(order.key({36.0, 140.0}), 0.0);
  // A degree east is nearer than a degree north at this latitude.
  EXPECT_LT(order.key({36.0, 141.0}), order.key({37.0, 140.0}));
  EXPECT_NEAR(order.key({36.0, 141.0}), 0.809017 * 0.809017, 1e-6);
  EXPECT_TRUE(BoxOrder::before(1.0, 9, 2.0, 1));
  EXPECT_TRUE(BoxOrder::before(1.0, 1, 1.0, 2));
  EXPECT_FALSE(BoxOrder::before(1.0, 2, 1.0, 2));
}

TEST(BoxOrder, ABoxsBoundIsNeverAboveTheKeyOfAPointInside) {
  const BoundingBox view{139.70, 35.60, 139.80, 35.72};
  const BoxOrder order(view);
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> lat(35.55, 35.77), lng(139.65, 139.85), frac(0, 1);
  for (int i = 0; i < 20'000; ++i) {
    const double a = lat(rng), b = lat(rng), c = lng(rng), d = lng(rng);
    const double min_lat = std::min(a, b), max_lat = std::max(a, b), min_lng = std::min(c, d), max_lng = std::max(c, d);
    const LatLng p{min_lat + (max_lat - min_lat) * frac(rng), min_lng + (max_lng - min_lng) * frac(rng)};
    ASSERT_LE(order.bound(min_lng, min_lat, max_lng, max_lat), order.key(p));
    // A point's own box bounds it exactly.
    ASSERT_EQ(order.bound(p.lng, p.lat, p.lng, p.lat), order.key(p));
  }
}

TEST(BoxOrder, SortsNearestFirstThenBySmallerId) {
  const BoundingBox box{139.75, 35.67, 139.77, 35.69};
  std::vector<Store> stores{at(5, 35.681, 139.76), at(3, 35.679, 139.76), at(4, 35.68, 139.76), at(2, 35.69, 139.77),
                            at(1, 35.681, 139.76)};
  sort_by_box_order(stores, box);
  // 4 at the centre; 1 and 5 at one place, by id; 3 as far south; 2 in a corner.
  EXPECT_EQ(stores.front().id, 4);
  const auto ids = ids_of(stores);
  EXPECT_LT(std::ranges::find(ids, 1) - ids.begin(), std::ranges::find(ids, 5) - ids.begin());
  EXPECT_EQ(stores.back().id, 2);
  EXPECT_EQ(ids_of(stores), nearest_by_rule(stores, box, {}, 5));
}

TEST(BboxList, AListNotCutIsTheWholeSetNearestTheCentreFirst) {
  const auto stores = grid(1);
  const BoundingBox box{139.753, 35.673, 139.767, 35.687};
  std::size_t in_box = 0;
  for (const auto& s : stores)
    if (listed_in(list_facts(s), box, {})) ++in_box;
  const auto want = nearest_by_rule(stores, box, {}, in_box);
  for (const std::size_t limit : {in_box, in_box + 5}) {
    const auto got = assemble(stores, box, {}, limit, 1.0);
    EXPECT_FALSE(got.cut);
    EXPECT_EQ(got.ids, want) << "sorted, whatever the scan's order";
    EXPECT_EQ(got.nearest_given, 0u) << "no second search";
  }
}

TEST(BboxList, ACutListIsTheNearestToTheCentreInThatOrder) {
  const BoundingBox boxes[] = {
      {139.753, 35.673, 139.767, 35.687},      // centred on the grid: ties all round
      {139.7545, 35.6712, 139.7655, 35.6861},  // off centre
      {139.760, 35.680, 139.760, 35.680},      // one point
  };
  StoreFilters toys;
  toys.types = {"toy"};
  int compared = 0;
  for (const std::uint32_t seed : {1u, 2u, 3u})
    for (const auto& box : boxes)
      for (const auto& f : {StoreFilters{}, toys})
        for (const std::size_t limit : {0u, 1u, 2u, 5u, 9u, 40u, 150u})
          for (const double looseness : {1.0, 0.5, 0.0}) {
            const auto stores = grid(seed);
            const auto all = nearest_by_rule(stores, box, f, 10'000);
            const auto got = assemble(stores, box, f, limit, looseness);
            EXPECT_EQ(got.cut, all.size() > limit);
            if (all.size() > limit) {
              EXPECT_EQ(got.ids, nearest_by_rule(stores, box, f, limit))
                  << "limit " << limit << " looseness " << looseness << " box " << box.min_lng;
              // Exact bounds stop the search soon after the nearest: the ties at the
              // limit's distance, not the whole box.
              if (looseness == 1.0 && f.types.empty() && limit > 0 && limit < 40) {
                EXPECT_LT(got.nearest_given, all.size());
              }
            } else {
              std::vector<StoreId> sorted = got.ids;
              std::ranges::sort(sorted);
              std::vector<StoreId> want = all;
              std::ranges::sort(want);
              EXPECT_EQ(sorted, want) << "the whole set";
            }
            ++compared;
          }
  EXPECT_EQ(compared, 3 * 3 * 2 * 7 * 3);
}

}  // namespace
}  // namespace pokeca
