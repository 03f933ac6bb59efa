#pragma once
// VAPID (RFC 8292): the application server proves to a push service that it is the
// one the subscription was made for, with an ES256-signed JWT whose audience is the push
// service's origin, sent as `Authorization: vapid t=<jwt>, k=<public key>`.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pokeca::push {

// RFC 8292 §2: a push service may refuse a token whose expiry is more than 24 h ahead.
inline constexpr std::int64_t kVapidTokenLifetimeSeconds = 12 * 3600;

// The server's key pair (raw P-256 bytes, see web_push_crypto.hpp) and its contact
// ("mailto:…" or an https URL) for the push service's operator.
struct VapidKeys {
  std::string private_key;  // 32 bytes
  std::string public_key;   // 65 bytes
};

// Keys from the stored private scalar; throws std::runtime_error when it is not a valid
// P-256 key (a start-up failure).
[[nodiscard]] VapidKeys vapid_keys_from_private(std::string_view private_key);

// "https://push.example.net" of "https://push.example.net:8443/p/abc" (port kept when
// not the scheme's default); nullopt when the URL is not http(s).
[[nodiscard]] std::optional<std::string> push_origin(std::string_view endpoint);

// The signed JWT for `audience`, expiring at `expires_at`.
[[nodiscard]] std::string make_vapid_jwt(const VapidKeys& keys, std::string_view audience, std::string_view subject,
                                         std::int64_t expires_at);
// "vapid t=<jwt>, k=<base64url public key>".
[[nodiscard]] std::string vapid_authorization(const VapidKeys& keys, std::string_view audience,
                                              std::string_view subject, std::int64_t expires_at);

// What a push service checks: the signature against `public_key`, the algorithm, and
// returns the claims JSON text; nullopt when anything is off. For tests.
[[nodiscard]] std::optional<std::string> verify_vapid_jwt(std::string_view jwt, std::string_view public_key);

}  // namespace pokeca::push
