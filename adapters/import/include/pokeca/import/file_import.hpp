#pragma once
// `<binary> import FILE`: loads stores from a CSV file or a GeoJSON file (e.g. an
// OpenStreetMap export of shops) into the store repository, idempotently, and reports
// what it skipped and why. The rules for each record are core's (store_import.hpp);
// this adapter only reads the formats.
//
// CSV: a header line is required, with the columns id, name, lat, lng in any order;
// optional: store_type, address, shop, amenity, prefecture, city, sells_packs,
// sells_boxes, sells_singles and any addr:* OSM tag. Other columns are ignored. An id
// becomes "csv:<id>" unless it already holds a ':' ("osm:node/1" stays as is).
//
// GeoJSON: a FeatureCollection (or a single Feature) of Point, Polygon (centre of the
// outer ring) or MultiPolygon (centre of the largest outer ring) features whose
// properties hold OSM tags (name, shop, amenity, addr:* …) and optionally store_type,
// address, prefecture, city, sells_*. The external id comes from the feature's id or
// properties["@id"]: "node/123", "n123" or @type+@id become "osm:node/123"; ids that
// already hold a ':' are kept; any other id becomes "geojson:<id>".
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <string_view>

#include "pokeca/map/gazetteer.hpp"
#include "pokeca/map/store_import.hpp"
#include "pokeca/map/store_ports.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca::importer {

// Larger files are refused before reading (a whole-Japan OSM shop export is ~100 MB).
inline constexpr std::uintmax_t kMaxImportFileBytes = 200ULL * 1024 * 1024;

enum class ImportFormat { kCsv, kGeoJson };

// By extension (.csv; .geojson, .json), else by content: '{' first means GeoJSON.
[[nodiscard]] ImportFormat detect_format(const std::filesystem::path& path, std::string_view content);

// Reads and imports one file. Errors (Japanese messages) for a missing, unreadable,
// oversized, non-UTF-8 or malformed file come before anything is written: the whole
// file is parsed first. Each valid record is then its own upsert, so a repository
// failure half way leaves the earlier records stored; importing the file again
// completes it (records already stored count as unchanged).
[[nodiscard]] Result<ImportSummary> import_file(const std::filesystem::path& path, StoreRepository& stores,
                                                const Gazetteer& gazetteer, const Clock& clock);

// The same for content already in memory.
[[nodiscard]] Result<ImportSummary> import_text(std::string_view content, ImportFormat format, StoreRepository& stores,
                                                const Gazetteer& gazetteer, UnixSeconds now);

// A Japanese report of the counts and each skipped row with its reason.
[[nodiscard]] std::string format_summary(const ImportSummary& summary, const std::filesystem::path& path);

// The whole subcommand: imports `path`, writes the report to `out` or the error to
// `err`, and returns the process exit status (0 done, skipped rows included; 1 failed).
int run_import_command(const std::filesystem::path& path, StoreRepository& stores, const Gazetteer& gazetteer,
                       const Clock& clock, std::ostream& out, std::ostream& err);

}  // namespace pokeca::importer
