#include "open_data_export.hpp"

#include <utility>

namespace pokeca::http {

OpenDataExport::OpenDataExport(StoreCatalog& catalog, std::function<std::uint64_t()> generation,
                               std::function<UnixSeconds()> now)
    : catalog_(catalog), generation_(std::move(generation)), now_(std::move(now)) {}

Result<std::shared_ptr<const std::string>> OpenDataExport::file(ExportFormat format) {
  std::lock_guard lock(mutex_);
  auto& entry = format == ExportFormat::kCsv ? csv_ : geojson_;
  const auto generation = generation_ ? generation_() : 0;
  if (entry.text && generation_ && entry.generation == generation) return entry.text;
  auto text = std::make_shared<std::string>();
  auto written = export_active_stores(catalog_, format, now_(), [&](std::string_view piece) { text->append(piece); });
  if (!written) return std::unexpected(written.error());
  entry = {generation, std::move(text)};
  return entry.text;
}

}  // namespace pokeca::http
