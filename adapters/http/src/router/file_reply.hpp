#pragma once
// A download sent from disk in pieces (BodyFile, api_call.hpp): the server is handed the
// open file, never its bytes.
#include <expected>
#include <optional>
#include <string>
#include <string_view>

#include "api/api_call.hpp"
#include "pokeca/http/request_handler.hpp"

namespace pokeca::http {

// Opens the file to send (its gzip copy when Accept-Encoding allows) and sets on `res`
// the headers that describe it: ETag (from the open file, so it matches the bytes even
// if a rebuild renames a new file over the name), Last-Modified, Vary and
// Content-Encoding. A matching If-None-Match makes `res` a 304 and returns no body.
// An error says what could not be opened (for the log).
[[nodiscard]] std::expected<std::optional<bhttp::file_body::value_type>, std::string> open_body_file(
    const BodyFile& file, std::string_view accept_encoding, std::string_view if_none_match, Response& res);

}  // namespace pokeca::http
