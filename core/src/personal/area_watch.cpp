#include "pokeca/personal/area_watch.hpp"

#include <cmath>

#include "pokeca/personal/watch_messages.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/prefectures.hpp"

namespace pokeca {
namespace {

// Where a point watch may be: Japan with its outlying islands, and no further.
constexpr double kMinWatchLat = 20.0;
constexpr double kMaxWatchLat = kWatchGridMaxLat;
constexpr double kMinWatchLng = 122.0;
constexpr double kMaxWatchLng = 154.0;
// A cell number: row * kCellRowStride + column (columns of Japan stay far below it).
constexpr std::int64_t kCellRowStride = 10000;
constexpr int kHoursPerDay = 24;
constexpr UnixSeconds kHourSeconds = 3600;
constexpr UnixSeconds kJapanOffsetSeconds = 9 * kHourSeconds;

Result<AreaWatch> bad(std::string_view message) { return fail(ErrorCode::kBadRequest, message); }

}  // namespace

std::string_view to_string(WatchEvent event) { return event == WatchEvent::kBought ? "bought" : "lottery"; }

std::optional<WatchEvent> watch_event_from(std::string_view text) {
  if (text == "bought") return WatchEvent::kBought;
  if (text == "lottery") return WatchEvent::kLottery;
  return std::nullopt;
}

std::vector<WatchEvent> watch_events_in(unsigned bits) {
  std::vector<WatchEvent> out;
  for (auto e : {WatchEvent::kBought, WatchEvent::kLottery})
    if ((bits & static_cast<unsigned>(e)) != 0) out.push_back(e);
  return out;
}

std::vector<Product> products_in(unsigned bits) {
  std::vector<Product> out;
  for (auto p : {Product::kPack, Product::kBox, Product::kSingle})
    if ((bits & product_bit(p)) != 0) out.push_back(p);
  return out;
}

Result<AreaWatch> checked_watch(const WatchInput& in) {
  AreaWatch w;
  const bool has_prefecture = in.prefecture.has_value();
  const bool has_point = in.lat || in.lng || in.radius_km;
  if (has_prefecture == has_point) return bad(msg::kWatchAreaRequired);
  if (has_prefecture) {
    if (!find_prefecture(*in.prefecture)) return bad(msg::kWatchBadPrefecture);
    w.prefecture = *in.prefecture;
  } else {
    if (!in.lat || !in.lng || !std::isfinite(*in.lat) || !std::isfinite(*in.lng) || *in.lat < kMinWatchLat ||
        *in.lat > kMaxWatchLat || *in.lng < kMinWatchLng || *in.lng > kMaxWatchLng)
      return bad(msg::kWatchBadPoint);
    if (!in.radius_km || *in.radius_km < kMinWatchRadiusKm || *in.radius_km > kMaxWatchRadiusKm)
      return bad(msg::kWatchBadRadius);
    w.centre = LatLng{*in.lat, *in.lng};
    w.radius_km = static_cast<int>(*in.radius_km);
  }
  for (const auto& kind : in.product_kinds) {
    const auto p = product_from(kind);
    if (!p) return bad(msg::kWatchBadProductKind);
    w.product_kinds |= product_bit(*p);
  }
  if (in.product_id) {
    if (*in.product_id <= 0) return bad(msg::kWatchBadProductId);
    w.catalog_product = in.product_id;
  }
  if (in.events) {
    w.events = 0;
    for (const auto& name : *in.events) {
      const auto e = watch_event_from(name);
      if (!e) return bad(msg::kWatchBadEvents);
      w.events |= static_cast<unsigned>(*e);
    }
    if (w.events == 0) return bad(msg::kWatchBadEvents);
  }
  w.active = in.active.value_or(true);
  return w;
}

Result<QuietHours> checked_quiet_hours(std::optional<std::int64_t> start, std::optional<std::int64_t> end) {
  const auto hour = [](std::optional<std::int64_t> h) { return h && *h >= 0 && *h < kHoursPerDay; };
  if (!hour(start) || !hour(end)) return fail(ErrorCode::kBadRequest, msg::kWatchBadQuietHours);
  return QuietHours{static_cast<int>(*start), static_cast<int>(*end)};
}

bool watch_matches(const AreaWatch& w, const WatchedEvent& e) {
  if (!w.active || (w.events & static_cast<unsigned>(e.kind)) == 0) return false;
  if (!w.prefecture.empty()) {
    if (w.prefecture != e.prefecture) return false;
  } else if (!w.centre || haversine_km(*w.centre, e.location) > w.radius_km) {
    return false;
  }
  if (w.product_kinds != 0 && e.product && (w.product_kinds & product_bit(*e.product)) == 0) return false;
  if (w.catalog_product && (e.kind == WatchEvent::kLottery || e.catalog_product) &&
      e.catalog_product != w.catalog_product)
    return false;
  return true;
}

std::int64_t watch_cell(LatLng p) {
  const auto row = static_cast<std::int64_t>(std::floor(p.lat / kWatchCellLatDeg));
  const auto col = static_cast<std::int64_t>(std::floor(p.lng / kWatchCellLngDeg));
  return row * kCellRowStride + col;
}

std::array<std::int64_t, 9> watch_cells_around(LatLng p) {
  const auto centre = watch_cell(p);
  std::array<std::int64_t, 9> out{};
  std::size_t i = 0;
  for (std::int64_t dr = -1; dr <= 1; ++dr)
    for (std::int64_t dc = -1; dc <= 1; ++dc) out[i++] = centre + dr * kCellRowStride + dc;
  return out;
}

UnixSeconds alert_send_time(UnixSeconds now, const QuietHours& quiet) {
  if (quiet.start_hour == quiet.end_hour) return now;
  const UnixSeconds local = now + kJapanOffsetSeconds;
  const UnixSeconds day_start =
      local - (((local % (kHoursPerDay * kHourSeconds)) + kHoursPerDay * kHourSeconds) % (kHoursPerDay * kHourSeconds));
  const auto hour = static_cast<int>((local - day_start) / kHourSeconds);
  const bool wraps = quiet.start_hour > quiet.end_hour;  // 23 → 7 crosses midnight
  const bool quiet_now =
      wraps ? (hour >= quiet.start_hour || hour < quiet.end_hour) : (hour >= quiet.start_hour && hour < quiet.end_hour);
  if (!quiet_now) return now;
  UnixSeconds end_local = day_start + quiet.end_hour * kHourSeconds;
  if (end_local <= local) end_local += kHoursPerDay * kHourSeconds;
  return end_local - kJapanOffsetSeconds;
}

}  // namespace pokeca
