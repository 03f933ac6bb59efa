#pragma once
// Argon2id through libsodium's crypto_pwhash_str: the encoded string carries the
// algorithm, parameters and a random 16-byte salt, so old hashes keep verifying after
// the parameters change.
//
// Parameters: 3 passes over 64 MiB, one lane. OWASP's Password Storage Cheat Sheet
// asks for at least m=19 MiB, t=2, p=1 (or an equivalent trade-off such as m=12 MiB,
// t=3); 64 MiB with t=3 is stronger on both axes and, at roughly 0.1–0.2 s per hash on
// one core, still cheap enough for a login. The server runs hashing on its own small
// "slow lane" pool, so at most that many hashes (and 64 MiB each) run at once.
#include <cstddef>
#include <cstdint>

#include "pokeca/accounts/auth_ports.hpp"

namespace pokeca::crypto {

inline constexpr unsigned long long kArgon2OpsLimit = 3;
inline constexpr std::size_t kArgon2MemLimitBytes = std::size_t{64} << 20;

struct Argon2Params {
  unsigned long long ops_limit = kArgon2OpsLimit;
  std::size_t mem_limit_bytes = kArgon2MemLimitBytes;
};

// libsodium's smallest allowed parameters: for tests that hash many passwords.
[[nodiscard]] Argon2Params argon2_params_for_tests();

class SodiumPasswordHasher final : public PasswordHasher {
 public:
  explicit SodiumPasswordHasher(Argon2Params params = {});  // throws std::runtime_error if libsodium fails to start

  Result<std::string> hash(std::string_view password) override;
  bool verify(std::string_view encoded_hash, std::string_view password) override;

 private:
  Argon2Params params_;
};

}  // namespace pokeca::crypto
