#pragma once
// A store submission (PRODUCT.md §5, SPEC.md §5/§9): a user proposes a store, an admin
// approves it (it becomes a store on the map, the user earns points) or rejects it.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/accounts/user.hpp"
#include "pokeca/map/store.hpp"
#include "pokeca/shared/geo.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

using SubmissionId = std::int64_t;

enum class SubmissionStatus { kPending, kApproved, kRejected };
// How the user placed the store: the phone's position, or a typed address.
enum class LocationMethod { kGps, kAddress };

// One uploaded photo after re-encoding: both JPEGs are stored under their SHA-256.
struct SubmissionPhoto {
  std::string photo_hash;  // 64 lower-case hex
  std::string thumb_hash;  // 64 lower-case hex
  int width = 0;           // of the photo (not the thumbnail)
  int height = 0;
};

struct Submission {
  SubmissionId id = 0;
  UserId user_id = 0;
  std::string store_name;
  std::string comment;
  std::string address;  // as typed ("" when none)
  LocationMethod method = LocationMethod::kGps;
  LatLng location;
  LocationPrecision precision = LocationPrecision::kExact;
  std::string prefecture;  // code
  std::string city;
  SubmissionStatus status = SubmissionStatus::kPending;
  std::optional<StoreId> store_id;  // the store it created or was merged into
  std::string reject_reason;        // "" unless rejected
  std::optional<UserId> reviewed_by;
  std::optional<UnixSeconds> reviewed_at;
  int points_awarded = 0;
  UnixSeconds created_at = 0;
  std::vector<SubmissionPhoto> photos;  // upload order
};

[[nodiscard]] std::string_view to_string(SubmissionStatus s);
[[nodiscard]] std::string_view to_string(LocationMethod m);
[[nodiscard]] std::optional<SubmissionStatus> submission_status_from(std::string_view s);
[[nodiscard]] std::optional<LocationMethod> location_method_from(std::string_view s);

}  // namespace pokeca
