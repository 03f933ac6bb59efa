#include "refresh_cookie.hpp"
#include "pokeca/text.hpp"

namespace pokeca::http {
namespace {

std::string attributes(UnixSeconds max_age, bool secure) {
  std::string out = "; Path=" + std::string(kRefreshCookiePath) + "; Max-Age=" + std::to_string(max_age) +
                    "; HttpOnly; SameSite=Strict";
  if (secure) out += "; Secure";
  return out;
}

}  // namespace

std::string refresh_cookie(std::string_view token, UnixSeconds max_age, bool secure) {
  return std::string(kRefreshCookieName) + "=" + std::string(token) + attributes(max_age, secure);
}

std::string cleared_refresh_cookie(bool secure) {
  return std::string(kRefreshCookieName) + "=" + attributes(0, secure);
}

namespace {

std::string_view cookie_value(std::string_view header, std::string_view name) {
  while (!header.empty()) {
    const auto semi = header.find(';');
    const auto pair = trim_blanks(header.substr(0, semi));
    header = semi == std::string_view::npos ? std::string_view{} : header.substr(semi + 1);
    const auto eq = pair.find('=');
    if (eq == std::string_view::npos) continue;
    if (trim_blanks(pair.substr(0, eq)) != name) continue;
    auto value = trim_blanks(pair.substr(eq + 1));
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"') value = value.substr(1, value.size() - 2);
    return value;
  }
  return {};
}

}  // namespace

std::string_view refresh_token_from(std::string_view header) { return cookie_value(header, kRefreshCookieName); }

std::string device_cookie(std::string_view token, UnixSeconds max_age, bool secure) {
  return std::string(kDeviceCookieName) + "=" + std::string(token) + attributes(max_age, secure);
}

std::string_view device_token_from(std::string_view header) { return cookie_value(header, kDeviceCookieName); }

}  // namespace pokeca::http
