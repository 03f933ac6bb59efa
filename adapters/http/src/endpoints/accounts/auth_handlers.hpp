#pragma once
// The thin handlers of docs/API.md's accounts section: read the JSON body or the
// refresh cookie, call one AuthService method, answer with docs/API.md's shapes.
#include "api/api_call.hpp"
#include "pokeca/accounts/auth_service.hpp"
#include "pokeca/contributions/submission_service.hpp"

namespace pokeca::http {

class AccountHandlers {
 public:
  // `submissions`: withdrawal also forgets the account's unapproved submissions.
  // `secure_cookies`: the refresh and device cookies get `Secure` (https deployments).
  AccountHandlers(AuthService& auth, SubmissionService& submissions, bool secure_cookies)
      : auth_(auth), submissions_(submissions), secure_cookies_(secure_cookies) {}

  [[nodiscard]] ApiResult post_users(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_auth_login(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_auth_refresh(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_auth_logout(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_auth_verify_email(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_auth_resend_verification(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_auth_password_reset(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_auth_password_reset_confirm(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_auth_me(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_admin_check(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_users_profile(const ApiCall& call) const;
  [[nodiscard]] ApiResult put_users_profile(const ApiCall& call) const;
  [[nodiscard]] ApiResult delete_users_withdrawal(const ApiCall& call) const;

 private:
  [[nodiscard]] ApiOutput session_output(const IssuedSession& session) const;

  AuthService& auth_;
  SubmissionService& submissions_;
  bool secure_cookies_;
};

}  // namespace pokeca::http
