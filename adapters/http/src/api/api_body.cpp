#include "api/api_body.hpp"

#include <boost/json/string.hpp>

#include "common/json_text.hpp"

namespace pokeca::http {

namespace json = boost::json;

std::string success_body(json::object members) {
  json::object body;
  body["success"] = true;
  for (auto& member : members) body[member.key()] = std::move(member.value());
  return to_json_text(body);
}

std::string data_body(json::value data, json::object extra) {
  json::object body;
  body["data"] = std::move(data);
  for (auto& member : extra) body[member.key()] = std::move(member.value());
  return success_body(std::move(body));
}

std::string message_body(std::string_view message, json::object extra) {
  json::object body;
  body["message"] = json::string(message);
  for (auto& member : extra) body[member.key()] = std::move(member.value());
  return success_body(std::move(body));
}

std::string error_body(std::string_view message, std::string_view code, std::optional<std::int64_t> retry_after,
                       std::string_view request_id) {
  json::object body;
  body["success"] = false;
  body["error"] = json::string(message);
  body["code"] = json::string(code);
  if (retry_after) body["retry_after"] = *retry_after;
  if (!request_id.empty()) body["request_id"] = json::string(request_id);
  return to_json_text(body);
}

}  // namespace pokeca::http
