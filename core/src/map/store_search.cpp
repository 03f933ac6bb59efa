#include "pokeca/map/store_search.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "pokeca/map/store_name_match.hpp"
#include "pokeca/map/store_query.hpp"  // parse_bounded_int
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/numbers.hpp"
#include "pokeca/shared/text.hpp"
#include "pokeca/shared/utf8.hpp"

namespace pokeca {
namespace {

// Areas people search by that are not municipalities (station districts), with the
// municipality they lie in and their reading in hiragana (a word typed in kana before
// conversion, あきはばら or アキハバラ, names the area too). Kept short on purpose: the big
// shopping districts.
struct Area {
  std::string_view name;
  std::string_view prefecture_code;
  std::string_view city;
  double lat, lng;
  std::string_view reading;
};
constexpr std::array kAreas{
    Area{"池袋", "tokyo", "豊島区", 35.7295, 139.7109, "いけぶくろ"},
    Area{"秋葉原", "tokyo", "千代田区", 35.6984, 139.7731, "あきはばら"},
    Area{"アキバ", "tokyo", "千代田区", 35.6984, 139.7731, "あきば"},
    Area{"上野", "tokyo", "台東区", 35.7141, 139.7774, "うえの"},
    Area{"原宿", "tokyo", "渋谷区", 35.6702, 139.7027, "はらじゅく"},
    Area{"吉祥寺", "tokyo", "武蔵野市", 35.7031, 139.5798, "きちじょうじ"},
    Area{"中野ブロードウェイ", "tokyo", "中野区", 35.7090, 139.6656, "なかのぶろーどうぇい"},
    Area{"梅田", "osaka", "大阪市", 34.7025, 135.4959, "うめだ"},
    Area{"難波", "osaka", "大阪市", 34.6660, 135.5004, "なんば"},
    Area{"なんば", "osaka", "大阪市", 34.6660, 135.5004, "なんば"},
    Area{"日本橋", "osaka", "大阪市", 34.6594, 135.5063, "にっぽんばし"},
    Area{"心斎橋", "osaka", "大阪市", 34.6746, 135.5011, "しんさいばし"},
    Area{"天王寺", "osaka", "大阪市", 34.6466, 135.5135, "てんのうじ"},
    Area{"栄", "aichi", "名古屋市", 35.1709, 136.9084, "さかえ"},
    Area{"大須", "aichi", "名古屋市", 35.1593, 136.9010, "おおす"},
    Area{"名駅", "aichi", "名古屋市", 35.1709, 136.8815, "めいえき"},
    Area{"天神", "fukuoka", "福岡市", 33.5914, 130.3989, "てんじん"},
    Area{"博多", "fukuoka", "福岡市", 33.5897, 130.4207, "はかた"},
    Area{"三宮", "hyogo", "神戸市", 34.6946, 135.1955, "さんのみや"},
    Area{"河原町", "kyoto", "京都市", 35.0037, 135.7694, "かわらまち"},
    Area{"すすきの", "hokkaido", "札幌市", 43.0556, 141.3531, "すすきの"},
    Area{"大通", "hokkaido", "札幌市", 43.0606, 141.3545, "おおどおり"},
    Area{"みなとみらい", "kanagawa", "横浜市", 35.4576, 139.6325, "みなとみらい"},
};

char32_t decode(std::string_view s, std::size_t& i) {
  const auto b = static_cast<unsigned char>(s[i]);
  const int extra = b < 0x80 ? 0 : b < 0xE0 ? 1 : b < 0xF0 ? 2 : 3;
  char32_t cp = extra == 0 ? b : extra == 1 ? (b & 0x1FU) : extra == 2 ? (b & 0x0FU) : (b & 0x07U);
  for (int k = 1; k <= extra && i + static_cast<std::size_t>(k) < s.size(); ++k)
    cp = (cp << 6U) | (static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]) & 0x3FU);
  i += static_cast<std::size_t>(extra) + 1;
  return cp;
}

void encode(char32_t cp, std::string& out) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6U)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3FU)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12U)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6U) & 0x3FU)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3FU)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18U)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12U) & 0x3FU)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6U) & 0x3FU)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3FU)));
  }
}

