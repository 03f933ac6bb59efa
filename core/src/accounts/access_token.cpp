#include "pokeca/accounts/access_token.hpp"

#include <charconv>

#include <limits>
#include "pokeca/shared/base64url.hpp"
#include "pokeca/shared/numbers.hpp"

namespace pokeca {
namespace {

// The only header this server writes or accepts (compared as encoded text).
constexpr std::string_view kHeaderJson = R"({"alg":"HS256","typ":"JWT"})";
constexpr std::size_t kClaimCount = 4;  // without "lg"

const std::string& encoded_header() {
  static const std::string header = base64url_encode(kHeaderJson);
  return header;
}

bool is_login_id(std::string_view s) {
  if (s.empty() || s.size() > kMaxLoginIdChars) return false;
  for (const char c : s)
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_'))
      return false;
  return true;
}

std::string payload_json(const AccessClaims& c) {
  std::string json = "{\"sub\":\"" + std::to_string(c.user_id) + "\",\"ep\":" + std::to_string(c.session_epoch) +
                     ",\"iat\":" + std::to_string(c.issued_at) + ",\"exp\":" + std::to_string(c.expires_at);
  if (is_login_id(c.login)) json += ",\"lg\":\"" + c.login + "\"";
  return json + "}";
}

std::optional<std::int64_t> to_int(std::string_view s) {
  return parse_integer_in<std::int64_t>(s, std::numeric_limits<std::int64_t>::min(),
                                        std::numeric_limits<std::int64_t>::max());
}

// Reads the flat object payload_json writes: "key":integer or "key":"digits".
// The signature is checked first, so only our own payloads get here; still strict.
std::optional<AccessClaims> parse_payload(std::string_view json) {
  if (!json.starts_with('{') || !json.ends_with('}')) return std::nullopt;
  json = json.substr(1, json.size() - 2);
  AccessClaims claims;
  std::size_t seen = 0;
  while (!json.empty()) {
    const auto comma = json.find(',');
    const auto member = json.substr(0, comma);
    json = comma == std::string_view::npos ? std::string_view{} : json.substr(comma + 1);
    const auto colon = member.find(':');
    if (colon == std::string_view::npos || member.size() < 2 || member.front() != '"') return std::nullopt;
    const auto key = member.substr(0, colon);
    auto value = member.substr(colon + 1);
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"') value = value.substr(1, value.size() - 2);
    if (key == "\"lg\"") {
      if (!is_login_id(value) || !claims.login.empty()) return std::nullopt;
      claims.login = std::string(value);
      continue;
    }
    const auto number = to_int(value);
    if (!number) return std::nullopt;
    if (key == "\"sub\"")
      claims.user_id = *number;
    else if (key == "\"ep\"")
      claims.session_epoch = *number;
    else if (key == "\"iat\"")
      claims.issued_at = *number;
    else if (key == "\"exp\"")
      claims.expires_at = *number;
    else
      return std::nullopt;
    ++seen;
  }
  if (seen != kClaimCount) return std::nullopt;  // each numeric claim once (a repeat would leave another out)
  return claims;
}

}  // namespace

std::string encode_access_token(const AccessClaims& claims, const TokenCrypto& crypto) {
  std::string signing_input = encoded_header() + "." + base64url_encode(payload_json(claims));
  const auto signature = crypto.sign(signing_input);
  return signing_input + "." + base64url_encode(signature);
}

std::optional<AccessClaims> decode_access_token(std::string_view token, const TokenCrypto& crypto, UnixSeconds now) {
  if (token.size() > kMaxAccessTokenChars) return std::nullopt;
  const auto first = token.find('.');
  const auto last = token.rfind('.');
  if (first == std::string_view::npos || first == last) return std::nullopt;
  if (token.substr(0, first) != encoded_header()) return std::nullopt;
  const auto signing_input = token.substr(0, last);
  const auto signature = base64url_decode(token.substr(last + 1));
  if (!signature || !crypto.verify(signing_input, *signature)) return std::nullopt;
  const auto payload = base64url_decode(token.substr(first + 1, last - first - 1));
  if (!payload) return std::nullopt;
  auto claims = parse_payload(*payload);
  if (!claims || claims->user_id <= 0 || claims->expires_at <= now) return std::nullopt;
  return claims;
}

}  // namespace pokeca
