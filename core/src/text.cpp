#include "pokeca/text.hpp"

#include <algorithm>

namespace pokeca {
namespace {

constexpr std::string_view kIdeographicSpace = "\u3000";

bool is_ascii_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

}  // namespace

std::string_view trim_spaces(std::string_view s) {
  for (;;) {
    const auto before = s.size();
    while (!s.empty() && is_ascii_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_ascii_space(s.back())) s.remove_suffix(1);
    if (s.starts_with(kIdeographicSpace)) s.remove_prefix(kIdeographicSpace.size());
    if (s.ends_with(kIdeographicSpace)) s.remove_suffix(kIdeographicSpace.size());
    if (s.size() == before) return s;
  }
}

bool has_control_character(std::string_view s) {
  return std::any_of(s.begin(), s.end(), [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return u < 0x20 || u == 0x7F;
  });
}

std::string fill_placeholder(std::string_view text, std::string_view key, std::string_view value) {
  std::string out;
  std::size_t from = 0;
  for (auto at = text.find(key); at != std::string_view::npos; at = text.find(key, from)) {
    out.append(text.substr(from, at - from));
    out.append(value);
    from = at + key.size();
  }
  out.append(text.substr(from));
  return out;
}

}  // namespace pokeca
