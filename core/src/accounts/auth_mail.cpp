#include "pokeca/accounts/auth_mail.hpp"

#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/text.hpp"

namespace pokeca {
namespace {

std::string_view without_trailing_slash(std::string_view url) {
  while (url.ends_with('/')) url.remove_suffix(1);
  return url;
}

Mail build(const User& user, std::string_view subject, std::string_view body, std::string_view link,
           std::string_view base_url) {
  auto text = fill_placeholder(body, "{nickname}", user.nickname);
  text = fill_placeholder(text, "{link}", link);
  text = fill_placeholder(text, "{base_url}", std::string(without_trailing_slash(base_url)) + "/");
  return Mail{user.email, std::string(subject), std::move(text)};
}

}  // namespace

std::string action_link(std::string_view base_url, std::string_view mode, std::string_view token) {
  return std::string(without_trailing_slash(base_url)) + "/auth/action?mode=" + std::string(mode) +
         "&token=" + std::string(token);
}

Mail verification_mail(const User& user, std::string_view base_url, std::string_view token) {
  return build(user, msg::kVerifyMailSubject, msg::kVerifyMailBody, action_link(base_url, kVerifyEmailMode, token),
               base_url);
}

Mail password_reset_mail(const User& user, std::string_view base_url, std::string_view token) {
  return build(user, msg::kResetMailSubject, msg::kResetMailBody, action_link(base_url, kResetPasswordMode, token),
               base_url);
}

}  // namespace pokeca
