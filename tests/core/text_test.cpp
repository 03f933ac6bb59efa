#include "pokeca/shared/text.hpp"

#include <gtest/gtest.h>

#include "pokeca/accounts/auth_policy.hpp"
#include "pokeca/contributions/purchase_rules.hpp"
#include "pokeca/contributions/submission_rules.hpp"
#include "pokeca/personal/saved_trip.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/shown_text.hpp"

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

namespace pokeca {
namespace {

// Text others see: direction overrides and names that show nothing are refused, in every
// field that is shown to other people, with the field's name in the Japanese message.
TEST(ShownText, DirectionControlsAndInvisibleOnlyTextAreRefused) {
  EXPECT_TRUE(check_shown_text("サトシ", "ニックネーム"));
  EXPECT_TRUE(check_shown_text("ピカ\u200dチュウ", "ニックネーム"));  // a joiner inside visible text is fine
  EXPECT_TRUE(check_shown_text("", "コメント"));
  for (const std::string_view bidi : {"\u202e", "\u202a", "\u2066", "\u2069", "\u200f", "\u061c"}) {
    const auto refused = check_shown_text("gnp" + std::string(bidi) + ".exe", "ニックネーム");
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().code, ErrorCode::kBadRequest);
    EXPECT_EQ(refused.error().message, fill_placeholder(msg::kTextHasDirectionControls, "{name}", "ニックネーム"));
  }
  for (const std::string_view blank : {"\u200b", "\u200b\u200c\u200d", "\u3164", "\u3164\u3164", "\u2800", "\ufeff",
                                       "\u00a0\u2003", "\ufe0f", "\U000e0041", "\u115f\u1160"}) {
    const auto refused = check_shown_text(blank, "店舗名");
    ASSERT_FALSE(refused) << blank;
    EXPECT_EQ(refused.error().message, fill_placeholder(msg::kTextInvisibleOnly, "{name}", "店舗名"));
  }
}

TEST(ShownText, EveryFieldOthersSeeUsesIt) {
  const std::string override_text = "abc\u202edef";
  const std::string filler = "\u3164\u200b";
  for (const auto& text : {override_text, filler}) {
    EXPECT_FALSE(normalize_nickname(text)) << text;
    EXPECT_FALSE(check_store_name(text)) << text;
    EXPECT_FALSE(check_trip_name(text)) << text;
    PurchaseReportInput report{1, "bought", "pack", text, "", std::nullopt};
    EXPECT_FALSE(validate_purchase_report(report, 1'800'000'000)) << text;
    report = {1, "bought", "pack", "", text, std::nullopt};
    EXPECT_FALSE(validate_purchase_report(report, 1'800'000'000)) << text;
  }
  EXPECT_EQ(*normalize_nickname("サトシ"), "サトシ");
  EXPECT_EQ(*check_trip_name("週末ルート"), "週末ルート");
}

}  // namespace
}  // namespace pokeca
