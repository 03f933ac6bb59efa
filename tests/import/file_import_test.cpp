#include "pokeca/import/file_import.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "import_fixture.hpp"

namespace pokeca::importer {
namespace {

using testing::FakeStoreRepository;
using testing::FixedClock;
using testing::japan;
using testing::TempDir;

constexpr std::string_view kGeoJson = R"({
  "type": "FeatureCollection",
  "features": [
    {"type": "Feature", "id": "node/1001",
     "properties": {"name": "テストマート 新宿店", "shop": "convenience"},
     "geometry": {"type": "Point", "coordinates": [139.7003, 35.6909]}},
    {"type": "Feature", "id": "way/2002",
     "properties": {"name": "テストおもちゃ館", "shop": "toys"},
     "geometry": {"type": "Polygon", "coordinates": [[[135.0, 34.7], [135.03, 34.7], [135.0, 34.73], [135.0, 34.7]]]}},
    {"type": "Feature",
     "properties": {"@id": "node/3003", "name": "トレカ広場テスト", "shop": "hobby"},
     "geometry": {"type": "Point", "coordinates": [136.8815, 35.1709]}},
    {"type": "Feature", "id": "n4004",
     "properties": {"name:ja": "テスト薬局", "amenity": "pharmacy"},
     "geometry": {"type": "Point", "coordinates": [141.3508, 43.0686]}},
    {"type": "Feature", "id": 5005,
     "properties": {"@type": "way", "name": "テスト書房", "shop": "books",
                    "addr:province": "福岡県", "addr:city": "福岡市", "addr:suburb": "博多区",
                    "addr:quarter": "博多駅中央街", "addr:block_number": 1, "addr:housenumber": "1"},
     "geometry": {"type": "Point", "coordinates": [130.4207, 33.5902]}},
    {"type": "Feature", "id": "node/6",
     "properties": {"shop": "toys"},
     "geometry": {"type": "Point", "coordinates": [139.7, 35.69]}},
    {"type": "Feature", "id": "way/7",
     "properties": {"name": "線の店", "shop": "toys"},
     "geometry": {"type": "LineString", "coordinates": [[139.7, 35.69], [139.71, 35.69]]}},
    {"type": "Feature", "id": "node/8",
     "properties": {"name": "ロンドンのテスト店", "shop": "toys"},
     "geometry": {"type": "Point", "coordinates": [-0.1276, 51.5072]}},
    {"type": "Point", "coordinates": [139.7, 35.69]},
    {"type": "Feature", "id": "node/10", "properties": {"name": "場所のない店"}, "geometry": null},
    {"type": "Feature", "id": "relation/6006",
     "properties": {"name": "テスト百貨店", "shop": "department_store"},
     "geometry": {"type": "MultiPolygon", "coordinates": [
       [[[139.70, 35.69], [139.701, 35.69], [139.701, 35.691], [139.70, 35.69]]],
       [[[135.75, 35.00], [135.78, 35.00], [135.78, 35.03], [135.75, 35.03], [135.75, 35.00]]]]}},
    {"type": "Feature", "id": "custom-7",
     "properties": {"name": "カードテスト仙台", "store_type": "card_shop", "sells_singles": true},
     "geometry": {"type": "Point", "coordinates": [140.8824, 38.2600]}},
    {"type": "Feature", "id": "node/1001",
     "properties": {"name": "重複したテストマート", "shop": "convenience"},
     "geometry": {"type": "Point", "coordinates": [139.7003, 35.6909]}},
    {"type": "Feature", "id": "node/14",
     "properties": {"name": "座標が文字の店"},
     "geometry": {"type": "Point", "coordinates": ["a", "b"]}}
  ]
})";

