#include "pokeca/demo/demo_dataset.hpp"

#include <array>
#include <cmath>
#include <unordered_set>

#include "demo_prng.hpp"
#include "pokeca/map/store_types.hpp"
#include "pokeca/shared/numbers.hpp"
#include "pokeca/shared/prefectures.hpp"
#include "pokeca/shared/tsv.hpp"

namespace pokeca {
namespace {

// 2020 census population in units of 10,000, rounded: stores per prefecture follow it.
constexpr std::array<int, kPrefectureCount> kPopulation10k{522,  124, 121, 230, 96,  107, 183, 287, 193, 194, 734, 628,
                                                           1405, 924, 220, 103, 113, 77,  81,  205, 198, 363, 754, 177,
                                                           141,  258, 884, 547, 132, 92,  55,  67,  189, 280, 134, 72,
                                                           95,   133, 69,  514, 81,  131, 174, 112, 107, 159, 147};
constexpr std::size_t kMinStoresPerPrefecture = 40;
constexpr double kKmPerDegreeLat = 111.0;
constexpr UnixSeconds kDemoMinReportAge = 5 * 60;  // the newest report is a few minutes old

constexpr std::array<std::string_view, 8> kSetNames{"テラスタルフェスex", "超電ブレイカー",   "バトルパートナーズ",
                                                    "熱風のアリーナ",     "ロケット団の栄光", "ブラックボルト",
                                                    "ホワイトフレア",     "ステラミラクル"};
constexpr std::array<std::string_view, 4> kLimitNotes{"1人5パックまで", "お一人様1BOXまで", "1人10パックまで",
                                                      "整理券配布あり"};

using Prng = DemoPrng;

// cos by its Taylor series: plain arithmetic keeps the output identical everywhere.
double cos_deg(double deg) {
  const double x = deg * 3.14159265358979323846 / 180.0, x2 = x * x;
  return 1 - x2 / 2 + x2 * x2 / 24 - x2 * x2 * x2 / 720 + x2 * x2 * x2 * x2 / 40320;
}

std::string_view city_stem(std::string_view city) {
  for (std::string_view suffix : {"市", "区", "町", "村"})
    if (city.size() > suffix.size() && city.ends_with(suffix)) return city.substr(0, city.size() - suffix.size());
  return city;
}

double placement_radius_km(std::string_view city) {
  if (city.ends_with("区")) return 1.5;
  if (city.ends_with("市")) return 4.0;
  return 5.0;
}

int municipality_weight(std::string_view city) {
  if (city.ends_with("区")) return 8;
  if (city.ends_with("市")) return 5;
  if (city.ends_with("町")) return 2;
  return 1;
}

std::string replace_all(std::string s, std::string_view from, std::string_view to) {
  for (auto at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
  return s;
}

template <typename T, typename WeightOf>
const T& pick_weighted(const std::vector<T>& items, WeightOf weight_of, Prng& rng) {
  long total = 0;
  for (const auto& it : items) total += weight_of(it);
  long r = static_cast<long>(rng.unit() * static_cast<double>(total));
  for (const auto& it : items) {
    r -= weight_of(it);
    if (r < 0) return it;
  }
  return items.back();
}

std::optional<bool> maybe(Prng& rng, double p_yes, double p_unknown) {
  const double u = rng.unit();
  if (u < p_unknown) return std::nullopt;
  return u < p_unknown + p_yes;
}

Sells sells_for(std::string_view type, Prng& rng) {
  if (type == "card_shop") return {true, maybe(rng, 0.9, 0.05), maybe(rng, 0.95, 0.0)};
  if (type == "pokemon_center") return {true, true, false};
  if (type == "convenience") return {maybe(rng, 0.9, 0.1), false, false};
  if (type == "electronics" || type == "toy") return {true, maybe(rng, 0.6, 0.3), std::nullopt};
  return {maybe(rng, 0.7, 0.3), std::nullopt, std::nullopt};
}

Product product_for(const Store& s, Prng& rng) {
  if (s.sells.singles.value_or(false) && rng.chance(0.3)) return Product::kSingle;
  if (s.sells.boxes.value_or(false) && rng.chance(0.4)) return Product::kBox;
  return Product::kPack;
}

// Stores per prefecture: proportional to population, at least kMinStoresPerPrefecture.
std::vector<std::size_t> allocate_by_prefecture(std::size_t total) {
  long pop_sum = 0;
  for (int p : kPopulation10k) pop_sum += p;
  const std::size_t floor_total = kMinStoresPerPrefecture * kPrefectureCount;
  const std::size_t spread = total > floor_total ? total - floor_total : 0;
  std::vector<std::size_t> out(kPrefectureCount);
  std::size_t assigned = 0;
  for (std::size_t i = 0; i < kPrefectureCount; ++i) {
    out[i] = kMinStoresPerPrefecture +
             spread * static_cast<std::size_t>(kPopulation10k[i]) / static_cast<std::size_t>(pop_sum);
    assigned += out[i];
  }
  out[12] += total > assigned ? total - assigned : 0;  // rounding remainder to Tokyo
  return out;
}

}  // namespace

Result<DemoSources> parse_demo_sources(std::string_view names_tsv, std::string_view area_words_tsv,
                                       std::string_view landmarks_tsv) {
  DemoSources src;
  auto names = parse_tsv(names_tsv);
  if (!names) return std::unexpected(names.error());
  auto ncols = require_columns(*names, {"store_type", "pattern", "weight"});
  if (!ncols) return std::unexpected(ncols.error());
  for (const auto& row : names->rows) {
    const auto weight = parse_integer(row[(*ncols)[2]]);
    if (!find_store_type(row[(*ncols)[0]]) || !weight || *weight < 1 || row[(*ncols)[1]].empty())
      return fail(ErrorCode::kBadRequest, "店名データに不正な行があります: " + std::string(row[(*ncols)[1]]));
    src.names.push_back({std::string(row[(*ncols)[0]]), std::string(row[(*ncols)[1]]), static_cast<int>(*weight)});
  }
  auto words = parse_tsv(area_words_tsv);
  if (!words) return std::unexpected(words.error());
  auto wcol = require_columns(*words, {"word"});
  if (!wcol) return std::unexpected(wcol.error());
  for (const auto& row : words->rows) src.area_words.emplace_back(row[(*wcol)[0]]);

  auto marks = parse_tsv(landmarks_tsv);
  if (!marks) return std::unexpected(marks.error());
  auto mcols = require_columns(*marks, {"name", "prefecture_code", "city", "address", "lat", "lng"});
  if (!mcols) return std::unexpected(mcols.error());
  for (const auto& row : marks->rows) {
    const auto& c = *mcols;
    const auto lat = parse_decimal(row[c[4]]);
    const auto lng = parse_decimal(row[c[5]]);
    if (!find_prefecture(row[c[1]]) || !lat || !lng || !is_valid_lat_lng({*lat, *lng}))
      return fail(ErrorCode::kBadRequest, "ポケモンセンターのデータに不正な行があります: " + std::string(row[c[0]]));
    Store s;
    s.name = row[c[0]];
    s.store_type = "pokemon_center";
    s.prefecture = row[c[1]];
    s.city = row[c[2]];
    s.address = row[c[3]];
    s.location = {*lat, *lng};
    src.landmarks.push_back(std::move(s));
  }
  if (src.names.empty() || src.area_words.empty()) return fail(ErrorCode::kBadRequest, "デモデータの元データが空です");
  return src;
}

DemoDataset generate_demo_dataset(const Gazetteer& gazetteer, const DemoSources& sources, std::uint64_t seed,
                                  std::size_t store_count, UnixSeconds now) {
  Prng rng(seed);
  DemoDataset out;
  out.stores.reserve(store_count);
  std::unordered_set<std::string> names_used;

  for (const auto& mark : sources.landmarks) {
    Store s = mark;
    s.sells = sells_for(s.store_type, rng);
    out.stores.push_back(std::move(s));
  }
  const std::size_t to_generate = store_count > out.stores.size() ? store_count - out.stores.size() : 0;
  const auto per_pref = allocate_by_prefecture(to_generate);
  const auto prefectures = all_prefectures();

  for (std::size_t pi = 0; pi < kPrefectureCount; ++pi) {
    const auto& pref = prefectures[pi];
    const auto towns = gazetteer.in_prefecture(pref.code);
    if (towns.empty()) continue;
    for (std::size_t n = 0; n < per_pref[pi]; ++n) {
      const Municipality& town =
          *pick_weighted(towns, [](const Municipality* m) { return municipality_weight(m->city); }, rng);
      std::string name;
      const DemoNameTemplate* tmpl = nullptr;
      for (int attempt = 0; attempt < 8 && (name.empty() || names_used.contains(name)); ++attempt) {
        tmpl = &pick_weighted(sources.names, [](const DemoNameTemplate& t) { return t.weight; }, rng);
        const auto& area = sources.area_words[rng.below(sources.area_words.size())];
        name = replace_all(replace_all(tmpl->pattern, "{city}", city_stem(town.city)), "{area}", area);
      }
      if (names_used.contains(name)) name += " 2号店";
      names_used.insert(name);

      // A uniform point in a disc around the municipality's centre (rejection sampling).
      double dx, dy;
      do {
        dx = rng.unit() * 2 - 1;
        dy = rng.unit() * 2 - 1;
      } while (dx * dx + dy * dy > 1);
      const double radius = placement_radius_km(town.city);
      Store s;
      s.name = std::move(name);
      s.store_type = tmpl->store_type;
      s.prefecture = town.prefecture_code;
      s.city = town.city;
      s.address = std::string(pref.name) + town.city + std::to_string(1 + rng.below(5)) + "丁目" +
                  std::to_string(1 + rng.below(30)) + "-" + std::to_string(1 + rng.below(20));
      s.location = {town.centre.lat + dy * radius / kKmPerDegreeLat,
                    town.centre.lng + dx * radius / (kKmPerDegreeLat * cos_deg(town.centre.lat))};
      s.sells = sells_for(s.store_type, rng);
      out.stores.push_back(std::move(s));
    }
  }

  for (std::size_t i = 0; i < out.stores.size(); ++i) {
    auto& s = out.stores[i];
    s.id = static_cast<StoreId>(i + 1);
    s.precision = LocationPrecision::kExact;
    s.source = StoreSource::kDemo;
    s.status = StoreStatus::kActive;
    s.created_at = now - static_cast<UnixSeconds>(rng.below(365)) * 86400;
    s.updated_at = s.created_at;
  }

  // About one store in eight has recent reports.
  const UnixSeconds window = static_cast<UnixSeconds>(kDemoReportDays) * 86400;
  for (auto& s : out.stores) {
    if (!rng.chance(s.store_type == "card_shop" || s.store_type == "pokemon_center" ? 0.3 : 0.1)) continue;
    const std::size_t reports = 1 + rng.below(3);
    for (std::size_t r = 0; r < reports; ++r) {
      const double u = rng.unit();
      PurchaseReport rep;
      rep.store_id = s.id;
      rep.kind = rng.chance(0.75) ? ReportKind::kBought : ReportKind::kSoldOut;
      rep.product = product_for(s, rng);
      if (rng.chance(0.7)) rep.product_name = kSetNames[rng.below(kSetNames.size())];
      if (rep.kind == ReportKind::kBought && rng.chance(0.3))
        rep.limit_note = kLimitNotes[rng.below(kLimitNotes.size())];
      // u^1.5 leans towards recent hours without piling everything up at "たった今".
      const double age = kDemoMinReportAge + u * std::sqrt(u) * static_cast<double>(window - kDemoMinReportAge);
      rep.purchased_at = now - static_cast<UnixSeconds>(age);
      rep.created_at = std::min(now, rep.purchased_at + static_cast<UnixSeconds>(rng.below(1800)));
      out.reports.push_back(std::move(rep));
    }
  }
  for (std::size_t i = 0; i < out.reports.size(); ++i) out.reports[i].id = static_cast<ReportId>(i + 1);
  return out;
}

}  // namespace pokeca
