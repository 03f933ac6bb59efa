#pragma once
// The bearer access token: a JWT (RFC 7519) signed with HS256 under the server's key.
// Claims: sub (user id as a string), ep (the user's session epoch), iat, exp, and lg (the
// login: its refresh-session family), so that ending the login ends its access tokens.
// Only tokens this server made are accepted: the header must be exactly ours
// (alg "HS256"; "none" and every other algorithm are refused).
#include <optional>
#include <string>
#include <string_view>

#include "pokeca/accounts/auth_ports.hpp"
#include "pokeca/accounts/user.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

// Longest token decode_access_token reads; ours are about 180 characters.
inline constexpr std::size_t kMaxAccessTokenChars = 1024;

struct AccessClaims {
  UserId user_id = 0;
  std::int64_t session_epoch = 0;
  UnixSeconds issued_at = 0;
  UnixSeconds expires_at = 0;
  // The login's refresh-session family (base64url). Empty in tokens made before logins
  // were named; those cannot be ended one login at a time and expire within the TTL.
  std::string login = {};
};

// Longest login id a token may carry; families are 43 characters.
inline constexpr std::size_t kMaxLoginIdChars = 64;

[[nodiscard]] std::string encode_access_token(const AccessClaims& claims, const TokenCrypto& crypto);

// nullopt when malformed, not ours, badly signed, or expired at `now` (exp <= now).
[[nodiscard]] std::optional<AccessClaims> decode_access_token(std::string_view token, const TokenCrypto& crypto,
                                                              UnixSeconds now);

}  // namespace pokeca
