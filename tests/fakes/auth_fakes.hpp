#pragma once
// In-memory fakes of the account ports, for core and router tests: repositories that
// behave like the SQLite ones, a transparent (fast) password hasher, deterministic
// token crypto, a mailer that keeps what it was given, and a clock tests move.
#include <algorithm>
#include <atomic>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "pokeca/accounts/auth_policy.hpp"
#include "pokeca/accounts/auth_ports.hpp"
#include "pokeca/shared/mailer.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca::testing {

class SettableClock final : public Clock {
 public:
  explicit SettableClock(UnixSeconds start) : now_(start) {}
  [[nodiscard]] UnixSeconds now() const override { return now_.load(); }
  void set(UnixSeconds t) { now_ = t; }
  void advance(UnixSeconds seconds) { now_ += seconds; }

 private:
  std::atomic<UnixSeconds> now_;
};

class FakeUserRepository final : public UserRepository {
 public:
  Result<User> create(const NewUser& n) override {
    std::lock_guard lock(mutex_);
    for (const auto& [id, u] : users_)
      if (u.email == n.email) return fail(ErrorCode::kConflict, msg::kEmailAlreadyInUse, "auth/email-already-in-use");
    User u;
    u.id = ++next_id_;
    u.email = n.email;
    u.nickname = n.nickname;
    u.prefecture = n.prefecture;
    u.password_hash = n.password_hash;
    u.created_at = n.created_at;
    users_[u.id] = u;
    return u;
  }
  Result<std::optional<User>> find_by_id(UserId id) override {
    std::lock_guard lock(mutex_);
    const auto it = users_.find(id);
    if (it == users_.end()) return std::optional<User>{};
    return std::optional<User>{it->second};
  }
  Result<std::optional<User>> find_by_email(std::string_view email) override {
    std::lock_guard lock(mutex_);
    for (const auto& [id, u] : users_)
      if (u.email == email) return std::optional<User>{u};
    return std::optional<User>{};
  }
  Result<void> mark_email_verified(UserId id, UnixSeconds at) override {
    return change(id, [at](User& u) { u.email_verified_at = at; });
  }
  Result<void> set_password_hash(UserId id, std::string_view hash) override {
    return change(id, [hash](User& u) {
      u.password_hash = hash;
      ++u.session_epoch;
    });
  }
  Result<User> update_profile(UserId id, std::string_view nickname, std::string_view prefecture, UnixSeconds) override {
    if (auto ok = change(id,
                         [&](User& u) {
                           u.nickname = nickname;
                           u.prefecture = prefecture;
                         });
        !ok)
      return std::unexpected(ok.error());
    return **find_by_id(id);
  }
  Result<void> set_review_mail(UserId id, bool on) override {
    return change(id, [on](User& u) { u.review_mail = on; });
  }
  Result<void> set_favorite_alerts(UserId id, bool on) override {
    return change(id, [on](User& u) { u.favorite_alerts = on; });
  }
  Result<void> set_admin(UserId id, bool admin) override {
    return change(id, [admin](User& u) { u.admin = admin; });
  }
  Result<void> set_blocked(UserId id, bool blocked) override {
    return change(id, [blocked](User& u) {
      u.blocked = blocked;
      if (blocked) ++u.session_epoch;
    });
  }
  Result<void> withdraw(UserId id, std::string_view reason, UnixSeconds at) override {
    withdrawal_reasons.emplace_back(reason);
    auto ok = change(id, [&](User& u) {
      u.email = "withdrawn-" + std::to_string(u.id) + "@invalid";
      u.nickname = msg::kWithdrawnNickname;
      u.prefecture.clear();
      u.password_hash.clear();
      ++u.session_epoch;
      u.withdrawn_at = at;
      u.favorite_alerts = false;
    });
    if (ok && on_withdraw) on_withdraw(id, at);
    return ok;
  }

  // The SQLite repository ends sessions and tokens in the same transaction.
  std::function<void(UserId, UnixSeconds)> on_withdraw;
  std::vector<std::string> withdrawal_reasons;

 private:
  template <typename Fn>
  Result<void> change(UserId id, Fn fn) {
    std::lock_guard lock(mutex_);
    const auto it = users_.find(id);
    if (it == users_.end()) return fail(ErrorCode::kNotFound, msg::kUserNotFound);
    fn(it->second);
    return {};
  }
  std::mutex mutex_;
  std::map<UserId, User> users_;
  UserId next_id_ = 0;
};

