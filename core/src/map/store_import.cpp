#include "pokeca/map/store_import.hpp"

#include <array>
#include <cmath>
#include <limits>
#include <span>
#include <utility>

#include "pokeca/map/store_types.hpp"
#include "pokeca/shared/prefectures.hpp"
#include "pokeca/shared/text.hpp"
#include "pokeca/shared/utf8.hpp"

namespace pokeca {
namespace {

// Skip reasons, shown to the operator as is. (messages.hpp belongs to the HTTP-facing
// texts; the import's reasons stay next to the rules they explain.)
constexpr std::string_view kReasonNoExternalId = "IDがありません。";
constexpr std::string_view kReasonNoName = "店名がありません。";
constexpr std::string_view kReasonNotUtf8 = "UTF-8として読めない文字が含まれています。";
constexpr std::string_view kReasonControlCharacter = "使えない制御文字が含まれています。";
constexpr std::string_view kReasonNoCoordinates = "緯度・経度がありません。";
constexpr std::string_view kReasonSwappedHint = "緯度と経度が逆になっていませんか。";
constexpr std::string_view kReasonNoMunicipality = "座標から市区町村を判定できません。";
constexpr std::string_view kReasonUnknownPrefecture = "都道府県の指定が正しくありません";
constexpr std::string_view kReasonPrefectureMismatch = "都道府県の指定と座標が一致しません";
constexpr std::string_view kReasonBadSellsFlag = "販売状況の値が正しくありません";
constexpr std::string_view kSellsFlagHint = "（yes・no または空欄で指定してください）";
constexpr std::string_view kReasonDuplicateId = "同じIDの行が先にあります";

constexpr std::string_view kFieldName = "店名";
constexpr std::string_view kFieldAddress = "住所";
constexpr std::string_view kFieldCity = "市区町村";
constexpr std::string_view kFieldExternalId = "ID";

constexpr std::string_view kPokemonCenter = "ポケモンセンター";
constexpr std::array<std::string_view, 2> kPokemonCenterLatin{"pokemon center", "pokémon center"};
// A hobby shop whose name says it deals in cards is a card shop.
constexpr std::array<std::string_view, 4> kCardWords{"カード", "トレカ", "tcg", "ＴＣＧ"};

std::string too_long(std::string_view field, std::size_t limit, std::string_view unit) {
  return std::string(field) + "が長すぎます（" + std::to_string(limit) + std::string(unit) + "まで）。";
}
std::string outside_japan() {
  const auto deg = [](double d) { return std::to_string(static_cast<int>(d)); };
  return "座標が日本の範囲外です（緯度" + deg(kJapanBounds.min_lat) + "〜" + deg(kJapanBounds.max_lat) + "度、経度" +
         deg(kJapanBounds.min_lng) + "〜" + deg(kJapanBounds.max_lng) + "度）。";
}
std::string far_from_municipality() {
  return "座標が日本の市区町村から離れすぎています（最寄りの市区町村の中心から" +
         std::to_string(static_cast<int>(kMaxKmFromMunicipality)) + "km以上）。";
}
// Longest value quoted back in a reason, in bytes (cut on a character boundary).
constexpr std::size_t kMaxQuotedValueBytes = 40;

std::string with_value(std::string_view reason, std::string_view value) {
  std::string quoted(value.substr(0, kMaxQuotedValueBytes));
  if (value.size() > kMaxQuotedValueBytes) {
    while (!quoted.empty() && (static_cast<unsigned char>(value[quoted.size()]) & 0xC0) == 0x80) quoted.pop_back();
    quoted += "…";
  }
  return std::string(reason) + "：" + quoted;
}

std::unexpected<DomainError> skip_because(std::string reason) {
  return std::unexpected(DomainError{ErrorCode::kBadRequest, std::move(reason)});
}

constexpr std::array<std::string_view, 3> kWideSpaces{"\xE3\x80\x80", "\xC2\xA0", "\xEF\xBB\xBF"};

// Trims ASCII whitespace, ideographic spaces (U+3000), no-break spaces and stray BOMs.
std::string_view trim(std::string_view s) {
  bool changed = true;
  while (changed && !s.empty()) {
    changed = false;
    while (!s.empty() && (s.front() == ' ' || (s.front() >= '\t' && s.front() <= '\r'))) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || (s.back() >= '\t' && s.back() <= '\r'))) s.remove_suffix(1);
    for (auto w : kWideSpaces) {
      if (s.starts_with(w)) s.remove_prefix(w.size()), changed = true;
      if (s.ends_with(w)) s.remove_suffix(w.size()), changed = true;
    }
  }
  return s;
}

