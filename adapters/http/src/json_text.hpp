#pragma once
// JSON text. Boost.JSON builds the values; this writes them, because its serializer
// prints every double in exponent form (35.6895 → "3.56895E1"), valid but unreadable.
#include <string>
#include <string_view>

#include <boost/json/fwd.hpp>

namespace pokeca::http {

// Appends `text` as a quoted JSON string (escapes quotes, backslashes, control bytes).
void append_json_string(std::string& out, std::string_view text);

// Shortest round-trip numbers ("35.6895"); non-finite numbers become null.
[[nodiscard]] std::string to_json_text(const boost::json::value& value);

}  // namespace pokeca::http
