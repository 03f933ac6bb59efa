// The open data export (core/open_data.hpp) read back by the importer: every active
// store of one database arrives in a fresh one with the same name, type, place, position
// and what it sells, from the CSV and from the GeoJSON.
#include <gtest/gtest.h>

#include <algorithm>

#include "import_fixture.hpp"
#include "pokeca/import/file_import.hpp"
#include "pokeca/map/open_data.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/sqlite_store_catalog.hpp"
#include "pokeca/storage/sqlite/sqlite_store_repository.hpp"

namespace pokeca::importer {
namespace {

using testing::japan;
using testing::kNow;
using testing::TempDir;

Store make_store(StoreId id, std::string name, std::string type, std::string pref, std::string city, double lat,
                 double lng) {
  Store s;
  s.id = id;
  s.name = std::move(name);
  s.store_type = std::move(type);
  s.prefecture = std::move(pref);
  s.city = std::move(city);
  s.location = {lat, lng};
  s.created_at = s.updated_at = kNow - 86400;
  return s;
}

std::vector<Store> seed() {
  auto a = make_store(1, "カードショップ\"新宿\", 本店", "card_shop", "tokyo", "新宿区", 35.6905, 139.7005);
  a.sells = {true, false, std::nullopt};
  a.last_report_at = kNow - 3600;
  auto b = make_store(2, "テスト電機 梅田店", "electronics", "osaka", "大阪市北区", 34.7025, 135.4959);
  b.sells.boxes = true;
  auto hidden = make_store(3, "非公開の店", "other", "tokyo", "港区", 35.65, 139.75);
  hidden.status = StoreStatus::kHidden;
  auto c = make_store(4, "おもちゃのサッポロ", "toy", "hokkaido", "札幌市中央区", 43.0621, 141.3544);
  return {a, b, hidden, c};
}

std::string export_text(StoreCatalog& catalog, ExportFormat format) {
  std::string text;
  auto n = export_active_stores(catalog, format, kNow, [&](std::string_view piece) { text.append(piece); });
  EXPECT_TRUE(n);
  EXPECT_EQ(n.value_or(0), 3u);
  return text;
}

void expect_round_trip(ExportFormat format, ImportFormat import_format) {
  TempDir dir;
  storage::Database source_db(dir.path() / "source.db");
  storage::SqliteStoreRepository source(source_db);
  ASSERT_TRUE(source.insert_many(seed()));
  storage::SqliteStoreCatalog catalog(source_db);
  const auto text = export_text(catalog, format);
  EXPECT_NE(text.find("ODbL-1.0"), std::string::npos);
  EXPECT_NE(text.find("OpenStreetMap contributors"), std::string::npos);
  EXPECT_EQ(text.find("非公開の店"), std::string::npos);

  storage::Database target_db(dir.path() / "target.db");
  storage::SqliteStoreRepository target(target_db);
  auto summary = import_text(text, import_format, target, japan(), kNow);
  ASSERT_TRUE(summary) << summary.error().message;
  EXPECT_EQ(summary->inserted, 3u) << format_summary(*summary, "export");
  EXPECT_EQ(summary->skipped, 0u) << format_summary(*summary, "export");

  storage::SqliteStoreCatalog read_back(target_db);
  auto imported = read_back.active_between(0, 1'000'000, 100);
  ASSERT_TRUE(imported);
  ASSERT_EQ(imported->size(), 3u);
  for (const auto& original : seed()) {
    if (original.status != StoreStatus::kActive) continue;
    const auto it =
        std::find_if(imported->begin(), imported->end(), [&](const Store& s) { return s.name == original.name; });
    ASSERT_NE(it, imported->end()) << original.name;
    EXPECT_EQ(it->store_type, original.store_type);
    EXPECT_EQ(it->prefecture, original.prefecture);
    EXPECT_EQ(it->city, original.city);
    EXPECT_NEAR(it->location.lat, original.location.lat, 1e-6);
    EXPECT_NEAR(it->location.lng, original.location.lng, 1e-6);
    EXPECT_EQ(it->sells.packs, original.sells.packs);
    EXPECT_EQ(it->sells.boxes, original.sells.boxes);
    EXPECT_EQ(it->sells.singles, original.sells.singles);
  }
  // Read again: the same file changes nothing (idempotent, keyed on the exported id).
  auto again = import_text(text, import_format, target, japan(), kNow + 60);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->unchanged, 3u);
}

TEST(OpenDataRoundTrip, CsvExportImportsBack) { expect_round_trip(ExportFormat::kCsv, ImportFormat::kCsv); }

TEST(OpenDataRoundTrip, GeoJsonExportImportsBack) { expect_round_trip(ExportFormat::kGeoJson, ImportFormat::kGeoJson); }

TEST(OpenData, CsvQuotesAndDefusesFormulas) {
  auto s = make_store(7, "=HYPERLINK(\"x\")", "other", "tokyo", "新宿区", 35.0, 139.0);
  std::string row;
  append_csv_row(row, s);
  EXPECT_EQ(row, "7,\"'=HYPERLINK(\"\"x\"\")\",other,tokyo,新宿区,35.000000,139.000000,exact,,,,\r\n");
}

}  // namespace
}  // namespace pokeca::importer
