#include "pokeca/accounts/auth_service.hpp"

#include <tuple>

#include "pokeca/accounts/access_token.hpp"
#include "pokeca/accounts/auth_mail.hpp"
#include "pokeca/accounts/auth_policy.hpp"
#include "pokeca/accounts/device_token.hpp"
#include "pokeca/shared/messages.hpp"

namespace pokeca {
namespace {

// Hashed once, so that a login for an unknown e-mail verifies a password too.
constexpr std::string_view kEqualTimePassword = "pokeca-equal-time-password";
// Tokens we hand out are 43 characters; anything much longer is not ours.
constexpr std::size_t kMaxPresentedTokenChars = 256;
// Passwords longer than this many bytes cannot satisfy kMaxPasswordChars (4 bytes per
// code point at most), so they are refused before any hashing work.
constexpr std::size_t kMaxPasswordBytes = kMaxPasswordChars * 4;

std::unexpected<DomainError> propagate(const DomainError& e) { return std::unexpected(e); }

auto invalid_credential() {
  return fail(ErrorCode::kUnauthorized, msg::kInvalidCredential, auth_code::kInvalidCredential);
}
auto session_expired() { return fail(ErrorCode::kUnauthorized, msg::kSessionExpired, auth_code::kSessionExpired); }
auto invalid_action_code() {
  return fail(ErrorCode::kBadRequest, msg::kInvalidActionCode, auth_code::kInvalidActionCode);
}
auto not_logged_in() { return fail(ErrorCode::kUnauthorized, msg::kNotLoggedIn, auth_code::kNotLoggedIn); }
auto user_disabled() { return fail(ErrorCode::kForbidden, msg::kUserDisabled, auth_code::kUserDisabled); }
auto token_refused() { return fail(ErrorCode::kUnauthorized, msg::kSessionExpired, auth_code::kUnauthenticated); }

// The account key of a rate limit: the normalised e-mail when it is one, else the
// text as typed (bounded), so malformed attempts are limited too.
std::string account_key(std::string_view typed, const Result<std::string>& normalised) {
  if (normalised) return *normalised;
  return ascii_lower(typed.substr(0, kMaxEmailBytes));
}

bool usable_token(std::string_view token) { return !token.empty() && token.size() <= kMaxPresentedTokenChars; }

}  // namespace

AuthService::AuthService(AuthDeps deps, AuthSettings settings) : deps_(deps), settings_(std::move(settings)) {}

Result<void> AuthService::limit(std::string_view rule, std::string_view key, const RateLimit& rate,
                                std::string_view code) {
  std::string full_key(rule);
  full_key += ':';
  full_key += key;
  const auto decision = deps_.limiter.hit(full_key, rate, deps_.clock.now());
  if (decision.allowed) return {};
  return fail_rate_limited(msg::kTooManyRequests, code, decision.retry_after_seconds);
}

void AuthService::spend_equal_time(std::string_view password) {
  std::call_once(dummy_once_, [this] { dummy_hash_ = deps_.hasher.hash(kEqualTimePassword).value_or(""); });
  (void)deps_.hasher.verify(dummy_hash_, password);
}

void AuthService::queue_mail(MailQueue& queue, std::function<void()> queued) {
  mail_queue_ = &queue;
  mail_queued_ = std::move(queued);
}

Result<void> AuthService::deliver(const User& user, std::string_view kind, std::string_view token, Mail mail) {
  if (!mail_queue_) return deps_.mailer.send(mail);
  std::string key(kind);
  key += ':';
  key += deps_.crypto.hash_token(token);
  auto queued = mail_queue_->enqueue({std::move(key), std::string(kind), user.id, std::move(mail)}, deps_.clock.now());
  if (!queued) return propagate(queued.error());
  if (mail_queued_) mail_queued_();
  return {};
}

Result<std::string> AuthService::new_action_token(const User& user, ActionPurpose purpose, UnixSeconds ttl) {
  const auto now = deps_.clock.now();
  auto token = deps_.crypto.random_token();
  if (auto ok = deps_.action_tokens.create({deps_.crypto.hash_token(token), user.id, purpose, now, now + ttl}); !ok)
    return propagate(ok.error());
  return token;
}

Result<IssuedSession> AuthService::issue_session(const User& user, std::string family) {
  const auto now = deps_.clock.now();
  auto refresh_token = deps_.crypto.random_token();
  RefreshSession session{0,
                         user.id,
                         std::move(family),
                         deps_.crypto.hash_token(refresh_token),
                         now,
                         now + kRefreshTokenTtl,
                         std::nullopt,
                         std::nullopt};
  if (auto ok = deps_.sessions.create(session); !ok) return propagate(ok.error());
  auto access =
      encode_access_token({user.id, user.session_epoch, now, now + kAccessTokenTtl, session.family}, deps_.crypto);
  return IssuedSession{user, std::move(access), kAccessTokenTtl, std::move(refresh_token), kRefreshTokenTtl, {}};
}

Result<SignUpOutcome> AuthService::sign_up(const SignUpInput& input, const ClientInfo& client) {
  auto email = normalize_email(input.email);
  if (!email) return propagate(email.error());
  if (auto ok = check_password(input.password, deps_.common_passwords); !ok) return propagate(ok.error());
  auto nickname = normalize_nickname(input.nickname);
  if (!nickname) return propagate(nickname.error());
  auto prefecture = normalize_prefecture_name(input.prefecture);
  if (!prefecture) return propagate(prefecture.error());

  // Every well-formed attempt counts, an address already in use too, so the 409 is not
  // a free oracle for which addresses have accounts; typing mistakes that
  // the form refuses cost nothing.
  if (auto ok = limit("sign_up_ip", client.ip, settings_.limits.sign_up_ip, auth_code::kTooManyRequests); !ok)
    return propagate(ok.error());
  auto existing = deps_.users.find_by_email(*email);
  if (!existing) return propagate(existing.error());
  // Both answers hash the password first, so they take as long (the hash is most of it);
  // create() still refuses a race.
  auto hash = deps_.hasher.hash(input.password);
  if (!hash) return propagate(hash.error());
  if (*existing) return fail(ErrorCode::kConflict, msg::kEmailAlreadyInUse, auth_code::kEmailAlreadyInUse);
  auto user = deps_.users.create({*email, *nickname, *prefecture, *hash, deps_.clock.now()});
  if (!user) return propagate(user.error());

  // The account exists from here on: a mail failure only means "ask for a resend".
  bool sent = false;
  if (auto token = new_action_token(*user, ActionPurpose::kVerifyEmail, kVerifyEmailTokenTtl))
    sent =
        deliver(*user, kVerifyEmailMailKind, *token, verification_mail(*user, settings_.base_url, *token)).has_value();
  return SignUpOutcome{std::move(*user), sent};
}

Result<IssuedSession> AuthService::login(std::string_view email_typed, std::string_view password,
                                         const ClientInfo& client) {
  const auto& limits = settings_.limits;
  if (auto ok = limit("login_ip", client.ip, limits.login_ip, auth_code::kTooManyRequests); !ok)
    return propagate(ok.error());
  const auto email = normalize_email(email_typed);
  const auto key = account_key(email_typed, email);
  auto found = email ? deps_.users.find_by_email(*email) : Result<std::optional<User>>{std::nullopt};
  if (!found) return propagate(found.error());
  // A device where this account logged in before is counted on its own: strangers
  // spending the account's allowance cannot lock the owner out (OWASP device cookies).
  const auto device = decode_device_token(client.device_token, deps_.crypto, deps_.clock.now());
  if (device && *found && device->user_id == (**found).id) {
    if (auto ok = limit("login_device", device->nonce, limits.login_device, auth_code::kTooManyRequests); !ok)
      return propagate(ok.error());
  } else {
    // The (account, IP) pair first, so an attempt it refuses spends nothing of the
    // account's allowance. When that allowance is spent (strangers elsewhere are trying),
    // each pair still has a small allowance of its own: the owner on a new device gets in
    // while the strangers' addresses each stay at theirs (docs/decisions/login-lockout.md).
    const auto pair = key + "|" + client.ip;
    if (auto ok = limit("login_account_ip", pair, limits.login_account_ip, auth_code::kTooManyRequests); !ok)
      return propagate(ok.error());
    if (auto ok = limit("login_account", key, limits.login_account, auth_code::kTooManyRequests); !ok)
      if (auto spent =
              limit("login_account_spent_ip", pair, limits.login_account_spent_ip, auth_code::kTooManyRequests);
          !spent)
        return propagate(spent.error());
  }
  if (password.size() > kMaxPasswordBytes) return invalid_credential();
  if (!*found || (*found)->withdrawn() || (*found)->password_hash.empty()) {
    spend_equal_time(password);
    return invalid_credential();
  }
  const User& user = **found;
  if (!deps_.hasher.verify(user.password_hash, password)) return invalid_credential();
  // Only someone who knows the password learns the account's state.
  if (user.blocked) return user_disabled();
  if (!user.email_verified()) return fail(ErrorCode::kForbidden, msg::kEmailNotVerified, auth_code::kEmailNotVerified);
  auto session = issue_session(user, deps_.crypto.random_token());
  if (session) {
    // Renewed on every successful login; the nonce stays, so the device keeps its count.
    const auto now = deps_.clock.now();
    session->device_token = encode_device_token(
        {user.id, now, device && device->user_id == user.id ? device->nonce : deps_.crypto.random_token()},
        deps_.crypto);
  }
  return session;
}

Result<IssuedSession> AuthService::refresh(std::string_view refresh_token) {
  if (!usable_token(refresh_token)) return session_expired();
  const auto now = deps_.clock.now();
  const auto hash = deps_.crypto.hash_token(refresh_token);
  auto found = deps_.sessions.find_by_hash(hash);
  if (!found) return propagate(found.error());
  if (!*found) return session_expired();
  const RefreshSession session = **found;
  if (session.revoked_at) {
    // Blocking ends every login; its owner still learns why (docs/API.md: 403 blocked).
    auto owner = deps_.users.find_by_id(session.user_id);
    if (owner && *owner && !(*owner)->withdrawn() && (*owner)->blocked) return fail(ErrorCode::kBlocked, msg::kBlocked);
    return session_expired();
  }
  if (session.rotated_at) {
    // A rotated token came back: someone kept a copy. End the whole login.
    if (auto ok = deps_.sessions.revoke_family(session.family, now); !ok) return propagate(ok.error());
    return session_expired();
  }
  if (session.expires_at <= now) return session_expired();

  auto user = deps_.users.find_by_id(session.user_id);
  if (!user) return propagate(user.error());
  if (!*user || (*user)->withdrawn()) {
    std::ignore = deps_.sessions.revoke_family(session.family, now);  // the answer is the same either way
    return session_expired();
  }
  if ((*user)->blocked) return fail(ErrorCode::kBlocked, msg::kBlocked);

  auto next_token = deps_.crypto.random_token();
  const RefreshSession next{0,   session.user_id,        session.family, deps_.crypto.hash_token(next_token),
                            now, now + kRefreshTokenTtl, std::nullopt,   std::nullopt};
  auto rotated = deps_.sessions.rotate(hash, next, now);
  if (!rotated) return propagate(rotated.error());
  if (!*rotated) {
    // Another refresh with the same token won: the token was used twice.
    if (auto ok = deps_.sessions.revoke_family(session.family, now); !ok) return propagate(ok.error());
    return session_expired();
  }
  const User& u = **user;
  auto access = encode_access_token({u.id, u.session_epoch, now, now + kAccessTokenTtl, session.family}, deps_.crypto);
  return IssuedSession{u, std::move(access), kAccessTokenTtl, std::move(next_token), kRefreshTokenTtl, {}};
}

void AuthService::logout(std::string_view refresh_token) {
  if (!usable_token(refresh_token)) return;
  auto found = deps_.sessions.find_by_hash(deps_.crypto.hash_token(refresh_token));
  if (found && *found) std::ignore = deps_.sessions.revoke_family((*found)->family, deps_.clock.now());  // never fails
}

Result<void> AuthService::verify_email(std::string_view token) {
  if (!usable_token(token)) return invalid_action_code();
  const auto now = deps_.clock.now();
  const auto hash = deps_.crypto.hash_token(token);
  auto consumed = deps_.action_tokens.consume(hash, ActionPurpose::kVerifyEmail, now);
  if (!consumed) return propagate(consumed.error());
  if (!*consumed) return verification_link_reused(hash);
  auto user = deps_.users.find_by_id((*consumed)->user_id);
  if (!user) return propagate(user.error());
  if (!*user || (*user)->withdrawn()) return invalid_action_code();
  if ((*user)->email_verified()) return {};
  return deps_.users.mark_email_verified((*user)->id, now);
}

// A verification link opened again (a second tap, the mail app's preview) after it did its
// work: its owner is verified, so say so (409 already verified, the page offers login)
// instead of "invalid link". Anything else about the token stays "invalid".
Result<void> AuthService::verification_link_reused(std::string_view token_hash) {
  auto used = deps_.action_tokens.find_used(token_hash, ActionPurpose::kVerifyEmail);
  if (!used) return propagate(used.error());
  if (!*used) return invalid_action_code();
  auto user = deps_.users.find_by_id((*used)->user_id);
  if (!user) return propagate(user.error());
  if (!*user || (*user)->withdrawn() || !(*user)->email_verified()) return invalid_action_code();
  return fail(ErrorCode::kConflict, msg::kAlreadyVerified, auth_code::kAlreadyVerified);
}

Result<void> AuthService::resend_verification(std::string_view email_typed, std::string_view password,
                                              const ClientInfo& client) {
  const auto& limits = settings_.limits;
  if (auto ok = limit("resend_ip", client.ip, limits.resend_ip, auth_code::kTooManyRequests); !ok)
    return propagate(ok.error());
  const auto email = normalize_email(email_typed);
  if (auto ok =
          limit("resend_account", account_key(email_typed, email), limits.resend_account, auth_code::kTooManyRequests);
      !ok)
    return propagate(ok.error());
  if (password.size() > kMaxPasswordBytes) return not_logged_in();
  if (!email) {
    spend_equal_time(password);
    return not_logged_in();
  }
  auto found = deps_.users.find_by_email(*email);
  if (!found) return propagate(found.error());
  if (!*found || (*found)->withdrawn() || (*found)->password_hash.empty()) {
    spend_equal_time(password);
    return not_logged_in();
  }
  const User& user = **found;
  if (!deps_.hasher.verify(user.password_hash, password)) return not_logged_in();
  if (user.blocked) return user_disabled();
  if (user.email_verified()) return fail(ErrorCode::kConflict, msg::kAlreadyVerified, auth_code::kAlreadyVerified);
  auto token = new_action_token(user, ActionPurpose::kVerifyEmail, kVerifyEmailTokenTtl);
  if (!token) return propagate(token.error());
  if (!deliver(user, kVerifyEmailMailKind, *token, verification_mail(user, settings_.base_url, *token)))
    return fail(ErrorCode::kUnavailable, msg::kMailFailed);
  return {};
}

Result<void> AuthService::request_password_reset(std::string_view email_typed, const ClientInfo& client) {
  const auto& limits = settings_.limits;
  if (auto ok = limit("reset_ip", client.ip, limits.reset_ip, auth_code::kTooManyRequests); !ok)
    return propagate(ok.error());
  auto email = normalize_email(email_typed);
  if (!email) return propagate(email.error());
  if (auto ok = limit("reset_account", *email, limits.reset_account, auth_code::kTooManyRequests); !ok)
    return propagate(ok.error());
  auto found = deps_.users.find_by_email(*email);
  if (!found) return propagate(found.error());
  if (!*found || (*found)->withdrawn()) return {};  // the same answer as for an account
  const User& user = **found;
  auto token = new_action_token(user, ActionPurpose::kResetPassword, kResetPasswordTokenTtl);
  if (!token) return propagate(token.error());
  // A mail failure cannot be reported without saying that the account exists; the
  // mail adapter (or the mail thread) logs it for the operator.
  std::ignore = deliver(user, kPasswordResetMailKind, *token, password_reset_mail(user, settings_.base_url, *token));
  return {};
}

Result<void> AuthService::confirm_password_reset(std::string_view token, std::string_view new_password,
                                                 const ClientInfo& client) {
  if (auto ok = limit("reset_ip", client.ip, settings_.limits.reset_ip, auth_code::kTooManyRequests); !ok)
    return propagate(ok.error());
  if (!usable_token(token)) return invalid_action_code();
  // The password first: a weak one must not use up the link.
  if (auto ok = check_password(new_password, deps_.common_passwords); !ok) return propagate(ok.error());
  const auto now = deps_.clock.now();
  auto consumed = deps_.action_tokens.consume(deps_.crypto.hash_token(token), ActionPurpose::kResetPassword, now);
  if (!consumed) return propagate(consumed.error());
  if (!*consumed) return invalid_action_code();
  auto found = deps_.users.find_by_id((*consumed)->user_id);
  if (!found) return propagate(found.error());
  if (!*found || (*found)->withdrawn()) return invalid_action_code();
  const User& user = **found;
  auto hash = deps_.hasher.hash(new_password);
  if (!hash) return propagate(hash.error());
  if (auto ok = deps_.users.set_password_hash(user.id, *hash); !ok) return propagate(ok.error());
  if (!user.email_verified())
    if (auto ok = deps_.users.mark_email_verified(user.id, now); !ok) return propagate(ok.error());
  if (auto ok = deps_.sessions.revoke_all_for_user(user.id, now); !ok) return propagate(ok.error());
  return deps_.action_tokens.delete_for_user(user.id, ActionPurpose::kResetPassword);
}

Result<User> AuthService::authenticate(std::string_view access_token) {
  const auto claims = decode_access_token(access_token, deps_.crypto, deps_.clock.now());
  if (!claims) return token_refused();
  auto found = deps_.users.find_by_id(claims->user_id);
  if (!found) return propagate(found.error());
  if (!*found || (*found)->withdrawn()) return token_refused();
  // Blocked before the epoch check: a blocked user always hears "blocked".
  if ((*found)->blocked) return fail(ErrorCode::kBlocked, msg::kBlocked);
  if ((*found)->session_epoch != claims->session_epoch || !(*found)->email_verified()) return token_refused();
  // Logout and a reused refresh token end their login (revoke_family); its access tokens
  // end with it, as the epoch ends them all on a password reset.
  if (!claims->login.empty()) {
    auto active = deps_.sessions.login_active(claims->login);
    if (!active) return propagate(active.error());
    if (!*active) return token_refused();
  }
  return std::move(**found);
}

Result<User> AuthService::update_profile(const User& user, const ProfileUpdate& update) {
  std::string nickname = user.nickname;
  std::string prefecture = user.prefecture;
  if (update.nickname) {
    auto n = normalize_nickname(*update.nickname);
    if (!n) return propagate(n.error());
    nickname = std::move(*n);
  }
  if (update.prefecture) {
    auto p = normalize_prefecture_name(*update.prefecture);
    if (!p) return propagate(p.error());
    prefecture = std::move(*p);
  }
  if (update.favorite_alerts && *update.favorite_alerts != user.favorite_alerts)
    if (auto ok = deps_.users.set_favorite_alerts(user.id, *update.favorite_alerts); !ok)
      return std::unexpected(ok.error());
  if (update.review_mail && *update.review_mail != user.review_mail)
    if (auto ok = deps_.users.set_review_mail(user.id, *update.review_mail); !ok) return std::unexpected(ok.error());
  return deps_.users.update_profile(user.id, nickname, prefecture, deps_.clock.now());
}

Result<void> AuthService::withdraw(const User& user, std::string_view reason) {
  auto kept = normalize_withdrawal_reason(reason);
  if (!kept) return propagate(kept.error());
  return deps_.users.withdraw(user.id, *kept, deps_.clock.now());
}

Result<void> AuthService::require_admin(const User& user) const {
  if (!user.admin) return fail(ErrorCode::kForbidden, msg::kAdminRequired);
  return {};
}

Result<void> AuthService::check_write_rate(const ClientInfo& client, std::optional<UserId> user) {
  if (auto ok = limit("write_ip", client.ip, settings_.limits.write_ip, {}); !ok) return ok;
  if (user) return limit("write_account", std::to_string(*user), settings_.limits.write_account, {});
  return {};
}

}  // namespace pokeca
