#include "auth_handlers.hpp"

#include <boost/json/object.hpp>

#include "json_body.hpp"
#include "json_mapping.hpp"
#include "json_text.hpp"
#include "pokeca/device_token.hpp"
#include "pokeca/messages.hpp"
#include "refresh_cookie.hpp"

namespace pokeca::http {
namespace {

namespace json = boost::json;

std::string user_body(const User& user) {
  return to_json_text(json::object{{"success", true}, {"user", user_json(user)}});
}

// docs/API.md's Session, flattened into the success body, plus the rotated cookie.
ApiOutput session_output(const IssuedSession& s, const RouterConfig& config) {
  ApiOutput out{to_json_text(json::object{{"success", true},
                                          {"access_token", s.access_token},
                                          {"expires_in", s.access_expires_in},
                                          {"user", user_json(s.user)}})};
  out.set_cookies.push_back(refresh_cookie(s.refresh_token, s.refresh_expires_in, config.secure_cookies));
  if (!s.device_token.empty())
    out.set_cookies.push_back(device_cookie(s.device_token, kDeviceTokenTtl, config.secure_cookies));
  return out;
}

}  // namespace

ApiResult post_users(const ApiCall& call) {
  auto body = body_object(call.body);
  if (!body) return std::unexpected(body.error());
  auto user = object_member(*body, "user");
  if (!user) return std::unexpected(user.error());
  SignUpInput input;
  for (auto [key, field] : {std::pair{"email", &input.email}, std::pair{"password", &input.password},
                            std::pair{"username", &input.nickname}, std::pair{"prefecture", &input.prefecture}}) {
    auto value = string_member(*user, key);
    if (!value) return std::unexpected(value.error());
    *field = std::move(*value);
  }
  auto created = call.auth.sign_up(input, call.client);
  if (!created) return std::unexpected(created.error());
  const auto message = created->mail_sent ? msg::kSignUpDone : msg::kSignUpMailFailed;
  return ApiOutput{Status::created, message_body(message, {{"mail_sent", created->mail_sent}})};
}

ApiResult post_auth_login(const ApiCall& call) {
  auto body = body_object(call.body);
  if (!body) return std::unexpected(body.error());
  auto email = string_member(*body, "email");
  auto password = string_member(*body, "password");
  if (!email || !password) return bad_json();
  ClientInfo client = call.client;
  client.device_token = std::string(device_token_from(call.cookie));
  auto session = call.auth.login(*email, *password, client);
  if (!session) return std::unexpected(session.error());
  return session_output(*session, call.config);
}

ApiResult post_auth_refresh(const ApiCall& call) {
  auto session = call.auth.refresh(refresh_token_from(call.cookie));
  if (!session) return std::unexpected(session.error());
  return session_output(*session, call.config);
}

ApiResult post_auth_logout(const ApiCall& call) {
  call.auth.logout(refresh_token_from(call.cookie));
  ApiOutput out{message_body(msg::kLoggedOut)};
  out.set_cookies.push_back(cleared_refresh_cookie(call.config.secure_cookies));
  return out;
}

ApiResult post_auth_verify_email(const ApiCall& call) {
  auto body = body_object(call.body);
  if (!body) return std::unexpected(body.error());
  auto token = string_member(*body, "token");
  if (!token) return std::unexpected(token.error());
  if (auto ok = call.auth.verify_email(*token); !ok) return std::unexpected(ok.error());
  return message_body(msg::kEmailVerified);
}

ApiResult post_auth_resend_verification(const ApiCall& call) {
  auto body = body_object(call.body);
  if (!body) return std::unexpected(body.error());
  auto email = string_member(*body, "email");
  auto password = string_member(*body, "password");
  if (!email || !password) return bad_json();
  if (auto ok = call.auth.resend_verification(*email, *password, call.client); !ok)
    return std::unexpected(ok.error());
  return message_body(msg::kVerificationResent);
}

ApiResult post_auth_password_reset(const ApiCall& call) {
  auto body = body_object(call.body);
  if (!body) return std::unexpected(body.error());
  auto email = string_member(*body, "email");
  if (!email) return std::unexpected(email.error());
  if (auto ok = call.auth.request_password_reset(*email, call.client); !ok) return std::unexpected(ok.error());
  return message_body(msg::kResetRequested);
}

ApiResult post_auth_password_reset_confirm(const ApiCall& call) {
  auto body = body_object(call.body);
  if (!body) return std::unexpected(body.error());
  auto token = string_member(*body, "token");
  auto password = string_member(*body, "password");
  if (!token || !password) return bad_json();
  if (auto ok = call.auth.confirm_password_reset(*token, *password, call.client); !ok)
    return std::unexpected(ok.error());
  return message_body(msg::kPasswordChanged);
}

ApiResult get_auth_me(const ApiCall& call) { return user_body(*call.user); }

ApiResult get_admin_check(const ApiCall&) {
  // Dispatch has already refused everyone who is not an admin.
  return to_json_text(json::object{{"success", true}, {"admin", true}});
}

ApiResult get_users_profile(const ApiCall& call) { return user_body(*call.user); }

ApiResult put_users_profile(const ApiCall& call) {
  auto body = body_object(call.body);
  if (!body) return std::unexpected(body.error());
  auto user = object_member(*body, "user");
  if (!user) return std::unexpected(user.error());
  auto nickname = optional_string_member(*user, "nickname");
  auto prefecture = optional_string_member(*user, "prefecture");
  if (!nickname || !prefecture) return bad_json();
  auto updated = call.auth.update_profile(*call.user, {std::move(*nickname), std::move(*prefecture)});
  if (!updated) return std::unexpected(updated.error());
  return user_body(*updated);
}

ApiResult delete_users_withdrawal(const ApiCall& call) {
  auto body = body_object(call.body);
  if (!body) return std::unexpected(body.error());
  auto reason = string_member(*body, "reason");
  if (!reason) return std::unexpected(reason.error());
  if (auto ok = call.auth.withdraw(*call.user, *reason); !ok) return std::unexpected(ok.error());
  // Issue 14 §6: the account's unapproved submissions and their photo files go too.
  if (call.contributions.submissions)
    if (auto ok = call.contributions.submissions->forget_unapproved_of(call.user->id); !ok)
      return std::unexpected(ok.error());
  ApiOutput out{message_body(msg::kWithdrawn)};
  out.set_cookies.push_back(cleared_refresh_cookie(call.config.secure_cookies));
  return out;
}

}  // namespace pokeca::http