// BOM, CRLF, quoting, an embedded line break, an ignored column.
constexpr std::string_view kCsv =
    "\xEF\xBB\xBFid,name,lat,lng,store_type,address,shop,sells_packs,extra\r\n"
    "1,テストカード 秋葉原店,35.6984,139.7731,card_shop,東京都千代田区外神田1-1-1,,yes,無視\r\n"
    "2,\"テスト書店, 本店\",34.6937,135.5023,,,books,,\r\n"
    "osm:node/77,\"OSM由来 \"\"引用\"\" の店\",35.1709,136.8815,,,convenience,no,\r\n"
    "3,列が足りない,35.0\r\n"
    "4,緯度が変,abc,139.7,,,,,\r\n"
    "5,,35.6984,139.7731,,,,,\r\n"
    "1,IDが重複,35.6984,139.7731,,,,,\r\n"
    "6,\"改行を\r\n含む店名\",35.6984,139.7731,,,,,\r\n"
    "7,販売状況が変,35.6984,139.7731,,,,maybe,\r\n";

Result<ImportSummary> import(const std::filesystem::path& file, StoreRepository& repo) {
  return import_file(file, repo, japan(), FixedClock{});
}

std::string reason_at(const ImportSummary& s, std::size_t number) {
  for (const auto& row : s.skipped_rows)
    if (row.position.number == number) return row.reason;
  return "(not skipped)";
}

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

}  // namespace

// --- GeoJSON ---

TEST(GeoJsonImport, CountsAndSkipReasons) {
  TempDir dir;
  FakeStoreRepository repo;
  auto result = import(dir.write("shops.geojson", kGeoJson), repo);
  ASSERT_TRUE(result) << result.error().message;
  EXPECT_EQ(result->inserted, 7u);
  EXPECT_EQ(result->updated, 0u);
  EXPECT_EQ(result->unchanged, 0u);
  EXPECT_EQ(result->skipped, 7u);
  EXPECT_EQ(result->total(), 14u);
  for (const auto& row : result->skipped_rows) EXPECT_EQ(row.position.kind, ImportPosition::Kind::kFeature);

  EXPECT_EQ(reason_at(*result, 6), "店名がありません。");
  EXPECT_TRUE(has(reason_at(*result, 7), "対応していないジオメトリです")) << reason_at(*result, 7);
  EXPECT_TRUE(has(reason_at(*result, 7), "LineString"));
  EXPECT_TRUE(has(reason_at(*result, 8), "日本の範囲外")) << reason_at(*result, 8);
  EXPECT_TRUE(has(reason_at(*result, 9), "Feature")) << reason_at(*result, 9);
  EXPECT_EQ(reason_at(*result, 10), "緯度・経度がありません。");
  EXPECT_EQ(reason_at(*result, 13), "同じIDの行が先にあります：1番目の地物（osm:node/1001）");
  EXPECT_EQ(reason_at(*result, 14), "ジオメトリの座標の形式が正しくありません。");
}

TEST(GeoJsonImport, FeaturesBecomeStores) {
  TempDir dir;
  FakeStoreRepository repo;
  ASSERT_TRUE(import(dir.write("shops.geojson", kGeoJson), repo));

  const auto& mart = repo.at("osm:node/1001");
  EXPECT_EQ(mart.name, "テストマート 新宿店");
  EXPECT_EQ(mart.store_type, "convenience");
  EXPECT_EQ(mart.prefecture, "tokyo");
  EXPECT_EQ(mart.source, StoreSource::kImport);
  EXPECT_EQ(mart.precision, LocationPrecision::kExact);
  EXPECT_DOUBLE_EQ(mart.location.lat, 35.6909);
  EXPECT_DOUBLE_EQ(mart.location.lng, 139.7003);

  // A polygon is placed at the centroid of its outer ring (a triangle: the mean of its corners).
  const auto& toys = repo.at("osm:way/2002");
  EXPECT_NEAR(toys.location.lat, 34.71, 1e-9);
  EXPECT_NEAR(toys.location.lng, 135.01, 1e-9);
  EXPECT_EQ(toys.store_type, "toy");

  EXPECT_EQ(repo.at("osm:node/3003").store_type, "card_shop");  // hobby + トレカ
  EXPECT_EQ(repo.at("osm:node/3003").prefecture, "aichi");

  const auto& pharmacy = repo.at("osm:node/4004");  // "n4004", name from name:ja
  EXPECT_EQ(pharmacy.name, "テスト薬局");
  EXPECT_EQ(pharmacy.store_type, "drugstore");
  EXPECT_EQ(pharmacy.prefecture, "hokkaido");

  const auto& books = repo.at("osm:way/5005");  // numeric id + @type
  EXPECT_EQ(books.store_type, "bookstore");
  EXPECT_EQ(books.address, "福岡県福岡市博多区博多駅中央街1-1");
  EXPECT_EQ(books.prefecture, "fukuoka");
  EXPECT_EQ(books.city, "福岡市");

  // MultiPolygon: the largest part decides (Kyoto, not the sliver in Tokyo).
  const auto& dept = repo.at("osm:relation/6006");
  EXPECT_EQ(dept.store_type, "other");
  EXPECT_EQ(dept.prefecture, "kyoto");
  EXPECT_NEAR(dept.location.lat, 35.015, 1e-9);
  EXPECT_NEAR(dept.location.lng, 135.765, 1e-9);

  const auto& custom = repo.at("geojson:custom-7");
  EXPECT_EQ(custom.store_type, "card_shop");
  EXPECT_EQ(custom.sells.singles, true);
  EXPECT_EQ(custom.prefecture, "miyagi");
}

