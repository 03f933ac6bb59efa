#pragma once
// Small rules for text people type: trimming the spaces Japanese keyboards make, and
// spotting control characters in one-line fields.
#include <string>
#include <string_view>

namespace pokeca {

// Trims ASCII whitespace and the ideographic space U+3000, from both ends.
[[nodiscard]] std::string_view trim_spaces(std::string_view text);
// Any byte below 0x20 (line breaks and tabs included) or DEL.
[[nodiscard]] bool has_control_character(std::string_view text);
// `text` with every `key` (e.g. "{max}") replaced by `value`: a message's placeholders.
[[nodiscard]] std::string fill_placeholder(std::string_view text, std::string_view key, std::string_view value);

}  // namespace pokeca
