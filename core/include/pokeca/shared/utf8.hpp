#pragma once
// UTF-8 checks for text that comes in from outside (imported files, form fields,
// multipart parts, mail headers). One implementation, RFC 3629's well-formed UTF-8.
#include <cstddef>
#include <optional>
#include <string_view>

namespace pokeca {

// Well-formed UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF.
[[nodiscard]] bool is_valid_utf8(std::string_view text);
// The byte offset of the first ill-formed sequence; nullopt when the text is valid.
[[nodiscard]] std::optional<std::size_t> find_invalid_utf8(std::string_view text);
// Code points in valid UTF-8.
[[nodiscard]] std::size_t utf8_length(std::string_view valid_utf8);

}  // namespace pokeca
