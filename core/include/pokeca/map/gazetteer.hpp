#pragma once
// Japan's municipalities (市区町村) with centroids: turns an address into an
// approximate place, and a point into prefecture + city.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/geo.hpp"

namespace pokeca {

struct Municipality {
  std::string prefecture_code;
  std::string city;  // "新宿区", "横浜市", "能勢町"
  LatLng centre;
};

// Where an address points: always a prefecture, a municipality when one is named.
struct AddressMatch {
  std::string prefecture_code;
  const Municipality* municipality = nullptr;
};

class Gazetteer {
 public:
  // TSV with a header line: prefecture_code, prefecture_name, city, lat, lng.
  static Result<Gazetteer> from_tsv(std::string_view tsv);

  [[nodiscard]] std::span<const Municipality> all() const { return municipalities_; }
  [[nodiscard]] std::vector<const Municipality*> in_prefecture(std::string_view code) const;
  // "東京都新宿区西新宿2-8-1" → tokyo / 新宿区. A prefecture name alone gives no
  // municipality; a municipality name without the prefecture is accepted when unique.
  [[nodiscard]] std::optional<AddressMatch> locate_address(std::string_view address) const;
  [[nodiscard]] const Municipality* nearest(LatLng point) const;

 private:
  std::vector<Municipality> municipalities_;
};

}  // namespace pokeca
