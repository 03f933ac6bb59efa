#pragma once
// The refresh-token cookie: HttpOnly (scripts never see it), SameSite=Strict (never
// sent by another site's page), Path=/api/v1/auth (sent only to refresh and logout),
// Secure when the site is served over https.
#include <optional>
#include <string>
#include <string_view>

#include "pokeca/shared/time.hpp"

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

// Whether a request that may carry these cookies (a POST under kRefreshCookiePath) was
// made by another site's page (a form or a script there), which must be refused: a
// cross-site form must not log a user out or in. Sec-Fetch-Site decides when the browser
// sends it (only "same-origin" and "none", typed or bookmarked, pass); else Origin must
// name the request's Host or the site's public origin (`public_base_url`). A request
// with neither header is not a modern browser's and carries no victim's cookie by itself.
[[nodiscard]] bool from_another_site(std::string_view method, std::string_view path, std::string_view sec_fetch_site,
                                     std::string_view origin, std::string_view host, std::string_view public_base_url);

}  // namespace pokeca::http
