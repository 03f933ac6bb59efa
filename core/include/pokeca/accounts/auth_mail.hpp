#pragma once
// The two account mails (texts in messages.hpp) and their links:
// {base_url}/auth/action?mode=verifyEmail&token=… and …mode=resetPassword&token=….
#include <string>
#include <string_view>

#include "pokeca/accounts/user.hpp"
#include "pokeca/shared/mailer.hpp"

namespace pokeca {

inline constexpr std::string_view kVerifyEmailMode = "verifyEmail";
inline constexpr std::string_view kResetPasswordMode = "resetPassword";

// `token` is base64url, so it needs no escaping in a query string.
[[nodiscard]] std::string action_link(std::string_view base_url, std::string_view mode, std::string_view token);
[[nodiscard]] Mail verification_mail(const User& user, std::string_view base_url, std::string_view token);
[[nodiscard]] Mail password_reset_mail(const User& user, std::string_view base_url, std::string_view token);

}  // namespace pokeca