TEST(GeoJsonImport, SecondImportIsAllUnchanged) {
  TempDir dir;
  FakeStoreRepository repo;
  const auto file = dir.write("shops.geojson", kGeoJson);
  ASSERT_TRUE(import(file, repo));
  auto again = import_file(file, repo, japan(), FixedClock{testing::kNow + 3600});
  ASSERT_TRUE(again);
  EXPECT_EQ(again->inserted, 0u);
  EXPECT_EQ(again->updated, 0u);
  EXPECT_EQ(again->unchanged, 7u);
  EXPECT_EQ(again->skipped, 7u);
  EXPECT_EQ(repo.by_external_id.size(), 7u);
}

TEST(GeoJsonImport, AChangedFeatureIsUpdated) {
  TempDir dir;
  FakeStoreRepository repo;
  ASSERT_TRUE(import(dir.write("a.geojson", kGeoJson), repo));
  std::string changed(kGeoJson);
  changed.replace(changed.find("テストマート 新宿店"), std::string_view("テストマート 新宿店").size(),
                  "テストマート 新宿東口店");
  auto again = import(dir.write("b.geojson", changed), repo);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->updated, 1u);
  EXPECT_EQ(again->unchanged, 6u);
  EXPECT_EQ(repo.at("osm:node/1001").name, "テストマート 新宿東口店");
}

TEST(GeoJsonImport, ASingleFeatureIsAccepted) {
  TempDir dir;
  FakeStoreRepository repo;
  auto r = import(dir.write("one.json", R"({"type":"Feature","id":"node/1","properties":{"name":"一軒のテスト店"},)"
                                        R"("geometry":{"type":"Point","coordinates":[139.7003,35.6909]}})"),
                  repo);
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->inserted, 1u);
}

TEST(GeoJsonImport, MalformedJsonNamesTheLineAndWritesNothing) {
  TempDir dir;
  FakeStoreRepository repo;
  std::string broken(kGeoJson);
  broken.resize(broken.size() - 10);  // cut off the end
  auto r = import(dir.write("broken.geojson", broken), repo);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kBadRequest);
  EXPECT_TRUE(has(r.error().message, "GeoJSONとして読めません")) << r.error().message;
  EXPECT_TRUE(repo.by_external_id.empty());

  auto syntax = import(dir.write("syntax.geojson", "{\n\"type\": \"FeatureCollection\",\n\"features\": [,]}"), repo);
  ASSERT_FALSE(syntax);
  EXPECT_TRUE(has(syntax.error().message, "3行目")) << syntax.error().message;
}

