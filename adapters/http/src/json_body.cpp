#include "json_body.hpp"

#include <boost/json/parse.hpp>

#include "json_text.hpp"
#include "pokeca/messages.hpp"

namespace pokeca::http {

namespace json = boost::json;

std::unexpected<DomainError> bad_json() { return fail(ErrorCode::kBadRequest, msg::kBadJson); }

Result<json::object> body_object(std::string_view body) {
  if (body.empty()) return json::object{};
  boost::system::error_code ec;
  auto value = json::parse(body, ec);
  if (ec || !value.is_object()) return bad_json();
  return std::move(value.as_object());
}

Result<std::string> string_member(const json::object& obj, std::string_view key) {
  const auto* v = obj.if_contains(key);
  if (!v || v->is_null()) return std::string{};
  if (!v->is_string()) return bad_json();
  return std::string(v->as_string());
}

std::string message_body(std::string_view message, json::object extra) {
  json::object body;
  body["success"] = true;
  body["message"] = message;
  for (auto& [key, value] : extra) body[key] = std::move(value);
  return to_json_text(body);
}

}  // namespace pokeca::http