// Hiragana ぁ(U+3041)…ゖ(U+3096) and katakana ァ(U+30A1)…ヶ(U+30F6) are 0x60 apart.
std::string shift_kana(std::string_view text, bool to_katakana) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    char32_t cp = decode(text, i);
    if (to_katakana && cp >= 0x3041 && cp <= 0x3096)
      cp += 0x60;
    else if (!to_katakana && cp >= 0x30A1 && cp <= 0x30F6)
      cp -= 0x60;
    encode(cp, out);
  }
  return out;
}

// Hepburn (and a few kunrei) syllables, longest first where they share a prefix.
struct Syllable {
  std::string_view romaji;
  std::string_view kana;
};
constexpr std::array kSyllables{
    Syllable{"kya", "キャ"}, Syllable{"kyu", "キュ"}, Syllable{"kyo", "キョ"}, Syllable{"sha", "シャ"},
    Syllable{"shu", "シュ"}, Syllable{"sho", "ショ"}, Syllable{"shi", "シ"},   Syllable{"cha", "チャ"},
    Syllable{"chu", "チュ"}, Syllable{"cho", "チョ"}, Syllable{"chi", "チ"},   Syllable{"tsu", "ツ"},
    Syllable{"nya", "ニャ"}, Syllable{"nyu", "ニュ"}, Syllable{"nyo", "ニョ"}, Syllable{"hya", "ヒャ"},
    Syllable{"hyu", "ヒュ"}, Syllable{"hyo", "ヒョ"}, Syllable{"mya", "ミャ"}, Syllable{"myu", "ミュ"},
    Syllable{"myo", "ミョ"}, Syllable{"rya", "リャ"}, Syllable{"ryu", "リュ"}, Syllable{"ryo", "リョ"},
    Syllable{"gya", "ギャ"}, Syllable{"gyu", "ギュ"}, Syllable{"gyo", "ギョ"}, Syllable{"bya", "ビャ"},
    Syllable{"byu", "ビュ"}, Syllable{"byo", "ビョ"}, Syllable{"pya", "ピャ"}, Syllable{"pyu", "ピュ"},
    Syllable{"pyo", "ピョ"}, Syllable{"ja", "ジャ"},  Syllable{"ju", "ジュ"},  Syllable{"jo", "ジョ"},
    Syllable{"ji", "ジ"},    Syllable{"fu", "フ"},    Syllable{"ka", "カ"},    Syllable{"ki", "キ"},
    Syllable{"ku", "ク"},    Syllable{"ke", "ケ"},    Syllable{"ko", "コ"},    Syllable{"sa", "サ"},
    Syllable{"si", "シ"},    Syllable{"su", "ス"},    Syllable{"se", "セ"},    Syllable{"so", "ソ"},
    Syllable{"ta", "タ"},    Syllable{"ti", "チ"},    Syllable{"tu", "ツ"},    Syllable{"te", "テ"},
    Syllable{"to", "ト"},    Syllable{"na", "ナ"},    Syllable{"ni", "ニ"},    Syllable{"nu", "ヌ"},
    Syllable{"ne", "ネ"},    Syllable{"no", "ノ"},    Syllable{"ha", "ハ"},    Syllable{"hi", "ヒ"},
    Syllable{"hu", "フ"},    Syllable{"he", "ヘ"},    Syllable{"ho", "ホ"},    Syllable{"ma", "マ"},
    Syllable{"mi", "ミ"},    Syllable{"mu", "ム"},    Syllable{"me", "メ"},    Syllable{"mo", "モ"},
    Syllable{"ya", "ヤ"},    Syllable{"yu", "ユ"},    Syllable{"yo", "ヨ"},    Syllable{"ra", "ラ"},
    Syllable{"ri", "リ"},    Syllable{"ru", "ル"},    Syllable{"re", "レ"},    Syllable{"ro", "ロ"},
    Syllable{"wa", "ワ"},    Syllable{"wo", "ヲ"},    Syllable{"ga", "ガ"},    Syllable{"gi", "ギ"},
    Syllable{"gu", "グ"},    Syllable{"ge", "ゲ"},    Syllable{"go", "ゴ"},    Syllable{"za", "ザ"},
    Syllable{"zi", "ジ"},    Syllable{"zu", "ズ"},    Syllable{"ze", "ゼ"},    Syllable{"zo", "ゾ"},
    Syllable{"da", "ダ"},    Syllable{"de", "デ"},    Syllable{"do", "ド"},    Syllable{"ba", "バ"},
    Syllable{"bi", "ビ"},    Syllable{"bu", "ブ"},    Syllable{"be", "ベ"},    Syllable{"bo", "ボ"},
    Syllable{"pa", "パ"},    Syllable{"pi", "ピ"},    Syllable{"pu", "プ"},    Syllable{"pe", "ペ"},
    Syllable{"po", "ポ"},    Syllable{"a", "ア"},     Syllable{"i", "イ"},     Syllable{"u", "ウ"},
    Syllable{"e", "エ"},     Syllable{"o", "オ"},     Syllable{"-", "ー"},
};

