// RFC 8291 message encryption and RFC 8292 VAPID over OpenSSL: the RFC's own example
// byte for byte, round trips, tampering, and the JWT checked with the public key.
#include <gtest/gtest.h>

#include "pokeca/push/vapid.hpp"
#include "pokeca/push/web_push_crypto.hpp"
#include "pokeca/shared/base64url.hpp"

namespace pokeca::push {
namespace {

std::string b64(std::string_view text) {
  auto raw = base64url_decode(text);
  EXPECT_TRUE(raw.has_value()) << text;
  return raw.value_or(std::string());
}

// RFC 8291 Appendix A.
struct Rfc8291Example {
  std::string plaintext = "When I grow up, I want to be a watermelon";
  std::string as_private = b64("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw");
  std::string as_public =
      b64("BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8");
  std::string ua_private = b64("q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94");
  std::string ua_public =
      b64("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4");
  std::string salt = b64("DGv6ra1nlYgDCS1FRnbzlw");
  std::string auth = b64("BTBZMqHH6r4Tts7J_aSIgg");
  std::string body =
      b64("DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_"
          "c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_"
          "yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN");
};

TEST(WebPushCrypto, PublicKeysOfTheRfcExampleFollowFromThePrivateOnes) {
  const Rfc8291Example ex;
  EXPECT_EQ(p256_public_key(ex.as_private), ex.as_public);
  EXPECT_EQ(p256_public_key(ex.ua_private), ex.ua_public);
}

TEST(WebPushCrypto, EncryptsTheRfc8291ExampleToTheExactBytes) {
  const Rfc8291Example ex;
  const auto body = encrypt_push_message_with(ex.ua_public, ex.auth, ex.plaintext, ex.as_private, ex.salt);
  ASSERT_TRUE(body.has_value());
  EXPECT_EQ(base64url_encode(*body), base64url_encode(ex.body));
}

TEST(WebPushCrypto, DecryptsTheRfc8291ExampleWithTheUserAgentsKey) {
  const Rfc8291Example ex;
  EXPECT_EQ(decrypt_push_message(ex.ua_private, ex.auth, ex.body), ex.plaintext);
}

TEST(WebPushCrypto, RoundTripsWithFreshKeysAndSaltEachTime) {
  const std::string ua_private = generate_p256_private_key();
  const auto ua_public = p256_public_key(ua_private);
  ASSERT_TRUE(ua_public.has_value());
  const std::string auth = "0123456789abcdef";
  const std::string text = R"({"title":"入荷","body":"ポケモンセンター"})";
  const auto a = encrypt_push_message(*ua_public, auth, text);
  const auto b = encrypt_push_message(*ua_public, auth, text);
  ASSERT_TRUE(a && b);
  EXPECT_NE(*a, *b);  // fresh salt and sender key per message
  EXPECT_EQ(decrypt_push_message(ua_private, auth, *a), text);
  EXPECT_EQ(decrypt_push_message(ua_private, auth, *b), text);
}

TEST(WebPushCrypto, TamperedBodyOrWrongSecretFailsAuthentication) {
  const Rfc8291Example ex;
  std::string tampered = ex.body;
  tampered[tampered.size() - 20] ^= 0x01;
  EXPECT_FALSE(decrypt_push_message(ex.ua_private, ex.auth, tampered).has_value());
  std::string other_auth = ex.auth;
  other_auth[0] ^= 0x01;
  EXPECT_FALSE(decrypt_push_message(ex.ua_private, other_auth, ex.body).has_value());
}

TEST(WebPushCrypto, RefusesMalformedKeysAndOversizedPlaintext) {
  const Rfc8291Example ex;
  std::string off_curve = ex.ua_public;
  off_curve[64] ^= 0x01;
  EXPECT_FALSE(is_p256_public_key(off_curve));
  EXPECT_TRUE(is_p256_public_key(ex.ua_public));
  EXPECT_FALSE(encrypt_push_message(off_curve, ex.auth, "x").has_value());
  EXPECT_FALSE(encrypt_push_message(ex.ua_public, "short", "x").has_value());
  EXPECT_FALSE(encrypt_push_message(ex.ua_public, ex.auth, std::string(kMaxPlaintextBytes + 1, 'x')).has_value());
  EXPECT_TRUE(encrypt_push_message(ex.ua_public, ex.auth, std::string(kMaxPlaintextBytes, 'x')).has_value());
  EXPECT_FALSE(p256_public_key(std::string(32, '\0')).has_value());    // zero scalar
  EXPECT_FALSE(p256_public_key(std::string(32, '\xff')).has_value());  // above the group order
}

TEST(Vapid, JwtVerifiesWithThePublicKeyAndCarriesTheClaims) {
  const auto keys = vapid_keys_from_private(generate_p256_private_key());
  const auto jwt = make_vapid_jwt(keys, "https://push.example.net", "mailto:ops@example.jp", 1'800'000'000);
  const auto claims = verify_vapid_jwt(jwt, keys.public_key);
  ASSERT_TRUE(claims.has_value());
  EXPECT_EQ(*claims, R"({"aud":"https://push.example.net","exp":1800000000,"sub":"mailto:ops@example.jp"})");
  // Another key pair's public key does not verify it; neither does a changed claim.
  const auto other = vapid_keys_from_private(generate_p256_private_key());
  EXPECT_FALSE(verify_vapid_jwt(jwt, other.public_key).has_value());
  const auto forged = make_vapid_jwt(keys, "https://evil.example", "mailto:ops@example.jp", 1'800'000'000);
  const std::string spliced = jwt.substr(0, jwt.find('.')) +
                              forged.substr(forged.find('.'), forged.rfind('.') - forged.find('.')) +
                              jwt.substr(jwt.rfind('.'));
  EXPECT_FALSE(verify_vapid_jwt(spliced, keys.public_key).has_value());
}

TEST(Vapid, AuthorizationHeaderNamesTokenAndKey) {
  const auto keys = vapid_keys_from_private(generate_p256_private_key());
  const auto header = vapid_authorization(keys, "https://fcm.googleapis.com", "mailto:a@example.jp", 100);
  ASSERT_TRUE(header.starts_with("vapid t="));
  EXPECT_TRUE(header.ends_with(", k=" + base64url_encode(keys.public_key)));
}

TEST(Vapid, AudienceIsTheEndpointsOrigin) {
  EXPECT_EQ(push_origin("https://fcm.googleapis.com/fcm/send/abc"), "https://fcm.googleapis.com");
  EXPECT_EQ(push_origin("https://push.example.net:443/x"), "https://push.example.net");
  EXPECT_EQ(push_origin("https://push.example.net:8443/x"), "https://push.example.net:8443");
  EXPECT_EQ(push_origin("http://127.0.0.1:9000/p"), "http://127.0.0.1:9000");
  EXPECT_FALSE(push_origin("ftp://x/y").has_value());
  EXPECT_FALSE(push_origin("https://user@host/y").has_value());
}

TEST(Vapid, RefusesAnInvalidStoredKey) {
  EXPECT_THROW((void)vapid_keys_from_private(std::string(32, '\0')), std::runtime_error);
  EXPECT_THROW((void)vapid_keys_from_private("short"), std::runtime_error);
}

}  // namespace
}  // namespace pokeca::push
