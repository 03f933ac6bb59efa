#pragma once
// The open data export: every active store as CSV or GeoJSON, with the
// licence and attribution in the file, and nothing about any person. Pure: the stores
// come from a StoreCatalog, page by page; the text goes to a sink.
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "pokeca/map/store.hpp"
#include "pokeca/map/store_catalog.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

inline constexpr std::string_view kOpenDataLicence = "ODbL-1.0";
inline constexpr std::string_view kOpenDataLicenceUrl = "https://opendatacommons.org/licenses/odbl/1-0/";
inline constexpr std::string_view kOpenDataAttribution = "© ポケカ販売店マップ 投稿者 / © OpenStreetMap contributors";
// How stale a served export may be: after a write, the files are rebuilt by the first
// request that comes this long after the last build (ten minutes: a download is a
// snapshot anyway, and it states its time; a busy site must not rebuild on every write).
inline constexpr UnixSeconds kOpenDataRefreshSeconds = 600;
// Stores read from the catalog per query.
inline constexpr std::size_t kExportReadBatch = 10'000;
// The CSV columns, in order. The importer reads id, name, store_type, prefecture, city,
// lat, lng and the three sells_* columns back (adapters/import), skipping the leading
// "#" lines that carry the licence.
inline constexpr std::string_view kExportCsvHeader =
    "id,name,store_type,prefecture,city,lat,lng,precision,sells_packs,sells_boxes,sells_singles,last_report_at";

enum class ExportFormat { kCsv, kGeoJson };

// Writes the whole file to `sink` in pieces; `generated_at` is stated in it.
[[nodiscard]] Result<std::size_t> export_active_stores(StoreCatalog& catalog, ExportFormat format,
                                                       UnixSeconds generated_at,
                                                       const std::function<void(std::string_view)>& sink);

// One row / one feature (exposed for tests). A feature is the export's format (the CSV's
// column names as properties), not the API's Store: docs/decisions/store-json.md.
void append_csv_row(std::string& out, const Store& store);
void append_geojson_feature(std::string& out, const Store& store);

}  // namespace pokeca
