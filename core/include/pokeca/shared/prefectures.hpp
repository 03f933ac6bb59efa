#pragma once
// The 47 prefectures (fixed) and the 9 display regions of the home map.
#include <span>
#include <string_view>

#include "pokeca/shared/geo.hpp"

namespace pokeca {

struct Region {
  std::string_view code;  // "kanto"
  std::string_view name;  // "関東"
};

struct Prefecture {
  std::string_view code;    // lowercase romaji: "tokyo"
  std::string_view name;    // "東京都"
  std::string_view region;  // region code
  LatLng centre;            // a good map centre for the prefecture
  int zoom;                 // Leaflet zoom that fits it on a phone
};

inline constexpr std::size_t kPrefectureCount = 47;
inline constexpr std::size_t kRegionCount = 9;

// In display order: hokkaido, tohoku, kanto, chubu, kinki, chugoku, shikoku, kyushu, okinawa.
[[nodiscard]] std::span<const Region> all_regions();
// In JIS order (hokkaido = 01 … okinawa = 47).
[[nodiscard]] std::span<const Prefecture> all_prefectures();
[[nodiscard]] const Prefecture* find_prefecture(std::string_view code);
[[nodiscard]] const Prefecture* find_prefecture_by_name(std::string_view japanese_name);
// SPEC.md §2: a Japanese prefecture name to its code; unknown names give "".
[[nodiscard]] std::string_view prefecture_code_from_name(std::string_view japanese_name);

}  // namespace pokeca
