#include "pokeca/map/store_import.hpp"
#include "pokeca/shared/utf8.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <map>
#include <string>
#include <vector>

#include "pokeca/embedded_data.hpp"

namespace pokeca {
namespace {

constexpr UnixSeconds kNow = 1'795'239'000;
constexpr LatLng kShinjuku{35.6909, 139.7003};  // 新宿駅のあたり

const Gazetteer& japan() {
  static const Gazetteer g = *Gazetteer::from_tsv(data::kGazetteerTsv);
  return g;
}

ImportRecord record(std::string name = "テスト商店 新宿店", LatLng at = kShinjuku) {
  ImportRecord r;
  r.position = {ImportPosition::Kind::kLine, 2};
  r.external_id = "csv:1";
  r.name = std::move(name);
  r.lat = at.lat;
  r.lng = at.lng;
  return r;
}

ImportRecord with_tag(std::string key, std::string value, std::string name = "テスト商店") {
  auto r = record(std::move(name));
  r.tags[std::move(key)] = std::move(value);
  return r;
}

std::string reason_for(const ImportRecord& r, const Gazetteer& g = japan()) {
  auto store = store_from_import(r, g, kNow);
  EXPECT_FALSE(store) << "accepted: " << r.name;
  if (store) return {};
  EXPECT_EQ(store.error().code, ErrorCode::kBadRequest);
  return store.error().message;
}

Store accepted(const ImportRecord& r, const Gazetteer& g = japan()) {
  auto store = store_from_import(r, g, kNow);
  EXPECT_TRUE(store) << (store ? "" : store.error().message);
  return store ? *store : Store{};
}

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

std::string repeat(std::string_view s, std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

}  // namespace

// --- the store made from a good record ---

TEST(StoreFromImport, FillsTheStoreFromAGoodRecord) {
  auto r = record();
  r.address = "東京都新宿区西新宿1-1-1";
  const auto s = accepted(r);
  EXPECT_EQ(s.id, 0);
  EXPECT_EQ(s.external_id, "csv:1");
  EXPECT_EQ(s.name, "テスト商店 新宿店");
  EXPECT_EQ(s.prefecture, "tokyo");
  EXPECT_EQ(s.city, "新宿区");
  EXPECT_EQ(s.address, "東京都新宿区西新宿1-1-1");
  EXPECT_DOUBLE_EQ(s.location.lat, kShinjuku.lat);
  EXPECT_DOUBLE_EQ(s.location.lng, kShinjuku.lng);
  EXPECT_EQ(s.precision, LocationPrecision::kExact);
  EXPECT_EQ(s.source, StoreSource::kImport);
  EXPECT_EQ(s.status, StoreStatus::kActive);
  EXPECT_EQ(s.store_type, "other");
  EXPECT_EQ(s.created_at, kNow);
  EXPECT_EQ(s.updated_at, kNow);
  EXPECT_FALSE(s.sells.packs || s.sells.boxes || s.sells.singles);
}

TEST(StoreFromImport, PrefectureAndCityComeFromTheNearestMunicipality) {
  const auto osaka = accepted(record("テスト", {34.7025, 135.4959}));  // 梅田
  EXPECT_EQ(osaka.prefecture, "osaka");
  EXPECT_EQ(osaka.city, "大阪市");
  const auto sapporo = accepted(record("テスト", {43.0686, 141.3508}));
  EXPECT_EQ(sapporo.prefecture, "hokkaido");
  EXPECT_EQ(sapporo.city, "札幌市");
}

// --- name ---

TEST(StoreFromImport, NameIsRequired) {
  EXPECT_EQ(reason_for(record("")), "店名がありません。");
  EXPECT_EQ(reason_for(record(" \t　")), "店名がありません。");  // ASCII and ideographic spaces
}

TEST(StoreFromImport, NameIsTrimmedAndLineBreaksBecomeSpaces) {
  EXPECT_EQ(accepted(record("　 カードの店\r\n本店 \t")).name, "カードの店 本店");
}

TEST(StoreFromImport, NameLimitCountsCharactersNotBytes) {
  EXPECT_EQ(accepted(record(repeat("あ", kMaxImportNameChars))).name.size(), 3 * kMaxImportNameChars);
  const auto reason = reason_for(record(repeat("あ", kMaxImportNameChars + 1)));
  EXPECT_TRUE(has(reason, "店名が長すぎます")) << reason;
  EXPECT_TRUE(has(reason, std::to_string(kMaxImportNameChars) + "文字")) << reason;
  EXPECT_EQ(kMaxImportNameChars, 100u);
}

TEST(StoreFromImport, ControlCharactersAndBrokenUtf8AreRefused) {
  EXPECT_TRUE(has(reason_for(record("店\x01名")), "制御文字"));
  EXPECT_TRUE(has(reason_for(record("店\x7F")), "制御文字"));
  EXPECT_TRUE(has(reason_for(record("\x83\x7C\x83\x50\x83\x82\x83\x93")), "UTF-8"));  // Shift_JIS
}

// --- external id ---

TEST(StoreFromImport, ExternalIdIsRequiredAndBounded) {
  auto r = record();
  r.external_id = "  ";
  EXPECT_EQ(reason_for(r), "IDがありません。");
  r.external_id = std::string(kMaxImportExternalIdBytes, 'x');
  EXPECT_TRUE(store_from_import(r, japan(), kNow));
  r.external_id += 'x';
  EXPECT_TRUE(has(reason_for(r), "IDが長すぎます"));
}

// --- coordinates ---

TEST(StoreFromImport, CoordinatesAreRequired) {
  auto r = record();
  r.lat.reset();
  EXPECT_EQ(reason_for(r), "緯度・経度がありません。");
  r = record();
  r.lng.reset();
  EXPECT_EQ(reason_for(r), "緯度・経度がありません。");
  r = record();
  r.lat = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(reason_for(r), "緯度・経度がありません。");
}

TEST(StoreFromImport, JapanBoundsAreTheNamedBox) {
  EXPECT_DOUBLE_EQ(kJapanBounds.min_lat, 20.0);
  EXPECT_DOUBLE_EQ(kJapanBounds.max_lat, 46.0);
  EXPECT_DOUBLE_EQ(kJapanBounds.min_lng, 122.0);
  EXPECT_DOUBLE_EQ(kJapanBounds.max_lng, 154.0);
  for (LatLng outside : {LatLng{19.99, 136.0}, LatLng{46.01, 142.0}, LatLng{35.0, 121.99}, LatLng{35.0, 154.01},
                         LatLng{0, 0}, LatLng{51.5, -0.12}}) {
    const auto reason = reason_for(record("テスト", outside));
    EXPECT_TRUE(has(reason, "日本の範囲外")) << reason;
    EXPECT_TRUE(has(reason, "緯度20〜46度、経度122〜154度")) << reason;
  }
}

TEST(StoreFromImport, FarCornersOfJapanAreInside) {
  EXPECT_EQ(accepted(record("テスト", {24.4676, 123.0046})).prefecture, "okinawa");   // 与那国島
  EXPECT_EQ(accepted(record("テスト", {45.4156, 141.6731})).prefecture, "hokkaido");  // 稚内
  EXPECT_EQ(accepted(record("テスト", {43.3301, 145.5829})).prefecture, "hokkaido");  // 根室
  EXPECT_EQ(accepted(record("テスト", {34.655, 129.475})).prefecture, "nagasaki");    // 上対馬
  EXPECT_EQ(accepted(record("テスト", {26.6406, 142.1611})).prefecture, "tokyo");     // 母島
}

TEST(StoreFromImport, SwappedCoordinatesGetAHint) {
  const auto reason = reason_for(record("テスト", {kShinjuku.lng, kShinjuku.lat}));
  EXPECT_TRUE(has(reason, "日本の範囲外")) << reason;
  EXPECT_TRUE(has(reason, "緯度と経度が逆")) << reason;
}

TEST(StoreFromImport, PointsInTheBoxButFarFromJapanAreRefused) {
  for (LatLng abroad : {LatLng{35.1796, 129.0756},  // 釜山
                        LatLng{43.1155, 131.8855},  // ウラジオストク
                        LatLng{33.4996, 126.5312},  // 済州
                        LatLng{30.0, 150.0}}) {     // 太平洋
    const auto reason = reason_for(record("テスト", abroad));
    EXPECT_TRUE(has(reason, "市区町村から離れすぎています")) << reason;
    EXPECT_TRUE(has(reason, std::to_string(static_cast<int>(kMaxKmFromMunicipality)) + "km")) << reason;
  }
}

TEST(StoreFromImport, AnEmptyGazetteerCannotPlaceAnything) {
  const auto empty = *Gazetteer::from_tsv("prefecture_code\tprefecture_name\tcity\tlat\tlng\n");
  EXPECT_EQ(reason_for(record(), empty), "座標から市区町村を判定できません。");
}

// --- store type ---

TEST(StoreFromImport, ExplicitValidStoreTypeWins) {
  auto r = with_tag("shop", "convenience");
  r.store_type = "card_shop";
  EXPECT_EQ(accepted(r).store_type, "card_shop");
  r.store_type = " Bookstore ";
  EXPECT_EQ(accepted(r).store_type, "bookstore");
}

TEST(StoreFromImport, InvalidExplicitStoreTypeFallsBackToTags) {
  auto r = with_tag("shop", "convenience");
  r.store_type = "コンビニ";
  EXPECT_EQ(accepted(r).store_type, "convenience");
  r.tags.clear();
  EXPECT_EQ(accepted(r).store_type, "other");
}

struct TagCase {
  std::string_view value;
  std::string_view type;
};

TEST(StoreTypeFromTags, EachShopValue) {
  const std::vector<TagCase> cases{
      {"convenience", "convenience"},
      {"electronics", "electronics"},
      {"computer", "electronics"},
      {"mobile_phone", "electronics"},
      {"toys", "toy"},
      {"games", "card_shop"},
      {"collector", "card_shop"},
      {"anime", "card_shop"},
      {"hobby", "toy"},
      {"supermarket", "supermarket"},
      {"chemist", "drugstore"},
      {"pharmacy", "drugstore"},
      {"books", "bookstore"},
      {"department_store", "other"},
      {"mall", "other"},
      {"variety_store", "other"},
      {"bakery", "other"},
      {"", "other"},
  };
  for (const auto& c : cases) {
    ImportTags tags{{"shop", std::string(c.value)}};
    EXPECT_EQ(store_type_from_tags(tags, "テスト商店"), c.type) << c.value;
    EXPECT_EQ(accepted(with_tag("shop", std::string(c.value))).store_type, c.type) << c.value;
  }
}

TEST(StoreTypeFromTags, AmenityPharmacyIsADrugstore) {
  EXPECT_EQ(store_type_from_tags({{"amenity", "pharmacy"}}, "テスト薬局"), "drugstore");
  EXPECT_EQ(store_type_from_tags({{"amenity", "cafe"}}, "テスト"), "other");
  EXPECT_EQ(store_type_from_tags({}, "テスト"), "other");
}

TEST(StoreTypeFromTags, HobbyShopsThatSayCardsAreCardShops) {
  for (auto name : {"ホビーショップ カードの森", "トレカ館", "TCGショップ", "tcg base", "ＴＣＧ広場"})
    EXPECT_EQ(store_type_from_tags({{"shop", "hobby"}}, name), "card_shop") << name;
  EXPECT_EQ(store_type_from_tags({{"shop", "hobby"}}, "模型のテスト屋"), "toy");
  // Only hobby shops are re-read by name.
  EXPECT_EQ(store_type_from_tags({{"shop", "toys"}}, "トレカ館"), "toy");
}

TEST(StoreTypeFromTags, PokemonCenterByNameWinsOverTags) {
  EXPECT_EQ(store_type_from_tags({{"shop", "toys"}}, "ポケモンセンタートウキョーDX"), "pokemon_center");
  EXPECT_EQ(store_type_from_tags({}, "Pokémon Center Osaka"), "pokemon_center");
  EXPECT_EQ(store_type_from_tags({{"shop", "games"}}, "pokemon center"), "pokemon_center");
  EXPECT_EQ(accepted(record("ポケモンセンターテスト")).store_type, "pokemon_center");
}

TEST(StoreTypeFromTags, SeveralValuesAndCase) {
  EXPECT_EQ(store_type_from_tags({{"shop", "variety_store;toys"}}, "テスト"), "toy");
  EXPECT_EQ(store_type_from_tags({{"shop", " Convenience "}}, "テスト"), "convenience");
  EXPECT_EQ(store_type_from_tags({{"shop", "bakery"}, {"amenity", "pharmacy"}}, "テスト"), "drugstore");
}

// --- address ---

TEST(AddressFromTags, JapaneseOrderFromAddrTags) {
  ImportTags tags{{"addr:province", "東京都"},      {"addr:city", "新宿区"},    {"addr:quarter", "西新宿"},
                  {"addr:neighbourhood", "二丁目"}, {"addr:block_number", "8"}, {"addr:housenumber", "1"},
                  {"addr:postcode", "163-8001"}};
  EXPECT_EQ(address_from_tags(tags), "東京都新宿区西新宿二丁目8-1");
  tags.erase("addr:block_number");
  EXPECT_EQ(address_from_tags(tags), "東京都新宿区西新宿二丁目1");
  EXPECT_EQ(address_from_tags({{"addr:city", "横浜市"}, {"addr:suburb", "中区"}, {"addr:block_number", "3"}}),
            "横浜市中区3");
  EXPECT_EQ(address_from_tags({}), "");
}

TEST(AddressFromTags, FullAddressWins) {
  EXPECT_EQ(address_from_tags({{"addr:full", " 大阪府大阪市北区梅田1-1 "}, {"addr:city", "別の市"}}),
            "大阪府大阪市北区梅田1-1");
}

TEST(StoreFromImport, AddressKeptWhenGivenElseBuiltFromTags) {
  auto r = with_tag("addr:city", "新宿区");
  r.tags["addr:province"] = "東京都";
  EXPECT_EQ(accepted(r).address, "東京都新宿区");
  r.address = "東京都新宿区西新宿2-8-1";
  EXPECT_EQ(accepted(r).address, "東京都新宿区西新宿2-8-1");
  r.address = " 　";  // blank counts as not given
  EXPECT_EQ(accepted(r).address, "東京都新宿区");
}

TEST(StoreFromImport, AddressLimit) {
  auto r = record();
  r.address = repeat("住", kMaxImportAddressChars);
  EXPECT_TRUE(store_from_import(r, japan(), kNow));
  r.address += "所";
  EXPECT_TRUE(has(reason_for(r), "住所が長すぎます"));
}

// --- prefecture and city given by the source ---

// Two municipalities 18 km apart across a prefecture border (made-up places).
constexpr std::string_view kBorderTsv =
    "prefecture_code\tprefecture_name\tcity\tlat\tlng\n"
    "tokyo\t東京都\tテスト市\t35.0\t139.0\n"
    "kanagawa\t神奈川県\tサンプル町\t35.0\t139.2\n";
constexpr LatLng kNearTheBorder{35.0, 139.11};  // nearer to サンプル町

TEST(StoreFromImport, AddressPrefectureWinsNearABorder) {
  const auto g = *Gazetteer::from_tsv(kBorderTsv);
  auto r = record("テスト", kNearTheBorder);
  EXPECT_EQ(accepted(r, g).prefecture, "kanagawa");
  r.address = "東京都テスト市1-2-3";
  const auto s = accepted(r, g);
  EXPECT_EQ(s.prefecture, "tokyo");
  EXPECT_EQ(s.city, "テスト市");
}

TEST(StoreFromImport, PrefectureColumnByCodeOrName) {
  const auto g = *Gazetteer::from_tsv(kBorderTsv);
  auto r = record("テスト", kNearTheBorder);
  r.prefecture = "東京都";
  EXPECT_EQ(accepted(r, g).prefecture, "tokyo");
  r.prefecture = "Tokyo";
  EXPECT_EQ(accepted(r, g).prefecture, "tokyo");
  r.prefecture = "";
  EXPECT_EQ(accepted(r, g).prefecture, "kanagawa");
}

TEST(StoreFromImport, UnknownOrContradictingPrefectureIsRefused) {
  auto r = record();
  r.prefecture = "東京";
  EXPECT_EQ(reason_for(r), "都道府県の指定が正しくありません：東京");
  r.prefecture = "okinawa";
  EXPECT_EQ(reason_for(r), "都道府県の指定と座標が一致しません：okinawa");
}

TEST(StoreFromImport, LongValuesAreShortenedInReasons) {
  auto r = record();
  r.prefecture = repeat("県", 100);
  EXPECT_EQ(reason_for(r), "都道府県の指定が正しくありません：" + repeat("県", 13) + "…");
}

TEST(StoreFromImport, AnAddressFarFromThePointDoesNotMoveIt) {
  auto r = record();
  r.address = "沖縄県那覇市泉崎1-2-2";  // e.g. a head office
  const auto s = accepted(r);
  EXPECT_EQ(s.prefecture, "tokyo");
  EXPECT_EQ(s.city, "新宿区");
}

TEST(StoreFromImport, CityColumnOverridesAndIsBounded) {
  auto r = record();
  r.city = "新宿区西新宿";
  EXPECT_EQ(accepted(r).city, "新宿区西新宿");
  r.city = "";
  EXPECT_EQ(accepted(r).city, "新宿区");
  r.city = repeat("市", kMaxImportCityChars + 1);
  EXPECT_TRUE(has(reason_for(r), "市区町村が長すぎます"));
}

// --- sells flags ---

TEST(StoreFromImport, SellsFlags) {
  auto r = record();
  r.sells_packs = "yes";
  r.sells_boxes = "×";
  const auto s = accepted(r);
  EXPECT_EQ(s.sells.packs, true);
  EXPECT_EQ(s.sells.boxes, false);
  EXPECT_EQ(s.sells.singles, std::nullopt);
  r.sells_singles = "maybe";
  EXPECT_TRUE(has(reason_for(r), "販売状況の値が正しくありません：maybe"));
}

TEST(ParseSellsFlag, Values) {
  for (auto yes : {"yes", "YES", "y", "true", "1", "はい", "あり", "○", " Yes "})
    EXPECT_EQ(parse_sells_flag(yes), SellsFlag::kYes) << yes;
  for (auto no : {"no", "N", "false", "0", "いいえ", "なし", "×"})
    EXPECT_EQ(parse_sells_flag(no), SellsFlag::kNo) << no;
  EXPECT_EQ(parse_sells_flag(""), SellsFlag::kUnknown);
  EXPECT_EQ(parse_sells_flag("  "), SellsFlag::kUnknown);
  EXPECT_EQ(parse_sells_flag("2"), std::nullopt);
}

// --- UTF-8 helpers ---

TEST(Utf8, Validation) {
  EXPECT_TRUE(is_valid_utf8("abc あ 🃏"));
  EXPECT_EQ(find_invalid_utf8("ab\xFF"), 2u);
  EXPECT_EQ(find_invalid_utf8("\xC0\xAF"), 0u);          // overlong
  EXPECT_EQ(find_invalid_utf8("\xED\xA0\x80"), 0u);      // surrogate
  EXPECT_EQ(find_invalid_utf8("\xF4\x90\x80\x80"), 0u);  // above U+10FFFF
  EXPECT_EQ(find_invalid_utf8("あ\xE3\x81"), 3u);        // cut short
  EXPECT_EQ(utf8_length("aあ🃏"), 3u);
}

TEST(ImportPosition, Describe) {
  EXPECT_EQ(describe({ImportPosition::Kind::kLine, 12}), "12行目");
  EXPECT_EQ(describe({ImportPosition::Kind::kFeature, 3}), "3番目の地物");
}

// --- StoreImporter ---

class FakeUpserts : public StoreRepository {
 public:
  Result<std::vector<Store>> in_prefecture(std::string_view, const StoreFilters&, int) override { return {}; }
  Result<std::vector<Store>> in_bbox(const BoundingBox&, const StoreFilters&, int) override { return {}; }
  Result<std::vector<StoreWithDistance>> nearest(LatLng, double, const StoreFilters&, int) override { return {}; }
  Result<std::vector<CellAggregate>> cells(const CellRange&, const StoreFilters&) override { return {}; }
  Result<std::optional<Store>> find(StoreId) override { return std::optional<Store>{}; }
  Result<std::int64_t> count_active() override { return 0; }
  Result<std::vector<PrefectureCount>> count_by_prefecture() override { return {}; }
  Result<void> insert_many(std::span<const Store>) override { return {}; }
  Result<UpsertOutcome> upsert_by_external_id(const Store& s) override {
    if (fail_next) return fail(ErrorCode::kUnavailable, "混み合っています");
    auto [it, fresh] = by_id.try_emplace(s.external_id, s);
    if (fresh) return UpsertOutcome::kInserted;
    if (it->second.name == s.name) return UpsertOutcome::kUnchanged;
    it->second = s;
    return UpsertOutcome::kUpdated;
  }

