#pragma once
// Random tokens (randombytes_buf), SHA-256 token hashes (crypto_hash_sha256) and the
// access-token signature (HMAC-SHA256, crypto_auth_hmacsha256) under the server's key.
#include <string>

#include "pokeca/accounts/auth_ports.hpp"

namespace pokeca::crypto {

// HMAC-SHA256 keys are 32 bytes (crypto_auth_hmacsha256_KEYBYTES).
inline constexpr std::size_t kSigningKeyBytes = 32;

class SodiumTokenCrypto final : public TokenCrypto {
 public:
  // `key` must be kSigningKeyBytes raw bytes; throws std::invalid_argument otherwise.
  explicit SodiumTokenCrypto(std::string key);
  ~SodiumTokenCrypto() override;  // wipes the key
  SodiumTokenCrypto(const SodiumTokenCrypto&) = delete;
  SodiumTokenCrypto& operator=(const SodiumTokenCrypto&) = delete;

  std::string random_token() override;
  [[nodiscard]] std::string hash_token(std::string_view token) const override;
  [[nodiscard]] std::string sign(std::string_view message) const override;
  [[nodiscard]] bool verify(std::string_view message, std::string_view signature) const override;

 private:
  std::string key_;
};

// SHA-256 of `bytes` as lower-case hex.
[[nodiscard]] std::string sha256_hex(std::string_view bytes);

}  // namespace pokeca::crypto
