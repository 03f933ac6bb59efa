#pragma once
// The thin handlers of the public read API: read parameters, call one StoreService
// method, map its result to the JSON of docs/API.md.
#include <string>
#include <vector>

#include "pokeca/errors.hpp"
#include "pokeca/http/router.hpp"
#include "pokeca/store_service.hpp"
#include "query_string.hpp"

namespace pokeca::http {

struct ApiCall {
  StoreService& service;
  const RouterConfig& config;
  const QueryParams& query;
  const std::vector<std::string>& path_params;  // decoded "{…}" segments, in order
};

// The whole success body ({"success":true,"data":…}) as JSON text.
using ApiResult = Result<std::string>;
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
