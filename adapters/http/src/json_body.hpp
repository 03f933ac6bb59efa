#pragma once
// Reading JSON request bodies and writing the common {success, message} answer, for
// the handlers of write routes.
#include <string>
#include <string_view>

#include <boost/json/object.hpp>

#include "pokeca/errors.hpp"

namespace pokeca::http {

// kBadRequest with msg::kBadJson.
[[nodiscard]] std::unexpected<DomainError> bad_json();
// The body as a JSON object; an empty body counts as {}.
[[nodiscard]] Result<boost::json::object> body_object(std::string_view body);
// A string member; missing or null reads as "" (the rules then say what is wrong).
[[nodiscard]] Result<std::string> string_member(const boost::json::object& obj, std::string_view key);
// {"success":true,"message":…} plus `extra` members.
[[nodiscard]] std::string message_body(std::string_view message, boost::json::object extra = {});

}  // namespace pokeca::http
