#pragma once
// SipHash-2-4 (Aumasson & Bernstein): a keyed hash for tables whose keys outsiders choose.
// With a secret random key an outsider can neither predict where a key lands nor craft
// keys that collide.
#include <array>
#include <cstdint>
#include <string_view>

namespace pokeca {

using SipHashKey = std::array<std::uint64_t, 2>;

[[nodiscard]] std::uint64_t siphash24(const SipHashKey& key, std::string_view data) noexcept;

// A key from std::random_device (the kernel's random source on Linux).
[[nodiscard]] SipHashKey random_siphash_key();

}  // namespace pokeca
