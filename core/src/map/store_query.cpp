#include "pokeca/map/store_query.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <numbers>

#include "pokeca/contributions/lottery.hpp"
#include "pokeca/map/clustering.hpp"
#include "pokeca/map/store_types.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/numbers.hpp"
#include "pokeca/shared/prefectures.hpp"

namespace pokeca {

BoxOrder::BoxOrder(const BoundingBox& box)
    : centre_{(box.min_lat + box.max_lat) / 2, (box.min_lng + box.max_lng) / 2},
      lng_scale_(std::cos(centre_.lat * std::numbers::pi / 180)) {}

void sort_by_box_order(std::vector<Store>& stores, const BoundingBox& box) {
  const BoxOrder order(box);
  std::vector<std::pair<double, std::size_t>> keyed;
  keyed.reserve(stores.size());
  for (std::size_t i = 0; i < stores.size(); ++i) keyed.emplace_back(order.key(stores[i].location), i);
  std::ranges::sort(keyed, [&](const auto& a, const auto& b) {
    return BoxOrder::before(a.first, stores[a.second].id, b.first, stores[b.second].id);
  });
  std::vector<Store> sorted;
  sorted.reserve(stores.size());
  for (const auto& [key, i] : keyed) sorted.push_back(std::move(stores[i]));
  stores = std::move(sorted);
}

namespace {

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (true) {
    const auto at = s.find(sep, start);
    out.push_back(s.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
    if (at == std::string_view::npos) return out;
    start = at + 1;
  }
}

Result<StoreFilters> parse_filters(const StoreQueryInput& in, UnixSeconds now) {
  StoreFilters f;
  if (in.type && !in.type->empty()) {
    for (auto key : split(*in.type, ',')) {
      if (!find_store_type(key)) return fail(ErrorCode::kBadRequest, msg::kBadStoreType);
      if (std::find(f.types.begin(), f.types.end(), key) == f.types.end()) f.types.emplace_back(key);
    }
    if (f.types.size() > kMaxTypeFilters) return fail(ErrorCode::kBadRequest, msg::kBadStoreType);
  }
  if (in.product) {
    if (*in.product == "packs")
      f.product = Product::kPack;
    else if (*in.product == "boxes")
      f.product = Product::kBox;
    else if (*in.product == "singles")
      f.product = Product::kSingle;
    else
      return fail(ErrorCode::kBadRequest, msg::kBadProduct);
  }
  if (in.reported_within_hours) {
    auto hours = parse_bounded_int(in.reported_within_hours, 0, 1, kMaxReportedWithinHours, msg::kBadReportedWithin);
    if (!hours) return std::unexpected(hours.error());
    f.reported_since = now - static_cast<UnixSeconds>(*hours) * 3600;
  }
  if (in.lottery) {
    // The request's moment decides which windows are open: an answer cached for the
    // response cache's TTL is that much late at most when a window opens or closes.
    if (*in.lottery == "open") {
      f.lottery_open_at = now;
    } else if (*in.lottery == "closing") {
      f.lottery_open_at = now;
      f.lottery_ends_by = now + kLotteryClosingSoonSeconds;
    } else {
      return fail(ErrorCode::kBadRequest, msg::kBadLotteryFilter);
    }
  }
  return f;
}

Result<LatLng> parse_point(const StoreQueryInput& in) {
  if (!in.lat || !in.lng) return fail(ErrorCode::kBadRequest, msg::kBadLatLng);
  const auto lat = parse_decimal(*in.lat);
  const auto lng = parse_decimal(*in.lng);
  if (!lat || !lng || !is_valid_lat_lng({*lat, *lng})) return fail(ErrorCode::kBadRequest, msg::kBadLatLng);
  return LatLng{*lat, *lng};
}

}  // namespace

Result<BoundingBox> parse_bbox(std::string_view text) {
  const auto parts = split(text, ',');
  if (parts.size() != 4) return fail(ErrorCode::kBadRequest, msg::kBadBbox);
  double v[4];
  for (std::size_t i = 0; i < 4; ++i) {
    const auto d = parse_decimal(parts[i]);
    if (!d) return fail(ErrorCode::kBadRequest, msg::kBadBbox);
    v[i] = *d;
  }
  const BoundingBox box{v[0], v[1], v[2], v[3]};
  if (!is_valid_bbox(box)) return fail(ErrorCode::kBadRequest, msg::kBadBbox);
  if (box.width_deg() > kMaxBboxSpanDeg || box.height_deg() > kMaxBboxSpanDeg)
    return fail(ErrorCode::kBadRequest, msg::kBboxTooLarge);
  return box;
}

StoreListFacts list_facts(const Store& s) {
  return {s.location, s.status, s.store_type, s.sells, s.last_report_at, s.last_report_kind, s.latest_by_product};
}

bool passes_reported(const StoreListFacts& s, const StoreFilters& f) {
  if (!f.reported_since) return true;
  std::optional<LatestReport> latest;
  if (f.product)
    latest = s.latest_by_product[product_index(*f.product)];
  else if (s.last_report_at && s.last_report_kind)
    latest = LatestReport{*s.last_report_at, *s.last_report_kind};
  return latest && latest->kind == ReportKind::kBought && latest->at >= *f.reported_since;
}

bool listed_in(const StoreListFacts& s, const BoundingBox& box, const StoreFilters& f) {
  if (s.status != StoreStatus::kActive || !box.contains(s.location)) return false;
  if (!f.types.empty() && std::find(f.types.begin(), f.types.end(), s.store_type) == f.types.end()) return false;
  if (f.product) {
    const auto& sells = *f.product == Product::kPack  ? s.sells.packs
                        : *f.product == Product::kBox ? s.sells.boxes
                                                      : s.sells.singles;
    if (sells != true) return false;
  }
  return passes_reported(s, f);
}

Result<StoreQuery> parse_store_query(const StoreQueryInput& in, UnixSeconds now) {
  const int given = (in.prefecture ? 1 : 0) + (in.bbox ? 1 : 0) + ((in.lat || in.lng) ? 1 : 0);
  if (given != 1) return fail(ErrorCode::kBadRequest, msg::kNeedOneLocation);

  StoreQuery q;
  if (in.prefecture) {
    if (!find_prefecture(*in.prefecture)) return fail(ErrorCode::kBadRequest, msg::kUnknownPrefecture);
    q.area = PrefectureArea{*in.prefecture};
  } else if (in.bbox) {
    auto box = parse_bbox(*in.bbox);
    if (!box) return std::unexpected(box.error());
    q.area = *box;
  } else {
    auto point = parse_point(in);
    if (!point) return std::unexpected(point.error());
    NearPoint near{*point, kDefaultRadiusKm};
    if (in.radius_km) {
      const auto r = parse_decimal(*in.radius_km);
      if (!r || *r < kMinRadiusKm || *r > kMaxRadiusKm) return fail(ErrorCode::kBadRequest, msg::kBadRadius);
      near.radius_km = *r;
    }
    q.area = near;
  }
  auto filters = parse_filters(in, now);
  if (!filters) return std::unexpected(filters.error());
  q.filters = std::move(*filters);
  auto limit = parse_bounded_int(in.limit, kDefaultStoreLimit, 1, kMaxStoreLimit, msg::kBadLimit);
  if (!limit) return std::unexpected(limit.error());
  q.limit = *limit;
  return q;
}

Result<ClusterQuery> parse_cluster_query(const StoreQueryInput& in, UnixSeconds now) {
  if (!in.bbox) return fail(ErrorCode::kBadRequest, msg::kBadBbox);
  auto box = parse_bbox(*in.bbox);
  if (!box) return std::unexpected(box.error());
  if (!in.zoom) return fail(ErrorCode::kBadRequest, msg::kBadZoom);
  auto zoom = parse_bounded_int(in.zoom, 0, 0, kMaxZoom, msg::kBadZoom);
  if (!zoom) return std::unexpected(zoom.error());
  auto filters = parse_filters(in, now);
  if (!filters) return std::unexpected(filters.error());
  return ClusterQuery{*box, *zoom, std::move(*filters)};
}

Result<int> parse_bounded_int(const std::optional<std::string>& text, int fallback, int min, int max,
                              std::string_view message) {
  if (!text) return fallback;
  const auto v = parse_integer(*text);
  if (!v || *v < min || *v > max) return fail(ErrorCode::kBadRequest, message);
  return static_cast<int>(*v);
}

Result<int> parse_timeline_limit(const std::optional<std::string>& limit) {
  return parse_bounded_int(limit, kDefaultTimelineLimit, 1, kMaxTimelineLimit, msg::kBadLimit);
}

}  // namespace pokeca
