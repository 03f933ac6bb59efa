#include "api/json_body.hpp"

#include <limits>

#include <boost/json/parse.hpp>

#include "common/http_messages.hpp"

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

Result<json::object> object_member(const json::object& obj, std::string_view key) {
  const auto* v = obj.if_contains(key);
  if (!v || !v->is_object()) return bad_json();
  return v->as_object();
}

Result<std::string> string_member(const json::object& obj, std::string_view key) {
  const auto* v = obj.if_contains(key);
  if (!v || v->is_null()) return std::string{};
  if (!v->is_string()) return bad_json();
  return std::string(v->as_string());
}

Result<std::string> body_string_member(std::string_view body, std::string_view key) {
  auto obj = body_object(body);
  if (!obj) return std::unexpected(obj.error());
  return string_member(*obj, key);
}

Result<std::optional<std::string>> optional_string_member(const json::object& obj, std::string_view key) {
  const auto* v = obj.if_contains(key);
  if (!v) return std::optional<std::string>{};
  if (v->is_null()) return std::optional<std::string>{std::string{}};
  if (!v->is_string()) return bad_json();
  return std::optional<std::string>{std::string(v->as_string())};
}

std::optional<std::int64_t> integer_member(const json::object& obj, std::string_view key) {
  const auto* v = obj.if_contains(key);
  if (!v) return std::nullopt;
  if (v->is_int64()) return v->as_int64();
  if (v->is_uint64() && v->as_uint64() <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
    return static_cast<std::int64_t>(v->as_uint64());
  return std::nullopt;
}

Result<std::optional<double>> optional_number_member(const json::object& obj, std::string_view key) {
  const auto* v = obj.if_contains(key);
  if (!v || v->is_null()) return std::optional<double>{};
  if (v->is_double()) return std::optional<double>(v->as_double());
  if (v->is_int64()) return std::optional<double>(static_cast<double>(v->as_int64()));
  if (v->is_uint64()) return std::optional<double>(static_cast<double>(v->as_uint64()));
  return bad_json();
}

Result<std::optional<bool>> optional_bool_member(const json::object& obj, std::string_view key) {
  const auto* v = obj.if_contains(key);
  if (!v || v->is_null()) return std::optional<bool>{};
  if (!v->is_bool()) return bad_json();
  return std::optional<bool>{v->as_bool()};
}

}  // namespace pokeca::http
