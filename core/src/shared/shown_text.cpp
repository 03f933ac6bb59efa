#include "pokeca/shared/shown_text.hpp"

#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/text.hpp"

namespace pokeca {
namespace {

// The code point at `i` of valid UTF-8; `i` moves past it.
char32_t next_code_point(std::string_view s, std::size_t& i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = byte(i);
  std::size_t len = 1;
  char32_t cp = c;
  if (c >= 0xF0) {
    len = 4;
    cp = c & 0x07U;
  } else if (c >= 0xE0) {
    len = 3;
    cp = c & 0x0FU;
  } else if (c >= 0xC0) {
    len = 2;
    cp = c & 0x1FU;
  }
  for (std::size_t k = 1; k < len && i + k < s.size(); ++k) cp = (cp << 6U) | (byte(i + k) & 0x3FU);
  i += len;
  return cp;
}

}  // namespace

bool is_direction_control(char32_t c) {
  return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0x200E || c == 0x200F || c == 0x061C;
}

bool shows_nothing(char32_t c) {
  return c == 0x20 || c == 0xA0 || c == 0xAD || c == 0x34F || c == 0x115F || c == 0x1160 || c == 0x17B4 ||
         c == 0x17B5 || c == 0x180E || (c >= 0x2000 && c <= 0x200F) || (c >= 0x2028 && c <= 0x202F) ||
         (c >= 0x205F && c <= 0x206F) || c == 0x2800 || c == 0x3000 || c == 0x3164 || (c >= 0xFE00 && c <= 0xFE0F) ||
         c == 0xFEFF || c == 0xFFA0 || (c >= 0x1D173 && c <= 0x1D17A) || (c >= 0xE0000 && c <= 0xE0FFF) || (c < 0x20) ||
         c == 0x7F;
}

Result<void> check_shown_text(std::string_view text, std::string_view field) {
  bool visible = false;
  for (std::size_t i = 0; i < text.size();) {
    const auto c = next_code_point(text, i);
    if (is_direction_control(c))
      return fail(ErrorCode::kBadRequest, fill_placeholder(msg::kTextHasDirectionControls, "{name}", field));
    visible = visible || !shows_nothing(c);
  }
  if (!text.empty() && !visible)
    return fail(ErrorCode::kBadRequest, fill_placeholder(msg::kTextInvisibleOnly, "{name}", field));
  return {};
}

}  // namespace pokeca
