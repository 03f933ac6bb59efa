#pragma once
// GET /api/v1/export/stores.csv and .geojson: the open data files (open_data_export.hpp).
#include <memory>

#include "api/api_call.hpp"
#include "pokeca/map/open_data.hpp"

namespace pokeca::http {

class OpenDataExport;  // open_data_export.hpp

class ExportHandlers {
 public:
  // Reads `open_data` at call time (the Router makes it after building the groups); null
  // = no export wired (500).
  explicit ExportHandlers(const std::shared_ptr<OpenDataExport>& open_data) : open_data_(open_data) {}

  [[nodiscard]] ApiResult get_stores_csv(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_stores_geojson(const ApiCall& call) const;

 private:
  [[nodiscard]] ApiResult file(ExportFormat format, std::string_view type, std::string_view filename) const;
  const std::shared_ptr<OpenDataExport>& open_data_;
};

}  // namespace pokeca::http
