#pragma once
// Base64 (RFC 4648 alphabet, with padding) for encoded-words and MIME bodies.
#include <cstddef>
#include <string>
#include <string_view>

namespace pokeca::mail {

// One unbroken run of base64.
[[nodiscard]] std::string base64_encode(std::string_view bytes);

// Lines of at most line_length characters, each ended by CRLF (the last one too).
[[nodiscard]] std::string base64_encode_lines(std::string_view bytes, std::size_t line_length);

}  // namespace pokeca::mail
