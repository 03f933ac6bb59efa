#pragma once
// Small text helpers shared by the import readers.
#include <string>
#include <string_view>

namespace pokeca::importer {

// Longest value quoted back in a skip reason, in bytes.
inline constexpr std::size_t kMaxQuotedValueBytes = 40;

[[nodiscard]] inline std::string_view trim_spaces(std::string_view s) {
  constexpr std::string_view kSpaces = " \t\r\n";
  const auto first = s.find_first_not_of(kSpaces);
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(kSpaces) - first + 1);
}

[[nodiscard]] inline std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

// At most kMaxQuotedValueBytes, cut on a UTF-8 character boundary, "…" when cut.
[[nodiscard]] inline std::string shorten(std::string_view s) {
  if (s.size() <= kMaxQuotedValueBytes) return std::string(s);
  std::size_t end = kMaxQuotedValueBytes;
  while (end > 0 && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) --end;
  return std::string(s.substr(0, end)) + "…";
}

}  // namespace pokeca::importer
