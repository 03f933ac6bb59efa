#pragma once
// The page-view analytics' daily secrets (randombytes_buf) and visitor HMAC
// (HMAC-SHA-256 through crypto_auth_hmacsha256_init/update/final, any key length).
#include "pokeca/analytics/analytics.hpp"

namespace pokeca::crypto {

class SodiumAnalyticsKeys final : public AnalyticsKeys {
 public:
  SodiumAnalyticsKeys();  // throws std::runtime_error if libsodium fails to start
  [[nodiscard]] std::string random_secret() override;
  [[nodiscard]] std::string hmac_sha256(std::string_view key, std::string_view message) const override;
};

}  // namespace pokeca::crypto
