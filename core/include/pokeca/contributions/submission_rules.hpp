#pragma once
// The rules of a store submission (SPEC.md §5 and §9), checked on the server whatever
// the form did: the fields, where the store is (GPS or address through the
// gazetteer), likely duplicates, and the points an approval awards.
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/contributions/submission.hpp"
#include "pokeca/map/gazetteer.hpp"
#include "pokeca/map/store.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/geo.hpp"

namespace pokeca {

// Lengths in Unicode code points, after trimming ASCII and full-width spaces.
inline constexpr std::size_t kMaxSubmissionNameChars = 100;
inline constexpr std::size_t kMaxSubmissionAddressChars = 200;
inline constexpr std::size_t kMaxSubmissionCommentChars = 1000;
inline constexpr std::size_t kMaxRejectReasonChars = 500;
// UTF-8 needs at most this many bytes a character: byte limits for the upload parser.
inline constexpr std::size_t kMaxUtf8BytesPerChar = 4;
// An active store this close with the same (or a containing) normalised name is shown
// to moderators as a likely duplicate.
inline constexpr double kDuplicateRadiusMeters = 150.0;
// SPEC.md §9: 1 point for an approved submission, 5 when it came with photos.
inline constexpr int kPointsPerSubmission = 1;
inline constexpr int kPointsPerSubmissionWithPhotos = 5;

// The form's text fields as they arrived; nullopt = absent.
struct SubmissionForm {
  std::optional<std::string> store_name;
  std::optional<std::string> latitude;
  std::optional<std::string> longitude;
  std::optional<std::string> address;
  std::optional<std::string> comment;
};

// Where a store goes on the map.
struct Placement {
  LatLng location;
  LocationPrecision precision = LocationPrecision::kExact;
  std::string prefecture;  // code
  std::string city;        // "" when only the prefecture is known
};

// A form that passed every rule: trimmed text and the place.
struct SubmissionDraft {
  std::string store_name;
  std::string comment;
  std::string address;
  LocationMethod method = LocationMethod::kGps;
  Placement place;
};

// GPS when latitude or longitude is given (both must be, non-zero, plain decimals,
// inside Japan); else the address, placed by the gazetteer. Every refusal is
// kBadRequest with a Japanese message naming the field.
[[nodiscard]] Result<SubmissionDraft> check_submission_form(const SubmissionForm& form, const Gazetteer& gazetteer);
// Required, at most kMaxSubmissionNameChars; returned trimmed.
[[nodiscard]] Result<std::string> check_store_name(std::string_view raw);
[[nodiscard]] Result<std::string> check_reject_reason(std::string_view raw);
// A point in Japan: its municipality (prefecture + city), precision exact.
[[nodiscard]] Result<Placement> place_by_gps(LatLng point, const Gazetteer& gazetteer);
// The municipality's centre, or the prefecture's when no municipality is named.
[[nodiscard]] Result<Placement> place_by_address(std::string_view address, const Gazetteer& gazetteer);

// A submission approved as a new store (SPEC.md §9: 1, or 5 with photos).
[[nodiscard]] int points_for(std::size_t photo_count);
// A submission merged into a store that was already on the map
// (docs/decisions/duplicate-merge-points.md): the store itself is not new, so it earns
// nothing; photos it adds to that store earn the photo part of a post
// (kPointsPerSubmissionWithPhotos - kPointsPerSubmission).
inline constexpr int kPointsPerMergedSubmission = 0;
inline constexpr int kPointsPerMergedPhotos = kPointsPerSubmissionWithPhotos - kPointsPerSubmission;
[[nodiscard]] int points_for_merge(std::size_t photo_count);

struct DuplicateCandidate {
  Store store;
  double distance_m = 0;
};
// The stores among `nearby` (active stores near the submission) that look like the
// same shop: within kDuplicateRadiusMeters and same_store_name. The store the
// submission itself created is never its own duplicate. Nearest first.
[[nodiscard]] std::vector<DuplicateCandidate> find_duplicates(const Submission& submission,
                                                              std::span<const StoreWithDistance> nearby);

}  // namespace pokeca
