// CSV rows to import records (column rules in file_import.hpp).
#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "pokeca/shared/csv.hpp"
#include "pokeca/shared/numbers.hpp"
#include "sources.hpp"
#include "text_util.hpp"

namespace pokeca::importer {
namespace {

constexpr std::string_view kEmptyCsv =
    "CSVにヘッダー行がありません。1行目に列名（id,name,lat,lng など）を書いてください。";
constexpr std::string_view kMissingColumns = "CSVのヘッダーに必要な列がありません";
constexpr std::string_view kRequiredColumns = "（必要な列：id, name, lat, lng）";
constexpr std::string_view kDuplicateColumn = "CSVのヘッダーに同じ列名が2回あります";
constexpr std::string_view kReasonBadLatitude = "緯度が数値ではありません";
constexpr std::string_view kReasonBadLongitude = "経度が数値ではありません";

constexpr std::string_view kCsvIdPrefix = "csv:";
constexpr std::string_view kCommentMark = "#";

enum class Column {
  kId,
  kName,
  kLat,
  kLng,
  kStoreType,
  kAddress,
  kPrefecture,
  kCity,
  kSellsPacks,
  kSellsBoxes,
  kSellsSingles,
  kTag,
  kIgnored,
};

struct NamedColumn {
  std::string_view name;
  Column column;
};
constexpr std::array<NamedColumn, 13> kColumns{{
    {"id", Column::kId},
    {"name", Column::kName},
    {"lat", Column::kLat},
    {"lng", Column::kLng},
    {"store_type", Column::kStoreType},
    {"address", Column::kAddress},
    {"prefecture", Column::kPrefecture},
    {"city", Column::kCity},
    {"sells_packs", Column::kSellsPacks},
    {"sells_boxes", Column::kSellsBoxes},
    {"sells_singles", Column::kSellsSingles},
    {"shop", Column::kTag},
    {"amenity", Column::kTag},
}};
constexpr std::array<std::string_view, 4> kRequired{"id", "name", "lat", "lng"};
constexpr std::string_view kAddrTagPrefix = "addr:";

Column column_for(std::string_view name) {
  for (const auto& c : kColumns)
    if (c.name == name) return c.column;
  if (name.starts_with(kAddrTagPrefix) && name.size() > kAddrTagPrefix.size()) return Column::kTag;
  return Column::kIgnored;
}

struct Header {
  std::vector<std::string> names;  // lower case, trimmed
  std::vector<Column> columns;
};

Result<Header> read_header(const CsvRecord& record) {
  Header header;
  for (const auto& raw : record.fields) {
    auto name = ascii_lower(trim_ascii_whitespace(raw));
    const auto column = column_for(name);
    if (column != Column::kIgnored && std::find(header.names.begin(), header.names.end(), name) != header.names.end())
      return fail(ErrorCode::kBadRequest, std::string(kDuplicateColumn) + "：" + name);
    header.columns.push_back(column);
    header.names.push_back(std::move(name));
  }
  std::string missing;
  for (auto required : kRequired) {
    if (std::find(header.names.begin(), header.names.end(), required) != header.names.end()) continue;
    if (!missing.empty()) missing += ", ";
    missing += required;
  }
  if (!missing.empty())
    return fail(ErrorCode::kBadRequest, std::string(kMissingColumns) + "：" + missing + std::string(kRequiredColumns));
  return header;
}

std::string external_id_for(std::string_view raw) {
  const auto id = trim_ascii_whitespace(raw);
  if (id.empty() || id.find(':') != std::string_view::npos) return std::string(id);
  return std::string(kCsvIdPrefix) + std::string(id);
}

// "" → absent; a number → its value; anything else → the reason to skip the row.
Result<std::optional<double>> coordinate(std::string_view raw, std::string_view reason) {
  const auto text = trim_ascii_whitespace(raw);
  if (text.empty()) return std::optional<double>{};
  const auto value = parse_decimal(text);
  if (!value) return fail(ErrorCode::kBadRequest, std::string(reason) + "：" + shorten(text));
  return std::optional<double>{*value};
}

std::string column_count_reason(std::size_t expected, std::size_t got) {
  return "列の数がヘッダーと違います（ヘッダー" + std::to_string(expected) + "列、この行" + std::to_string(got) +
         "列）。";
}

// The record of one row, or the reason to skip it.
Result<ImportRecord> record_from_row(const Header& header, CsvRecord& row) {
  ImportRecord record;
  record.position = {ImportPosition::Kind::kLine, row.line};
  for (std::size_t i = 0; i < row.fields.size(); ++i) {
    auto& value = row.fields[i];
    switch (header.columns[i]) {
      case Column::kId: record.external_id = external_id_for(value); break;
      case Column::kName: record.name = std::move(value); break;
      case Column::kLat: {
        auto lat = coordinate(value, kReasonBadLatitude);
        if (!lat) return std::unexpected(lat.error());
        record.lat = *lat;
        break;
      }
      case Column::kLng: {
        auto lng = coordinate(value, kReasonBadLongitude);
        if (!lng) return std::unexpected(lng.error());
        record.lng = *lng;
        break;
      }
      case Column::kStoreType: record.store_type = std::move(value); break;
      case Column::kAddress: record.address = std::move(value); break;
      case Column::kPrefecture: record.prefecture = std::move(value); break;
      case Column::kCity: record.city = std::move(value); break;
      case Column::kSellsPacks: record.sells_packs = std::move(value); break;
      case Column::kSellsBoxes: record.sells_boxes = std::move(value); break;
      case Column::kSellsSingles: record.sells_singles = std::move(value); break;
      case Column::kTag:
        if (!trim_ascii_whitespace(value).empty()) record.tags.insert_or_assign(header.names[i], std::move(value));
        break;
      case Column::kIgnored: break;
    }
  }
  return record;
}

}  // namespace

Result<void> import_csv(std::string_view text, StoreImporter& importer) {
  // First pass: the whole file must be well-formed CSV before anything is written.
  for (CsvReader check(text);;) {
    auto record = check.next();
    if (!record) return std::unexpected(record.error());
    if (!*record) break;
  }

  CsvReader reader(text);
  auto first = reader.next();
  // Leading "#" lines are comments (the open data export states its licence there).
  while (first && *first && !(*first)->fields.empty() && (*first)->fields.front().starts_with(kCommentMark))
    first = reader.next();
  if (!first) return std::unexpected(first.error());
  if (!*first) return fail(ErrorCode::kBadRequest, kEmptyCsv);
  auto header = read_header(**first);
  if (!header) return std::unexpected(header.error());

  while (true) {
    auto row = reader.next();
    if (!row) return std::unexpected(row.error());
    if (!*row) return {};
    const ImportPosition position{ImportPosition::Kind::kLine, (*row)->line};
    if ((*row)->fields.size() != header->names.size()) {
      importer.skip(position, column_count_reason(header->names.size(), (*row)->fields.size()));
      continue;
    }
    auto record = record_from_row(*header, **row);
    if (!record) {
      importer.skip(position, std::move(record.error().message));
      continue;
    }
    if (auto added = importer.add(*record); !added) return added;
  }
}

}  // namespace pokeca::importer
