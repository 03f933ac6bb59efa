#pragma once
// OWASP "device cookies": every successful login leaves a signed token in
// an HttpOnly cookie on that device. A login attempt that presents a valid token for the
// account it names is counted per device instead of per account, so strangers who spend
// the account's allowance with wrong passwords cannot lock its owner out.
// Format: "<user id>.<issued at>.<nonce>.<signature>", the signature being base64url of
// HMAC-SHA256 under the server's key over "device:<user id>.<issued at>.<nonce>".
#include <optional>
#include <string>
#include <string_view>

#include "pokeca/accounts/auth_ports.hpp"
#include "pokeca/accounts/user.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

// How long a device stays trusted after its last successful login (each login renews it).
inline constexpr UnixSeconds kDeviceTokenTtl = 365LL * 24 * 3600;
// Longest token decode_device_token reads; ours are about 110 characters.
inline constexpr std::size_t kMaxDeviceTokenChars = 256;

struct DeviceClaims {
  UserId user_id = 0;
  UnixSeconds issued_at = 0;
  std::string nonce;  // names the device in the per-device rate limit
};

[[nodiscard]] std::string encode_device_token(const DeviceClaims& claims, const TokenCrypto& crypto);

// nullopt when malformed, badly signed or older than kDeviceTokenTtl at `now`.
[[nodiscard]] std::optional<DeviceClaims> decode_device_token(std::string_view token, const TokenCrypto& crypto,
                                                              UnixSeconds now);

}  // namespace pokeca
