#pragma once
// Small text helpers shared by the import readers (trimming and case: pokeca/shared/text.hpp).
#include <string>
#include <string_view>

#include "pokeca/shared/text.hpp"

namespace pokeca::importer {

// Longest value quoted back in a skip reason, in bytes.
inline constexpr std::size_t kMaxQuotedValueBytes = 40;

// At most kMaxQuotedValueBytes, cut on a UTF-8 character boundary, "…" when cut.
[[nodiscard]] inline std::string shorten(std::string_view s) {
  if (s.size() <= kMaxQuotedValueBytes) return std::string(s);
  std::size_t end = kMaxQuotedValueBytes;
  while (end > 0 && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) --end;
  return std::string(s.substr(0, end)) + "…";
}

}  // namespace pokeca::importer
