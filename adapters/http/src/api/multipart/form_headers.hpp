#pragma once
// The header-level pieces of multipart/form-data (RFC 7578), std only: the boundary from
// the request's Content-Type, a part's Content-Disposition, file names, UTF-8 checks.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/utf8.hpp"  // is_valid_utf8, for form fields and file names

namespace pokeca::http::multipart {

// RFC 2046 §5.1.1: 1 to 70 characters from bchars, not ending in a space.
inline constexpr std::size_t kMaxBoundaryLength = 70;

// Lower-cased parameter names with their (unquoted) values, in order.
using HeaderParams = std::vector<std::pair<std::string, std::string>>;

// "a=b; c=\"d\"" (the text after the first ';'). nullopt when malformed.
// `backslash_escapes`: quoted-pair as RFC 9110 has it (Content-Type); browsers send file
// names with literal backslashes (Windows paths) and escape '"' as %22, so
// Content-Disposition is read without them.
[[nodiscard]] std::optional<HeaderParams> parse_header_params(std::string_view text, bool backslash_escapes);

// The boundary of a "multipart/form-data; boundary=…" value (quoted or not).
// Another media type → kUnsupportedMedia; a missing or invalid boundary → kBadRequest.
[[nodiscard]] Result<std::string> boundary_from_content_type(std::string_view content_type);

struct ContentDisposition {
  std::string name;                     // the form field name, as sent
  std::optional<std::string> filename;  // set for file parts; path stripped, UTF-8
};

// "form-data; name=\"x\"; filename=\"a.jpg\"; filename*=UTF-8''%E5%86%99.jpg".
// filename* (RFC 5987/8187, UTF-8 only) wins over filename. kBadRequest when malformed.
[[nodiscard]] Result<ContentDisposition> parse_content_disposition(std::string_view value);

// The last path component of a file name as a browser or an old client may send it
// ("C:\\photos\\a.jpg", "../../a.jpg" → "a.jpg"). nullopt when the result is not a usable
// name: not UTF-8, control characters, or nothing left ("", ".", "..", "dir/").
[[nodiscard]] std::optional<std::string> sanitize_filename(std::string_view raw);

}  // namespace pokeca::http::multipart
