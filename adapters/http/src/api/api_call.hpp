#pragma once
// What a handler reads about a request (ApiCall) and what it answers (ApiResult). The
// services a handler calls are not here: each handler group gets exactly its own, as
// references, when the router is built (api_dispatch.cpp).
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/query_string.hpp"
#include "pokeca/accounts/auth_service.hpp"
#include "pokeca/accounts/user.hpp"
#include "pokeca/http/http_types.hpp"
#include "pokeca/shared/errors.hpp"

namespace pokeca::http {

struct ApiCall {
  const QueryParams& query;
  const std::vector<std::string>& path_params;  // decoded "{…}" segments, in order
  std::string_view body;                        // JSON text (checked Content-Type) or, on multipart routes, the form
  std::string_view content_type;                // the Content-Type header (multipart routes read it)
  std::string_view cookie;                      // the Cookie header
  const ClientInfo& client;
  // The signed-in account: always set on user and admin routes (dispatch refused the
  // rest), set on optional-user routes when the bearer token is valid.
  const std::optional<User>& user;
  std::string_view user_agent = {};  // the User-Agent header (POST /analytics/events)
};

// A download sent from disk in pieces instead of a body in memory (the open data
// export), with a gzip copy for the clients that accept one.
struct BodyFile {
  std::filesystem::path plain;
  std::filesystem::path gzip;  // empty = none
};

// A success: the whole body ({"success":true,…}) as JSON text, its status, and any
// cookies to set. Built implicitly from the body text for a plain 200.
struct ApiOutput {
  ApiOutput(std::string body_text) : body(std::move(body_text)) {}  // NOLINT(google-explicit-constructor)
  ApiOutput(Status s, std::string body_text) : status(s), body(std::move(body_text)) {}
  Status status = Status::ok;
  std::string body;
  std::vector<std::string> set_cookies;  // Set-Cookie values
  std::string content_type;              // empty = JSON (downloads set their own)
  std::string content_disposition;       // e.g. attachment; filename="…"
  std::optional<BodyFile> file;          // set: the body is this file (`body` unused)
  std::string cache_control;             // empty = no-store (every API answer's default)
};

using ApiResult = Result<ApiOutput>;

// The route's "{id}" segment as a positive integer, else 400 msg::kBadId.
[[nodiscard]] Result<std::int64_t> id_path_param(const ApiCall& call);

}  // namespace pokeca::http
