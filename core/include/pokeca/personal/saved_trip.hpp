#pragma once
// A saved shop-hopping trip (PRODUCT.md §2 Saved trip) and the rules every trip
// follows, whether it is only planned or also saved: 2–25 distinct stores, a short
// one-line name, at most 50 trips per account.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/accounts/user.hpp"
#include "pokeca/map/store.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/geo.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

using SavedTripId = std::int64_t;

// A trip visits at least two stores (one is a directions link) and at most 25: what
// one shopping day can hold, and what the planner answers in well under 5 ms.
inline constexpr std::size_t kMinTripStops = 2;
inline constexpr std::size_t kMaxTripStops = 25;
// Unicode code points after trimming.
inline constexpr std::size_t kMaxTripNameChars = 50;
inline constexpr std::size_t kMaxSavedTripsPerUser = 50;

struct SavedTrip {
  SavedTripId id = 0;
  UserId user_id = 0;
  std::string name;
  std::optional<LatLng> start;
  bool return_to_start = false;
  std::vector<StoreId> store_ids;  // in visiting order
  double total_m = 0;              // as measured when saved
  // The public link's id while the owner shares the trip; nullopt when not shared.
  std::optional<std::string> share_id;
  UnixSeconds created_at = 0;
  UnixSeconds updated_at = 0;
};

// kMinTripStops..kMaxTripStops positive ids, none twice; else kBadRequest.
[[nodiscard]] Result<void> check_trip_stops(std::span<const StoreId> store_ids);
// Required, one line, at most kMaxTripNameChars; returned trimmed.
[[nodiscard]] Result<std::string> check_trip_name(std::string_view raw);
// A valid WGS84 point; else kBadRequest.
[[nodiscard]] Result<void> check_trip_start(std::optional<LatLng> start);

// Saved trips by account. Every method may be called from several threads at once.
class SavedTripRepository {
 public:
  virtual ~SavedTripRepository() = default;
  // The account's trips, most recently updated first.
  virtual Result<std::vector<SavedTrip>> list_for_user(UserId user) = 0;
  // Only the owner's trip: another account's id is as absent as an unknown one.
  virtual Result<std::optional<SavedTrip>> find_for_user(UserId user, SavedTripId id) = 0;
  virtual Result<std::optional<SavedTrip>> find_shared(std::string_view share_id) = 0;
  // Inserts (id 0 → a new id) unless the account already has `max_per_user` trips:
  // nullopt then. Counting and inserting are one transaction.
  virtual Result<std::optional<SavedTrip>> insert(const SavedTrip& trip, std::size_t max_per_user) = 0;
  // Replaces the trip with trip.id owned by trip.user_id (stops included); false
  // when there is none.
  virtual Result<bool> update(const SavedTrip& trip) = 0;
  virtual Result<bool> remove(UserId user, SavedTripId id) = 0;
};

}  // namespace pokeca
