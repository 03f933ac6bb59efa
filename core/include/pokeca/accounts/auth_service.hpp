#pragma once
// Accounts and sessions: the site is its own identity provider.
// Sign-up with e-mail verification, login with a short-lived signed access token and a
// rotating refresh token, password reset by mail, profile, withdrawal, and the rate
// limits that protect them. Knows nothing of HTTP: the adapter passes the client's
// address in and maps the errors (their `detail` is the provider-style code).
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "pokeca/accounts/auth_codes.hpp"
#include "pokeca/accounts/auth_ports.hpp"
#include "pokeca/accounts/common_passwords.hpp"
#include "pokeca/accounts/user.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/mail_queue.hpp"
#include "pokeca/shared/mailer.hpp"
#include "pokeca/shared/rate_limiter.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

// Who is calling, as far as rate limits care.
struct ClientInfo {
  std::string ip;                 // the client's address (IPv6 grouped by /64 by the adapter); may be empty
  std::string device_token = {};  // the device cookie (device_token.hpp) when login sends one
};

struct SignUpInput {
  std::string email;
  std::string password;
  std::string nickname;
  std::string prefecture;  // Japanese name or ""
};

struct SignUpOutcome {
  User user;
  bool mail_sent = false;  // false: the account exists, the user should ask for a resend
};

// What login and refresh hand out.
struct IssuedSession {
  User user;
  std::string access_token;
  UnixSeconds access_expires_in = 0;   // seconds
  std::string refresh_token;           // goes into the HttpOnly cookie only
  UnixSeconds refresh_expires_in = 0;  // seconds (cookie Max-Age)
  std::string device_token;            // login only: the renewed device cookie (else empty)
};

struct ProfileUpdate {
  std::optional<std::string> nickname;    // nullopt = unchanged
  std::optional<std::string> prefecture;  // nullopt = unchanged; "" = cleared
  std::optional<bool> favorite_alerts{};  // nullopt = unchanged
  std::optional<bool> review_mail{};      // nullopt = unchanged
};

struct AuthDeps {
  UserRepository& users;
  SessionRepository& sessions;
  ActionTokenRepository& action_tokens;
  PasswordHasher& hasher;
  TokenCrypto& crypto;
  Mailer& mailer;
  RateLimiter& limiter;
  const CommonPasswords& common_passwords;
  const Clock& clock;
};

struct AuthSettings {
  std::string base_url;  // for mail links, without a trailing slash
  RateLimits limits{};
};

// The kinds of the account mails in the durable mail queue.
inline constexpr std::string_view kVerifyEmailMailKind = "verify_email";
inline constexpr std::string_view kPasswordResetMailKind = "password_reset";

class AuthService {
 public:
  AuthService(AuthDeps deps, AuthSettings settings);

  // From here on the verification and reset mails go into the durable queue (the request
  // only writes a row, keyed by the link's token so it is queued once; the server's mail
  // thread sends it and retries) instead of through the mailer during the request, so a
  // known address answers as fast as an unknown one. `queued` runs after
  // each (the server wakes its mail thread). Call before serving.
  void queue_mail(MailQueue& queue, std::function<void()> queued = {});

  // Creates the account unverified and mails the verification link. Slow (hashes).
  Result<SignUpOutcome> sign_up(const SignUpInput& input, const ClientInfo& client);
  // Unknown e-mail and wrong password answer alike (and take as long). Slow (hashes).
  // Limits: per IP; then, with a valid device cookie for this account, per device only;
  // without one, per (account, IP), then per account, and once the account's allowance
  // is spent a small one per (account, IP) (docs/decisions/login-lockout.md).
  Result<IssuedSession> login(std::string_view email, std::string_view password, const ClientInfo& client);
  // Rotates the refresh token. A token that was already rotated is a replay: the whole
  // login (family) is revoked.
  Result<IssuedSession> refresh(std::string_view refresh_token);
  // Revokes the login the token belongs to; unknown tokens are ignored.
  void logout(std::string_view refresh_token);
  // A link opened again after it verified its owner answers 409 auth/already-verified.
  Result<void> verify_email(std::string_view token);
  // SPEC.md §5's two refusals: wrong credentials (not logged in), already verified. Slow.
  Result<void> resend_verification(std::string_view email, std::string_view password, const ClientInfo& client);
  // The same answer whether or not the e-mail has an account.
  Result<void> request_password_reset(std::string_view email, const ClientInfo& client);
  // Sets the new password, marks the e-mail verified (the link proved it) and ends
  // every login of the account. Slow (hashes).
  Result<void> confirm_password_reset(std::string_view token, std::string_view new_password, const ClientInfo& client);

  // The bearer token's user: kUnauthorized (auth/unauthenticated) when the token is
  // bad, expired, from an older session epoch, or the account is gone or unverified;
  // kBlocked for a blocked account.
  Result<User> authenticate(std::string_view access_token);
  Result<User> update_profile(const User& user, const ProfileUpdate& update);
  Result<void> withdraw(const User& user, std::string_view reason);
  // kForbidden unless the user is an admin.
  Result<void> require_admin(const User& user) const;
  // The "every write" limits: per client IP and, when signed in, per account.
  Result<void> check_write_rate(const ClientInfo& client, std::optional<UserId> user);

 private:
  Result<void> limit(std::string_view rule, std::string_view key, const RateLimit& rate, std::string_view code);
  Result<IssuedSession> issue_session(const User& user, std::string family);
  Result<std::string> new_action_token(const User& user, ActionPurpose purpose, UnixSeconds ttl);
  // Into the mail queue when there is one, else through the mailer now.
  Result<void> deliver(const User& user, std::string_view kind, std::string_view token, Mail mail);
  // Verifies against a fixed hash, so an unknown e-mail costs as much as a known one.
  void spend_equal_time(std::string_view password);
  Result<void> verification_link_reused(std::string_view token_hash);

  AuthDeps deps_;
  AuthSettings settings_;
  std::once_flag dummy_once_;
  std::string dummy_hash_;
  MailQueue* mail_queue_ = nullptr;
  std::function<void()> mail_queued_;
};

// The command line's account operations (`pokeca-server admin grant|revoke|block|unblock EMAIL`).
class AccountAdmin {
 public:
  AccountAdmin(UserRepository& users, SessionRepository& sessions, const Clock& clock)
      : users_(users), sessions_(sessions), clock_(clock) {}

  Result<User> grant_admin(std::string_view email);
  Result<User> revoke_admin(std::string_view email);
  // Blocking also ends every login of the account.
  Result<User> block(std::string_view email);
  Result<User> unblock(std::string_view email);

 private:
  Result<User> find(std::string_view email);
  UserRepository& users_;
  SessionRepository& sessions_;
  const Clock& clock_;
};

}  // namespace pokeca