// Text for one line of display: trimmed, line breaks and tabs become one space, runs of
// ASCII spaces shrink to one. Other control characters and invalid UTF-8 are refused.
Result<std::string> clean_text(std::string_view raw) {
  const auto text = trim(raw);
  if (!is_valid_utf8(text)) return skip_because(std::string(kReasonNotUtf8));
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    const bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
    if (!space && (byte < 0x20 || byte == 0x7F)) return skip_because(std::string(kReasonControlCharacter));
    if (space) {
      if (!out.empty() && out.back() != ' ') out.push_back(' ');
    } else {
      out.push_back(c);
    }
  }
  return out;
}

// A cleaned field of at most max_chars code points (empty allowed).
Result<std::string> clean_field(std::string_view raw, std::string_view field, std::size_t max_chars) {
  auto text = clean_text(raw);
  if (!text) return text;
  if (utf8_length(*text) > max_chars) return skip_because(too_long(field, max_chars, "文字"));
  return text;
}

bool contains_any(std::string_view haystack, std::span<const std::string_view> needles) {
  for (auto n : needles)
    if (haystack.find(n) != std::string_view::npos) return true;
  return false;
}

bool is_pokemon_center(std::string_view name) {
  return name.find(kPokemonCenter) != std::string_view::npos || contains_any(ascii_lower(name), kPokemonCenterLatin);
}

// One OSM tag value to a store type; "" when the value says nothing specific.
std::string_view type_for_tag_value(std::string_view value, std::string_view lower_name) {
  struct Mapping {
    std::string_view value;
    std::string_view type;
  };
  static constexpr std::array<Mapping, 18> kMappings{{
      {"convenience", "convenience"},
      {"electronics", "electronics"},
      {"computer", "electronics"},
      {"mobile_phone", "electronics"},
      {"toys", "toy"},
      {"games", "card_shop"},
      {"collector", "card_shop"},
      {"anime", "card_shop"},
      {"hobby", "toy"},  // card_shop when the name says cards (below)
      {"supermarket", "supermarket"},
      {"chemist", "drugstore"},
      {"pharmacy", "drugstore"},
      {"books", "bookstore"},
      {"department_store", "other"},
      {"mall", "other"},
      {"variety_store", "other"},
      {"general", "other"},
      {"second_hand", "other"},
  }};
  for (const auto& m : kMappings) {
    if (m.value != value) continue;
    if (value == "hobby" && contains_any(lower_name, kCardWords)) return "card_shop";
    return m.type == kDefaultStoreType ? std::string_view{} : m.type;
  }
  return {};
}

// The nearest of `candidates` to `point`, with its distance.
std::pair<const Municipality*, double> nearest_of(const std::vector<const Municipality*>& candidates, LatLng point) {
  const Municipality* best = nullptr;
  double best_km = std::numeric_limits<double>::infinity();
  for (const auto* m : candidates) {
    const double km = haversine_km(point, m->centre);
    if (km < best_km) best_km = km, best = m;
  }
  return {best, best_km};
}

// The prefecture code named by a code ("tokyo") or Japanese name ("東京都").
std::string_view prefecture_code_of(std::string_view text) {
  if (const auto* p = find_prefecture(ascii_lower(text))) return p->code;
  return prefecture_code_from_name(text);
}

// The flag as Sells holds it, or the skip reason.
Result<void> read_sells_flag(std::string_view text, std::optional<bool>& into) {
  const auto flag = parse_sells_flag(text);
  if (!flag) return skip_because(with_value(kReasonBadSellsFlag, trim(text)) + std::string(kSellsFlagHint));
  if (*flag != SellsFlag::kUnknown) into = *flag == SellsFlag::kYes;
  return {};
}

}  // namespace