TEST(GeoJsonImport, WrongTopLevelIsAnError) {
  TempDir dir;
  FakeStoreRepository repo;
  for (auto text : {R"([1,2])", R"({"type":"Topology"})", R"({"features":[]})"}) {
    auto r = import(dir.write("x.geojson", text), repo);
    ASSERT_FALSE(r) << text;
    EXPECT_TRUE(has(r.error().message, "FeatureCollection")) << r.error().message;
  }
  auto no_features = import(dir.write("y.geojson", R"({"type":"FeatureCollection"})"), repo);
  ASSERT_FALSE(no_features);
  EXPECT_TRUE(has(no_features.error().message, "features")) << no_features.error().message;
  auto empty = import(dir.write("z.geojson", R"({"type":"FeatureCollection","features":[]})"), repo);
  ASSERT_TRUE(empty);
  EXPECT_EQ(empty->total(), 0u);
}

// --- CSV ---

TEST(CsvImport, CountsAndSkipReasons) {
  TempDir dir;
  FakeStoreRepository repo;
  auto result = import(dir.write("stores.csv", kCsv), repo);
  ASSERT_TRUE(result) << result.error().message;
  EXPECT_EQ(result->inserted, 4u);
  EXPECT_EQ(result->skipped, 5u);
  for (const auto& row : result->skipped_rows) EXPECT_EQ(row.position.kind, ImportPosition::Kind::kLine);
  EXPECT_EQ(reason_at(*result, 5), "列の数がヘッダーと違います（ヘッダー9列、この行3列）。");
  EXPECT_EQ(reason_at(*result, 6), "緯度が数値ではありません：abc");
  EXPECT_EQ(reason_at(*result, 7), "店名がありません。");
  EXPECT_EQ(reason_at(*result, 8), "同じIDの行が先にあります：2行目（csv:1）");
  EXPECT_TRUE(has(reason_at(*result, 11), "販売状況の値が正しくありません：maybe")) << reason_at(*result, 11);
}

TEST(CsvImport, RowsBecomeStores) {
  TempDir dir;
  FakeStoreRepository repo;
  ASSERT_TRUE(import(dir.write("stores.csv", kCsv), repo));
  const auto& akiba = repo.at("csv:1");
  EXPECT_EQ(akiba.name, "テストカード 秋葉原店");
  EXPECT_EQ(akiba.store_type, "card_shop");
  EXPECT_EQ(akiba.address, "東京都千代田区外神田1-1-1");
  EXPECT_EQ(akiba.prefecture, "tokyo");
  EXPECT_EQ(akiba.city, "千代田区");
  EXPECT_EQ(akiba.sells.packs, true);

  EXPECT_EQ(repo.at("csv:2").name, "テスト書店, 本店");
  EXPECT_EQ(repo.at("csv:2").store_type, "bookstore");
  EXPECT_EQ(repo.at("csv:2").prefecture, "osaka");

  const auto& osm = repo.at("osm:node/77");  // an id with ':' is kept
  EXPECT_EQ(osm.name, "OSM由来 \"引用\" の店");
  EXPECT_EQ(osm.store_type, "convenience");
  EXPECT_EQ(osm.sells.packs, false);

  EXPECT_EQ(repo.at("csv:6").name, "改行を 含む店名");
}

TEST(CsvImport, SecondImportIsAllUnchanged) {
  TempDir dir;
  FakeStoreRepository repo;
  const auto file = dir.write("stores.csv", kCsv);
  ASSERT_TRUE(import(file, repo));
  auto again = import(file, repo);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->inserted, 0u);
  EXPECT_EQ(again->updated, 0u);
  EXPECT_EQ(again->unchanged, 4u);
  EXPECT_EQ(again->skipped, 5u);
}

TEST(CsvImport, HeaderColumnsInAnyOrderAndCase) {
  TempDir dir;
  FakeStoreRepository repo;
  auto r = import(dir.write("x.csv",
                            "LNG, Lat ,Name,ID,addr:province,addr:city,Prefecture,City\n"
                            "139.7003,35.6909,テスト,a1,東京都,新宿区,東京都,西新宿\n"),
                  repo);
  ASSERT_TRUE(r) << r.error().message;
  ASSERT_EQ(r->inserted, 1u);
  const auto& s = repo.at("csv:a1");
  EXPECT_EQ(s.address, "東京都新宿区");
  EXPECT_EQ(s.prefecture, "tokyo");
  EXPECT_EQ(s.city, "西新宿");
}

