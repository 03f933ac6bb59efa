#pragma once
// Base64url without padding (RFC 4648 §5): tokens in URLs, cookies and JWT parts.
#include <optional>
#include <string>
#include <string_view>

namespace pokeca {

[[nodiscard]] std::string base64url_encode(std::string_view bytes);
// nullopt for any character outside the alphabet, padding, or an impossible length.
[[nodiscard]] std::optional<std::string> base64url_decode(std::string_view text);

}  // namespace pokeca
