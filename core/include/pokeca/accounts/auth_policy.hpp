#pragma once
// The account rules: e-mail, password, nickname, prefecture, token lifetimes.
// Every limit is a named constant here, next to the rule that uses it.
#include <string>
#include <string_view>

#include "pokeca/accounts/common_passwords.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

// SPEC.md §5: at least 6 characters. The upper bound keeps hashing cost and request
// size sane (Argon2 takes any length, but nobody types more than this).
inline constexpr std::size_t kMinPasswordChars = 6;    // UTF-8 code points
inline constexpr std::size_t kMaxPasswordChars = 128;  // UTF-8 code points
// RFC 5321's path limit; the local part alone may be up to 64 octets.
inline constexpr std::size_t kMaxEmailBytes = 254;
inline constexpr std::size_t kMaxEmailLocalBytes = 64;
inline constexpr std::size_t kMinNicknameChars = 1;   // after trimming
inline constexpr std::size_t kMaxNicknameChars = 20;  // UTF-8 code points
inline constexpr std::size_t kMaxWithdrawalReasonChars = 1000;

// PRODUCT.md §3: access tokens are short-lived, refresh tokens long-lived, mail links
// expire (verify 24 h, reset 1 h).
inline constexpr UnixSeconds kAccessTokenTtl = 15 * 60;
inline constexpr UnixSeconds kRefreshTokenTtl = 30 * 24 * 3600;
inline constexpr UnixSeconds kVerifyEmailTokenTtl = 24 * 3600;
inline constexpr UnixSeconds kResetPasswordTokenTtl = 3600;
// Random bytes in every refresh token, mail-link token and login family id (≥ 128 bits).
inline constexpr std::size_t kTokenRandomBytes = 32;

// "  Foo@Example.COM " → "foo@example.com". Pragmatic: exactly one '@', a non-empty
// local part of RFC 5322 atext and dots (in any position: old Japanese carrier
// addresses such as "a..b.@docomo.ne.jp" have them), a domain of letters, digits, '-' and
// dots with at least one dot and no empty label, at most kMaxEmailBytes. The whole
// address is lower-cased so that uniqueness ignores case.
[[nodiscard]] Result<std::string> normalize_email(std::string_view input);

// Length in code points between the bounds, valid UTF-8, no control characters, and
// not one of the common passwords (compared case-insensitively). auth/weak-password.
[[nodiscard]] Result<void> check_password(std::string_view password, const CommonPasswords& common);

// Trims ASCII and ideographic (U+3000) spaces; 1–20 code points; no control
// characters. bad_request.
[[nodiscard]] Result<std::string> normalize_nickname(std::string_view input);

// "" (not set) or one of the 47 Japanese prefecture names. bad_request.
[[nodiscard]] Result<std::string> normalize_prefecture_name(std::string_view input);

// At most kMaxWithdrawalReasonChars code points of valid UTF-8; trimmed.
[[nodiscard]] Result<std::string> normalize_withdrawal_reason(std::string_view input);

// "taro@example.com" → "t***@example.com", for logs (never a full address).
[[nodiscard]] std::string mask_email(std::string_view email);

}  // namespace pokeca
