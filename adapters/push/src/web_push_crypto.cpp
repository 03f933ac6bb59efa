#include "pokeca/push/web_push_crypto.hpp"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <memory>

#include "p256.hpp"

namespace pokeca::push {
namespace {

using detail::hmac_sha256;

constexpr std::size_t kKeyBytes = 16;    // AES-128
constexpr std::size_t kNonceBytes = 12;  // GCM
// Marks the last (and only) record before any zero padding (RFC 8188 §2).
constexpr char kLastRecordDelimiter = 0x02;

struct CipherFree {
  void operator()(EVP_CIPHER_CTX* c) const { EVP_CIPHER_CTX_free(c); }
};

struct ContentKeys {
  std::string cek;
  std::string nonce;
};

// HKDF-Expand for one block (L ≤ 32): the first L bytes of HMAC(prk, info || 0x01).
std::string expand(std::string_view prk, std::string_view info, std::size_t length) {
  std::string input(info);
  input.push_back(0x01);
  return hmac_sha256(prk, input).substr(0, length);
}

// RFC 8291 §3.3–3.4 and RFC 8188 §2.2–2.3: from the shared secret to the content key.
ContentKeys derive(std::string_view ecdh_secret, std::string_view auth_secret, std::string_view ua_public,
                   std::string_view as_public, std::string_view salt) {
  const std::string prk_key = hmac_sha256(auth_secret, ecdh_secret);
  std::string key_info("WebPush: info");
  key_info.push_back('\0');
  key_info.append(ua_public);
  key_info.append(as_public);
  const std::string ikm = expand(prk_key, key_info, 32);
  const std::string prk = hmac_sha256(salt, ikm);
  return {expand(prk, std::string_view("Content-Encoding: aes128gcm\0", 28), kKeyBytes),
          expand(prk, std::string_view("Content-Encoding: nonce\0", 24), kNonceBytes)};
}

unsigned char* out_ptr(std::string& s, std::size_t at = 0) { return reinterpret_cast<unsigned char*>(s.data() + at); }
const unsigned char* in_ptr(std::string_view s) { return reinterpret_cast<const unsigned char*>(s.data()); }

std::optional<std::string> seal(const ContentKeys& keys, std::string_view record) {
  std::unique_ptr<EVP_CIPHER_CTX, CipherFree> ctx(EVP_CIPHER_CTX_new());
  std::string out(record.size() + kTagBytes, '\0');
  int len = 0;
  int total = 0;
  if (!ctx || EVP_EncryptInit_ex(ctx.get(), EVP_aes_128_gcm(), nullptr, nullptr, nullptr) != 1 ||
      EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_IVLEN, static_cast<int>(kNonceBytes), nullptr) != 1 ||
      EVP_EncryptInit_ex(ctx.get(), nullptr, nullptr, in_ptr(keys.cek), in_ptr(keys.nonce)) != 1 ||
      EVP_EncryptUpdate(ctx.get(), out_ptr(out), &len, in_ptr(record), static_cast<int>(record.size())) != 1)
    return std::nullopt;
  total = len;
  if (EVP_EncryptFinal_ex(ctx.get(), out_ptr(out, total), &len) != 1) return std::nullopt;
  total += len;
  if (EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_GET_TAG, static_cast<int>(kTagBytes), out_ptr(out, total)) != 1)
    return std::nullopt;
  out.resize(static_cast<std::size_t>(total) + kTagBytes);
  return out;
}

std::optional<std::string> open(const ContentKeys& keys, std::string_view sealed) {
  if (sealed.size() < kTagBytes) return std::nullopt;
  const auto text = sealed.substr(0, sealed.size() - kTagBytes);
  std::string tag(sealed.substr(text.size()));
  std::unique_ptr<EVP_CIPHER_CTX, CipherFree> ctx(EVP_CIPHER_CTX_new());
  std::string out(text.size() + kKeyBytes, '\0');
  int len = 0;
  int total = 0;
  if (!ctx || EVP_DecryptInit_ex(ctx.get(), EVP_aes_128_gcm(), nullptr, nullptr, nullptr) != 1 ||
      EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_IVLEN, static_cast<int>(kNonceBytes), nullptr) != 1 ||
      EVP_DecryptInit_ex(ctx.get(), nullptr, nullptr, in_ptr(keys.cek), in_ptr(keys.nonce)) != 1 ||
      EVP_DecryptUpdate(ctx.get(), out_ptr(out), &len, in_ptr(text), static_cast<int>(text.size())) != 1 ||
      EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_TAG, static_cast<int>(kTagBytes), tag.data()) != 1)
    return std::nullopt;
  total = len;
  if (EVP_DecryptFinal_ex(ctx.get(), out_ptr(out, total), &len) != 1) return std::nullopt;
  total += len;
  out.resize(static_cast<std::size_t>(total));
  return out;
}

