#include "pokeca/accounts/auth_policy.hpp"

#include <algorithm>

#include "pokeca/accounts/auth_codes.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/prefectures.hpp"
#include "pokeca/shared/shown_text.hpp"
#include "pokeca/shared/text.hpp"
#include "pokeca/shared/utf8.hpp"

namespace pokeca {
namespace {

constexpr std::size_t kMaxDomainLabelBytes = 63;
// RFC 5322 atext plus '.'.
constexpr std::string_view kLocalSpecials = "!#$%&'*+-/=?^_`{|}~.";

bool is_alnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// Dots anywhere: Japanese carriers issued addresses such as "a..b.@docomo.ne.jp", which
// are not RFC dot-atoms but still receive mail (the mail adapter quotes them).
bool valid_local_part(std::string_view local) {
  if (local.empty() || local.size() > kMaxEmailLocalBytes) return false;
  return std::all_of(local.begin(), local.end(),
                     [](char c) { return is_alnum(c) || kLocalSpecials.find(c) != std::string_view::npos; });
}

bool valid_domain(std::string_view domain) {
  if (domain.find('.') == std::string_view::npos) return false;
  while (true) {
    const auto dot = domain.find('.');
    const auto label = domain.substr(0, dot);
    if (label.empty() || label.size() > kMaxDomainLabelBytes) return false;
    if (label.front() == '-' || label.back() == '-') return false;
    if (!std::all_of(label.begin(), label.end(), [](char c) { return is_alnum(c) || c == '-'; })) return false;
    if (dot == std::string_view::npos) return true;
    domain.remove_prefix(dot + 1);
  }
}

}  // namespace

Result<std::string> normalize_email(std::string_view input) {
  const auto email = trim_ascii_whitespace(input);
  const auto bad = [] { return fail(ErrorCode::kBadRequest, msg::kInvalidEmail, auth_code::kInvalidEmail); };
  if (email.empty() || email.size() > kMaxEmailBytes) return bad();
  const auto at = email.find('@');
  if (at == std::string_view::npos || email.find('@', at + 1) != std::string_view::npos) return bad();
  if (!valid_local_part(email.substr(0, at)) || !valid_domain(email.substr(at + 1))) return bad();
  return ascii_lower(email);
}

Result<void> check_password(std::string_view password, const CommonPasswords& common) {
  const auto weak = [](std::string_view message) {
    return fail(ErrorCode::kBadRequest, message, auth_code::kWeakPassword);
  };
  if (!is_valid_utf8(password) || has_control_character(password)) return weak(msg::kPasswordBadCharacters);
  const auto chars = utf8_length(password);
  if (chars < kMinPasswordChars) return weak(msg::kPasswordTooShort);
  if (chars > kMaxPasswordChars) return weak(msg::kPasswordTooLong);
  if (common.contains(password)) return weak(msg::kPasswordTooCommon);
  return {};
}

Result<std::string> normalize_nickname(std::string_view input) {
  if (!is_valid_utf8(input)) return fail(ErrorCode::kBadRequest, msg::kBadNickname);
  const auto nickname = trim_spaces(input);
  const auto chars = utf8_length(nickname);
  if (chars < kMinNicknameChars || chars > kMaxNicknameChars || has_control_character(nickname))
    return fail(ErrorCode::kBadRequest, msg::kBadNickname);
  if (auto ok = check_shown_text(nickname, msg::kFieldNickname); !ok) return std::unexpected(ok.error());
  return std::string(nickname);
}

Result<std::string> normalize_prefecture_name(std::string_view input) {
  if (!is_valid_utf8(input)) return fail(ErrorCode::kBadRequest, msg::kBadPrefectureName);
  const auto name = trim_spaces(input);
  if (name.empty()) return std::string{};
  if (!find_prefecture_by_name(name)) return fail(ErrorCode::kBadRequest, msg::kBadPrefectureName);
  return std::string(name);
}

Result<std::string> normalize_withdrawal_reason(std::string_view input) {
  if (!is_valid_utf8(input)) return fail(ErrorCode::kBadRequest, msg::kBadText);
  const auto reason = trim_spaces(input);
  if (utf8_length(reason) > kMaxWithdrawalReasonChars) return fail(ErrorCode::kBadRequest, msg::kReasonTooLong);
  return std::string(reason);
}

std::string mask_email(std::string_view email) {
  const auto at = email.find('@');
  if (at == std::string_view::npos || at == 0) return "***";
  return std::string(email.substr(0, 1)) + "***" + std::string(email.substr(at));
}

}  // namespace pokeca