  std::map<std::string, Store> by_id;
  bool fail_next = false;
};

TEST(StoreImporter, CountsEachOutcomeAndSkips) {
  FakeUpserts repo;
  {
    StoreImporter first(repo, japan(), kNow);
    ASSERT_TRUE(first.add(record("店A")));
    auto b = record("店B");
    b.external_id = "csv:2";
    ASSERT_TRUE(first.add(b));
    auto bad = record("");
    bad.position = {ImportPosition::Kind::kLine, 4};
    ASSERT_TRUE(first.add(bad));
    EXPECT_EQ(first.summary().inserted, 2u);
    EXPECT_EQ(first.summary().skipped, 1u);
    ASSERT_EQ(first.summary().skipped_rows.size(), 1u);
    EXPECT_EQ(first.summary().skipped_rows[0].position.number, 4u);
    EXPECT_EQ(first.summary().skipped_rows[0].reason, "店名がありません。");
  }
  StoreImporter second(repo, japan(), kNow + 60);
  ASSERT_TRUE(second.add(record("店A")));
  auto b = record("店B 改");
  b.external_id = "csv:2";
  ASSERT_TRUE(second.add(b));
  EXPECT_EQ(second.summary().unchanged, 1u);
  EXPECT_EQ(second.summary().updated, 1u);
  EXPECT_EQ(second.summary().total(), 2u);
}

TEST(StoreImporter, RepeatedIdInOneRunIsSkipped) {
  FakeUpserts repo;
  StoreImporter importer(repo, japan(), kNow);
  ASSERT_TRUE(importer.add(record("店A")));
  auto again = record("店A 別の行");
  again.position = {ImportPosition::Kind::kLine, 9};
  ASSERT_TRUE(importer.add(again));
  EXPECT_EQ(importer.summary().inserted, 1u);
  ASSERT_EQ(importer.summary().skipped_rows.size(), 1u);
  EXPECT_EQ(importer.summary().skipped_rows[0].reason, "同じIDの行が先にあります：2行目（csv:1）");
  EXPECT_EQ(repo.by_id.at("csv:1").name, "店A");
}

TEST(StoreImporter, KeepsTheFirstSkipsInDetailAndCountsAll) {
  FakeUpserts repo;
  StoreImporter importer(repo, japan(), kNow);
  for (std::size_t i = 0; i < kMaxReportedSkips + 5; ++i) importer.skip({ImportPosition::Kind::kLine, i}, "x");
  EXPECT_EQ(importer.summary().skipped, kMaxReportedSkips + 5);
  EXPECT_EQ(importer.summary().skipped_rows.size(), kMaxReportedSkips);
}

TEST(StoreImporter, RepositoryFailureIsAnError) {
  FakeUpserts repo;
  repo.fail_next = true;
  StoreImporter importer(repo, japan(), kNow);
  auto added = importer.add(record());
  ASSERT_FALSE(added);
  EXPECT_EQ(added.error().code, ErrorCode::kUnavailable);
  EXPECT_EQ(importer.summary().total(), 0u);
}

}  // namespace pokeca
