#pragma once
// OpenSSL 3 EVP helpers for P-256 keys held as raw bytes, shared by the message
// encryption and VAPID. Internal to the push adapter.
#include <openssl/evp.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace pokeca::push::detail {

struct PkeyFree {
  void operator()(EVP_PKEY* k) const { EVP_PKEY_free(k); }
};
using Pkey = std::unique_ptr<EVP_PKEY, PkeyFree>;

// A key pair from a 32-byte scalar (nullptr when invalid).
[[nodiscard]] Pkey private_key(std::string_view scalar);
// A public key from a 65-byte uncompressed point (nullptr when not on the curve).
[[nodiscard]] Pkey public_key(std::string_view point);
// A fresh key pair.
[[nodiscard]] Pkey generate_key();
// The uncompressed public point of a key.
[[nodiscard]] std::string public_bytes(EVP_PKEY* key);
// The private scalar of a key, 32 bytes.
[[nodiscard]] std::string private_bytes(EVP_PKEY* key);
// ECDH shared secret (the x coordinate, 32 bytes); nullopt on failure.
[[nodiscard]] std::optional<std::string> ecdh(EVP_PKEY* own, EVP_PKEY* peer);
// HMAC-SHA-256.
[[nodiscard]] std::string hmac_sha256(std::string_view key, std::string_view data);

}  // namespace pokeca::push::detail
