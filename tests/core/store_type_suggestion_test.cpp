#include "pokeca/map/store_type_suggestion.hpp"

#include <gtest/gtest.h>

#include "pokeca/map/store_types.hpp"

namespace pokeca {
namespace {

TEST(StoreTypeSuggestion, ChainNamesSuggestTheirType) {
  EXPECT_EQ(suggest_store_type("ローソン 新宿西口店"), "convenience");
  EXPECT_EQ(suggest_store_type("セブン-イレブン 渋谷店"), "convenience");
  EXPECT_EQ(suggest_store_type("ファミリーマート梅田店"), "convenience");
  EXPECT_EQ(suggest_store_type("ヨドバシカメラ マルチメディアAkiba"), "electronics");
  EXPECT_EQ(suggest_store_type("ビックカメラ池袋本店"), "electronics");
  EXPECT_EQ(suggest_store_type("ヤマダデンキ LABI新宿"), "electronics");
  EXPECT_EQ(suggest_store_type("エディオン なんば本店"), "electronics");
  EXPECT_EQ(suggest_store_type("カードラボ 秋葉原店"), "card_shop");
  EXPECT_EQ(suggest_store_type("晴れる屋 名古屋店"), "card_shop");
  EXPECT_EQ(suggest_store_type("ドラゴンスター 日本橋"), "card_shop");
  EXPECT_EQ(suggest_store_type("カードショップ ガガガ"), "card_shop");
  EXPECT_EQ(suggest_store_type("トイザらス 幕張店"), "toy");
  EXPECT_EQ(suggest_store_type("イオン 札幌桑園店"), "supermarket");
  EXPECT_EQ(suggest_store_type("ポケモンセンタートウキョーDX"), "pokemon_center");
  EXPECT_EQ(suggest_store_type("マツモトキヨシ 上野店"), "drugstore");
  EXPECT_EQ(suggest_store_type("ウエルシア 大宮店"), "drugstore");
  EXPECT_EQ(suggest_store_type("TSUTAYA 渋谷"), "bookstore");
  EXPECT_EQ(suggest_store_type("ブックオフ 町田店"), "bookstore");
  EXPECT_EQ(suggest_store_type("紀伊國屋書店 新宿本店"), "bookstore");
}

TEST(StoreTypeSuggestion, WidthCaseAndPunctuationDoNotMatter) {
  EXPECT_EQ(suggest_store_type("ｾﾌﾞﾝｲﾚﾌﾞﾝ"), "convenience");
  EXPECT_EQ(suggest_store_type("ＬＡＷＳＯＮ"), "convenience");
  EXPECT_EQ(suggest_store_type("tsutaya"), "bookstore");
  EXPECT_EQ(suggest_store_type("ポケモンセンター・オーサカ"), "pokemon_center");
}

TEST(StoreTypeSuggestion, GenericWordsSuggestATypeToo) {
  EXPECT_EQ(suggest_store_type("まちの書店"), "bookstore");
  EXPECT_EQ(suggest_store_type("駅前スーパー"), "supermarket");
  EXPECT_EQ(suggest_store_type("おもちゃのまちだ"), "toy");
  EXPECT_EQ(suggest_store_type("トレカ専門店 ぴかぴか"), "card_shop");
}

TEST(StoreTypeSuggestion, TheFirstRuleWins) {
  // A card shop inside a mall is listed as a card shop; the official shop beats everything.
  EXPECT_EQ(suggest_store_type("カードラボ イオンモール幕張店"), "card_shop");
  EXPECT_EQ(suggest_store_type("ポケモンセンター ヨドバシ梅田"), "pokemon_center");
}

TEST(StoreTypeSuggestion, StartOnlyChainsDoNotMatchInsideOtherWords) {
  EXPECT_EQ(suggest_store_type("ライオン堂"), kDefaultStoreType);  // not イオン
  EXPECT_EQ(suggest_store_type("ミリオン商店"), kDefaultStoreType);
  EXPECT_EQ(suggest_store_type("イオンモール幕張新都心"), "supermarket");
}

TEST(StoreTypeSuggestion, UnknownOrEmptyNamesAreOther) {
  EXPECT_EQ(suggest_store_type("喫茶ぴかちゅう"), "other");
  EXPECT_EQ(suggest_store_type(""), "other");
  EXPECT_EQ(suggest_store_type("   "), "other");
}

TEST(StoreTypeSuggestion, EverySuggestionIsAKnownType) {
  for (const auto* name : {"ローソン", "ヨドバシ", "カードラボ", "トイザらス", "イオン", "ポケモンセンター",
                           "ウエルシア", "ブックオフ", "なにか"})
    EXPECT_NE(find_store_type(suggest_store_type(name)), nullptr) << name;
}

}  // namespace
}  // namespace pokeca
