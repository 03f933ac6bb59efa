#include "endpoints/accounts/auth_handlers.hpp"

#include <boost/json/object.hpp>

#include "api/api_body.hpp"
#include "api/json_body.hpp"
#include "api/json_mapping.hpp"
#include "endpoints/accounts/refresh_cookie.hpp"
#include "pokeca/accounts/device_token.hpp"
#include "pokeca/shared/messages.hpp"

namespace pokeca::http {
namespace {

namespace json = boost::json;

std::string user_body(const User& user) { return success_body({{"user", user_json(user)}}); }

}  // namespace

// docs/API.md's Session, flattened into the success body, plus the rotated cookie.
ApiOutput AccountHandlers::session_output(const IssuedSession& s) const {
  ApiOutput out{success_body(
      {{"access_token", s.access_token}, {"expires_in", s.access_expires_in}, {"user", user_json(s.user)}})};
  out.set_cookies.push_back(refresh_cookie(s.refresh_token, s.refresh_expires_in, secure_cookies_));
  if (!s.device_token.empty())
    out.set_cookies.push_back(device_cookie(s.device_token, kDeviceTokenTtl, secure_cookies_));
  return out;
}

ApiResult AccountHandlers::post_users(const ApiCall& call) const {
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
  auto created = auth_.sign_up(input, call.client);
  if (!created) return std::unexpected(created.error());
  const auto message = created->mail_sent ? msg::kSignUpDone : msg::kSignUpMailFailed;
  return ApiOutput{Status::created, message_body(message, {{"mail_sent", created->mail_sent}})};
}

ApiResult AccountHandlers::post_auth_login(const ApiCall& call) const {
  auto body = body_object(call.body);
  if (!body) return std::unexpected(body.error());
  auto email = string_member(*body, "email");
  auto password = string_member(*body, "password");
  if (!email || !password) return bad_json();
  ClientInfo client = call.client;
  client.device_token = std::string(device_token_from(call.cookie));
  auto session = auth_.login(*email, *password, client);
  if (!session) return std::unexpected(session.error());
  return session_output(*session);
}

ApiResult AccountHandlers::post_auth_refresh(const ApiCall& call) const {
  auto session = auth_.refresh(refresh_token_from(call.cookie));
  if (!session) return std::unexpected(session.error());
  return session_output(*session);
}

ApiResult AccountHandlers::post_auth_logout(const ApiCall& call) const {
  auth_.logout(refresh_token_from(call.cookie));
  ApiOutput out{message_body(msg::kLoggedOut)};
  out.set_cookies.push_back(cleared_refresh_cookie(secure_cookies_));
  return out;
}

ApiResult AccountHandlers::post_auth_verify_email(const ApiCall& call) const {
  auto body = body_object(call.body);
  if (!body) return std::unexpected(body.error());
  auto token = string_member(*body, "token");
  if (!token) return std::unexpected(token.error());
  if (auto ok = auth_.verify_email(*token); !ok) return std::unexpected(ok.error());
  return message_body(msg::kEmailVerified);
}

ApiResult AccountHandlers::post_auth_resend_verification(const ApiCall& call) const {
  auto body = body_object(call.body);
  if (!body) return std::unexpected(body.error());
  auto email = string_member(*body, "email");
  auto password = string_member(*body, "password");
  if (!email || !password) return bad_json();
  if (auto ok = auth_.resend_verification(*email, *password, call.client); !ok) return std::unexpected(ok.error());
  return message_body(msg::kVerificationResent);
}

ApiResult AccountHandlers::post_auth_password_reset(const ApiCall& call) const {
  auto body = body_object(call.body);
  if (!body) return std::unexpected(body.error());
  auto email = string_member(*body, "email");
  if (!email) return std::unexpected(email.error());
  if (auto ok = auth_.request_password_reset(*email, call.client); !ok) return std::unexpected(ok.error());
  return message_body(msg::kResetRequested);
}

ApiResult AccountHandlers::post_auth_password_reset_confirm(const ApiCall& call) const {
  auto body = body_object(call.body);
  if (!body) return std::unexpected(body.error());
  auto token = string_member(*body, "token");
  auto password = string_member(*body, "password");
  if (!token || !password) return bad_json();
  if (auto ok = auth_.confirm_password_reset(*token, *password, call.client); !ok) return std::unexpected(ok.error());
  return message_body(msg::kPasswordChanged);
}

ApiResult AccountHandlers::get_auth_me(const ApiCall& call) const { return user_body(*call.user); }

ApiResult AccountHandlers::get_admin_check(const ApiCall&) const {
  // Dispatch has already refused everyone who is not an admin.
  return success_body({{"admin", true}});
}

ApiResult AccountHandlers::get_users_profile(const ApiCall& call) const { return user_body(*call.user); }

ApiResult AccountHandlers::put_users_profile(const ApiCall& call) const {
  auto body = body_object(call.body);
  if (!body) return std::unexpected(body.error());
  auto user = object_member(*body, "user");
  if (!user) return std::unexpected(user.error());
  auto nickname = optional_string_member(*user, "nickname");
  auto prefecture = optional_string_member(*user, "prefecture");
  if (!nickname || !prefecture) return bad_json();
  std::optional<bool> favorite_alerts;
  if (const auto* alerts = user->if_contains("favorite_alerts"); alerts && !alerts->is_null()) {
    if (!alerts->is_bool()) return fail(ErrorCode::kBadRequest, msg::kFavoriteAlertsNotBool);
    favorite_alerts = alerts->as_bool();
  }
  std::optional<bool> review_mail;
  if (const auto* review = user->if_contains("review_mail"); review && !review->is_null()) {
    if (!review->is_bool()) return fail(ErrorCode::kBadRequest, msg::kReviewMailNotBool);
    review_mail = review->as_bool();
  }
  auto updated =
      auth_.update_profile(*call.user, {std::move(*nickname), std::move(*prefecture), favorite_alerts, review_mail});
  if (!updated) return std::unexpected(updated.error());
  return user_body(*updated);
}

ApiResult AccountHandlers::delete_users_withdrawal(const ApiCall& call) const {
  auto reason = body_string_member(call.body, "reason");
  if (!reason) return std::unexpected(reason.error());
  if (auto ok = auth_.withdraw(*call.user, *reason); !ok) return std::unexpected(ok.error());
  // The account's unapproved submissions and their photo files go too.
  if (auto ok = submissions_.forget_unapproved_of(call.user->id); !ok) return std::unexpected(ok.error());
  ApiOutput out{message_body(msg::kWithdrawn)};
  out.set_cookies.push_back(cleared_refresh_cookie(secure_cookies_));
  return out;
}

}  // namespace pokeca::http
