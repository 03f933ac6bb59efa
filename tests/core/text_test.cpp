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

TEST(Text, TrimAsciiWhitespaceKeepsTheIdeographicSpace) {
  EXPECT_EQ(trim_ascii_whitespace(" \t\r\n\f\vid-1 \n"), "id-1");
  EXPECT_EQ(trim_ascii_whitespace("\u3000店\u3000"), "\u3000店\u3000");
  EXPECT_EQ(trim_ascii_whitespace(" \n "), "");
}

TEST(Text, TrimBlanksRemovesOnlySpacesAndTabs) {
  EXPECT_EQ(trim_blanks(" \tform-data; name=\"a\"\t "), "form-data; name=\"a\"");
  EXPECT_EQ(trim_blanks("\r\nx\r\n"), "\r\nx\r\n");
  EXPECT_EQ(trim_blanks("   "), "");
}

TEST(Text, AsciiLowerChangesOnlyAsciiLetters) {
  EXPECT_EQ(ascii_lower("Content-Type: ＡＢＣ POKEMON"), "content-type: ＡＢＣ pokemon");
  EXPECT_EQ(ascii_lower(""), "");
}

TEST(Text, FillPlaceholdersReplacesEachKey) {
  EXPECT_EQ(fill_placeholders("{max}項目・{lines}行・{max}", {{"{max}", "8"}, {"{lines}", "2"}}), "8項目・2行・8");
  EXPECT_EQ(fill_placeholders("そのまま", {{"{max}", "1"}}), "そのまま");
}

TEST(Text, AppendJsonStringEscapesQuotesBackslashesAndControlBytes) {
  std::string out = "x=";
  append_json_string(out, "a\"b\\c\n\t\x01\x7fポケカ");
  EXPECT_EQ(out, R"(x="a\"b\\c\n\t\u0001\u007fポケカ")");
}

}  // namespace
}  // namespace pokeca
