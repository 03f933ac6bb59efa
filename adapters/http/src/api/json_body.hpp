#pragma once
// Reading a request's JSON body: the object and its members, with the one refusal
// (400 "リクエストの形式が正しくありません。") for a body or member of the wrong shape.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <boost/json/object.hpp>

#include "pokeca/shared/errors.hpp"

namespace pokeca::http {

[[nodiscard]] std::unexpected<DomainError> bad_json();

// The body as a JSON object; an empty body counts as {}.
[[nodiscard]] Result<boost::json::object> body_object(std::string_view body);
// A member that must be an object (e.g. "user").
[[nodiscard]] Result<boost::json::object> object_member(const boost::json::object& obj, std::string_view key);
// A string member; missing or null reads as "" (the rules then say what is wrong).
[[nodiscard]] Result<std::string> string_member(const boost::json::object& obj, std::string_view key);
// string_member of the body's object (e.g. a rejection's "reason"), for a body that carries
// nothing else the handler reads.
[[nodiscard]] Result<std::string> body_string_member(std::string_view body, std::string_view key);
// A string member that may be absent (nullopt); null reads as "".
[[nodiscard]] Result<std::optional<std::string>> optional_string_member(const boost::json::object& obj,
                                                                        std::string_view key);
// An integer member (a JSON number without a fraction); nullopt when missing, null or
// anything else, so the rules can say which field is wrong.
[[nodiscard]] std::optional<std::int64_t> integer_member(const boost::json::object& obj, std::string_view key);
// A number member, with or without a fraction (a coordinate); absent or null = nullopt,
// anything else is refused.
[[nodiscard]] Result<std::optional<double>> optional_number_member(const boost::json::object& obj,
                                                                   std::string_view key);

// A boolean member; absent or null = nullopt, anything but true/false is refused.
[[nodiscard]] Result<std::optional<bool>> optional_bool_member(const boost::json::object& obj, std::string_view key);

}  // namespace pokeca::http
