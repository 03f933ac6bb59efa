#pragma once
// The thin handlers of the public read API: read parameters, call one StoreService
// method, map its result to the JSON of docs/API.md.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/auth_service.hpp"
#include "pokeca/errors.hpp"
#include "pokeca/http/http_types.hpp"
#include "pokeca/http/router.hpp"
#include "pokeca/store_service.hpp"
#include "pokeca/submission_service.hpp"
#include "query_string.hpp"

namespace pokeca::http {

struct ApiCall {
  StoreService& service;
  AuthService& auth;
  const RouterConfig& config;
  const QueryParams& query;
  const std::vector<std::string>& path_params;  // decoded "{…}" segments, in order
  std::string_view body;                        // JSON text (checked Content-Type) or empty
  std::string_view cookie;                      // the Cookie header
  const ClientInfo& client;
  // The signed-in account: always set on user and admin routes (dispatch refused the
  // rest), set on optional-user routes when the bearer token is valid.
  const std::optional<User>& user;
  const ContributionServices& contributions;
  std::string_view content_type;  // the Content-Type header (multipart routes read it)
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
};

using ApiResult = Result<ApiOutput>;

// The route's "{id}" segment as a positive integer, else 400 msg::kBadId.
[[nodiscard]] Result<std::int64_t> id_path_param(const ApiCall& call);
using ApiHandler = ApiResult (*)(const ApiCall&);

[[nodiscard]] ApiResult get_healthz(const ApiCall& call);
[[nodiscard]] ApiResult get_config(const ApiCall& call);
[[nodiscard]] ApiResult get_initial_data(const ApiCall& call);
[[nodiscard]] ApiResult get_prefectures(const ApiCall& call);
[[nodiscard]] ApiResult get_stores(const ApiCall& call);
[[nodiscard]] ApiResult get_store_clusters(const ApiCall& call);
[[nodiscard]] ApiResult get_store(const ApiCall& call);
[[nodiscard]] ApiResult get_stats_summary(const ApiCall& call);
[[nodiscard]] ApiResult get_purchase_timeline(const ApiCall& call);

}  // namespace pokeca::http
