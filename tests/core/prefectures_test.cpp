#include "pokeca/shared/prefectures.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "pokeca/map/store_types.hpp"

namespace pokeca {

TEST(Prefectures, FortySevenWithUniqueLowercaseCodesAndNames) {
  ASSERT_EQ(all_prefectures().size(), 47u);
  std::set<std::string_view> codes, names;
  for (const auto& p : all_prefectures()) {
    codes.insert(p.code);
    names.insert(p.name);
    for (char c : p.code) EXPECT_TRUE(c >= 'a' && c <= 'z') << p.code;
    EXPECT_TRUE(p.centre.lat > 24 && p.centre.lat < 46 && p.centre.lng > 122 && p.centre.lng < 146) << p.code;
    EXPECT_GE(p.zoom, 5);
    EXPECT_LE(p.zoom, 12);
  }
  EXPECT_EQ(codes.size(), 47u);
  EXPECT_EQ(names.size(), 47u);
  EXPECT_EQ(all_prefectures().front().code, "hokkaido");
  EXPECT_EQ(all_prefectures().back().code, "okinawa");
}

TEST(Prefectures, NineRegionsInDisplayOrderEachNonEmpty) {
  const std::vector<std::string_view> expected{"hokkaido", "tohoku",  "kanto",  "chubu",  "kinki",
                                               "chugoku",  "shikoku", "kyushu", "okinawa"};
  ASSERT_EQ(all_regions().size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(all_regions()[i].code, expected[i]);
    int members = 0;
    for (const auto& p : all_prefectures()) members += p.region == expected[i];
    EXPECT_GT(members, 0) << expected[i];
  }
  EXPECT_EQ(find_prefecture("okinawa")->region, "okinawa");
  EXPECT_EQ(find_prefecture("fukuoka")->region, "kyushu");
  EXPECT_EQ(find_prefecture("mie")->region, "kinki");
}

TEST(Prefectures, JapaneseNameToCodeAndUnknownGivesEmpty) {
  EXPECT_EQ(prefecture_code_from_name("東京都"), "tokyo");
  EXPECT_EQ(prefecture_code_from_name("北海道"), "hokkaido");
  EXPECT_EQ(prefecture_code_from_name("大阪府"), "osaka");
  EXPECT_EQ(prefecture_code_from_name("京都府"), "kyoto");
  EXPECT_EQ(prefecture_code_from_name("沖縄県"), "okinawa");
  EXPECT_EQ(prefecture_code_from_name("東京"), "");
  EXPECT_EQ(prefecture_code_from_name(""), "");
  EXPECT_EQ(prefecture_code_from_name("カリフォルニア"), "");
  for (const auto& p : all_prefectures()) EXPECT_EQ(prefecture_code_from_name(p.name), p.code);
}

TEST(StoreTypes, ProductTypesPresentWithLabelsAndColours) {
  for (std::string_view key : {"card_shop", "convenience", "electronics", "toy", "supermarket", "drugstore",
                               "bookstore", "pokemon_center", "other"}) {
    const auto* t = find_store_type(key);
    ASSERT_NE(t, nullptr) << key;
    EXPECT_FALSE(t->label.empty());
    EXPECT_EQ(t->color.size(), 7u);
  }
  EXPECT_EQ(find_store_type("card_shop")->label, "カードショップ");
  EXPECT_EQ(find_store_type("convenience")->label, "コンビニ");
  EXPECT_EQ(find_store_type("electronics")->label, "家電量販店");
  EXPECT_EQ(find_store_type("nope"), nullptr);
}

}  // namespace pokeca
