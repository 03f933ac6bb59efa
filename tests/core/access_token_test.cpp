// The signed access token and base64url.
#include <gtest/gtest.h>

#include "auth_fakes.hpp"
#include "pokeca/accounts/access_token.hpp"
#include "pokeca/shared/base64url.hpp"

namespace pokeca {
namespace {

using testing::FakeTokenCrypto;

TEST(Base64Url, RoundTripsEveryLength) {
  std::string bytes;
  for (int i = 0; i < 40; ++i) {
    const auto text = base64url_encode(bytes);
    EXPECT_EQ(text.find_first_of("+/="), std::string::npos);
    EXPECT_EQ(base64url_decode(text), bytes);
    bytes += static_cast<char>(i * 37 + 250);
  }
  EXPECT_EQ(base64url_encode("\xfb\xff"), "-_8");
  EXPECT_EQ(base64url_encode(R"({"alg":"HS256","typ":"JWT"})"), "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9");
}

TEST(Base64Url, RefusesOtherAlphabetsPaddingAndNonCanonicalText) {
  EXPECT_FALSE(base64url_decode("ab+/"));
  EXPECT_FALSE(base64url_decode("YQ=="));
  EXPECT_FALSE(base64url_decode("a"));
  EXPECT_FALSE(base64url_decode("YR"));  // trailing bits set
  EXPECT_EQ(base64url_decode("YQ"), "a");
}

TEST(AccessToken, RoundTripsItsClaims) {
  FakeTokenCrypto crypto;
  const AccessClaims claims{42, 3, 1000, 1000 + kAccessTokenTtl, {}};
  const auto token = encode_access_token(claims, crypto);
  EXPECT_TRUE(token.starts_with("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9."));
  const auto back = decode_access_token(token, crypto, 1000);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->user_id, 42);
  EXPECT_EQ(back->session_epoch, 3);
  EXPECT_EQ(back->issued_at, 1000);
  EXPECT_EQ(back->expires_at, 1900);
}

TEST(AccessToken, CarriesItsLogin) {
  FakeTokenCrypto crypto;
  const std::string login = "Zm9vYmFyYmF6-_0123456789abcdefghijklmnopqr";
  const auto back = decode_access_token(encode_access_token({42, 3, 1000, 2000, login}, crypto), crypto, 1000);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->login, login);
  EXPECT_EQ(back->user_id, 42);
  // A login id that is not base64url is never written (the token names no login).
  const auto odd = decode_access_token(encode_access_token({42, 3, 1000, 2000, "a\",\"ep\":9"}, crypto), crypto, 1000);
  ASSERT_TRUE(odd);
  EXPECT_EQ(odd->login, "");
  EXPECT_EQ(odd->session_epoch, 3);
}

TEST(AccessToken, ExpiresAfterFifteenMinutes) {
  FakeTokenCrypto crypto;
  const auto token = encode_access_token({1, 0, 1000, 1000 + kAccessTokenTtl, {}}, crypto);
  EXPECT_TRUE(decode_access_token(token, crypto, 1000 + 15 * 60 - 1));
  EXPECT_FALSE(decode_access_token(token, crypto, 1000 + 15 * 60));
}

TEST(AccessToken, RefusesTamperingOtherKeysAndOtherAlgorithms) {
  FakeTokenCrypto crypto;
  const auto token = encode_access_token({7, 0, 1000, 2000, {}}, crypto);
  // Another user id in the payload, same signature.
  const auto first = token.find('.');
  const auto last = token.rfind('.');
  const auto forged =
      token.substr(0, first + 1) + base64url_encode(R"({"sub":"8","ep":0,"iat":1000,"exp":2000})") + token.substr(last);
  EXPECT_FALSE(decode_access_token(forged, crypto, 1500));
  // alg none with no signature.
  const auto none = base64url_encode(R"({"alg":"none","typ":"JWT"})") + "." +
                    base64url_encode(R"({"sub":"7","ep":0,"iat":1000,"exp":2000})") + ".";
  EXPECT_FALSE(decode_access_token(none, crypto, 1500));
  FakeTokenCrypto other;
  other.key = "another-key";
  EXPECT_FALSE(decode_access_token(token, other, 1500));
  for (const char* junk : {"", ".", "..", "abc", "a.b.c", "a.b"}) EXPECT_FALSE(decode_access_token(junk, crypto, 1500));
  EXPECT_FALSE(decode_access_token(std::string(kMaxAccessTokenChars + 1, 'a'), crypto, 1500));
}

}  // namespace
}  // namespace pokeca
