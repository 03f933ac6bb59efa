#pragma once
// A JSON string literal (quotes, escapes; UTF-8 passes through), for the few places
// that write JSON text without a JSON library (core's open data export). The HTTP
// adapter's json_text.cpp and the server's log.cpp hold the same rule and may use it.
#include <string>
#include <string_view>

namespace pokeca {

void append_json_string(std::string& out, std::string_view text);

}  // namespace pokeca
