#include "pokeca/map/gazetteer.hpp"

#include <gtest/gtest.h>

#include "pokeca/embedded_data.hpp"
#include "pokeca/shared/prefectures.hpp"

namespace pokeca {
namespace {

constexpr std::string_view kSmall =
    "prefecture_code\tprefecture_name\tcity\tlat\tlng\n"
    "tokyo\t東京都\t新宿区\t35.6938\t139.7034\n"
    "tokyo\t東京都\t府中市\t35.6689\t139.4776\n"
    "hiroshima\t広島県\t府中市\t34.5683\t133.2366\n"
    "hokkaido\t北海道\tニセコ町\t42.8048\t140.6874\n"
    "kanagawa\t神奈川県\t横浜市\t35.4437\t139.6380\n";

Gazetteer small() { return *Gazetteer::from_tsv(kSmall); }

}  // namespace

TEST(Gazetteer, FindsPrefectureAndMunicipalityInAnAddress) {
  const auto g = small();
  auto m = g.locate_address("東京都新宿区西新宿2-8-1");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->prefecture_code, "tokyo");
  ASSERT_NE(m->municipality, nullptr);
  EXPECT_EQ(m->municipality->city, "新宿区");
}

TEST(Gazetteer, SkipsPostalCodeSpacesAndCounty) {
  const auto g = small();
  auto m = g.locate_address("〒048-1595　北海道 虻田郡ニセコ町富士見47");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->prefecture_code, "hokkaido");
  ASSERT_NE(m->municipality, nullptr);
  EXPECT_EQ(m->municipality->city, "ニセコ町");
}

TEST(Gazetteer, DesignatedCityWardsMatchTheCity) {
  const auto g = small();  // the match points into the gazetteer: keep it alive
  auto m = g.locate_address("神奈川県横浜市中区本町1");
  ASSERT_TRUE(m && m->municipality);
  EXPECT_EQ(m->municipality->city, "横浜市");
}

TEST(Gazetteer, PrefectureOnlyAndAmbiguousNames) {
  const auto g = small();
  auto pref_only = g.locate_address("東京都どこか");
  ASSERT_TRUE(pref_only);
  EXPECT_EQ(pref_only->prefecture_code, "tokyo");
  EXPECT_EQ(pref_only->municipality, nullptr);
  // 府中市 exists in Tokyo and Hiroshima: without a prefecture it is ambiguous...
  EXPECT_FALSE(g.locate_address("府中市宮西町2-24"));
  // ...with one it is not.
  auto fuchu = g.locate_address("広島県府中市府川町315");
  ASSERT_TRUE(fuchu && fuchu->municipality);
  EXPECT_EQ(fuchu->municipality->prefecture_code, "hiroshima");
  // A unique municipality alone is enough.
  auto shinjuku = g.locate_address("新宿区歌舞伎町1");
  ASSERT_TRUE(shinjuku);
  EXPECT_EQ(shinjuku->prefecture_code, "tokyo");
  EXPECT_FALSE(g.locate_address("どこでもない場所"));
}

TEST(Gazetteer, NearestMunicipalityToAPoint) {
  const auto g = small();
  EXPECT_EQ(g.nearest({35.690, 139.700})->city, "新宿区");
  EXPECT_EQ(g.nearest({34.57, 133.24})->prefecture_code, "hiroshima");
}

TEST(Gazetteer, RejectsBadRows) {
  EXPECT_FALSE(Gazetteer::from_tsv("prefecture_code\tcity\tlat\tlng\nmars\t火星市\t1\t2\n"));
  EXPECT_FALSE(Gazetteer::from_tsv("prefecture_code\tcity\tlat\tlng\ntokyo\t新宿区\tx\t2\n"));
  EXPECT_FALSE(Gazetteer::from_tsv("prefecture_code\tcity\tlat\n"));
}

TEST(Gazetteer, ShippedDataCoversEveryPrefectureIncludingFukuoka) {
  auto g = Gazetteer::from_tsv(data::kGazetteerTsv);
  ASSERT_TRUE(g) << g.error().message;
  EXPECT_GT(g->all().size(), 1700u);
  for (const auto& p : all_prefectures()) EXPECT_FALSE(g->in_prefecture(p.code).empty()) << p.code;
  EXPECT_GE(g->in_prefecture("fukuoka").size(), 60u);
  auto tenjin = g->locate_address("福岡県福岡市中央区天神2-5-55");
  ASSERT_TRUE(tenjin && tenjin->municipality);
  EXPECT_EQ(tenjin->prefecture_code, "fukuoka");
  EXPECT_EQ(g->nearest({35.6896, 139.6917})->city, "新宿区");  // Tokyo Metropolitan Government
}

}  // namespace pokeca
