#pragma once
// The refresh-token cookie: HttpOnly (scripts never see it), SameSite=Strict (never
// sent by another site's page), Path=/api/v1/auth (sent only to refresh and logout),
// Secure when the site is served over https.
#include <optional>
#include <string>
#include <string_view>

#include "pokeca/time.hpp"

namespace pokeca::http {

inline constexpr std::string_view kRefreshCookieName = "pokeca_refresh";
inline constexpr std::string_view kRefreshCookiePath = "/api/v1/auth";

// The Set-Cookie value that stores `token` for `max_age` seconds.
[[nodiscard]] std::string refresh_cookie(std::string_view token, UnixSeconds max_age, bool secure);
// The Set-Cookie value that deletes it.
[[nodiscard]] std::string cleared_refresh_cookie(bool secure);
// The cookie's value in a Cookie header; empty when absent.
[[nodiscard]] std::string_view refresh_token_from(std::string_view cookie_header);

// The device cookie (core's device_token.hpp): set on every successful
// login with the same attributes, so it too reaches only /api/v1/auth/*.
inline constexpr std::string_view kDeviceCookieName = "pokeca_device";
[[nodiscard]] std::string device_cookie(std::string_view token, UnixSeconds max_age, bool secure);
[[nodiscard]] std::string_view device_token_from(std::string_view cookie_header);

}  // namespace pokeca::http
