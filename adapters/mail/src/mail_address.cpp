#include "pokeca/mail/mail_address.hpp"

#include <algorithm>

namespace pokeca::mail {
namespace {

// RFC 5322 atext: letters, digits and these.
constexpr std::string_view kAtextSpecials = "!#$%&'*+-/=?^_`{|}~";

bool is_atext(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         kAtextSpecials.find(c) != std::string_view::npos;
}

bool is_host_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
}

bool is_dot_atom(std::string_view text) {
  if (text.empty() || text.front() == '.' || text.back() == '.') return false;
  if (text.find("..") != std::string_view::npos) return false;
  return std::ranges::all_of(text, [](char c) { return c == '.' || is_atext(c); });
}

bool is_host_name(std::string_view host) {
  if (host.empty() || host.size() > 253) return false;
  std::size_t start = 0;
  while (start <= host.size()) {
    const std::size_t dot = std::min(host.find('.', start), host.size());
    const std::string_view label = host.substr(start, dot - start);
    if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-') return false;
    if (!std::ranges::all_of(label, is_host_char)) return false;
    start = dot + 1;
  }
  return true;
}

}  // namespace

bool is_acceptable_address(std::string_view address) {
  if (address.empty() || address.size() > kMaxAddressLength) return false;
  const std::size_t at = address.rfind('@');
  if (at == std::string_view::npos) return false;
  const std::string_view local = address.substr(0, at);
  const std::string_view domain = address.substr(at + 1);
  if (local.empty() || local.size() > kMaxLocalPartLength) return false;
  if (!std::ranges::all_of(local, [](char c) { return c == '.' || is_atext(c); })) return false;
  return is_host_name(domain);
}

std::string header_address(std::string_view address) {
  const std::size_t at = address.rfind('@');
  if (at == std::string_view::npos) return std::string(address);
  const std::string_view local = address.substr(0, at);
  if (is_dot_atom(local)) return std::string(address);
  // atext and dots need no escaping inside a quoted-string.
  std::string out = "\"";
  out += local;
  out += '"';
  out += address.substr(at);
  return out;
}

std::string mask_address(std::string_view address) {
  const std::size_t at = address.rfind('@');
  if (at == std::string_view::npos || at == 0) return "***";
  std::string out;
  const auto first = static_cast<unsigned char>(address.front());
  if (first >= 0x21 && first < 0x7F) out += address.front();  // never half a UTF-8 character
  out += "***";
  out += address.substr(at);
  // The domain is shown as given; strip anything that could break the log line.
  std::erase_if(out, [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return u < 0x20 || u == 0x7F;
  });
  return out;
}

}  // namespace pokeca::mail