std::string describe(const ImportPosition& position) {
  const auto n = std::to_string(position.number);
  return position.kind == ImportPosition::Kind::kLine ? n + "行目" : n + "番目の地物";
}

std::optional<SellsFlag> parse_sells_flag(std::string_view text) {
  static constexpr std::array<std::string_view, 8> kYes{"yes", "y", "true", "1", "はい", "あり", "○", "◯"};
  static constexpr std::array<std::string_view, 8> kNo{"no", "n", "false", "0", "いいえ", "なし", "×", "✕"};
  const auto value = ascii_lower(trim(text));
  if (value.empty()) return SellsFlag::kUnknown;
  for (auto y : kYes)
    if (value == y) return SellsFlag::kYes;
  for (auto no : kNo)
    if (value == no) return SellsFlag::kNo;
  return std::nullopt;
}

std::string_view store_type_from_tags(const ImportTags& tags, std::string_view name) {
  if (is_pokemon_center(name)) return "pokemon_center";
  const auto lower_name = ascii_lower(name);
  for (std::string_view key : {"shop", "amenity"}) {
    const auto tag = tags.find(key);
    if (tag == tags.end()) continue;
    // OSM allows several values: "toys;games". The first specific one wins.
    std::string_view values = tag->second;
    while (!values.empty()) {
      const auto semi = values.find(';');
      const auto value = ascii_lower(trim(values.substr(0, semi)));
      values = semi == std::string_view::npos ? std::string_view{} : values.substr(semi + 1);
      if (auto type = type_for_tag_value(value, lower_name); !type.empty()) return type;
    }
  }
  return kDefaultStoreType;
}

std::string address_from_tags(const ImportTags& tags) {
  const auto tag = [&](std::string_view key) -> std::string_view {
    const auto it = tags.find(key);
    return it == tags.end() ? std::string_view{} : trim(it->second);
  };
  if (auto full = tag("addr:full"); !full.empty()) return std::string(full);
  std::string address;
  // Japanese order, largest first: 東京都 新宿区 西新宿 二丁目 8-1 (addr:suburb holds the
  // ward of a designated city in some data: 横浜市 中区).
  for (std::string_view key : {"addr:province", "addr:city", "addr:suburb", "addr:quarter", "addr:neighbourhood"})
    address += tag(key);
  const auto block = tag("addr:block_number");
  const auto house = tag("addr:housenumber");
  address += block;
  if (!block.empty() && !house.empty()) address += '-';
  address += house;
  return address;
}

