#pragma once
// Area watches: a signed-in user keeps up to kMaxWatchesPerUser areas — a prefecture, or a
// point with a radius — and hears about 購入できた reports and newly shown lottery entries
// there, optionally only for some product kinds (reports) or one catalogue product
// (lottery entries). The rules here are pure; the ports are in watch_ports.hpp.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/accounts/user.hpp"
#include "pokeca/contributions/product_catalog.hpp"
#include "pokeca/map/store.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/geo.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

using WatchId = std::int64_t;

inline constexpr int kMaxWatchesPerUser = 5;
inline constexpr int kMinWatchRadiusKm = 1;
inline constexpr int kMaxWatchRadiusKm = 20;
// Quiet hours in Japan time, [start, end): an alert due inside them waits until their end.
// start == end means none.
inline constexpr int kDefaultQuietStartHour = 23;
inline constexpr int kDefaultQuietEndHour = 7;

// What a watch listens for (a bit set of these).
enum class WatchEvent : unsigned { kBought = 1, kLottery = 2 };
inline constexpr unsigned kAllWatchEvents = 3;
[[nodiscard]] std::string_view to_string(WatchEvent event);  // "bought" | "lottery"
[[nodiscard]] std::optional<WatchEvent> watch_event_from(std::string_view text);
[[nodiscard]] std::vector<WatchEvent> watch_events_in(unsigned bits);

// The bit of a report's product kind in AreaWatch::product_kinds.
[[nodiscard]] constexpr unsigned product_bit(Product p) { return 1U << static_cast<unsigned>(p); }
[[nodiscard]] std::vector<Product> products_in(unsigned bits);

struct QuietHours {
  int start_hour = kDefaultQuietStartHour;  // 0–23
  int end_hour = kDefaultQuietEndHour;      // 0–23
};

struct AreaWatch {
  WatchId id = 0;
  UserId user_id = 0;
  std::string prefecture;        // a prefecture watch when not empty
  std::optional<LatLng> centre;  // else a point watch: centre and radius
  int radius_km = 0;
  unsigned product_kinds = 0;  // product_bit()s of reports; 0 = every kind
  // This catalogue product only: lottery entries of it, and reports naming it or no product.
  std::optional<CatalogProductId> catalog_product;
  unsigned events = kAllWatchEvents;
  bool active = true;
  UnixSeconds created_at = 0;
  UnixSeconds updated_at = 0;
};

// What a user sends (POST /watches, PUT /watches/{id}), as read from the JSON body.
struct WatchInput {
  std::optional<std::string> prefecture;
  std::optional<double> lat, lng;
  std::optional<std::int64_t> radius_km;
  std::vector<std::string> product_kinds;          // "pack" | "box" | "single"
  std::optional<std::int64_t> product_id;          // a catalogue product
  std::optional<std::vector<std::string>> events;  // absent: every event
  std::optional<bool> active;
};

// The input checked: either a known prefecture, or a point in range with a whole radius
// of kMinWatchRadiusKm–kMaxWatchRadiusKm; kBadRequest with a Japanese message.
[[nodiscard]] Result<AreaWatch> checked_watch(const WatchInput& input);
// kBadRequest unless both hours are 0–23.
[[nodiscard]] Result<QuietHours> checked_quiet_hours(std::optional<std::int64_t> start,
                                                     std::optional<std::int64_t> end);

// ---- Matching ---------------------------------------------------------------------

// Something that happened at a store that a watch may want to hear of.
struct WatchedEvent {
  WatchEvent kind = WatchEvent::kBought;
  StoreId store_id = 0;
  std::string prefecture;          // the store's
  LatLng location;                 // the store's
  std::optional<Product> product;  // a report's kind
  // The catalogue product of a lottery entry or of a report; a report without one (その他)
  // is narrowed by its kind only.
  std::optional<CatalogProductId> catalog_product;
};

// The one matching rule: active, listening for the event, the store inside the area, and
// the narrowing passed — a product-kind narrowing applies to events that carry a kind, a
// catalogue narrowing to lottery entries and to any event that names a catalogue product.
[[nodiscard]] bool watch_matches(const AreaWatch& watch, const WatchedEvent& event);

// ---- The grid that finds point watches without a scan ------------------------------
// A point watch is kept under the cell of its centre. Cells are at least as tall and wide
// as the largest radius everywhere in Japan (up to 46°N), so every watch that can reach a
// point has its centre in the point's cell or one of the eight around it.
inline constexpr double kWatchCellLatDeg = 0.2;  // 22.2 km
inline constexpr double kWatchCellLngDeg = 0.3;  // 23.2 km at 46°N
inline constexpr double kWatchGridMaxLat = 46.0;
[[nodiscard]] std::int64_t watch_cell(LatLng p);
[[nodiscard]] std::array<std::int64_t, 9> watch_cells_around(LatLng p);

// ---- Quiet hours --------------------------------------------------------------------

// When an alert due at `now` may go: `now` outside the quiet hours, else their end.
[[nodiscard]] UnixSeconds alert_send_time(UnixSeconds now, const QuietHours& quiet);

}  // namespace pokeca
