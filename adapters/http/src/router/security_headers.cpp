#include "router/security_headers.hpp"

#include <algorithm>
#include <cctype>

namespace pokeca::http {
namespace {

constexpr std::string_view kAnalyticsScriptHost = "https://www.googletagmanager.com";
constexpr std::string_view kAnalyticsCollectHosts = "https://*.google-analytics.com https://*.googletagmanager.com";

bool host_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == ':' || c == '*';
}

}  // namespace

std::string tile_origin(std::string_view tile_url) {
  std::string_view scheme;
  if (tile_url.starts_with("https://"))
    scheme = "https://";
  else if (tile_url.starts_with("http://"))
    scheme = "http://";
  else
    return {};
  auto rest = tile_url.substr(scheme.size());
  std::string host(rest.substr(0, rest.find('/')));
  // Leaflet's {s} subdomain placeholder: allow every subdomain of the rest.
  if (host.starts_with("{s}.")) host.replace(0, 3, "*");
  if (host.empty() || !std::all_of(host.begin(), host.end(), host_char)) return {};
  return std::string(scheme) + host;
}

std::string content_security_policy(std::string_view tile_url, bool with_analytics) {
  const auto tiles = tile_origin(tile_url);
  std::string script = "script-src 'self'";
  std::string connect = "connect-src 'self'";
  std::string img = "img-src 'self' data: blob:";
  if (!tiles.empty()) img += " " + tiles;
  if (with_analytics) {
    script += " ";
    script += kAnalyticsScriptHost;
    connect += " ";
    connect += kAnalyticsCollectHosts;
    img += " ";
    img += kAnalyticsCollectHosts;
  }
  return "default-src 'self'; " + script +
         "; style-src 'self' 'unsafe-inline'; style-src-elem 'self'; style-src-attr 'unsafe-inline'; " + img + "; " +
         connect +
         "; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
         "frame-ancestors 'none'";
}

void add_security_headers(Response& response, std::string_view csp, bool https) {
  if (https) response.set(bhttp::field::strict_transport_security, kStrictTransportSecurity);
  response.set("X-Content-Type-Options", "nosniff");
  response.set("Referrer-Policy", "strict-origin-when-cross-origin");
  response.set(bhttp::field::x_frame_options, "DENY");
  response.set("Content-Security-Policy", csp);
  response.set("Permissions-Policy", "geolocation=(self)");
}

}  // namespace pokeca::http