bool is_consonant(char c) {
  return c >= 'a' && c <= 'z' && std::string_view("aeiou").find(c) == std::string_view::npos;
}

}  // namespace

std::optional<std::string> romaji_to_katakana(std::string_view word) {
  const std::string w = ascii_lower(word);
  if (w.empty()) return std::nullopt;
  std::string out;
  std::size_t i = 0;
  while (i < w.size()) {
    // Doubled consonant: ッ ("kk", "tch").
    if (i + 1 < w.size() && is_consonant(w[i]) && w[i] != 'n' &&
        (w[i + 1] == w[i] || (w[i] == 't' && w[i + 1] == 'c'))) {
      out += "ッ";
      ++i;
      continue;
    }
    // ン: "n" before a consonant (not y), at the end, or "n'"/"nn".
    if (w[i] == 'n' && (i + 1 == w.size() || (is_consonant(w[i + 1]) && w[i + 1] != 'y') || w[i + 1] == '\'')) {
      out += "ン";
      i += (i + 1 < w.size() && (w[i + 1] == 'n' || w[i + 1] == '\'')) ? 2 : 1;
      continue;
    }
    bool matched = false;
    for (const auto& s : kSyllables) {
      if (std::string_view(w).substr(i).starts_with(s.romaji)) {
        out += s.kana;
        i += s.romaji.size();
        matched = true;
        break;
      }
    }
    if (!matched) return std::nullopt;
  }
  return out;
}

std::vector<std::string> search_spellings(std::string_view word) {
  std::vector<std::string> out;
  const auto add = [&](std::string s) {
    if (!s.empty() && std::find(out.begin(), out.end(), s) == out.end()) out.push_back(std::move(s));
  };
  add(ascii_lower(word));
  const std::string normal = normalize_store_name(word);
  add(normal);
  add(shift_kana(normal, true));
  add(shift_kana(normal, false));
  if (auto kana = romaji_to_katakana(normal)) add(std::move(*kana));
  return out;
}

std::vector<SearchPlace> places_named(std::string_view word, const Gazetteer& gazetteer) {
  std::vector<SearchPlace> out;
  if (word.empty()) return out;
  // The reading matches in hiragana or katakana, however the word was typed.
  const std::string as_hiragana = shift_kana(normalize_store_name(word), false);
  for (const auto& a : kAreas)
    if ((a.name == word || a.reading == as_hiragana) && std::none_of(out.begin(), out.end(), [&](const SearchPlace& p) {
          return p.centre.lat == a.lat && p.centre.lng == a.lng;
        }))
      out.push_back({std::string(a.name), std::string(a.prefecture_code), std::string(a.city), {a.lat, a.lng}, true});
  for (const auto& m : gazetteer.all()) {
    const std::string_view city = m.city;
    const bool named =
        city == word ||
        (city.size() > word.size() && city.starts_with(word) && utf8_length(city.substr(word.size())) == 1 &&
         (city.ends_with("市") || city.ends_with("区") || city.ends_with("町") || city.ends_with("村")));
    if (named) out.push_back({m.city, m.prefecture_code, m.city, m.centre, false});
  }
  return out;
}

bool name_matches(std::string_view name, const std::vector<std::vector<std::string>>& groups) {
  const auto lowered = ascii_lower(name);
  return std::ranges::all_of(groups, [&](const auto& group) {
    return std::ranges::any_of(group,
                               [&](const auto& spelling) { return lowered.find(spelling) != std::string::npos; });
  });
}

