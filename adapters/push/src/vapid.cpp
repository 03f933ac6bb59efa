#include "pokeca/push/vapid.hpp"

#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/evp.h>

#include <memory>
#include <stdexcept>

#include "p256.hpp"
#include "pokeca/push/web_push_crypto.hpp"
#include "pokeca/shared/base64url.hpp"

namespace pokeca::push {
namespace {

constexpr std::string_view kJwtHeader = R"({"typ":"JWT","alg":"ES256"})";
constexpr std::size_t kCoordinateBytes = 32;

struct MdFree {
  void operator()(EVP_MD_CTX* c) const { EVP_MD_CTX_free(c); }
};
struct SigFree {
  void operator()(ECDSA_SIG* s) const { ECDSA_SIG_free(s); }
};

// A JSON string literal; audience and subject come from configuration, still escaped.
std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') out.push_back('\\');
    if (static_cast<unsigned char>(c) < 0x20) continue;
    out.push_back(c);
  }
  out.push_back('"');
  return out;
}

// JWS ES256 signs with the raw r‖s form (RFC 7518 §3.4), OpenSSL speaks DER.
std::optional<std::string> der_to_raw(std::string_view der) {
  const auto* p = reinterpret_cast<const unsigned char*>(der.data());
  std::unique_ptr<ECDSA_SIG, SigFree> sig(d2i_ECDSA_SIG(nullptr, &p, static_cast<long>(der.size())));
  if (!sig) return std::nullopt;
  const BIGNUM* r = nullptr;
  const BIGNUM* s = nullptr;
  ECDSA_SIG_get0(sig.get(), &r, &s);
  std::string raw(2 * kCoordinateBytes, '\0');
  auto* out = reinterpret_cast<unsigned char*>(raw.data());
  if (BN_bn2binpad(r, out, kCoordinateBytes) < 0 || BN_bn2binpad(s, out + kCoordinateBytes, kCoordinateBytes) < 0)
    return std::nullopt;
  return raw;
}

std::optional<std::string> raw_to_der(std::string_view raw) {
  if (raw.size() != 2 * kCoordinateBytes) return std::nullopt;
  const auto* in = reinterpret_cast<const unsigned char*>(raw.data());
  std::unique_ptr<ECDSA_SIG, SigFree> sig(ECDSA_SIG_new());
  BIGNUM* r = BN_bin2bn(in, kCoordinateBytes, nullptr);
  BIGNUM* s = BN_bin2bn(in + kCoordinateBytes, kCoordinateBytes, nullptr);
  if (!sig || !r || !s || ECDSA_SIG_set0(sig.get(), r, s) != 1) {
    BN_free(r);
    BN_free(s);
    return std::nullopt;
  }
  unsigned char* der = nullptr;
  const int len = i2d_ECDSA_SIG(sig.get(), &der);
  if (len <= 0) return std::nullopt;
  std::string out(reinterpret_cast<const char*>(der), static_cast<std::size_t>(len));
  OPENSSL_free(der);
  return out;
}

}  // namespace

VapidKeys vapid_keys_from_private(std::string_view private_key) {
  auto public_key = p256_public_key(private_key);
  if (!public_key) throw std::runtime_error("the VAPID private key is not a valid P-256 key");
  return {std::string(private_key), std::move(*public_key)};
}

std::optional<std::string> push_origin(std::string_view endpoint) {
  std::string_view scheme;
  if (endpoint.starts_with("https://")) {
    scheme = "https://";
  } else if (endpoint.starts_with("http://")) {
    scheme = "http://";
  } else {
    return std::nullopt;
  }
  const auto rest = endpoint.substr(scheme.size());
  auto authority = rest.substr(0, rest.find_first_of("/?#"));
  if (authority.empty() || authority.find('@') != std::string_view::npos) return std::nullopt;
  const std::string_view default_port = scheme == "https://" ? ":443" : ":80";
  if (authority.ends_with(default_port)) authority.remove_suffix(default_port.size());
  return std::string(scheme) + std::string(authority);
}

std::string make_vapid_jwt(const VapidKeys& keys, std::string_view audience, std::string_view subject,
                           std::int64_t expires_at) {
  const std::string claims = "{\"aud\":" + json_string(audience) + ",\"exp\":" + std::to_string(expires_at) +
                             ",\"sub\":" + json_string(subject) + "}";
  const std::string signing_input = base64url_encode(kJwtHeader) + "." + base64url_encode(claims);
  auto key = detail::private_key(keys.private_key);
  std::unique_ptr<EVP_MD_CTX, MdFree> md(EVP_MD_CTX_new());
  std::size_t len = 0;
  if (!key || !md || EVP_DigestSignInit(md.get(), nullptr, EVP_sha256(), nullptr, key.get()) != 1 ||
      EVP_DigestSign(md.get(), nullptr, &len, reinterpret_cast<const unsigned char*>(signing_input.data()),
                     signing_input.size()) != 1)
    throw std::runtime_error("VAPID signing failed");
  std::string der(len, '\0');
  if (EVP_DigestSign(md.get(), reinterpret_cast<unsigned char*>(der.data()), &len,
                     reinterpret_cast<const unsigned char*>(signing_input.data()), signing_input.size()) != 1)
    throw std::runtime_error("VAPID signing failed");
  der.resize(len);
  const auto raw = der_to_raw(der);
  if (!raw) throw std::runtime_error("VAPID signing failed");
  return signing_input + "." + base64url_encode(*raw);
}

std::string vapid_authorization(const VapidKeys& keys, std::string_view audience, std::string_view subject,
                                std::int64_t expires_at) {
  return "vapid t=" + make_vapid_jwt(keys, audience, subject, expires_at) + ", k=" + base64url_encode(keys.public_key);
}

std::optional<std::string> verify_vapid_jwt(std::string_view jwt, std::string_view public_key) {
  const auto first = jwt.find('.');
  const auto second = jwt.rfind('.');
  if (first == std::string_view::npos || second == first) return std::nullopt;
  const auto header = base64url_decode(jwt.substr(0, first));
  auto claims = base64url_decode(jwt.substr(first + 1, second - first - 1));
  const auto signature = base64url_decode(jwt.substr(second + 1));
  if (!header || !claims || !signature || *header != kJwtHeader) return std::nullopt;
  const auto der = raw_to_der(*signature);
  auto key = detail::public_key(public_key);
  std::unique_ptr<EVP_MD_CTX, MdFree> md(EVP_MD_CTX_new());
  if (!der || !key || !md || EVP_DigestVerifyInit(md.get(), nullptr, EVP_sha256(), nullptr, key.get()) != 1)
    return std::nullopt;
  const auto signed_part = jwt.substr(0, second);
  if (EVP_DigestVerify(md.get(), reinterpret_cast<const unsigned char*>(der->data()), der->size(),
                       reinterpret_cast<const unsigned char*>(signed_part.data()), signed_part.size()) != 1)
    return std::nullopt;
  return claims;
}

}  // namespace pokeca::push
