#include "pokeca/map/gazetteer.hpp"

#include <limits>

#include "pokeca/shared/numbers.hpp"
#include "pokeca/shared/prefectures.hpp"
#include "pokeca/shared/tsv.hpp"

namespace pokeca {
namespace {

constexpr std::string_view kCounty = "郡";            // 「虻田郡ニセコ町」: the town follows the county
constexpr std::size_t kMaxCountyPrefixBytes = 5 * 3;  // county names are short (≤ 5 kana/kanji)

std::string_view trim_address(std::string_view s) {
  // Leading postal code (〒123-4567) and spaces, ASCII or full-width.
  constexpr std::string_view kPostal = "〒";
  constexpr std::string_view kWideSpace = "　";
  bool changed = true;
  while (changed) {
    changed = false;
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1), changed = true;
    if (s.starts_with(kWideSpace)) s.remove_prefix(kWideSpace.size()), changed = true;
    if (s.starts_with(kPostal)) {
      s.remove_prefix(kPostal.size());
      while (!s.empty() && ((s.front() >= '0' && s.front() <= '9') || s.front() == '-')) s.remove_prefix(1);
      changed = true;
    }
  }
  return s;
}

// The longest municipality name that starts `rest`, among candidates.
const Municipality* longest_prefix(std::string_view rest, const std::vector<const Municipality*>& candidates,
                                   bool& ambiguous) {
  const Municipality* best = nullptr;
  ambiguous = false;
  for (const auto* m : candidates) {
    if (!rest.starts_with(m->city)) continue;
    if (!best || m->city.size() > best->city.size()) {
      best = m;
      ambiguous = false;
    } else if (m->city.size() == best->city.size()) {
      ambiguous = true;  // same name in two prefectures (府中市, 伊達市 …)
    }
  }
  return best;
}

const Municipality* find_city(std::string_view rest, const std::vector<const Municipality*>& candidates,
                              bool& ambiguous) {
  if (const auto* m = longest_prefix(rest, candidates, ambiguous)) return m;
  const auto county = rest.find(kCounty);
  if (county != std::string_view::npos && county <= kMaxCountyPrefixBytes)
    return longest_prefix(rest.substr(county + kCounty.size()), candidates, ambiguous);
  return nullptr;
}

}  // namespace

Result<Gazetteer> Gazetteer::from_tsv(std::string_view tsv) {
  auto table = parse_tsv(tsv);
  if (!table) return std::unexpected(table.error());
  auto cols = require_columns(*table, {"prefecture_code", "city", "lat", "lng"});
  if (!cols) return std::unexpected(cols.error());
  Gazetteer g;
  g.municipalities_.reserve(table->rows.size());
  for (const auto& row : table->rows) {
    const auto code = row[(*cols)[0]];
    const auto lat = parse_decimal(row[(*cols)[2]]);
    const auto lng = parse_decimal(row[(*cols)[3]]);
    if (!find_prefecture(code) || !lat || !lng || !is_valid_lat_lng({*lat, *lng}) || row[(*cols)[1]].empty())
      return fail(ErrorCode::kBadRequest, "市区町村データに不正な行があります: " + std::string(row[(*cols)[1]]));
    g.municipalities_.push_back({std::string(code), std::string(row[(*cols)[1]]), {*lat, *lng}});
  }
  return g;
}

std::vector<const Municipality*> Gazetteer::in_prefecture(std::string_view code) const {
  std::vector<const Municipality*> out;
  for (const auto& m : municipalities_)
    if (m.prefecture_code == code) out.push_back(&m);
  return out;
}

std::optional<AddressMatch> Gazetteer::locate_address(std::string_view address) const {
  std::string_view rest = trim_address(address);
  for (const auto& p : all_prefectures()) {
    if (!rest.starts_with(p.name)) continue;
    rest.remove_prefix(p.name.size());
    bool ambiguous = false;
    const auto* city = find_city(trim_address(rest), in_prefecture(p.code), ambiguous);
    return AddressMatch{std::string(p.code), ambiguous ? nullptr : city};
  }
  std::vector<const Municipality*> everywhere;
  everywhere.reserve(municipalities_.size());
  for (const auto& m : municipalities_) everywhere.push_back(&m);
  bool ambiguous = false;
  const auto* city = find_city(rest, everywhere, ambiguous);
  if (!city || ambiguous) return std::nullopt;
  return AddressMatch{city->prefecture_code, city};
}

const Municipality* Gazetteer::nearest(LatLng point) const {
  const Municipality* best = nullptr;
  double best_km = std::numeric_limits<double>::infinity();
  for (const auto& m : municipalities_) {
    const double km = haversine_km(point, m.centre);
    if (km < best_km) best_km = km, best = &m;
  }
  return best;
}

}  // namespace pokeca
