#include "endpoints/export/export_handlers.hpp"

#include "endpoints/export/open_data_export.hpp"
#include "pokeca/shared/messages.hpp"

namespace pokeca::http {

ApiResult ExportHandlers::file(ExportFormat format, std::string_view type, std::string_view filename) const {
  if (!open_data_) return fail(ErrorCode::kInternal, msg::kInternal);  // no catalog wired
  auto files = open_data_->files(format);
  if (!files) return std::unexpected(files.error());
  ApiOutput out{std::string()};
  out.content_type = type;
  out.content_disposition = "attachment; filename=\"" + std::string(filename) + "\"";
  out.file = BodyFile{files->plain, files->gzip};
  return out;
}

ApiResult ExportHandlers::get_stores_csv(const ApiCall& /*call*/) const {
  return file(ExportFormat::kCsv, "text/csv; charset=utf-8", "pokeca-stores.csv");
}

ApiResult ExportHandlers::get_stores_geojson(const ApiCall& /*call*/) const {
  return file(ExportFormat::kGeoJson, "application/geo+json", "pokeca-stores.geojson");
}

}  // namespace pokeca::http
