#pragma once
// The thin handlers of docs/API.md's accounts section: read the JSON body or the
// refresh cookie, call one AuthService method, answer with the contract's shapes.
#include "api_handlers.hpp"

namespace pokeca::http {

[[nodiscard]] ApiResult post_users(const ApiCall& call);
[[nodiscard]] ApiResult post_auth_login(const ApiCall& call);
[[nodiscard]] ApiResult post_auth_refresh(const ApiCall& call);
[[nodiscard]] ApiResult post_auth_logout(const ApiCall& call);
[[nodiscard]] ApiResult post_auth_verify_email(const ApiCall& call);
[[nodiscard]] ApiResult post_auth_resend_verification(const ApiCall& call);
[[nodiscard]] ApiResult post_auth_password_reset(const ApiCall& call);
[[nodiscard]] ApiResult post_auth_password_reset_confirm(const ApiCall& call);
[[nodiscard]] ApiResult get_auth_me(const ApiCall& call);
[[nodiscard]] ApiResult get_admin_check(const ApiCall& call);
[[nodiscard]] ApiResult get_users_profile(const ApiCall& call);
[[nodiscard]] ApiResult put_users_profile(const ApiCall& call);
[[nodiscard]] ApiResult delete_users_withdrawal(const ApiCall& call);

}  // namespace pokeca::http
