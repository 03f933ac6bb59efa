#pragma once
// The interfaces accounts need from the outside world: storage of users, refresh
// sessions and mail-link tokens, password hashing and token cryptography. Adapters
// implement them (adapters/storage, adapters/crypto); every method may be called from
// several threads at once.
#include <optional>
#include <string>
#include <string_view>

#include "pokeca/accounts/user.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

class UserRepository {
 public:
  virtual ~UserRepository() = default;

  // kConflict with detail "auth/email-already-in-use" when the e-mail is taken.
  virtual Result<User> create(const NewUser& user) = 0;
  virtual Result<std::optional<User>> find_by_id(UserId id) = 0;
  // `email` is normalised (normalize_email).
  virtual Result<std::optional<User>> find_by_email(std::string_view email) = 0;
  virtual Result<void> mark_email_verified(UserId id, UnixSeconds at) = 0;
  // Sets the hash and bumps session_epoch (every access token issued before dies).
  virtual Result<void> set_password_hash(UserId id, std::string_view hash) = 0;
  virtual Result<User> update_profile(UserId id, std::string_view nickname, std::string_view prefecture,
                                      UnixSeconds at) = 0;
  // The favourite-store alert setting; kNotFound for no such live account.
  virtual Result<void> set_favorite_alerts(UserId id, bool on) = 0;
  // The mail about each review of the user's store submissions; kNotFound likewise.
  virtual Result<void> set_review_mail(UserId id, bool on) = 0;
  virtual Result<void> set_admin(UserId id, bool admin) = 0;
  // A blocked account's access tokens are refused while it is blocked (authenticate).
  virtual Result<void> set_blocked(UserId id, bool blocked) = 0;
  // One transaction: keeps `reason` (without personal data), anonymises the account
  // (e-mail, nickname, prefecture replaced, password hash cleared, epoch bumped) and
  // deletes its refresh sessions and mail-link tokens. Content the user contributed
  // stays, now anonymous.
  virtual Result<void> withdraw(UserId id, std::string_view reason, UnixSeconds at) = 0;
};

// One refresh token. Tokens issued from one login form a family; each refresh rotates
// the presented token (rotated_at) and issues the next one in the same family.
struct RefreshSession {
  std::int64_t id = 0;
  UserId user_id = 0;
  std::string family;      // random id of the login
  std::string token_hash;  // TokenCrypto::hash_token of the token; the token itself is never stored
  UnixSeconds created_at = 0;
  UnixSeconds expires_at = 0;
  std::optional<UnixSeconds> rotated_at;
  std::optional<UnixSeconds> revoked_at;
};

class SessionRepository {
 public:
  virtual ~SessionRepository() = default;

  virtual Result<void> create(const RefreshSession& session) = 0;
  virtual Result<std::optional<RefreshSession>> find_by_hash(std::string_view token_hash) = 0;
  // Atomically: if `old_hash` is still live (not rotated, not revoked, not expired at
  // `now`) marks it rotated and stores `next`, returning true; else changes nothing and
  // returns false (another refresh won the race, or the token died meanwhile).
  virtual Result<bool> rotate(std::string_view old_hash, const RefreshSession& next, UnixSeconds now) = 0;
  virtual Result<void> revoke_family(std::string_view family, UnixSeconds at) = 0;
  virtual Result<void> revoke_all_for_user(UserId user, UnixSeconds at) = 0;
  // Whether the login (family) still has a token that is not revoked: false once it was
  // logged out, revoked on reuse, or forgotten. Asked for every access token that names
  // its login, so that ending a login ends its access tokens at once on every server.
  virtual Result<bool> login_active(std::string_view family) = 0;
  // Housekeeping: forgets sessions that expired before `now`. Returns how many.
  virtual Result<std::int64_t> delete_expired(UnixSeconds now) = 0;
};

enum class ActionPurpose { kVerifyEmail, kResetPassword };

// A mail-link token: random, stored hashed, single use, expiring.
struct ActionToken {
  std::string token_hash;
  UserId user_id = 0;
  ActionPurpose purpose = ActionPurpose::kVerifyEmail;
  UnixSeconds created_at = 0;
  UnixSeconds expires_at = 0;
};

class ActionTokenRepository {
 public:
  virtual ~ActionTokenRepository() = default;

  virtual Result<void> create(const ActionToken& token) = 0;
  // Single use, atomically: when a token with this hash and purpose exists, is unused
  // and has not expired at `now`, marks it used and returns it; otherwise nullopt.
  virtual Result<std::optional<ActionToken>> consume(std::string_view token_hash, ActionPurpose purpose,
                                                     UnixSeconds now) = 0;
  // The token with this hash and purpose if it has already been used (expired or not),
  // else nullopt: a mail link opened a second time is told apart from an unknown one.
  virtual Result<std::optional<ActionToken>> find_used(std::string_view token_hash, ActionPurpose purpose) = 0;
  // Forgets every token of the user for the purpose (used or not).
  virtual Result<void> delete_for_user(UserId user, ActionPurpose purpose) = 0;
};

// Slow, salted password hashing (Argon2id in adapters/crypto). Slow on purpose: call it
// only on the hashing lane, never on a thread the map's requests need.
class PasswordHasher {
 public:
  virtual ~PasswordHasher() = default;
  // An encoded string carrying algorithm, parameters and salt. kInternal on failure
  // (out of memory).
  virtual Result<std::string> hash(std::string_view password) = 0;
  // Constant-time with respect to the password; false for a malformed hash.
  [[nodiscard]] virtual bool verify(std::string_view encoded_hash, std::string_view password) = 0;
};

// Random tokens, token hashes and the access-token signature.
class TokenCrypto {
 public:
  virtual ~TokenCrypto() = default;
  // kTokenRandomBytes from a CSPRNG, base64url (43 characters for 32 bytes).
  [[nodiscard]] virtual std::string random_token() = 0;
  // SHA-256 of the token, lower-case hex: what storage keeps instead of the token.
  [[nodiscard]] virtual std::string hash_token(std::string_view token) const = 0;
  // HMAC-SHA256 of `message` under the server's secret key, raw 32 bytes.
  [[nodiscard]] virtual std::string sign(std::string_view message) const = 0;
  // Constant-time comparison of `signature` (raw bytes) with sign(message).
  [[nodiscard]] virtual bool verify(std::string_view message, std::string_view signature) const = 0;
};

[[nodiscard]] std::string_view to_string(ActionPurpose purpose);
[[nodiscard]] std::optional<ActionPurpose> action_purpose_from(std::string_view text);

}  // namespace pokeca
