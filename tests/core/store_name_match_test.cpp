#include "pokeca/map/store_name_match.hpp"

#include <gtest/gtest.h>

namespace pokeca {
namespace {

TEST(StoreNameMatch, FoldsWidthCaseSpacesAndPunctuation) {
  EXPECT_EQ(normalize_store_name("ポケモンセンター　トウキョーＤＸ"), "ポケモンセンタートウキョーdx");
  EXPECT_EQ(normalize_store_name("ﾎﾟｹﾓﾝｾﾝﾀｰ ﾄｳｷｮｰDX"), "ポケモンセンタートウキョーdx");
  EXPECT_EQ(normalize_store_name("カードショップ・ガガガ（新宿店）"), "カードショップガガガ新宿店");
  EXPECT_EQ(normalize_store_name("「Card-Lab」 (Akiba)"), "cardlabakiba");
  EXPECT_EQ(normalize_store_name("ｳﾞｨﾚｯｼﾞ ﾊﾟﾊﾞ"), "ヴィレッジパバ");
  EXPECT_EQ(normalize_store_name("ﾞカード"), "カード");  // a stray voiced mark is dropped
  EXPECT_EQ(normalize_store_name("１２３ABC"), "123abc");
  EXPECT_EQ(normalize_store_name("・ ー "), "ー");  // the long-vowel mark is a letter
}

TEST(StoreNameMatch, SameOrContainedNamesMatch) {
  const auto a = normalize_store_name("カードラボ 秋葉原店");
  EXPECT_TRUE(same_store_name(a, normalize_store_name("カードラボ秋葉原店")));
  EXPECT_TRUE(same_store_name(a, normalize_store_name("カードラボ")));  // contained
  EXPECT_TRUE(same_store_name(normalize_store_name("カードラボ"), a));  // either way round
  EXPECT_FALSE(same_store_name(a, normalize_store_name("ドラゴンスター")));
  EXPECT_FALSE(same_store_name(a, normalize_store_name("ラ")));  // shorter than kMinContainedNameChars
  EXPECT_FALSE(same_store_name("", ""));
  EXPECT_EQ(kMinContainedNameChars, 2u);
}

}  // namespace
}  // namespace pokeca
