#include "pokeca/accounts/common_passwords.hpp"
#include "pokeca/shared/text.hpp"

namespace pokeca {

CommonPasswords CommonPasswords::from_text(std::string_view text) {
  CommonPasswords list;
  while (!text.empty()) {
    const auto end = text.find('\n');
    auto line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty() || line.front() == '#') continue;
    list.lowered_.insert(ascii_lower(line));
  }
  return list;
}

bool CommonPasswords::contains(std::string_view password) const { return lowered_.contains(ascii_lower(password)); }

}  // namespace pokeca
