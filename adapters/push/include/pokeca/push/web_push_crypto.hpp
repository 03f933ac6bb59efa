#pragma once
// Web Push message encryption (RFC 8291: ECDH on P-256, HKDF-SHA-256, one aes128gcm
// record of RFC 8188) and the P-256 key handling VAPID shares with it. Keys travel as
// raw bytes: a private key is the 32-byte scalar, a public key the 65-byte uncompressed
// point (what a browser's PushSubscription.getKey("p256dh") gives).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace pokeca::push {

inline constexpr std::size_t kP256PrivateKeyBytes = 32;
inline constexpr std::size_t kP256PublicKeyBytes = 65;
inline constexpr std::size_t kAuthSecretBytes = 16;
inline constexpr std::size_t kSaltBytes = 16;
// One record holds the whole message: the record size written in the header.
inline constexpr std::size_t kRecordSize = 4096;
// aes128gcm header (salt, record size, key id length, the sender's public key) and tag.
inline constexpr std::size_t kHeaderBytes = kSaltBytes + 4 + 1 + kP256PublicKeyBytes;
inline constexpr std::size_t kTagBytes = 16;
// What one record can carry after the tag and the padding delimiter (RFC 8291 §4 keeps
// a push message within 4096 bytes of ciphertext).
inline constexpr std::size_t kMaxPlaintextBytes = kRecordSize - kTagBytes - 1 - kHeaderBytes;

// The public key of a private scalar; nullopt when the scalar is not a valid P-256 key
// (zero, or not below the group order).
[[nodiscard]] std::optional<std::string> p256_public_key(std::string_view private_key);
// A fresh private scalar from OpenSSL's CSPRNG.
[[nodiscard]] std::string generate_p256_private_key();
// True when `public_key` is an uncompressed point on P-256.
[[nodiscard]] bool is_p256_public_key(std::string_view public_key);

// Encrypts `plaintext` for a subscription (its p256dh key and auth secret) with a fresh
// ephemeral key and salt. nullopt when a key is malformed or the plaintext too long.
[[nodiscard]] std::optional<std::string> encrypt_push_message(std::string_view ua_public, std::string_view auth_secret,
                                                              std::string_view plaintext);
// The same with a given sender key and salt: deterministic, for the RFC's test vector.
[[nodiscard]] std::optional<std::string> encrypt_push_message_with(std::string_view ua_public,
                                                                   std::string_view auth_secret,
                                                                   std::string_view plaintext,
                                                                   std::string_view as_private, std::string_view salt);
// What a user agent does on receipt: the plaintext, or nullopt when the body is
// malformed or fails authentication. Used by the tests' push-service stand-in.
[[nodiscard]] std::optional<std::string> decrypt_push_message(std::string_view ua_private, std::string_view auth_secret,
                                                              std::string_view body);

}  // namespace pokeca::push
