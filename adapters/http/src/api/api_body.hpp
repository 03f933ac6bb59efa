#pragma once
// The one place API bodies are built: every success is {"success":true,…} and every
// error the envelope {"success":false,"error":"…","code":"…"} (docs/API.md).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

namespace pokeca::http {

// {"success":true} plus `members`, as JSON text.
[[nodiscard]] std::string success_body(boost::json::object members = {});
// {"success":true,"data":…} plus `extra` members.
[[nodiscard]] std::string data_body(boost::json::value data, boost::json::object extra = {});
// {"success":true,"message":…} plus `extra` members.
[[nodiscard]] std::string message_body(std::string_view message, boost::json::object extra = {});

// {"success":false,"error":"…","code":"…"}, plus "retry_after":N for a 429 and
// "request_id" for a 500 (so a user's report can be matched to the log).
[[nodiscard]] std::string error_body(std::string_view message, std::string_view code,
                                     std::optional<std::int64_t> retry_after = std::nullopt,
                                     std::string_view request_id = {});

}  // namespace pokeca::http
