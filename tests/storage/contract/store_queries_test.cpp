// The read side of the StoreRepository port: prefecture, box, nearest, find, counts. A backend
// contract test (backend.hpp), run once per storage backend.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "backend.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::ids_of;
using testing::kNow;
using testing::make_store;

constexpr LatLng kShinjuku{35.6900, 139.7000};

template <class Backend>
class StoreQueries : public testing::BackendTest<Backend> {
 protected:
  void SetUp() override {
    auto shop = make_store(1, "カードショップ新宿", "card_shop", "tokyo", {35.6910, 139.7010});
    shop.sells = {true, true, std::nullopt};
    shop.last_report_at = kNow - 3600;
    shop.last_report_kind = ReportKind::kBought;
    shop.latest_by_product[product_index(Product::kPack)] = LatestReport{kNow - 3600, ReportKind::kBought};
    auto konbini = make_store(2, "コンビニ渋谷", "convenience", "tokyo", {35.6580, 139.7016});
    konbini.sells = {true, false, false};
    auto toys = make_store(3, "おもちゃ屋池袋", "toy", "tokyo", {35.7295, 139.7109});
    toys.last_report_at = kNow - 10 * 86'400;
    toys.last_report_kind = ReportKind::kBought;
    auto hidden = make_store(4, "非表示の店", "card_shop", "tokyo", {35.6905, 139.7005});
    hidden.status = StoreStatus::kHidden;
    auto closed = make_store(5, "閉店した店", "card_shop", "tokyo", {35.6906, 139.7006});
    closed.status = StoreStatus::kClosed;
    auto osaka = make_store(6, "カードショップ難波", "card_shop", "osaka", {34.6650, 135.5010});
    osaka.sells = {std::nullopt, std::nullopt, true};
    ASSERT_TRUE(this->stores.insert_many(std::vector{shop, konbini, toys, hidden, closed, osaka}));
  }
};
TYPED_TEST_SUITE(StoreQueries, testing::StoreBackends, testing::BackendName);

TYPED_TEST(StoreQueries, InPrefectureListsActiveStoresById) {
  EXPECT_EQ(ids_of(this->stores.in_prefecture("tokyo", {}, 100).value()), (std::vector<StoreId>{1, 2, 3}));
  EXPECT_EQ(ids_of(this->stores.in_prefecture("osaka", {}, 100).value()), (std::vector<StoreId>{6}));
  EXPECT_TRUE(this->stores.in_prefecture("hokkaido", {}, 100).value().empty());
}

TYPED_TEST(StoreQueries, InPrefectureStopsAtTheLimit) {
  // The service asks limit+1 to learn that the list was cut.
  EXPECT_EQ(ids_of(this->stores.in_prefecture("tokyo", {}, 2).value()), (std::vector<StoreId>{1, 2}));
  EXPECT_EQ(this->stores.in_prefecture("tokyo", {}, 3).value().size(), 3u);
  EXPECT_TRUE(this->stores.in_prefecture("tokyo", {}, 0).value().empty());
}

TYPED_TEST(StoreQueries, TypeFilterTakesAnyOfTheListedTypes) {
  auto f = testing::of_types({"card_shop"});
  EXPECT_EQ(ids_of(this->stores.in_prefecture("tokyo", f, 100).value()), (std::vector<StoreId>{1}));
  f.types = {"toy", "convenience"};
  EXPECT_EQ(ids_of(this->stores.in_prefecture("tokyo", f, 100).value()), (std::vector<StoreId>{2, 3}));
  f.types = {"bookstore"};
  EXPECT_TRUE(this->stores.in_prefecture("tokyo", f, 100).value().empty());
}

TYPED_TEST(StoreQueries, ProductFilterNeedsAKnownYes) {
  EXPECT_EQ(ids_of(this->stores.in_prefecture("tokyo", testing::selling(Product::kPack), 100).value()),
            (std::vector<StoreId>{1, 2}));
  EXPECT_EQ(ids_of(this->stores.in_prefecture("tokyo", testing::selling(Product::kBox), 100).value()),
            (std::vector<StoreId>{1}));
  // Unknown (NULL) is not a yes.
  EXPECT_TRUE(this->stores.in_prefecture("tokyo", testing::selling(Product::kSingle), 100).value().empty());
  EXPECT_EQ(ids_of(this->stores.in_prefecture("osaka", testing::selling(Product::kSingle), 100).value()),
            (std::vector<StoreId>{6}));
}

