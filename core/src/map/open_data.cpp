#include "pokeca/map/open_data.hpp"

#include <charconv>
#include <cstdio>
#include <limits>

#include "pokeca/shared/text.hpp"

namespace pokeca {
namespace {

constexpr StoreId kLastId = std::numeric_limits<StoreId>::max();

void append_number(std::string& out, double value) {
  char buf[32];
  const auto n = std::snprintf(buf, sizeof buf, "%.6f", value);
  out.append(buf, static_cast<std::size_t>(n));
}

void append_int(std::string& out, std::int64_t value) {
  char buf[24];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
  out.append(buf, end);
}

// RFC 4180: quoted when it holds a comma, quote or line break; quotes doubled. A text
// starting with = + - @ gets a leading apostrophe (inside quotes) so a spreadsheet never
// runs it as a formula.
void append_csv_field(std::string& out, std::string_view value) {
  const bool formula =
      !value.empty() && (value.front() == '=' || value.front() == '+' || value.front() == '-' || value.front() == '@');
  const bool quote = formula || value.find_first_of(",\"\r\n") != std::string_view::npos;
  if (!quote) {
    out += value;
    return;
  }
  out += '"';
  if (formula) out += '\'';
  for (const char c : value) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

std::string_view sells_text(const std::optional<bool>& v) { return !v ? "" : *v ? "yes" : "no"; }

void append_json_sells(std::string& out, const std::optional<bool>& v) { out += !v ? "null" : *v ? "true" : "false"; }

}  // namespace

void append_csv_row(std::string& out, const Store& s) {
  append_int(out, s.id);
  out += ',';
  append_csv_field(out, s.name);
  out += ',';
  append_csv_field(out, s.store_type);
  out += ',';
  append_csv_field(out, s.prefecture);
  out += ',';
  append_csv_field(out, s.city);
  out += ',';
  append_number(out, s.location.lat);
  out += ',';
  append_number(out, s.location.lng);
  out += ',';
  out += to_string(s.precision);
  out += ',';
  out += sells_text(s.sells.packs);
  out += ',';
  out += sells_text(s.sells.boxes);
  out += ',';
  out += sells_text(s.sells.singles);
  out += ',';
  if (s.last_report_at) out += format_iso8601(*s.last_report_at);
  out += "\r\n";
}

void append_geojson_feature(std::string& out, const Store& s) {
  out += R"({"type":"Feature","id":)";
  append_int(out, s.id);
  out += R"(,"geometry":{"type":"Point","coordinates":[)";
  append_number(out, s.location.lng);
  out += ',';
  append_number(out, s.location.lat);
  out += R"(]},"properties":{"name":)";
  append_json_string(out, s.name);
  out += R"(,"store_type":)";
  append_json_string(out, s.store_type);
  out += R"(,"prefecture":)";
  append_json_string(out, s.prefecture);
  out += R"(,"city":)";
  append_json_string(out, s.city);
  out += R"(,"precision":)";
  append_json_string(out, to_string(s.precision));
  out += R"(,"sells_packs":)";
  append_json_sells(out, s.sells.packs);
  out += R"(,"sells_boxes":)";
  append_json_sells(out, s.sells.boxes);
  out += R"(,"sells_singles":)";
  append_json_sells(out, s.sells.singles);
  out += R"(,"last_report_at":)";
  if (s.last_report_at)
    append_json_string(out, format_iso8601(*s.last_report_at));
  else
    out += "null";
  out += "}}";
}

Result<std::size_t> export_active_stores(StoreCatalog& catalog, ExportFormat format, UnixSeconds generated_at,
                                         const std::function<void(std::string_view)>& sink) {
  std::string chunk;
  const auto generated = format_iso8601(generated_at);
  if (format == ExportFormat::kCsv) {
    chunk += "# " + std::string(kOpenDataAttribution) + "\r\n";
    chunk += "# License: " + std::string(kOpenDataLicence) + " " + std::string(kOpenDataLicenceUrl) + "\r\n";
    chunk += "# Generated: " + generated + "\r\n";
    chunk += kExportCsvHeader;
    chunk += "\r\n";
  } else {
    chunk += R"({"type":"FeatureCollection","license":)";
    append_json_string(chunk, kOpenDataLicence);
    chunk += R"(,"license_url":)";
    append_json_string(chunk, kOpenDataLicenceUrl);
    chunk += R"(,"attribution":)";
    append_json_string(chunk, kOpenDataAttribution);
    chunk += R"(,"generated_at":)";
    append_json_string(chunk, generated);
    chunk += R"(,"features":[)";
    chunk += '\n';
  }
  std::size_t count = 0;
  StoreId after = 0;
  for (;;) {
    auto page = catalog.active_between(after, kLastId, kExportReadBatch);
    if (!page) return std::unexpected(page.error());
    for (const auto& store : *page) {
      if (format == ExportFormat::kCsv) {
        append_csv_row(chunk, store);
      } else {
        if (count > 0) chunk += ",\n";
        append_geojson_feature(chunk, store);
      }
      ++count;
    }
    sink(chunk);
    chunk.clear();
    if (page->size() < kExportReadBatch) break;
    after = page->back().id;
  }
  if (format == ExportFormat::kGeoJson) sink("\n]}\n");
  return count;
}

}  // namespace pokeca
