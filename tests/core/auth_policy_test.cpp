// Account rules (SPEC.md §5, PRODUCT.md §3): each constant fails a test if it changes.
#include <gtest/gtest.h>

#include "pokeca/accounts/auth_codes.hpp"
#include "pokeca/accounts/auth_policy.hpp"
#include "pokeca/embedded_data.hpp"
#include "pokeca/shared/messages.hpp"

namespace pokeca {
namespace {

const CommonPasswords& shipped() {
  static const auto list = CommonPasswords::from_text(data::kCommonPasswordsTxt);
  return list;
}

std::string repeat(std::string_view s, std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

TEST(EmailRule, NormalisesCaseAndSpaces) {
  EXPECT_EQ(*normalize_email("  Taro.Yamada+cards@Example.CO.JP "), "taro.yamada+cards@example.co.jp");
}

TEST(EmailRule, AcceptsOldJapaneseCarrierAddresses) {
  EXPECT_EQ(*normalize_email("Taro..Yamada.@docomo.ne.jp"), "taro..yamada.@docomo.ne.jp");
}

TEST(EmailRule, RefusesWhatCannotBeAnAddress) {
  for (const char* bad :
       {"", "taro", "taro@", "@example.com", "taro@example", "taro@@example.com", "ta ro@example.com",
        "taro@exa mple.com", "taro@example..com", "taro@-example.com", "taro@example-.com", "ta(ro@example.com",
        "taro\"@example.com", "a@b@example.com", "taro@example.com.", "たろう@example.com"}) {
    const auto r = normalize_email(bad);
    ASSERT_FALSE(r) << bad;
    EXPECT_EQ(r.error().code, ErrorCode::kBadRequest);
    EXPECT_EQ(r.error().detail, auth_code::kInvalidEmail);
    EXPECT_EQ(r.error().message, msg::kInvalidEmail);
  }
}

TEST(EmailRule, LengthLimits) {
  EXPECT_EQ(kMaxEmailBytes, 254u);
  EXPECT_EQ(kMaxEmailLocalBytes, 64u);
  const std::string local64 = repeat("a", 64);
  EXPECT_TRUE(normalize_email(local64 + "@example.com"));
  EXPECT_FALSE(normalize_email(local64 + "a@example.com"));
  // 254 bytes in all is fine, 255 is not.
  const std::string domain = repeat("b", 63) + "." + repeat("c", 63) + "." + repeat("d", 63) + ".jp";
  const std::string at_limit = repeat("a", 254 - 1 - domain.size()) + "@" + domain;
  ASSERT_EQ(at_limit.size(), 254u);
  EXPECT_TRUE(normalize_email(at_limit));
  EXPECT_FALSE(normalize_email("a" + at_limit));
}

TEST(PasswordRule, SixCharactersAtLeast) {
  EXPECT_EQ(kMinPasswordChars, 6u);
  const CommonPasswords none;
  const auto five = check_password("kx7#q", none);
  ASSERT_FALSE(five);
  EXPECT_EQ(five.error().detail, auth_code::kWeakPassword);
  EXPECT_EQ(five.error().message, msg::kPasswordTooShort);
  EXPECT_TRUE(check_password("kx7#qz", none));
  // Characters, not bytes: five kana are 15 bytes and still too short.
  EXPECT_FALSE(check_password("ぽけかまぷ", none));
  EXPECT_TRUE(check_password("ぽけかまっぷ", none));
}

TEST(PasswordRule, AtMost128Characters) {
  EXPECT_EQ(kMaxPasswordChars, 128u);
  const CommonPasswords none;
  EXPECT_TRUE(check_password(repeat("x", 128), none));
  const auto long_one = check_password(repeat("x", 129), none);
  ASSERT_FALSE(long_one);
  EXPECT_EQ(long_one.error().message, msg::kPasswordTooLong);
  EXPECT_EQ(long_one.error().detail, auth_code::kWeakPassword);
}

TEST(PasswordRule, RefusesControlCharactersAndBrokenUtf8) {
  const CommonPasswords none;
  EXPECT_FALSE(check_password("abc\ndefg", none));
  EXPECT_FALSE(check_password("abcdefg\xff", none));
}

TEST(PasswordRule, RefusesCommonPasswordsWhateverTheCase) {
  const auto& common = shipped();
  EXPECT_GE(common.size(), 1000u);
  for (const char* weak : {"password", "123456", "qwerty123", "iloveyou", "PASSWORD1", "Pikachu", "pokemon"}) {
    const auto r = check_password(weak, common);
    ASSERT_FALSE(r) << weak;
    EXPECT_EQ(r.error().detail, auth_code::kWeakPassword);
    EXPECT_EQ(r.error().message, msg::kPasswordTooCommon) << weak;
  }
  EXPECT_TRUE(check_password("ぴかちゅう大好き2026", common));
  EXPECT_TRUE(check_password("correct horse battery", common));
}

TEST(CommonPasswordList, SkipsCommentsAndBlankLines) {
  const auto list = CommonPasswords::from_text("# comment\n\nabcdef\r\nGhijkl\n");
  EXPECT_EQ(list.size(), 2u);
  EXPECT_TRUE(list.contains("ABCDEF"));
  EXPECT_TRUE(list.contains("ghijkl"));
  EXPECT_FALSE(list.contains("# comment"));
}

TEST(NicknameRule, TrimmedOneToTwentyCharacters) {
  EXPECT_EQ(kMaxNicknameChars, 20u);
  EXPECT_EQ(*normalize_nickname("  サトシ\u3000"), "サトシ");
  EXPECT_TRUE(normalize_nickname(repeat("あ", 20)));
  EXPECT_FALSE(normalize_nickname(repeat("あ", 21)));
  EXPECT_FALSE(normalize_nickname("   "));
  EXPECT_FALSE(normalize_nickname("\u3000"));
  EXPECT_FALSE(normalize_nickname("ab\tc"));
  const auto bad = normalize_nickname("");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, ErrorCode::kBadRequest);
  EXPECT_EQ(bad.error().message, msg::kBadNickname);
}

TEST(PrefectureRule, EmptyOrOneOfTheFortySeven) {
  EXPECT_EQ(*normalize_prefecture_name(""), "");
  EXPECT_EQ(*normalize_prefecture_name("東京都"), "東京都");
  EXPECT_EQ(*normalize_prefecture_name("北海道"), "北海道");
  EXPECT_FALSE(normalize_prefecture_name("東京"));
  EXPECT_FALSE(normalize_prefecture_name("tokyo"));
}

TEST(WithdrawalReason, AtMostAThousandCharacters) {
  EXPECT_EQ(kMaxWithdrawalReasonChars, 1000u);
  EXPECT_TRUE(normalize_withdrawal_reason(repeat("理", 1000)));
  const auto r = normalize_withdrawal_reason(repeat("理", 1001));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, msg::kReasonTooLong);
  EXPECT_EQ(*normalize_withdrawal_reason(""), "");
}

TEST(TokenLifetimes, AreTheProductsOnes) {
  EXPECT_EQ(kAccessTokenTtl, 15 * 60);
  EXPECT_EQ(kRefreshTokenTtl, 30 * 24 * 3600);
  EXPECT_EQ(kVerifyEmailTokenTtl, 24 * 3600);
  EXPECT_EQ(kResetPasswordTokenTtl, 3600);
  EXPECT_GE(kTokenRandomBytes * 8, 128u);
}

TEST(MaskEmail, KeepsOnlyTheFirstLetterAndDomain) {
  EXPECT_EQ(mask_email("taro@example.com"), "t***@example.com");
  EXPECT_EQ(mask_email("nonsense"), "***");
}

}  // namespace
}  // namespace pokeca