TYPED_TEST(StoreQueries, ReportedSinceKeepsStoresReportedAtOrAfter) {
  EXPECT_EQ(ids_of(this->stores.in_prefecture("tokyo", testing::reported_since(kNow - 86'400), 100).value()),
            (std::vector<StoreId>{1}));
  EXPECT_EQ(ids_of(this->stores.in_prefecture("tokyo", testing::reported_since(kNow - 3600), 100).value()),
            (std::vector<StoreId>{1}));
  EXPECT_EQ(ids_of(this->stores.in_prefecture("tokyo", testing::reported_since(kNow - 30 * 86'400), 100).value()),
            (std::vector<StoreId>{1, 3}));
}

TYPED_TEST(StoreQueries, FiltersCombine) {
  auto f = testing::of_types({"card_shop", "convenience"});
  f.product = Product::kPack;
  f.reported_since = kNow - 86'400;
  EXPECT_EQ(ids_of(this->stores.in_prefecture("tokyo", f, 100).value()), (std::vector<StoreId>{1}));
}

TYPED_TEST(StoreQueries, InBboxReturnsActiveStoresInsideOnly) {
  const BoundingBox around_shinjuku{139.69, 35.68, 139.71, 35.70};
  EXPECT_EQ(ids_of(this->stores.in_bbox(around_shinjuku, {}, 100).value()), (std::vector<StoreId>{1}));
  const BoundingBox tokyo{139.6, 35.6, 139.8, 35.8};
  auto found = ids_of(this->stores.in_bbox(tokyo, {}, 100).value());
  std::sort(found.begin(), found.end());
  EXPECT_EQ(found, (std::vector<StoreId>{1, 2, 3}));
  EXPECT_EQ(this->stores.in_bbox(tokyo, {}, 2).value().size(), 2u);
  EXPECT_EQ(ids_of(this->stores.in_bbox(tokyo, testing::of_types({"toy"}), 100).value()), (std::vector<StoreId>{3}));
}

TYPED_TEST(StoreQueries, InBboxIsExactAtTheEdgeDespiteTheRtreesFloats) {
  // The R*Tree keeps float32 boxes; a store a hair outside must still be left out.
  const BoundingBox just_short{139.69, 35.68, 139.7010 - 1e-7, 35.70};
  EXPECT_TRUE(this->stores.in_bbox(just_short, {}, 100).value().empty());
  const BoundingBox on_edge{139.69, 35.68, 139.7010, 35.70};
  EXPECT_EQ(ids_of(this->stores.in_bbox(on_edge, {}, 100).value()), (std::vector<StoreId>{1}));
}

TYPED_TEST(StoreQueries, NearestIsNearestFirstWithinTheRadius) {
  auto found = this->stores.nearest(kShinjuku, 10, {}, 100).value();
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[0].store.id, 1);
  EXPECT_EQ(found[1].store.id, 2);
  EXPECT_EQ(found[2].store.id, 3);
  EXPECT_NEAR(found[0].distance_km, haversine_km(kShinjuku, {35.6910, 139.7010}), 1e-9);
  EXPECT_TRUE(std::is_sorted(found.begin(), found.end(),
                             [](const auto& a, const auto& b) { return a.distance_km < b.distance_km; }));

  // 渋谷 is about 3.5 km away, 池袋 about 4.4 km.
  EXPECT_EQ(this->stores.nearest(kShinjuku, 1, {}, 100).value().size(), 1u);
  EXPECT_EQ(this->stores.nearest(kShinjuku, 4, {}, 100).value().size(), 2u);
  EXPECT_EQ(this->stores.nearest(kShinjuku, 10, {}, 2).value().size(), 2u);
  EXPECT_TRUE(this->stores.nearest({43.06, 141.35}, 50, {}, 100).value().empty());  // 札幌
}

TYPED_TEST(StoreQueries, NearestAppliesFilters) {
  auto found = this->stores.nearest(kShinjuku, 10, testing::of_types({"toy"}), 100).value();
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].store.id, 3);
}

TYPED_TEST(StoreQueries, NearestPicksTheClosestWhenManyAreInRange) {
  // A grid of stores around 新宿; the answer must match a brute-force sort.
  std::vector<Store> grid;
  for (int i = 0; i < 40; ++i)
    for (int j = 0; j < 40; ++j)
      grid.push_back(make_store(1000 + i * 40 + j, "grid", "other", "tokyo", {35.60 + i * 0.005, 139.60 + j * 0.006}));
  ASSERT_TRUE(this->stores.insert_many(grid));
  const LatLng centre{35.70, 139.70};
  auto found = this->stores.nearest(centre, 30, testing::of_types({"other"}), 25).value();
  std::sort(grid.begin(), grid.end(), [&](const Store& a, const Store& b) {
    return haversine_km(centre, a.location) < haversine_km(centre, b.location);
  });
  ASSERT_EQ(found.size(), 25u);
  for (std::size_t i = 0; i < found.size(); ++i)
    EXPECT_NEAR(found[i].distance_km, haversine_km(centre, grid[i].location), 1e-9) << i;
}

TYPED_TEST(StoreQueries, FindReturnsEveryFieldAsStored) {
  auto shop = this->stores.find(1).value();
  ASSERT_TRUE(shop);
  EXPECT_EQ(shop->name, "カードショップ新宿");
  EXPECT_EQ(shop->store_type, "card_shop");
  EXPECT_EQ(shop->prefecture, "tokyo");
  EXPECT_EQ(shop->city, "新宿区");
  EXPECT_EQ(shop->address, "東京都新宿区西新宿1-1-1");
  EXPECT_DOUBLE_EQ(shop->location.lat, 35.6910);
  EXPECT_DOUBLE_EQ(shop->location.lng, 139.7010);
  EXPECT_EQ(shop->precision, LocationPrecision::kExact);
  EXPECT_EQ(shop->sells.packs, true);
  EXPECT_EQ(shop->sells.boxes, true);
  EXPECT_EQ(shop->sells.singles, std::nullopt);
  EXPECT_EQ(shop->status, StoreStatus::kActive);
  EXPECT_EQ(shop->source, StoreSource::kDemo);
  EXPECT_EQ(shop->external_id, "");
  EXPECT_EQ(shop->created_at, kNow - 86'400);
  EXPECT_EQ(shop->last_report_at, kNow - 3600);
  EXPECT_EQ(shop->last_report_kind, ReportKind::kBought);

  // find() sees hidden stores too; the service decides what to show.
  EXPECT_EQ(this->stores.find(4).value()->status, StoreStatus::kHidden);
  EXPECT_FALSE(this->stores.find(999).value());
}

TYPED_TEST(StoreQueries, CountsAreOfActiveStores) {
  EXPECT_EQ(this->stores.count_active().value(), 4);
  const auto by_prefecture = this->stores.count_by_prefecture().value();
  ASSERT_EQ(by_prefecture.size(), 2u);
  EXPECT_EQ(by_prefecture[0].code, "osaka");
  EXPECT_EQ(by_prefecture[0].count, 1);
  EXPECT_EQ(by_prefecture[1].code, "tokyo");
  EXPECT_EQ(by_prefecture[1].count, 3);
}

// A bbox list tests the stores the HTTP layer keeps on their kept facts in C++
// (listed_in) and reads the others with SQL. Both must list exactly what in_bbox lists,
// in its order: stores on the box's edges, every status, NULL and boundary last reports,
// latest results bought and sold out of all and per product, unknown / no / yes for each
// product, several types.
template <class Backend>
class KeptStoreLists : public testing::BackendTest<Backend> {
 protected:
  static constexpr UnixSeconds kSince = kNow - 7200;
  static double lat(int i) { return 35.680 + i * 0.001; }
  static double lng(int j) { return 139.760 + j * 0.001; }
  void SetUp() override {
    const char* types[] = {"card_shop", "toy", "convenience"};
    const std::optional<bool> sells[] = {std::nullopt, false, true};
    const std::optional<UnixSeconds> last_reports[] = {std::nullopt, this->kSince - 1, this->kSince, kNow - 60};
    const StoreStatus statuses[] = {StoreStatus::kActive, StoreStatus::kActive, StoreStatus::kHidden,
                                    StoreStatus::kClosed};
    std::vector<Store> all;
    StoreId id = 1;
    // A 9 × 9 grid with steps of 0.001°: the boxes below have their edges on its lines.
    for (int i = 0; i < 9; ++i)
      for (int j = 0; j < 9; ++j, ++id) {
        auto s = make_store(id, "店" + std::to_string(id), types[id % 3], "tokyo", {lat(i), lng(j)});
        s.sells = {sells[id % 3], sells[(id / 3) % 3], sells[(id / 9) % 3]};
        s.last_report_at = last_reports[id % 4];
        if (s.last_report_at) {
          // Latest results of all and per product, bought and sold out, on and off the cut-off.
          s.last_report_kind = id % 5 == 0 ? ReportKind::kSoldOut : ReportKind::kBought;
          if (id % 3 != 0)
            s.latest_by_product[product_index(Product::kPack)] = LatestReport{*s.last_report_at, *s.last_report_kind};
          s.latest_by_product[product_index(Product::kBox)] =
              LatestReport{std::min(*s.last_report_at, this->kSince - id % 2),
                           id % 7 == 0 ? ReportKind::kSoldOut : ReportKind::kBought};
        }
        s.status = statuses[(id / 4) % 4];
        all.push_back(std::move(s));
      }
    ASSERT_TRUE(this->stores.insert_many(all));
    for (auto& s : all) this->facts.emplace(s.id, list_facts(*this->stores.find(s.id).value()));
  }

  static std::vector<StoreFilters> filters() {
    std::vector<StoreFilters> out{{}};
    out.push_back(testing::of_types({"toy"}));
    out.push_back(testing::of_types({"card_shop", "convenience"}));
    out.push_back(testing::of_types({"bookstore"}));
    for (const auto p : {Product::kPack, Product::kBox, Product::kSingle}) out.push_back(testing::selling(p));
    StoreFilters since;
    since.reported_since = kSince;
    out.push_back(since);
    StoreFilters all = testing::of_types({"toy", "card_shop"});
    all.product = Product::kPack;
    all.reported_since = kSince;
    out.push_back(all);
    for (const auto p : {Product::kBox, Product::kSingle}) {
      auto recent = testing::selling(p);
      recent.reported_since = kSince;
      out.push_back(recent);
    }
    return out;
  }

  std::map<StoreId, StoreListFacts> facts;
};
TYPED_TEST_SUITE(KeptStoreLists, testing::StoreBackends, testing::BackendName);

TYPED_TEST(KeptStoreLists, ListTheSameStoresInTheSameOrderAsInBbox) {
  const BoundingBox boxes[] = {
      {TestFixture::lng(2), TestFixture::lat(2), TestFixture::lng(6),
       TestFixture::lat(6)},               // edges exactly on stores: they are inside
      {139.760, 35.680, 139.768, 35.688},  // the whole grid
      {139.7625, 35.6815, 139.7645, 35.6855},
      {TestFixture::lng(4), TestFixture::lat(3), TestFixture::lng(4), TestFixture::lat(3)},  // one point
      {130.0, 30.0, 130.1, 30.1},                                                            // empty
  };
  int compared = 0;
  for (const auto& box : boxes)
    for (const auto& f : this->filters())
      for (const int limit : {1, 4, 1000}) {
        const auto want = testing::ids_in_box_order(this->stores.in_bbox(box, f, limit).value(), box);
        const auto keep_none = [](StoreId) -> const StoreListFacts* { return nullptr; };
        const auto keep_all = [&](StoreId id) -> const StoreListFacts* { return &this->facts.at(id); };
        const auto keep_odd = [&](StoreId id) -> const StoreListFacts* {
          return id % 2 ? &this->facts.at(id) : nullptr;
        };
        for (const auto& [name, kept] :
             std::vector<std::pair<std::string, std::function<const StoreListFacts*(StoreId)>>>{
                 {"none", keep_none}, {"all", keep_all}, {"odd", keep_odd}}) {
          const auto got = testing::list_unless_kept(this->stores, box, f, limit, kept);
          std::vector<StoreId> ids;
          for (const auto& s : got) {
            ids.push_back(s.id);
            const bool is_kept = kept(s.id) != nullptr;
            EXPECT_EQ(s.store.has_value(), !is_kept) << name << " " << s.id;
            if (s.store) {
              EXPECT_EQ(s.store->id, s.id);
            }
          }
          EXPECT_EQ(ids, want) << name << " limit " << limit << " box " << box.min_lng << "," << box.min_lat;
        }
        // And the C++ test alone, store by store, against SQL's answer.
        if (limit == 1000) {
          for (const auto& [id, store_facts] : this->facts)
            EXPECT_EQ(listed_in(store_facts, box, f), std::ranges::count(want, id) == 1) << "store " << id;
        }
        ++compared;
      }
  EXPECT_EQ(compared, 5 * 11 * 3);
  // The corner store (2, 2) = id 21 is active and listed: the edges count as inside.
  EXPECT_EQ(std::ranges::count(ids_of(this->stores.in_bbox(boxes[0], {}, 1000).value()), StoreId{21}), 1);
}

}  // namespace
}  // namespace pokeca::storage