Result<Store> store_from_import(const ImportRecord& record, const Gazetteer& gazetteer, UnixSeconds now) {
  Store store;
  store.source = StoreSource::kImport;
  store.precision = LocationPrecision::kExact;
  store.status = StoreStatus::kActive;
  store.created_at = now;
  store.updated_at = now;

  auto external_id = clean_text(record.external_id);
  if (!external_id) return std::unexpected(external_id.error());
  if (external_id->empty()) return skip_because(std::string(kReasonNoExternalId));
  if (external_id->size() > kMaxImportExternalIdBytes)
    return skip_because(too_long(kFieldExternalId, kMaxImportExternalIdBytes, "バイト"));
  store.external_id = std::move(*external_id);

  auto name = clean_field(record.name, kFieldName, kMaxImportNameChars);
  if (!name) return std::unexpected(name.error());
  if (name->empty()) return skip_because(std::string(kReasonNoName));
  store.name = std::move(*name);

  if (!record.lat || !record.lng || !std::isfinite(*record.lat) || !std::isfinite(*record.lng))
    return skip_because(std::string(kReasonNoCoordinates));
  store.location = {*record.lat, *record.lng};
  if (!kJapanBounds.contains(store.location)) {
    auto reason = outside_japan();
    if (kJapanBounds.contains({store.location.lng, store.location.lat})) reason += kReasonSwappedHint;
    return skip_because(std::move(reason));
  }

  const auto explicit_type = ascii_lower(trim(record.store_type));
  store.store_type =
      find_store_type(explicit_type) ? explicit_type : std::string(store_type_from_tags(record.tags, store.name));

  auto address = clean_field(trim(record.address).empty() ? address_from_tags(record.tags) : record.address,
                             kFieldAddress, kMaxImportAddressChars);
  if (!address) return std::unexpected(address.error());
  store.address = std::move(*address);

  for (const auto& [text, into] :
       {std::pair{&record.sells_packs, &store.sells.packs}, std::pair{&record.sells_boxes, &store.sells.boxes},
        std::pair{&record.sells_singles, &store.sells.singles}})
    if (auto ok = read_sells_flag(*text, *into); !ok) return std::unexpected(ok.error());

  // Prefecture and city. The nearest municipality centre decides, except that a
  // prefecture named by the source (its prefecture column, else the address) wins when
  // it has a municipality near the point: near a border the nearest centre can lie
  // across it, while the address cannot.
  const auto* nearest = gazetteer.nearest(store.location);
  if (!nearest) return skip_because(std::string(kReasonNoMunicipality));
  if (haversine_km(store.location, nearest->centre) > kMaxKmFromMunicipality)
    return skip_because(far_from_municipality());

  std::string_view claimed_prefecture;
  if (record.prefecture && !trim(*record.prefecture).empty()) {
    claimed_prefecture = prefecture_code_of(trim(*record.prefecture));
    if (claimed_prefecture.empty()) return skip_because(with_value(kReasonUnknownPrefecture, trim(*record.prefecture)));
  }
  const auto address_match = store.address.empty() ? std::nullopt : gazetteer.locate_address(store.address);

  const Municipality* place = nearest;
  if (!claimed_prefecture.empty() || address_match) {
    const std::string_view hint =
        claimed_prefecture.empty() ? std::string_view(address_match->prefecture_code) : claimed_prefecture;
    if (hint != nearest->prefecture_code) {
      const auto [in_hint, km] = nearest_of(gazetteer.in_prefecture(hint), store.location);
      if (in_hint && km <= kMaxKmFromMunicipality) {
        place = in_hint;
      } else if (!claimed_prefecture.empty()) {
        return skip_because(with_value(kReasonPrefectureMismatch, trim(*record.prefecture)));
      }  // an address that disagrees with the point is ignored for placing it
    }
  }
  store.prefecture = place->prefecture_code;
  store.city = place->city;
  if (address_match && address_match->municipality && address_match->municipality->prefecture_code == store.prefecture)
    store.city = address_match->municipality->city;
  if (record.city) {
    auto city = clean_field(*record.city, kFieldCity, kMaxImportCityChars);
    if (!city) return std::unexpected(city.error());
    if (!city->empty()) store.city = std::move(*city);
  }
  return store;
}

void StoreImporter::skip(const ImportPosition& position, std::string reason) {
  ++summary_.skipped;
  if (summary_.skipped_rows.size() < kMaxReportedSkips) summary_.skipped_rows.push_back({position, std::move(reason)});
}

Result<void> StoreImporter::add(const ImportRecord& record) {
  auto store = store_from_import(record, gazetteer_, now_);
  if (!store) {
    skip(record.position, std::move(store.error().message));
    return {};
  }
  // A repeated id would overwrite the earlier row, and a second run would then report
  // both as updated: the first row with an id wins, later ones are skipped.
  const auto [first, fresh] = seen_.try_emplace(store->external_id, record.position);
  if (!fresh) {
    skip(record.position, with_value(kReasonDuplicateId, describe(first->second) + "（" + store->external_id + "）"));
    return {};
  }
  auto outcome = stores_.upsert_by_external_id(*store);
  if (!outcome) return std::unexpected(outcome.error());
  switch (*outcome) {
    case UpsertOutcome::kInserted: ++summary_.inserted; break;
    case UpsertOutcome::kUpdated: ++summary_.updated; break;
    case UpsertOutcome::kUnchanged: ++summary_.unchanged; break;
  }
  return {};
}

}  // namespace pokeca