TEST(CsvImport, MissingRequiredColumnsAreNamed) {
  TempDir dir;
  FakeStoreRepository repo;
  auto r = import(dir.write("x.csv", "id,name,latitude,longitude\n1,a,35,139\n"), repo);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "CSVのヘッダーに必要な列がありません：lat, lng（必要な列：id, name, lat, lng）");
}

TEST(CsvImport, DuplicateHeaderColumnIsAnError) {
  TempDir dir;
  FakeStoreRepository repo;
  auto r = import(dir.write("x.csv", "id,name,lat,lng,name\n"), repo);
  ASSERT_FALSE(r);
  EXPECT_TRUE(has(r.error().message, "同じ列名が2回")) << r.error().message;
}

TEST(CsvImport, HeaderOnlyImportsNothing) {
  TempDir dir;
  FakeStoreRepository repo;
  auto r = import(dir.write("x.csv", "id,name,lat,lng\r\n"), repo);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->total(), 0u);
}

TEST(CsvImport, MalformedCsvWritesNothing) {
  TempDir dir;
  FakeStoreRepository repo;
  // Good rows first, then a quote never closed: the whole file is refused up front.
  auto r = import(dir.write("x.csv",
                            "id,name,lat,lng\n"
                            "1,テストA,35.6909,139.7003\n"
                            "2,\"テストB,35.6909,139.7003\n"),
                  repo);
  ASSERT_FALSE(r);
  EXPECT_TRUE(has(r.error().message, "3行目")) << r.error().message;
  EXPECT_TRUE(has(r.error().message, "引用符")) << r.error().message;
  EXPECT_EQ(repo.calls, 0);
}

TEST(CsvImport, ShiftJisIsRefusedWithAHint) {
  TempDir dir;
  FakeStoreRepository repo;
  // "テスト" in Shift_JIS on line 2.
  auto r = import(dir.write("sjis.csv", "id,name,lat,lng\n1,\x83\x65\x83\x58\x83\x67,35.6909,139.7003\n"), repo);
  ASSERT_FALSE(r);
  EXPECT_TRUE(has(r.error().message, "Shift_JIS")) << r.error().message;
  EXPECT_TRUE(has(r.error().message, "2行目")) << r.error().message;
  EXPECT_EQ(repo.calls, 0);
}

// --- files ---

TEST(ImportFile, MissingEmptyDirectoryAndTooLarge) {
  TempDir dir;
  FakeStoreRepository repo;
  auto missing = import(dir.path() / "none.csv", repo);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, ErrorCode::kNotFound);
  EXPECT_TRUE(has(missing.error().message, "ファイルが見つかりません")) << missing.error().message;
  EXPECT_TRUE(has(missing.error().message, "none.csv"));

  auto empty = import(dir.write("empty.csv", ""), repo);
  ASSERT_FALSE(empty);
  EXPECT_TRUE(has(empty.error().message, "ファイルが空です")) << empty.error().message;

  auto folder = import(dir.path(), repo);
  ASSERT_FALSE(folder);
  EXPECT_TRUE(has(folder.error().message, "通常のファイルではありません")) << folder.error().message;

  const auto big = dir.write("big.csv", "id,name,lat,lng\n");
  std::filesystem::resize_file(big, kMaxImportFileBytes + 1);  // sparse: no real bytes written
  auto too_large = import(big, repo);
  ASSERT_FALSE(too_large);
  EXPECT_EQ(too_large.error().code, ErrorCode::kPayloadTooLarge);
  EXPECT_TRUE(has(too_large.error().message, "上限200MB")) << too_large.error().message;
  EXPECT_EQ(kMaxImportFileBytes, 200ULL * 1024 * 1024);
}

