#pragma once
// GET /stores/search: store names and places from one search box.
// Words separated by spaces narrow the result: a word that names a place (a 市区町村 of
// the gazetteer, or a well-known area such as 池袋 or 梅田) limits the stores to that
// place; every other word must appear in the store's name, in any of its spellings
// (full/half width, upper/lower case, hiragana/katakana, Hepburn romaji → katakana).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/map/gazetteer.hpp"
#include "pokeca/map/store.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/geo.hpp"

namespace pokeca {

inline constexpr std::size_t kMaxSearchQueryChars = 50;  // after trimming
inline constexpr int kDefaultSearchLimit = 10;
inline constexpr int kMaxSearchLimit = 20;
inline constexpr std::size_t kMaxSearchWords = 5;   // more words are ignored
inline constexpr std::size_t kMaxSearchPlaces = 5;  // places listed in the answer
// A well-known area (not a municipality) means stores within this distance of it.
inline constexpr double kAreaSearchRadiusKm = 2.0;
// Where the user is looking (the map's centre, or their position) ranks the stores: those
// within this distance of it come first, nearest first, then the others, nearest first.
inline constexpr double kNearSearchRadiusKm = 30.0;
// How many matches are read to be ranked by distance (each of the two steps above).
inline constexpr int kNearSearchCandidates = 100;

struct SearchPlace {
  std::string name;             // "豊島区", "池袋"
  std::string prefecture_code;  // "tokyo"
  std::string city;             // the municipality ("豊島区"); for an area, the one it lies in
  LatLng centre;
  bool is_area = false;  // a well-known area: stores near `centre`, not the whole city
};

// What the repository searches: every group must match the name (a group matches
// when any of its spellings is a substring of the name, ASCII case ignored), and the
// store must lie in the place when one is given. Active stores only. How a backend finds
// them (an index, a bounded scan for words too short for it) is the backend's own.
struct NameSearch {
  std::vector<std::vector<std::string>> name_groups;
  std::optional<SearchPlace> place;
  double radius_km = kAreaSearchRadiusKm;  // an area place: stores this close to its centre
  int limit = kDefaultSearchLimit;
};

// Whether every group has a spelling inside `name`, ASCII case ignored: NameSearch's rule.
[[nodiscard]] bool name_matches(std::string_view name, const std::vector<std::vector<std::string>>& groups);

// A query whose words are all too short for a backend's name index and that names no
// place can use no index: every backend looks through at most this many active stores
// (lowest ids first), so its cost stays bounded at a million stores (bench/RESULTS.md).
// Every store of the 12,000-store demo data is within it; on a larger database such a
// query may miss stores, and adding a longer word or a place finds them through an index.
inline constexpr int kMaxShortQueryScanRows = 20'000;

class StoreSearchRepository {
 public:
  virtual ~StoreSearchRepository() = default;
  virtual Result<std::vector<Store>> search(const NameSearch& query) = 0;
};

struct NameSearchResult {
  std::vector<Store> stores;
  std::vector<SearchPlace> places;
};

// The spellings a word is matched in: itself (ASCII lower-cased), the name
// normaliser's form, hiragana↔katakana, and romaji read as katakana. No duplicates.
[[nodiscard]] std::vector<std::string> search_spellings(std::string_view word);
// "pokemon" → "ポケモン", "yodobashi" → "ヨドバシ"; nullopt unless the word is Hepburn romaji.
[[nodiscard]] std::optional<std::string> romaji_to_katakana(std::string_view ascii_word);
// Places a word names: municipalities named exactly, or with 市/区/町/村 added
// ("豊島" → 豊島区), and the well-known areas.
[[nodiscard]] std::vector<SearchPlace> places_named(std::string_view word, const Gazetteer& gazetteer);

// `lat` and `lng` of GET /stores/search: both absent → nullopt; both plain decimals in
// range → the point; anything else → kBadRequest (msg::kSearchNearInvalid).
[[nodiscard]] Result<std::optional<LatLng>> parse_search_near(const std::optional<std::string>& lat,
                                                              const std::optional<std::string>& lng);

class StoreSearchService {
 public:
  StoreSearchService(StoreSearchRepository& repository, const Gazetteer& gazetteer)
      : repository_(repository), gazetteer_(gazetteer) {}

  // kBadRequest for a query of 0 or more than kMaxSearchQueryChars characters after
  // trimming, or a limit outside 1–kMaxSearchLimit.
  // `near`: where the user is looking; the stores are then ranked by distance from it.
  Result<NameSearchResult> search(const std::optional<std::string>& q, const std::optional<std::string>& limit,
                                  std::optional<LatLng> near = std::nullopt);

 private:
  Result<std::vector<Store>> ranked_near(const NameSearch& query, LatLng near);

  StoreSearchRepository& repository_;
  const Gazetteer& gazetteer_;
};

}  // namespace pokeca
