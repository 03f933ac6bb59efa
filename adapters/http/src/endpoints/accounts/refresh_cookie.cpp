#include "endpoints/accounts/refresh_cookie.hpp"

#include <boost/beast/core/string.hpp>

#include "pokeca/shared/text.hpp"

namespace pokeca::http {
namespace {

std::string attributes(UnixSeconds max_age, bool secure) {
  std::string out = "; Path=" + std::string(kRefreshCookiePath) + "; Max-Age=" + std::to_string(max_age) +
                    "; HttpOnly; SameSite=Strict";
  if (secure) out += "; Secure";
  return out;
}

// "https://example.jp:8443/path" → "example.jp:8443".
std::string_view host_of(std::string_view url) {
  const auto scheme = url.find("://");
  if (scheme == std::string_view::npos) return {};
  url.remove_prefix(scheme + 3);
  return url.substr(0, url.find('/'));
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

bool from_another_site(std::string_view method, std::string_view path, std::string_view sec_fetch_site,
                       std::string_view origin, std::string_view host, std::string_view public_base_url) {
  if (method == "GET" || method == "HEAD" || method == "OPTIONS") return false;
  if (path != kRefreshCookiePath && !path.starts_with(std::string(kRefreshCookiePath) + "/")) return false;
  if (!sec_fetch_site.empty()) return sec_fetch_site != "same-origin" && sec_fetch_site != "none";
  if (origin.empty()) return false;
  const auto from = host_of(origin);  // "null" (a sandboxed page, a redirect) has none
  if (from.empty()) return true;
  if (boost::beast::iequals(from, host)) return false;
  return !(!public_base_url.empty() && boost::beast::iequals(from, host_of(public_base_url)));
}

}  // namespace pokeca::http
