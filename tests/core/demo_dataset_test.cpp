#include "pokeca/demo/demo_dataset.hpp"

#include <gtest/gtest.h>

#include <set>

#include "pokeca/embedded_data.hpp"
#include "pokeca/map/store_types.hpp"
#include "pokeca/shared/prefectures.hpp"

namespace pokeca {
namespace {

constexpr UnixSeconds kNow = 1795239000;

struct Fixture {
  Gazetteer gazetteer = *Gazetteer::from_tsv(data::kGazetteerTsv);
  DemoSources sources = *parse_demo_sources(data::kStoreNamesTsv, data::kAreaWordsTsv, data::kPokemonCentersTsv);
};

const Fixture& fixture() {
  static const Fixture f;
  return f;
}

}  // namespace

TEST(DemoDataset, AtLeastTenThousandStoresInEveryPrefecture) {
  const auto& f = fixture();
  const auto d = generate_demo_dataset(f.gazetteer, f.sources, kDemoSeed, kDemoStoreCount, kNow);
  EXPECT_GE(kDemoStoreCount, 10000u);  // the home page promises over 10,000 entries
  EXPECT_EQ(d.stores.size(), kDemoStoreCount);
  std::set<std::string> prefs;
  for (const auto& s : d.stores) {
    prefs.insert(s.prefecture);
    EXPECT_NE(find_store_type(s.store_type), nullptr) << s.store_type;
    EXPECT_FALSE(s.name.empty());
    EXPECT_TRUE(is_valid_lat_lng(s.location));
    EXPECT_EQ(s.source, StoreSource::kDemo);
  }
  EXPECT_EQ(prefs.size(), kPrefectureCount);
}

TEST(DemoDataset, StoresLieNearTheirMunicipalityAndIdsAreSequential) {
  const auto& f = fixture();
  const auto d = generate_demo_dataset(f.gazetteer, f.sources, kDemoSeed, 2000, kNow);
  for (std::size_t i = 0; i < d.stores.size(); ++i) {
    const auto& s = d.stores[i];
    EXPECT_EQ(s.id, static_cast<StoreId>(i + 1));
    if (s.store_type == "pokemon_center") continue;
    const auto towns = f.gazetteer.in_prefecture(s.prefecture);
    double best = 1e9;
    for (const auto* m : towns)
      if (m->city == s.city) best = std::min(best, haversine_km(m->centre, s.location));
    EXPECT_LE(best, 5.1) << s.name;
    EXPECT_TRUE(s.address.starts_with(find_prefecture(s.prefecture)->name)) << s.address;
  }
}

TEST(DemoDataset, IsDeterministicForSeedAndTime) {
  const auto& f = fixture();
  const auto a = generate_demo_dataset(f.gazetteer, f.sources, 7, 1500, kNow);
  const auto b = generate_demo_dataset(f.gazetteer, f.sources, 7, 1500, kNow);
  const auto c = generate_demo_dataset(f.gazetteer, f.sources, 8, 1500, kNow);
  ASSERT_EQ(a.stores.size(), b.stores.size());
  for (std::size_t i = 0; i < a.stores.size(); ++i) {
    EXPECT_EQ(a.stores[i].name, b.stores[i].name);
    EXPECT_EQ(a.stores[i].location.lat, b.stores[i].location.lat);
  }
  ASSERT_EQ(a.reports.size(), b.reports.size());
  bool differs = false;
  for (std::size_t i = 0; i < std::min(a.stores.size(), c.stores.size()); ++i)
    differs |= a.stores[i].name != c.stores[i].name;
  EXPECT_TRUE(differs);
}

TEST(DemoDataset, IncludesPokemonCentersAndRecentReports) {
  const auto& f = fixture();
  ASSERT_GE(f.sources.landmarks.size(), 10u);
  const auto d = generate_demo_dataset(f.gazetteer, f.sources, kDemoSeed, kDemoStoreCount, kNow);
  int centers = 0;
  for (const auto& s : d.stores) centers += s.store_type == "pokemon_center";
  EXPECT_EQ(centers, static_cast<int>(f.sources.landmarks.size()));
  ASSERT_GT(d.reports.size(), 500u);
  for (const auto& r : d.reports) {
    EXPECT_LE(r.purchased_at, kNow);
    EXPECT_GE(r.purchased_at, kNow - kDemoReportDays * 86400);
    EXPECT_GE(r.created_at, r.purchased_at);
    EXPECT_GE(r.store_id, 1);
    EXPECT_LE(r.store_id, static_cast<StoreId>(d.stores.size()));
  }
}

TEST(DemoDataset, SourceParsingRejectsUnknownStoreTypes) {
  EXPECT_FALSE(parse_demo_sources("store_type\tpattern\tweight\ncasino\tX\t1\n", "word\n駅前\n",
                                  "name\tprefecture_code\tcity\taddress\tlat\tlng\n"));
}

}  // namespace pokeca