class FakeSessionRepository final : public SessionRepository {
 public:
  Result<void> create(const RefreshSession& s) override {
    std::lock_guard lock(mutex_);
    auto copy = s;
    copy.id = static_cast<std::int64_t>(sessions.size()) + 1;
    sessions.push_back(copy);
    return {};
  }
  Result<std::optional<RefreshSession>> find_by_hash(std::string_view hash) override {
    std::lock_guard lock(mutex_);
    for (const auto& s : sessions)
      if (s.token_hash == hash) return std::optional<RefreshSession>{s};
    return std::optional<RefreshSession>{};
  }
  Result<bool> rotate(std::string_view old_hash, const RefreshSession& next, UnixSeconds now) override {
    std::unique_lock lock(mutex_);
    for (auto& s : sessions)
      if (s.token_hash == old_hash) {
        if (s.rotated_at || s.revoked_at || s.expires_at <= now) return false;
        s.rotated_at = now;
        lock.unlock();
        (void)create(next);
        return true;
      }
    return false;
  }
  Result<void> revoke_family(std::string_view family, UnixSeconds at) override {
    std::lock_guard lock(mutex_);
    for (auto& s : sessions)
      if (s.family == family && !s.revoked_at) s.revoked_at = at;
    return {};
  }
  Result<void> revoke_all_for_user(UserId user, UnixSeconds at) override {
    std::lock_guard lock(mutex_);
    for (auto& s : sessions)
      if (s.user_id == user && !s.revoked_at) s.revoked_at = at;
    return {};
  }
  Result<bool> login_active(std::string_view family) override {
    std::lock_guard lock(mutex_);
    return std::any_of(sessions.begin(), sessions.end(),
                       [family](const RefreshSession& s) { return s.family == family && !s.revoked_at; });
  }
  Result<std::int64_t> delete_expired(UnixSeconds now) override {
    std::lock_guard lock(mutex_);
    return static_cast<std::int64_t>(
        std::erase_if(sessions, [now](const RefreshSession& s) { return s.expires_at < now; }));
  }
  void forget_user(UserId user) {
    std::lock_guard lock(mutex_);
    std::erase_if(sessions, [user](const RefreshSession& s) { return s.user_id == user; });
  }
  [[nodiscard]] std::size_t live_count(UserId user, UnixSeconds now) {
    std::lock_guard lock(mutex_);
    return static_cast<std::size_t>(std::count_if(sessions.begin(), sessions.end(), [&](const RefreshSession& s) {
      return s.user_id == user && !s.revoked_at && !s.rotated_at && s.expires_at > now;
    }));
  }

  std::vector<RefreshSession> sessions;

 private:
  std::mutex mutex_;
};

class FakeActionTokenRepository final : public ActionTokenRepository {
 public:
  struct Stored {
    ActionToken token;
    bool used = false;
  };
  Result<void> create(const ActionToken& t) override {
    std::lock_guard lock(mutex_);
    tokens.push_back({t, false});
    return {};
  }
  Result<std::optional<ActionToken>> consume(std::string_view hash, ActionPurpose purpose, UnixSeconds now) override {
    std::lock_guard lock(mutex_);
    for (auto& s : tokens)
      if (s.token.token_hash == hash && s.token.purpose == purpose && !s.used && s.token.expires_at > now) {
        s.used = true;
        return std::optional<ActionToken>{s.token};
      }
    return std::optional<ActionToken>{};
  }
  Result<std::optional<ActionToken>> find_used(std::string_view hash, ActionPurpose purpose) override {
    std::lock_guard lock(mutex_);
    for (const auto& s : tokens)
      if (s.token.token_hash == hash && s.token.purpose == purpose && s.used)
        return std::optional<ActionToken>{s.token};
    return std::optional<ActionToken>{};
  }
  Result<void> delete_for_user(UserId user, ActionPurpose purpose) override {
    std::lock_guard lock(mutex_);
    std::erase_if(tokens, [&](const Stored& s) { return s.token.user_id == user && s.token.purpose == purpose; });
    return {};
  }
  void forget_user(UserId user) {
    std::lock_guard lock(mutex_);
    std::erase_if(tokens, [&](const Stored& s) { return s.token.user_id == user; });
  }

  std::vector<Stored> tokens;

 private:
  std::mutex mutex_;
};

// "fake$<password>": fast and transparent; counts calls so tests see hashing happen.
class FakePasswordHasher final : public PasswordHasher {
 public:
  Result<std::string> hash(std::string_view password) override {
    ++hashes;
    return "fake$" + std::string(password);
  }
  bool verify(std::string_view encoded, std::string_view password) override {
    ++verifications;
    return encoded.starts_with("fake$") && encoded.substr(5) == password;
  }
  std::atomic<int> hashes{0};
  std::atomic<int> verifications{0};
};

// Unique tokens from a counter, "hash" = prefix, signature = a keyed std::hash.
class FakeTokenCrypto final : public TokenCrypto {
 public:
  std::string random_token() override {
    return "tok" + std::to_string(++counter_) + "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";
  }
  std::string hash_token(std::string_view token) const override { return "sha256:" + std::string(token); }
  std::string sign(std::string_view message) const override {
    return std::to_string(std::hash<std::string>{}(key + std::string(message)));
  }
  bool verify(std::string_view message, std::string_view signature) const override {
    return sign(message) == signature;
  }
  std::string key = "test-key";

 private:
  std::atomic<int> counter_{0};
};

class CapturingMailer final : public Mailer {
 public:
  Result<void> send(const Mail& mail) override {
    std::lock_guard lock(mutex_);
    if (failing) return fail(ErrorCode::kUnavailable, "mail down");
    mails.push_back(mail);
    return {};
  }
  [[nodiscard]] std::vector<Mail> sent() {
    std::lock_guard lock(mutex_);
    return mails;
  }
  // The token in the last mail's link ("…&token=XYZ\n").
  [[nodiscard]] std::string last_token() {
    std::lock_guard lock(mutex_);
    if (mails.empty()) return {};
    const auto& body = mails.back().text_body;
    const auto at = body.find("&token=");
    if (at == std::string::npos) return {};
    const auto end = body.find('\n', at);
    return body.substr(at + 7, end - at - 7);
  }
  std::atomic<bool> failing{false};
  std::vector<Mail> mails;

 private:
  std::mutex mutex_;
};

}  // namespace pokeca::testing
