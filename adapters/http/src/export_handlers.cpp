#include "export_handlers.hpp"

#include "open_data_export.hpp"
#include "pokeca/messages.hpp"

namespace pokeca::http {
namespace {

ApiResult export_file(const ApiCall& call, ExportFormat format, std::string_view type, std::string_view filename) {
  if (!call.config.open_data) return fail(ErrorCode::kInternal, msg::kInternal);  // a wiring mistake
  auto file = call.config.open_data->file(format);
  if (!file) return std::unexpected(file.error());
  ApiOutput out{std::string(**file)};
  out.content_type = type;
  out.content_disposition = "attachment; filename=\"" + std::string(filename) + "\"";
  return out;
}

}  // namespace

ApiResult get_export_stores_csv(const ApiCall& call) {
  return export_file(call, ExportFormat::kCsv, "text/csv; charset=utf-8", "pokeca-stores.csv");
}

ApiResult get_export_stores_geojson(const ApiCall& call) {
  return export_file(call, ExportFormat::kGeoJson, "application/geo+json", "pokeca-stores.geojson");
}

}  // namespace pokeca::http
