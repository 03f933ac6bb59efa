#include "pokeca/text.hpp"

#include <gtest/gtest.h>

namespace pokeca {
namespace {

TEST(Text, TrimSpacesRemovesAsciiAndIdeographicSpacesFromBothEnds) {
  EXPECT_EQ(trim_spaces("\u3000 ポケモンセンター\t\u3000\n"), "ポケモンセンター");
  EXPECT_EQ(trim_spaces("カード\u3000ショップ"), "カード\u3000ショップ");  // inner spaces stay
  EXPECT_EQ(trim_spaces(" \u3000 "), "");
}

TEST(Text, ControlCharactersAreFoundButJapaneseTextIsClean) {
  EXPECT_TRUE(has_control_character("1人5パック\nまで"));
  EXPECT_TRUE(has_control_character("a\x7f"));
  EXPECT_FALSE(has_control_character("1人5パックまで（平日のみ）"));
}

TEST(Text, FillPlaceholderReplacesEveryOccurrenceAndLeavesTextWithoutItAlone) {
  EXPECT_EQ(fill_placeholder("{max}文字以内（{max}文字まで）", "{max}", "100"), "100文字以内（100文字まで）");
  EXPECT_EQ(fill_placeholder("置き換えなし", "{max}", "3"), "置き換えなし");
  EXPECT_EQ(fill_placeholder("{link}", "{link}", "https://example.jp/{link}"), "https://example.jp/{link}");
}

}  // namespace
}  // namespace pokeca
