#pragma once
// E-mail addresses as the mail adapter accepts them: plain ASCII addr-specs that are
// safe on an SMTP command line and in a header (no CR, LF, spaces, brackets, quotes).
#include <cstddef>
#include <string>
#include <string_view>

namespace pokeca::mail {

inline constexpr std::size_t kMaxAddressLength = 254;  // RFC 5321 path limit minus "<>"
inline constexpr std::size_t kMaxLocalPartLength = 64;

// True for local@domain with printable atext/dots on the left (dots anywhere, since
// some Japanese carriers handed out "a..b.@…") and a dotted host name on the right.
[[nodiscard]] bool is_acceptable_address(std::string_view address);

// The address as it goes in a To/From header: local parts that are not a dot-atom
// ("a..b.") are quoted. Expects an acceptable address.
[[nodiscard]] std::string header_address(std::string_view address);

// For logs: "t***@example.com" (first character of the local part, then the domain).
// Never the full address; "***" when there is no '@'.
[[nodiscard]] std::string mask_address(std::string_view address);

}  // namespace pokeca::mail
