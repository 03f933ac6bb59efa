#include "pokeca/crypto/sodium_password_hasher.hpp"

#include <sodium.h>

#include "pokeca/shared/messages.hpp"
#include "sodium.hpp"

namespace pokeca::crypto {

static_assert(kArgon2OpsLimit >= crypto_pwhash_OPSLIMIT_MIN);
static_assert(kArgon2MemLimitBytes >= crypto_pwhash_MEMLIMIT_MIN);

Argon2Params argon2_params_for_tests() { return {crypto_pwhash_OPSLIMIT_MIN, crypto_pwhash_MEMLIMIT_MIN}; }

SodiumPasswordHasher::SodiumPasswordHasher(Argon2Params params) : params_(params) { ensure_sodium(); }

Result<std::string> SodiumPasswordHasher::hash(std::string_view password) {
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(out, password.data(), password.size(), params_.ops_limit, params_.mem_limit_bytes,
                            crypto_pwhash_ALG_ARGON2ID13) != 0)
    return fail_logged(ErrorCode::kInternal, msg::kInternal, "argon2id: out of memory");
  return std::string(out);
}

bool SodiumPasswordHasher::verify(std::string_view encoded_hash, std::string_view password) {
  if (encoded_hash.empty() || encoded_hash.size() >= crypto_pwhash_STRBYTES) return false;
  char stored[crypto_pwhash_STRBYTES] = {};
  encoded_hash.copy(stored, encoded_hash.size());
  return crypto_pwhash_str_verify(stored, password.data(), password.size()) == 0;
}

}  // namespace pokeca::crypto
