#pragma once
// A store on the map.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "pokeca/shared/geo.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

using StoreId = std::int64_t;

enum class LocationPrecision { kExact, kMunicipality, kPrefecture };
enum class StoreStatus { kActive, kHidden, kClosed };
enum class StoreSource { kDemo, kImport, kSubmission };
enum class Product { kPack, kBox, kSingle };
enum class ReportKind { kBought, kSoldOut };

inline constexpr std::size_t kProductCount = 3;
inline constexpr std::array<Product, kProductCount> kProducts{Product::kPack, Product::kBox, Product::kSingle};
// A product's place in arrays indexed by product (the order of kProducts).
[[nodiscard]] constexpr std::size_t product_index(Product p) { return static_cast<std::size_t>(p); }

// A store's latest purchase report of one product: when, and what it said.
struct LatestReport {
  UnixSeconds at = 0;
  ReportKind kind = ReportKind::kBought;
  friend bool operator==(const LatestReport&, const LatestReport&) = default;
};
// Per product (product_index); nullopt: no report of that product.
using LatestByProduct = std::array<std::optional<LatestReport>, kProductCount>;

// What a store sells: each of packs, boxes, singles is yes / no / unknown.
struct Sells {
  std::optional<bool> packs;
  std::optional<bool> boxes;
  std::optional<bool> singles;
};

struct Store {
  StoreId id = 0;
  std::string name;
  std::string store_type;
  std::string prefecture;  // code
  std::string city;
  std::string address;
  LatLng location;
  LocationPrecision precision = LocationPrecision::kExact;
  Sells sells;
  StoreStatus status = StoreStatus::kActive;
  StoreSource source = StoreSource::kDemo;
  std::string external_id;  // import key ("osm:node/123"); empty when none
  UnixSeconds created_at = 0;
  UnixSeconds updated_at = 0;
  std::optional<UnixSeconds> last_report_at;
  std::optional<ReportKind> last_report_kind;
  // The latest report of each product, in the same order as last_report_at/kind
  // (purchased_at, then the later report): the latest of all is one of these.
  LatestByProduct latest_by_product{};
};

// A store found near a point, with its distance.
struct StoreWithDistance {
  Store store;
  double distance_km = 0;
};

[[nodiscard]] std::string_view to_string(LocationPrecision p);
[[nodiscard]] std::string_view to_string(StoreStatus s);
[[nodiscard]] std::string_view to_string(StoreSource s);
[[nodiscard]] std::string_view to_string(Product p);
[[nodiscard]] std::string_view to_string(ReportKind k);
[[nodiscard]] std::optional<LocationPrecision> location_precision_from(std::string_view s);
[[nodiscard]] std::optional<StoreStatus> store_status_from(std::string_view s);
[[nodiscard]] std::optional<StoreSource> store_source_from(std::string_view s);
[[nodiscard]] std::optional<Product> product_from(std::string_view s);
[[nodiscard]] std::optional<ReportKind> report_kind_from(std::string_view s);

}  // namespace pokeca
