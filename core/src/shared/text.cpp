#include "pokeca/shared/text.hpp"

#include <algorithm>

namespace pokeca {
namespace {

constexpr std::string_view kIdeographicSpace = "\u3000";

bool is_ascii_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
bool is_blank(char c) { return c == ' ' || c == '\t'; }

template <typename Pred>
std::string_view trim_if(std::string_view s, Pred pred) {
  while (!s.empty() && pred(s.front())) s.remove_prefix(1);
  while (!s.empty() && pred(s.back())) s.remove_suffix(1);
  return s;
}

}  // namespace

std::string_view trim_spaces(std::string_view s) {
  for (;;) {
    const auto before = s.size();
    s = trim_if(s, is_ascii_space);
    if (s.starts_with(kIdeographicSpace)) s.remove_prefix(kIdeographicSpace.size());
    if (s.ends_with(kIdeographicSpace)) s.remove_suffix(kIdeographicSpace.size());
    if (s.size() == before) return s;
  }
}

std::string_view trim_ascii_whitespace(std::string_view s) { return trim_if(s, is_ascii_space); }

std::string_view trim_blanks(std::string_view s) { return trim_if(s, is_blank); }

bool has_control_character(std::string_view s) {
  return std::any_of(s.begin(), s.end(), [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return u < 0x20 || u == 0x7F;
  });
}

std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (auto& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
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

std::string fill_placeholders(std::string_view text,
                              std::initializer_list<std::pair<std::string_view, std::string_view>> values) {
  std::string out(text);
  for (const auto& [key, value] : values) out = fill_placeholder(out, key, value);
  return out;
}

void append_json_string(std::string& out, std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (u < 0x20 || u == 0x7f) {
          out += "\\u00";
          out += kHex[u >> 4];
          out += kHex[u & 0xf];
        } else {
          out += c;  // UTF-8 passes through unchanged
        }
    }
  }
  out += '"';
}

bool constant_time_equal(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    diff |= static_cast<unsigned char>(static_cast<unsigned char>(a[i]) ^ static_cast<unsigned char>(b[i]));
  return diff == 0;
}

}  // namespace pokeca
