#pragma once
// Parsing and validation of map queries (GET /stores, /stores/clusters). The HTTP
// adapter copies raw query parameters in; everything else is decided here.
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "pokeca/map/store.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/geo.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

inline constexpr int kDefaultStoreLimit = 200;
inline constexpr int kMaxStoreLimit = 500;
inline constexpr double kDefaultRadiusKm = 10.0;
inline constexpr double kMinRadiusKm = 0.1;
inline constexpr double kMaxRadiusKm = 50.0;
inline constexpr int kMaxReportedWithinHours = 720;  // 30 days
inline constexpr double kMaxBboxSpanDeg = 60.0;      // larger than all of Japan
inline constexpr int kDefaultTimelineLimit = 20;
inline constexpr int kMaxTimelineLimit = 50;
inline constexpr std::size_t kMaxTypeFilters = 16;

// Query parameters as they arrived; absent parameters are nullopt.
struct StoreQueryInput {
  std::optional<std::string> prefecture, bbox, lat, lng, radius_km;
  std::optional<std::string> type, product, reported_within_hours, limit, zoom;
  std::optional<std::string> lottery;  // "open" | "closing"
};

struct StoreFilters {
  std::vector<std::string> types;  // empty = all
  std::optional<Product> product;  // the store must sell it
  // "Reported within": the store's latest report of `product` (of any product without
  // one) says bought and is at or after this (passes_reported).
  std::optional<UnixSeconds> reported_since;
  // "Lottery open" (lottery=open|closing): the store has an approved lottery entry whose
  // application window holds lottery_open_at (apply_start <= t < apply_end) and, when
  // lottery_ends_by is set (「まもなく締切」), ends at or before it. Storage tests it on the
  // lotteries table; a store's list facts do not hold its entries, so a list with it is
  // never assembled from kept stores (lottery_filtered).
  std::optional<UnixSeconds> lottery_open_at;
  std::optional<UnixSeconds> lottery_ends_by;
};
// Whether the filters need a store's lottery entries (which its list facts do not hold).
[[nodiscard]] inline bool lottery_filtered(const StoreFilters& f) { return f.lottery_open_at.has_value(); }

// What a store list's filter reads of a store: kept next to a store's list
// JSON, so a bbox list can test kept stores without reading their rows.
struct StoreListFacts {
  LatLng location;
  StoreStatus status = StoreStatus::kActive;
  std::string store_type;
  Sells sells;
  std::optional<UnixSeconds> last_report_at;
  std::optional<ReportKind> last_report_kind;
  LatestByProduct latest_by_product{};
};
[[nodiscard]] StoreListFacts list_facts(const Store& s);
// The reported_since part of the filters: off without it; else the store's latest report
// of f.product (of any product without one) is a bought at or after reported_since. A
// buyer asks "bought recently": a store whose latest report says sold out is left out.
[[nodiscard]] bool passes_reported(const StoreListFacts& s, const StoreFilters& f);
// Whether the store is listed for `box` and `f`: active, inside the box (bounds included)
// and passing every filter — the storage query's exact test (kActiveAndFiltered and the
// BETWEEN on lat/lng), which tests/storage checks it against — but the lottery filter,
// which needs the store's entries: a lottery_filtered list is never tested on facts.
[[nodiscard]] bool listed_in(const StoreListFacts& s, const BoundingBox& box, const StoreFilters& f);

// The order of a cut box list (GET /stores?bbox=, the clusters' markers): nearest the box's
// centre first, equal distances by smaller id. Distance is on the plane with longitude
// scaled by the cosine of the centre's latitude (equirectangular: close to ground distance
// at the map's scales, no trigonometry per store, and monotone over boxes, so an index can
// bound it). Any backend can produce it at bounded cost; a list that is not cut is the
// whole set and needs no order.
class BoxOrder {
 public:
  explicit BoxOrder(const BoundingBox& box);
  // Squared scaled-plane distance of `p` from the centre: smaller is nearer.
  [[nodiscard]] double key(LatLng p) const {
    const double dx = (p.lng - centre_.lng) * lng_scale_;
    const double dy = p.lat - centre_.lat;
    return dx * dx + dy * dy;
  }
  // A lower bound of key() over the points of a box: never above the key of a point inside
  // it, computed with the same roundings (each step is monotone).
  [[nodiscard]] double bound(double min_lng, double min_lat, double max_lng, double max_lat) const {
    const double lng = centre_.lng < min_lng ? min_lng : (centre_.lng > max_lng ? max_lng : centre_.lng);
    const double lat = centre_.lat < min_lat ? min_lat : (centre_.lat > max_lat ? max_lat : centre_.lat);
    return key({lat, lng});
  }
  [[nodiscard]] LatLng centre() const { return centre_; }
  [[nodiscard]] double lng_scale() const { return lng_scale_; }
  // (key, id) ascending: the list's order.
  [[nodiscard]] static bool before(double key_a, StoreId a, double key_b, StoreId b) {
    return key_a != key_b ? key_a < key_b : a < b;
  }

 private:
  LatLng centre_;
  double lng_scale_;
};
// `stores` in box order (a list about to be cut).
void sort_by_box_order(std::vector<Store>& stores, const BoundingBox& box);

struct PrefectureArea {
  std::string code;
};
struct NearPoint {
  LatLng centre;
  double radius_km = kDefaultRadiusKm;
};
using StoreArea = std::variant<PrefectureArea, BoundingBox, NearPoint>;

struct StoreQuery {
  StoreArea area;
  StoreFilters filters;
  int limit = kDefaultStoreLimit;
};

struct ClusterQuery {
  BoundingBox bbox;
  int zoom = 0;
  StoreFilters filters;
};

// Exactly one of prefecture, bbox, lat+lng; filters and limit checked.
[[nodiscard]] Result<StoreQuery> parse_store_query(const StoreQueryInput& in, UnixSeconds now);
// bbox and zoom required.
[[nodiscard]] Result<ClusterQuery> parse_cluster_query(const StoreQueryInput& in, UnixSeconds now);
[[nodiscard]] Result<int> parse_timeline_limit(const std::optional<std::string>& limit);
// `text` as an integer in [min, max]; absent → fallback; else kBadRequest with `message`.
[[nodiscard]] Result<int> parse_bounded_int(const std::optional<std::string>& text, int fallback, int min, int max,
                                            std::string_view message);
[[nodiscard]] Result<BoundingBox> parse_bbox(std::string_view text);

}  // namespace pokeca
