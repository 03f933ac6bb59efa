#pragma once
// JSON text. Boost.JSON builds the values; this writes them, because its serializer
// prints every double in exponent form (35.6895 → "3.56895E1"), valid but unreadable.
#include <cstdint>
#include <string>
#include <string_view>

#include <boost/json/fwd.hpp>

#include "pokeca/shared/text.hpp"

namespace pokeca::http {

using pokeca::append_json_string;  // pokeca/shared/text.hpp

// Shortest round-trip numbers ("35.6895"); non-finite numbers become null.
[[nodiscard]] std::string to_json_text(const boost::json::value& value);

// The number writers to_json_text uses, for bodies written without building values.
void append_json_number(std::string& out, double d);
void append_json_integer(std::string& out, std::int64_t n);

}  // namespace pokeca::http
