#pragma once
// The account stack on real parts for the loopback tests: SQLite repositories,
// libsodium (Argon2id with libsodium's smallest parameters, so tests stay fast), a
// capturing mailer, the shipped common-password list.
#include <string>

#include "auth_fakes.hpp"
#include "pokeca/accounts/auth_service.hpp"
#include "pokeca/crypto/sodium_password_hasher.hpp"
#include "pokeca/crypto/sodium_token_crypto.hpp"
#include "pokeca/embedded_data.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/sqlite_action_token_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_session_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_user_repository.hpp"

namespace pokeca::testing {

struct RealAccounts {
  RealAccounts(storage::Database& db, const Clock& clock, std::string base_url = "http://localhost:8080",
               RateLimits limits = {})
      : users(db),
        sessions(db),
        action_tokens(db),
        auth({users, sessions, action_tokens, hasher, crypto, mailer, limiter, common_passwords, clock},
             {std::move(base_url), limits}),
        admin(users, sessions, clock) {}

  storage::SqliteUserRepository users;
  storage::SqliteSessionRepository sessions;
  storage::SqliteActionTokenRepository action_tokens;
  crypto::SodiumPasswordHasher hasher{crypto::argon2_params_for_tests()};
  crypto::SodiumTokenCrypto crypto{std::string(crypto::kSigningKeyBytes, 'k')};
  CapturingMailer mailer;
  RateLimiter limiter;
  CommonPasswords common_passwords = CommonPasswords::from_text(data::kCommonPasswordsTxt);
  AuthService auth;
  AccountAdmin admin;
};

}  // namespace pokeca::testing
