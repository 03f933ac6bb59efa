#include "pokeca/crypto/sodium_token_crypto.hpp"

#include <sodium.h>

#include <stdexcept>

#include "pokeca/accounts/auth_policy.hpp"
#include "pokeca/shared/base64url.hpp"
#include "sodium.hpp"

namespace pokeca::crypto {

static_assert(kSigningKeyBytes == crypto_auth_hmacsha256_KEYBYTES);

namespace {
const unsigned char* bytes(std::string_view s) { return reinterpret_cast<const unsigned char*>(s.data()); }
}  // namespace

std::string sha256_hex(std::string_view input) {
  ensure_sodium();
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, bytes(input), input.size());
  char hex[crypto_hash_sha256_BYTES * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
  return std::string(hex, crypto_hash_sha256_BYTES * 2);
}

SodiumTokenCrypto::SodiumTokenCrypto(std::string key) : key_(std::move(key)) {
  ensure_sodium();
  if (key_.size() != kSigningKeyBytes) throw std::invalid_argument("signing key must be 32 bytes");
}

SodiumTokenCrypto::~SodiumTokenCrypto() { sodium_memzero(key_.data(), key_.size()); }

std::string SodiumTokenCrypto::random_token() {
  std::string raw(kTokenRandomBytes, '\0');
  randombytes_buf(raw.data(), raw.size());
  return base64url_encode(raw);
}

std::string SodiumTokenCrypto::hash_token(std::string_view token) const { return sha256_hex(token); }

std::string SodiumTokenCrypto::sign(std::string_view message) const {
  std::string mac(crypto_auth_hmacsha256_BYTES, '\0');
  crypto_auth_hmacsha256(reinterpret_cast<unsigned char*>(mac.data()), bytes(message), message.size(), bytes(key_));
  return mac;
}

bool SodiumTokenCrypto::verify(std::string_view message, std::string_view signature) const {
  if (signature.size() != crypto_auth_hmacsha256_BYTES) return false;
  return crypto_auth_hmacsha256_verify(bytes(signature), bytes(message), message.size(), bytes(key_)) == 0;
}

}  // namespace pokeca::crypto
