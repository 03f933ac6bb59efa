#pragma once
// GET /api/v1/export/stores.csv and .geojson: the open data files (open_data_export.hpp).
#include "api/api_call.hpp"
#include "pokeca/http/router.hpp"
#include "pokeca/open_data.hpp"

namespace pokeca::http {

class ExportHandlers {
 public:
  // Reads config.open_data at call time (the Router makes it after building the groups).
  explicit ExportHandlers(const RouterConfig& config) : config_(config) {}

  [[nodiscard]] ApiResult get_stores_csv(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_stores_geojson(const ApiCall& call) const;

 private:
  [[nodiscard]] ApiResult file(ExportFormat format, std::string_view type, std::string_view filename) const;
  const RouterConfig& config_;
};

}  // namespace pokeca::http
