#pragma once
// The server's secret signing key: generated once into the data directory (mode 0600,
// created exclusively so two starting processes cannot both write one), then read back
// on every start. Never logged; never in the repository.
#include <filesystem>
#include <string>

namespace pokeca::crypto {

inline constexpr std::string_view kSigningKeyFileName = "signing.key";
// The Web Push (VAPID) private key, beside it: made once, like the signing key.
inline constexpr std::string_view kVapidKeyFileName = "vapid.key";

// Returns the raw key bytes. Throws std::runtime_error with a clear message when the
// file cannot be created or read, has the wrong size, or is readable by others.
[[nodiscard]] std::string load_or_create_key_file(const std::filesystem::path& file, std::size_t bytes);

// `bytes` fresh bytes from libsodium's CSPRNG, for a key kept elsewhere (a database row).
[[nodiscard]] std::string random_key(std::size_t bytes);

}  // namespace pokeca::crypto
