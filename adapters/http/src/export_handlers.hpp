#pragma once
// GET /api/v1/export/stores.csv and .geojson: the open data files (open_data_export.hpp).
#include "api_handlers.hpp"

namespace pokeca::http {

[[nodiscard]] ApiResult get_export_stores_csv(const ApiCall& call);
[[nodiscard]] ApiResult get_export_stores_geojson(const ApiCall& call);

}  // namespace pokeca::http