Result<std::optional<LatLng>> parse_search_near(const std::optional<std::string>& lat,
                                                const std::optional<std::string>& lng) {
  if (!lat && !lng) return std::optional<LatLng>{};
  const auto la = lat ? parse_decimal(*lat) : std::nullopt;
  const auto ln = lng ? parse_decimal(*lng) : std::nullopt;
  if (!la || !ln || *la < -90.0 || *la > 90.0 || *ln < -180.0 || *ln > 180.0)
    return fail(ErrorCode::kBadRequest, msg::kSearchNearInvalid);
  return std::optional<LatLng>{LatLng{*la, *ln}};
}

Result<std::vector<Store>> StoreSearchService::ranked_near(const NameSearch& query, LatLng near) {
  const auto by_distance = [near](std::vector<Store>& stores) {
    // Nearest first; equal distances by id, so the order is the same every time.
    std::sort(stores.begin(), stores.end(), [near](const Store& a, const Store& b) {
      const double da = haversine_km(near, a.location);
      const double db = haversine_km(near, b.location);
      return da != db ? da < db : a.id < b.id;
    });
  };
  // First the matches around where the user is looking, then (when they are too few)
  // the matches anywhere, each nearest first.
  NameSearch local = query;
  local.place = SearchPlace{"", "", "", near, true};
  local.radius_km = kNearSearchRadiusKm;
  local.limit = kNearSearchCandidates;
  auto stores = repository_.search(local);
  if (!stores) return std::unexpected(stores.error());
  by_distance(*stores);
  if (std::cmp_less(stores->size(), query.limit)) {
    NameSearch anywhere = query;
    anywhere.limit = kNearSearchCandidates;
    auto more = repository_.search(anywhere);
    if (!more) return std::unexpected(more.error());
    by_distance(*more);
    for (auto& s : *more)
      if (std::none_of(stores->begin(), stores->end(), [&](const Store& t) { return t.id == s.id; }))
        stores->push_back(std::move(s));
  }
  if (std::cmp_greater(stores->size(), query.limit)) stores->resize(static_cast<std::size_t>(query.limit));
  return stores;
}

Result<NameSearchResult> StoreSearchService::search(const std::optional<std::string>& q,
                                                    const std::optional<std::string>& limit_text,
                                                    std::optional<LatLng> near) {
  const std::string_view text = q ? trim_spaces(*q) : std::string_view{};
  if (text.empty() || has_control_character(text) || utf8_length(text) > kMaxSearchQueryChars)
    return fail(ErrorCode::kBadRequest, msg::kSearchQueryLength);
  auto limit = parse_bounded_int(limit_text, kDefaultSearchLimit, 1, kMaxSearchLimit, msg::kSearchLimit);
  if (!limit) return std::unexpected(limit.error());

  // Words: split on ASCII spaces and the ideographic space.
  std::vector<std::string> words;
  std::string current;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t at = i;
    const char32_t cp = decode(text, i);
    if (cp == U' ' || cp == U'\t' || cp == 0x3000) {
      if (!current.empty()) words.push_back(std::move(current));
      current.clear();
    } else {
      current.append(text.substr(at, i - at));
    }
  }
  if (!current.empty()) words.push_back(std::move(current));
  if (words.size() > kMaxSearchWords) words.resize(kMaxSearchWords);

  NameSearchResult result;
  NameSearch query;
  query.limit = *limit;
  std::vector<std::string> place_words;
  for (const auto& w : words) {
    auto places = places_named(w, gazetteer_);
    if (places.empty()) {
      query.name_groups.push_back(search_spellings(w));
      continue;
    }
    place_words.push_back(w);
    for (auto& p : places)
      if (result.places.size() < kMaxSearchPlaces) result.places.push_back(std::move(p));
  }
  if (!place_words.empty() && !query.name_groups.empty()) query.place = result.places.front();
  if (query.name_groups.empty()) {
    // Only place words: stores named after the place ("秋葉原" → …秋葉原店), else the
    // stores in the place.
    for (const auto& w : place_words) query.name_groups.push_back(search_spellings(w));
    auto named = repository_.search(query);
    if (!named) return std::unexpected(named.error());
    if (!named->empty()) {
      result.stores = std::move(*named);
      return result;
    }
    query.name_groups.clear();
    query.place = result.places.front();
  }
  auto stores = near && !query.place ? ranked_near(query, *near) : repository_.search(query);
  if (!stores) return std::unexpected(stores.error());
  result.stores = std::move(*stores);
  return result;
}

}  // namespace pokeca
