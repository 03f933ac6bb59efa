#include "pokeca/crypto/file_digest.hpp"

#include <sodium.h>

#include <array>
#include <fstream>

#include "sodium.hpp"

namespace pokeca::crypto {

namespace {
constexpr std::size_t kReadBytes = std::size_t{1} << 20;
}

std::optional<std::string> sha256_file_hex(const std::filesystem::path& file) {
  ensure_sodium();
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  crypto_hash_sha256_state state;
  crypto_hash_sha256_init(&state);
  std::string piece(kReadBytes, '\0');
  while (in) {
    in.read(piece.data(), static_cast<std::streamsize>(piece.size()));
    const auto n = static_cast<unsigned long long>(in.gcount());
    if (n > 0) crypto_hash_sha256_update(&state, reinterpret_cast<const unsigned char*>(piece.data()), n);
  }
  if (in.bad()) return std::nullopt;
  std::array<unsigned char, crypto_hash_sha256_BYTES> digest{};
  crypto_hash_sha256_final(&state, digest.data());
  std::array<char, crypto_hash_sha256_BYTES * 2 + 1> hex{};
  sodium_bin2hex(hex.data(), hex.size(), digest.data(), digest.size());
  return std::string(hex.data(), crypto_hash_sha256_BYTES * 2);
}

}  // namespace pokeca::crypto
