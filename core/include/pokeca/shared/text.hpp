#pragma once
// Small text helpers, one home each: trimming (the spaces Japanese keyboards make, ASCII
// white space, HTTP's blanks), ASCII case, control characters, message placeholders and
// JSON string quoting. Pure functions over bytes; strict integers are numbers.hpp's.
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

namespace pokeca {

// Trims ASCII whitespace and the ideographic space U+3000, from both ends.
[[nodiscard]] std::string_view trim_spaces(std::string_view text);
// Trims ASCII whitespace (space, \t, \n, \v, \f, \r) from both ends.
[[nodiscard]] std::string_view trim_ascii_whitespace(std::string_view text);
// Trims spaces and tabs from both ends (HTTP's optional white space, RFC 9110 §5.6.3).
[[nodiscard]] std::string_view trim_blanks(std::string_view text);
// Any byte below 0x20 (line breaks and tabs included) or DEL.
[[nodiscard]] bool has_control_character(std::string_view text);
// A-Z → a-z; every other byte (UTF-8 included) unchanged.
[[nodiscard]] std::string ascii_lower(std::string_view text);
// `text` with every `key` (e.g. "{max}") replaced by `value`: a message's placeholders.
[[nodiscard]] std::string fill_placeholder(std::string_view text, std::string_view key, std::string_view value);
// The same for several placeholders: {{"{max}", "3"}, {"{name}", "店舗名"}}.
[[nodiscard]] std::string fill_placeholders(
    std::string_view text, std::initializer_list<std::pair<std::string_view, std::string_view>> values);
// Appends `text` as a quoted JSON string: quotes, backslashes and control bytes escaped,
// UTF-8 passed through. For JSON written by hand (log lines, the HTTP adapter's writer).
void append_json_string(std::string& out, std::string_view text);

// Whether two strings are equal, in a time that depends on their lengths only (secrets).
[[nodiscard]] bool constant_time_equal(std::string_view a, std::string_view b);

}  // namespace pokeca
