#include "pokeca/mail/mail_address.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace pokeca::mail {
namespace {

TEST(MailAddress, AcceptsPlainAndCarrierStyleAddresses) {
  EXPECT_TRUE(is_acceptable_address("taro@example.com"));
  EXPECT_TRUE(is_acceptable_address("taro.yamada+pokeca@mail.example.co.jp"));
  EXPECT_TRUE(is_acceptable_address("poke..ca.@docomo.ne.jp"));  // issued by carriers once
  EXPECT_TRUE(is_acceptable_address("no-reply@localhost"));
}

TEST(MailAddress, RefusesAnythingThatCouldBreakAHeaderOrAnSmtpCommand) {
  for (const std::string& bad : std::vector<std::string>{
           "", "taro", "@example.com", "taro@", "taro@example.com\r\n", "taro@exa\nmple.com", "taro @example.com",
           "<taro@example.com>", "taro@example.com>", "\"taro\"@example.com", "たろう@example.com", "taro@例え.jp",
           "taro@-example.com", "taro@example..com", "taro@example.com.", std::string("taro\0@example.com", 17)}) {
    EXPECT_FALSE(is_acceptable_address(bad)) << bad;
  }
  EXPECT_FALSE(is_acceptable_address(std::string(65, 'a') + "@example.com"));
  EXPECT_FALSE(is_acceptable_address("a@" + std::string(250, 'b') + ".jp"));
}

TEST(MailAddress, HeaderFormQuotesOnlyNonDotAtomLocalParts) {
  EXPECT_EQ(header_address("taro.yamada@example.com"), "taro.yamada@example.com");
  EXPECT_EQ(header_address("poke..ca.@docomo.ne.jp"), "\"poke..ca.\"@docomo.ne.jp");
  EXPECT_EQ(header_address(".taro@example.com"), "\".taro\"@example.com");
}

TEST(MailAddress, MaskKeepsTheFirstCharacterAndTheDomainOnly) {
  EXPECT_EQ(mask_address("taro@example.com"), "t***@example.com");
  EXPECT_EQ(mask_address("t@example.com"), "t***@example.com");
  EXPECT_EQ(mask_address("taro.yamada+pokeca@example.co.jp"), "t***@example.co.jp");
  EXPECT_EQ(mask_address("no-at-sign"), "***");
  EXPECT_EQ(mask_address("@example.com"), "***");
  EXPECT_EQ(mask_address("たろう@example.com"), "***@example.com");  // no half characters
  EXPECT_EQ(mask_address("a@exam\nple.com"), "a***@example.com");    // one log line
}

}  // namespace
}  // namespace pokeca::mail