void put_u32(std::string& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<char>((v >> shift) & 0xff));
}

}  // namespace

std::optional<std::string> p256_public_key(std::string_view private_key) {
  auto key = detail::private_key(private_key);
  if (!key) return std::nullopt;
  return detail::public_bytes(key.get());
}

std::string generate_p256_private_key() {
  auto key = detail::generate_key();
  return key ? detail::private_bytes(key.get()) : std::string();
}

bool is_p256_public_key(std::string_view public_key) { return detail::public_key(public_key) != nullptr; }

std::optional<std::string> encrypt_push_message_with(std::string_view ua_public, std::string_view auth_secret,
                                                     std::string_view plaintext, std::string_view as_private,
                                                     std::string_view salt) {
  if (auth_secret.size() != kAuthSecretBytes || salt.size() != kSaltBytes || plaintext.size() > kMaxPlaintextBytes)
    return std::nullopt;
  auto peer = detail::public_key(ua_public);
  auto own = detail::private_key(as_private);
  if (!peer || !own) return std::nullopt;
  const auto secret = detail::ecdh(own.get(), peer.get());
  if (!secret) return std::nullopt;
  const std::string as_public = detail::public_bytes(own.get());
  const auto keys = derive(*secret, auth_secret, ua_public, as_public, salt);
  std::string record(plaintext);
  record.push_back(kLastRecordDelimiter);
  auto sealed = seal(keys, record);
  if (!sealed) return std::nullopt;
  std::string body(salt);
  put_u32(body, static_cast<std::uint32_t>(kRecordSize));
  body.push_back(static_cast<char>(kP256PublicKeyBytes));
  body.append(as_public);
  body.append(*sealed);
  return body;
}

std::optional<std::string> encrypt_push_message(std::string_view ua_public, std::string_view auth_secret,
                                                std::string_view plaintext) {
  std::string salt(kSaltBytes, '\0');
  if (RAND_bytes(out_ptr(salt), static_cast<int>(salt.size())) != 1) return std::nullopt;
  const auto ephemeral = detail::generate_key();
  if (!ephemeral) return std::nullopt;
  return encrypt_push_message_with(ua_public, auth_secret, plaintext, detail::private_bytes(ephemeral.get()), salt);
}

std::optional<std::string> decrypt_push_message(std::string_view ua_private, std::string_view auth_secret,
                                                std::string_view body) {
  if (auth_secret.size() != kAuthSecretBytes || body.size() < kHeaderBytes + kTagBytes) return std::nullopt;
  const auto salt = body.substr(0, kSaltBytes);
  std::uint32_t rs = 0;
  for (std::size_t i = 0; i < 4; ++i) rs = (rs << 8) | static_cast<unsigned char>(body[kSaltBytes + i]);
  if (static_cast<unsigned char>(body[kSaltBytes + 4]) != kP256PublicKeyBytes) return std::nullopt;
  const auto as_public = body.substr(kSaltBytes + 5, kP256PublicKeyBytes);
  const auto sealed = body.substr(kHeaderBytes);
  // One record only: a longer body would be several records.
  if (rs < kTagBytes + 1 || sealed.size() > rs) return std::nullopt;
  auto own = detail::private_key(ua_private);
  auto peer = detail::public_key(as_public);
  if (!own || !peer) return std::nullopt;
  const auto secret = detail::ecdh(own.get(), peer.get());
  if (!secret) return std::nullopt;
  const std::string ua_public = detail::public_bytes(own.get());
  auto record = open(derive(*secret, auth_secret, ua_public, as_public, salt), sealed);
  if (!record) return std::nullopt;
  while (!record->empty() && record->back() == '\0') record->pop_back();
  if (record->empty() || record->back() != kLastRecordDelimiter) return std::nullopt;
  record->pop_back();
  return record;
}

}  // namespace pokeca::push
