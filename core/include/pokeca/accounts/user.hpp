#pragma once
// A site account (PRODUCT.md §2 User). The site is its own identity provider, so the
// account also holds the password hash; it never leaves the server.
#include <cstdint>
#include <optional>
#include <string>

#include "pokeca/shared/time.hpp"

namespace pokeca {

using UserId = std::int64_t;

struct User {
  UserId id = 0;
  std::string email;          // normalised (lower case); unique
  std::string nickname;       // the display name, 1–20 characters
  std::string prefecture;     // Japanese name ("東京都"); empty = not set
  std::string password_hash;  // PasswordHasher's encoded string; empty once withdrawn
  bool admin = false;
  bool blocked = false;
  std::optional<UnixSeconds> email_verified_at;
  // Bumped when every login must end (password reset, withdrawal, block): access tokens
  // carry the epoch they were issued under and older ones are refused.
  std::int64_t session_epoch = 0;
  UnixSeconds created_at = 0;
  std::optional<UnixSeconds> withdrawn_at;
  bool favorite_alerts = false;  // mail me about 購入できた reports at my favourite stores
  bool review_mail = true;       // mail me when my store submission is approved or rejected (opt-out)

  [[nodiscard]] bool email_verified() const { return email_verified_at.has_value(); }
  [[nodiscard]] bool withdrawn() const { return withdrawn_at.has_value(); }
};

// What sign-up stores.
struct NewUser {
  std::string email;
  std::string nickname;
  std::string prefecture;
  std::string password_hash;
  UnixSeconds created_at = 0;
};

}  // namespace pokeca
