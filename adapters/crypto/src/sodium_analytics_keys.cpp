#include "pokeca/crypto/sodium_analytics_keys.hpp"

#include <sodium.h>

#include "sodium.hpp"

namespace pokeca::crypto {
namespace {
const unsigned char* bytes(std::string_view s) { return reinterpret_cast<const unsigned char*>(s.data()); }
}  // namespace

SodiumAnalyticsKeys::SodiumAnalyticsKeys() { ensure_sodium(); }

std::string SodiumAnalyticsKeys::random_secret() {
  std::string raw(kAnalyticsSecretBytes, '\0');
  randombytes_buf(raw.data(), raw.size());
  return raw;
}

std::string SodiumAnalyticsKeys::hmac_sha256(std::string_view key, std::string_view message) const {
  crypto_auth_hmacsha256_state state;
  crypto_auth_hmacsha256_init(&state, bytes(key), key.size());
  crypto_auth_hmacsha256_update(&state, bytes(message), message.size());
  std::string mac(crypto_auth_hmacsha256_BYTES, '\0');
  crypto_auth_hmacsha256_final(&state, reinterpret_cast<unsigned char*>(mac.data()));
  sodium_memzero(&state, sizeof state);
  return mac;
}

}  // namespace pokeca::crypto