TEST(ImportFile, FormatByExtensionElseByContent) {
  EXPECT_EQ(detect_format("a.csv", "{"), ImportFormat::kCsv);
  EXPECT_EQ(detect_format("a.CSV", "{"), ImportFormat::kCsv);
  EXPECT_EQ(detect_format("a.geojson", "id"), ImportFormat::kGeoJson);
  EXPECT_EQ(detect_format("a.json", "id"), ImportFormat::kGeoJson);
  EXPECT_EQ(detect_format("export.txt", "\xEF\xBB\xBF \n {\"type\""), ImportFormat::kGeoJson);
  EXPECT_EQ(detect_format("export", "id,name,lat,lng"), ImportFormat::kCsv);

  TempDir dir;
  FakeStoreRepository repo;
  auto sniffed = import(dir.write("overpass-export", kGeoJson), repo);
  ASSERT_TRUE(sniffed) << sniffed.error().message;
  EXPECT_EQ(sniffed->inserted, 7u);
}

TEST(ImportFile, RepositoryFailureHalfWayKeepsEarlierRowsAndARerunFinishes) {
  TempDir dir;
  FakeStoreRepository repo;
  repo.fail_after = 3;
  const auto file = dir.write("shops.geojson", kGeoJson);
  auto r = import(file, repo);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kUnavailable);
  EXPECT_TRUE(has(r.error().message, "データベースが混み合っています。")) << r.error().message;
  EXPECT_TRUE(has(r.error().message, "もう一度取り込むと続きから")) << r.error().message;
  EXPECT_EQ(repo.by_external_id.size(), 3u);

  repo.fail_after.reset();
  auto rerun = import(file, repo);
  ASSERT_TRUE(rerun);
  EXPECT_EQ(rerun->unchanged, 3u);
  EXPECT_EQ(rerun->inserted, 4u);
}

// --- the subcommand ---

TEST(RunImportCommand, PrintsTheSummaryAndEachSkip) {
  TempDir dir;
  FakeStoreRepository repo;
  std::ostringstream out, err;
  const auto file = dir.write("stores.csv", kCsv);
  EXPECT_EQ(run_import_command(file, repo, japan(), FixedClock{}, out, err), 0);
  EXPECT_TRUE(err.str().empty());
  const auto text = out.str();
  EXPECT_TRUE(has(text, "追加 4件、更新 0件、変更なし 0件、スキップ 5件")) << text;
  EXPECT_TRUE(has(text, "  7行目：店名がありません。\n")) << text;
  EXPECT_TRUE(has(text, file.string()));
}

TEST(RunImportCommand, FailureGoesToErrWithExitStatus1) {
  TempDir dir;
  FakeStoreRepository repo;
  std::ostringstream out, err;
  EXPECT_EQ(run_import_command(dir.path() / "none.geojson", repo, japan(), FixedClock{}, out, err), 1);
  EXPECT_TRUE(out.str().empty());
  EXPECT_TRUE(has(err.str(), "取り込めませんでした：ファイルが見つかりません")) << err.str();
}

TEST(FormatSummary, SaysHowManySkipsWereLeftOut) {
  ImportSummary s;
  s.skipped = kMaxReportedSkips + 2;
  s.skipped_rows.assign(kMaxReportedSkips, SkippedRow{{ImportPosition::Kind::kLine, 2}, "理由"});
  EXPECT_TRUE(has(format_summary(s, "x.csv"), "（ほか2件は省略）"));
}

// --- the README's samples ---

TEST(Samples, ImportAsTheReadmeSays) {
  FakeStoreRepository repo;
  const std::filesystem::path samples = POKECA_SAMPLES_DIR;
  auto geojson = import(samples / "import_sample.geojson", repo);
  ASSERT_TRUE(geojson) << geojson.error().message;
  EXPECT_EQ(geojson->inserted, 7u);
  EXPECT_EQ(geojson->skipped, 3u);
  auto csv = import(samples / "import_sample.csv", repo);
  ASSERT_TRUE(csv) << csv.error().message;
  EXPECT_EQ(csv->inserted, 6u);
  EXPECT_EQ(csv->skipped, 2u);
  auto again = import(samples / "import_sample.geojson", repo);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->unchanged, 7u);
}

}  // namespace pokeca::importer
