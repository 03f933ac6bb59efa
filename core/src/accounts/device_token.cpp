#include "pokeca/accounts/device_token.hpp"

#include <charconv>

#include "pokeca/shared/base64url.hpp"

namespace pokeca {
namespace {

constexpr std::string_view kSignedPrefix = "device:";

std::string signed_part(const DeviceClaims& c) {
  return std::to_string(c.user_id) + "." + std::to_string(c.issued_at) + "." + c.nonce;
}

template <typename T>
bool parse_int(std::string_view s, T& out) {
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc{} && end == s.data() + s.size() && !s.empty();
}

bool nonce_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

}  // namespace

std::string encode_device_token(const DeviceClaims& claims, const TokenCrypto& crypto) {
  const auto part = signed_part(claims);
  return part + "." + base64url_encode(crypto.sign(std::string(kSignedPrefix) + part));
}

std::optional<DeviceClaims> decode_device_token(std::string_view token, const TokenCrypto& crypto, UnixSeconds now) {
  if (token.empty() || token.size() > kMaxDeviceTokenChars) return std::nullopt;
  const auto last = token.rfind('.');
  if (last == std::string_view::npos) return std::nullopt;
  const auto part = token.substr(0, last);
  const auto signature = base64url_decode(token.substr(last + 1));
  if (!signature) return std::nullopt;
  const auto first = part.find('.');
  const auto second = first == std::string_view::npos ? first : part.find('.', first + 1);
  if (second == std::string_view::npos) return std::nullopt;
  DeviceClaims claims;
  claims.nonce = std::string(part.substr(second + 1));
  if (!parse_int(part.substr(0, first), claims.user_id) ||
      !parse_int(part.substr(first + 1, second - first - 1), claims.issued_at) || claims.nonce.empty())
    return std::nullopt;
  for (char c : claims.nonce)
    if (!nonce_char(c)) return std::nullopt;
  if (signed_part(claims) != part) return std::nullopt;  // one spelling only (no "+1", "01")
  if (!crypto.verify(std::string(kSignedPrefix) + std::string(part), *signature)) return std::nullopt;
  if (claims.issued_at > now || now - claims.issued_at >= kDeviceTokenTtl) return std::nullopt;
  return claims;
}

}  // namespace pokeca
