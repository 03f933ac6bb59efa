#include "pokeca/contributions/submission_rules.hpp"

#include <algorithm>

#include "pokeca/map/store_import.hpp"  // kJapanBounds, kMaxKmFromMunicipality
#include "pokeca/map/store_name_match.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/numbers.hpp"
#include "pokeca/shared/prefectures.hpp"
#include "pokeca/shared/shown_text.hpp"
#include "pokeca/shared/text.hpp"
#include "pokeca/shared/utf8.hpp"

namespace pokeca {
namespace {

constexpr std::string_view kFieldName = "店舗名";
constexpr std::string_view kFieldAddress = "住所";
constexpr std::string_view kFieldComment = "コメント";
constexpr std::string_view kFieldReason = "却下の理由";

std::unexpected<DomainError> bad(std::string message) {
  return std::unexpected(DomainError{ErrorCode::kBadRequest, std::move(message)});
}

// Trimmed text of at most max_chars code points; line breaks and tabs only where
// `multiline`, no other control characters.
Result<std::string> check_text(std::string_view raw, std::string_view field, std::string_view too_long,
                               std::size_t max_chars, bool multiline) {
  const auto text = trim_spaces(raw);
  const bool bad_char = std::any_of(text.begin(), text.end(), [&](char c) {
    const auto u = static_cast<unsigned char>(c);
    if (multiline && (c == '\n' || c == '\r' || c == '\t')) return false;
    return u < 0x20 || u == 0x7F;
  });
  if (bad_char || !is_valid_utf8(text)) return bad(fill_placeholder(msg::kSubmissionBadCharacters, "{name}", field));
  if (utf8_length(text) > max_chars) return bad(fill_placeholder(too_long, "{max}", std::to_string(max_chars)));
  if (auto ok = check_shown_text(text, field); !ok) return std::unexpected(ok.error());
  return std::string(text);
}

bool in_japan_box(LatLng p) { return kJapanBounds.contains(p); }

Result<SubmissionDraft> gps_draft(const SubmissionForm& form, SubmissionDraft draft, const Gazetteer& gazetteer) {
  const std::string lat_raw = form.latitude.value_or(""), lng_raw = form.longitude.value_or("");
  const auto lat_text = trim_spaces(lat_raw);
  const auto lng_text = trim_spaces(lng_raw);
  if (lat_text.empty() || lng_text.empty()) return bad(std::string(msg::kSubmissionLatLngIncomplete));
  const auto lat = parse_decimal(lat_text);
  const auto lng = parse_decimal(lng_text);
  if (!lat || !lng) return bad(std::string(msg::kSubmissionLatLngNotNumber));
  if (*lat == 0 || *lng == 0) return bad(std::string(msg::kSubmissionLatLngZero));
  auto place = place_by_gps({*lat, *lng}, gazetteer);
  if (!place) return std::unexpected(place.error());
  draft.method = LocationMethod::kGps;
  draft.place = std::move(*place);
  return draft;
}

}  // namespace

Result<std::string> check_store_name(std::string_view raw) {
  auto name = check_text(raw, kFieldName, msg::kSubmissionNameTooLong, kMaxSubmissionNameChars, false);
  if (name && name->empty()) return bad(std::string(msg::kSubmissionNameRequired));
  return name;
}

Result<std::string> check_reject_reason(std::string_view raw) {
  auto reason = check_text(raw, kFieldReason, msg::kRejectReasonTooLong, kMaxRejectReasonChars, true);
  if (reason && reason->empty()) return bad(std::string(msg::kRejectReasonRequired));
  return reason;
}

Result<Placement> place_by_gps(LatLng point, const Gazetteer& gazetteer) {
  if (!is_valid_lat_lng(point) || !in_japan_box(point)) return bad(std::string(msg::kSubmissionOutsideJapan));
  const auto* municipality = gazetteer.nearest(point);
  // The box also holds Busan and Vladivostok: a point far from every municipality is abroad.
  if (!municipality || haversine_km(point, municipality->centre) > kMaxKmFromMunicipality)
    return bad(std::string(msg::kSubmissionOutsideJapan));
  return Placement{point, LocationPrecision::kExact, municipality->prefecture_code, municipality->city};
}

Result<Placement> place_by_address(std::string_view address, const Gazetteer& gazetteer) {
  const auto match = gazetteer.locate_address(address);
  if (!match) return bad(std::string(msg::kSubmissionAddressUnknown));
  if (match->municipality)
    return Placement{match->municipality->centre, LocationPrecision::kMunicipality, match->prefecture_code,
                     match->municipality->city};
  const auto* prefecture = find_prefecture(match->prefecture_code);
  if (!prefecture) return bad(std::string(msg::kSubmissionAddressUnknown));
  return Placement{prefecture->centre, LocationPrecision::kPrefecture, match->prefecture_code, ""};
}

Result<SubmissionDraft> check_submission_form(const SubmissionForm& form, const Gazetteer& gazetteer) {
  SubmissionDraft draft;
  auto name = check_store_name(form.store_name.value_or(""));
  if (!name) return std::unexpected(name.error());
  draft.store_name = std::move(*name);
  auto address = check_text(form.address.value_or(""), kFieldAddress, msg::kSubmissionAddressTooLong,
                            kMaxSubmissionAddressChars, false);
  if (!address) return std::unexpected(address.error());
  draft.address = std::move(*address);
  auto comment = check_text(form.comment.value_or(""), kFieldComment, msg::kSubmissionCommentTooLong,
                            kMaxSubmissionCommentChars, true);
  if (!comment) return std::unexpected(comment.error());
  draft.comment = std::move(*comment);

  // Either coordinate given means the GPS method; the address then is only a note.
  const bool has_lat = !trim_spaces(form.latitude.value_or("")).empty();
  const bool has_lng = !trim_spaces(form.longitude.value_or("")).empty();
  if (has_lat || has_lng) return gps_draft(form, std::move(draft), gazetteer);
  if (draft.address.empty())
    return bad(std::string(form.address ? msg::kSubmissionAddressRequired : msg::kSubmissionNeedLocation));
  auto place = place_by_address(draft.address, gazetteer);
  if (!place) return std::unexpected(place.error());
  draft.method = LocationMethod::kAddress;
  draft.place = std::move(*place);
  return draft;
}

int points_for(std::size_t photo_count) {
  return photo_count > 0 ? kPointsPerSubmissionWithPhotos : kPointsPerSubmission;
}

int points_for_merge(std::size_t photo_count) {
  return photo_count > 0 ? kPointsPerMergedPhotos : kPointsPerMergedSubmission;
}

std::vector<DuplicateCandidate> find_duplicates(const Submission& submission,
                                                std::span<const StoreWithDistance> nearby) {
  const auto name = normalize_store_name(submission.store_name);
  std::vector<DuplicateCandidate> out;
  for (const auto& near : nearby) {
    const double metres = near.distance_km * 1000.0;
    if (metres > kDuplicateRadiusMeters || near.store.status != StoreStatus::kActive) continue;
    if (submission.store_id && *submission.store_id == near.store.id) continue;
    if (!same_store_name(name, normalize_store_name(near.store.name))) continue;
    out.push_back({near.store, metres});
  }
  std::sort(out.begin(), out.end(),
            [](const DuplicateCandidate& a, const DuplicateCandidate& b) { return a.distance_m < b.distance_m; });
  return out;
}

}  // namespace pokeca
