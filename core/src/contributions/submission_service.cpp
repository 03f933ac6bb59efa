#include "pokeca/contributions/submission_service.hpp"

#include "pokeca/map/store_query.hpp"  // parse_integer
#include "pokeca/map/store_types.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/text.hpp"

namespace pokeca {
namespace {

constexpr std::string_view kRateRule = "submission_account:";
constexpr double kMetresPerKm = 1000.0;

std::unexpected<DomainError> bad(std::string_view message) { return fail(ErrorCode::kBadRequest, message); }

}  // namespace

Result<Submission> SubmissionService::submit(const User& user, const SubmissionForm& form,
                                             std::span<const Upload> images) {
  auto draft = check_submission_form(form, deps_.gazetteer);
  if (!draft) return std::unexpected(draft.error());
  if (images.size() > kMaxImagesPerSubmission)
    return fail(ErrorCode::kPayloadTooLarge,
                fill_placeholder(msg::kTooManyImages, "{max}", std::to_string(kMaxImagesPerSubmission)));
  // Counted once the form is valid, so fixing a typo costs nothing; before the photos,
  // so a script cannot make the server decode for free.
  const auto decision =
      deps_.limiter.hit(std::string(kRateRule) + std::to_string(user.id), settings_.per_account, deps_.clock.now());
  if (!decision.allowed) return fail_rate_limited(msg::kTooManyRequests, {}, decision.retry_after_seconds);

  auto photos = store_photos(images);
  if (!photos) return std::unexpected(photos.error());
  Submission s;
  s.user_id = user.id;
  s.store_name = std::move(draft->store_name);
  s.comment = std::move(draft->comment);
  s.address = std::move(draft->address);
  s.method = draft->method;
  s.location = draft->place.location;
  s.precision = draft->place.precision;
  s.prefecture = std::move(draft->place.prefecture);
  s.city = std::move(draft->place.city);
  s.created_at = deps_.clock.now();
  s.photos = std::move(*photos);
  return deps_.submissions.create(s);
}

Result<std::vector<SubmissionPhoto>> SubmissionService::store_photos(std::span<const Upload> images) {
  std::vector<SubmissionPhoto> out;
  out.reserve(images.size());
  for (const auto& image : images) {
    auto processed = deps_.processor.process(image);
    if (!processed) return std::unexpected(processed.error());
    auto photo = deps_.photos.put(processed->photo.bytes);
    if (!photo) return std::unexpected(photo.error());
    auto thumb = deps_.photos.put(processed->thumbnail.bytes);
    if (!thumb) return std::unexpected(thumb.error());
    out.push_back({std::move(*photo), std::move(*thumb), processed->photo.width, processed->photo.height});
  }
  return out;
}

Result<AdminSubmissionPage> SubmissionService::list_for_admin(const AdminSubmissionQuery& query) {
  auto status = query.status ? submission_status_from(*query.status) : SubmissionStatus::kPending;
  if (!status) return bad(msg::kBadSubmissionStatus);
  auto limit =
      parse_bounded_int(query.limit, kDefaultAdminSubmissionLimit, 1, kMaxAdminSubmissionLimit, msg::kBadLimit);
  if (!limit) return std::unexpected(limit.error());
  auto offset = parse_bounded_int(query.offset, 0, 0, kMaxAdminSubmissionOffset, msg::kBadOffset);
  if (!offset) return std::unexpected(offset.error());

  auto page = deps_.submissions.list(*status, *limit, *offset);
  if (!page) return std::unexpected(page.error());
  AdminSubmissionPage out;
  out.total = page->total;
  out.items.reserve(page->items.size());
  for (auto& listed : page->items) {
    // Read time, not submit time: the map changes while a submission waits.
    auto nearby = deps_.stores.nearest(listed.submission.location, kDuplicateRadiusMeters / kMetresPerKm, {},
                                       kMaxDuplicateCandidates);
    if (!nearby) return std::unexpected(nearby.error());
    auto duplicates = find_duplicates(listed.submission, *nearby);
    out.items.push_back({std::move(listed), std::move(duplicates)});
  }
  return out;
}

Result<Submission> SubmissionService::pending(SubmissionId id) {
  auto found = deps_.submissions.find(id);
  if (!found) return std::unexpected(found.error());
  if (!*found) return fail(ErrorCode::kNotFound, msg::kSubmissionNotFound);
  if ((*found)->status != SubmissionStatus::kPending)
    return fail(ErrorCode::kConflict, msg::kSubmissionAlreadyReviewed);
  return std::move(**found);
}

Result<Store> SubmissionService::store_for(const Submission& submission, const ApprovalEdits& edits, UnixSeconds now) {
  Store store;
  auto name = check_store_name(edits.name.value_or(submission.store_name));
  if (!name) return std::unexpected(name.error());
  store.name = std::move(*name);
  store.store_type = edits.store_type.value_or(std::string(kDefaultStoreType));
  if (!find_store_type(store.store_type)) return bad(msg::kBadStoreType);
  store.prefecture = submission.prefecture;
  store.city = submission.city;
  store.address = submission.address;
  store.location = submission.location;
  store.precision = submission.precision;
  if (edits.location) {
    auto place = place_by_gps(*edits.location, deps_.gazetteer);
    if (!place) return std::unexpected(place.error());
    store.location = place->location;
    store.precision = place->precision;
    store.prefecture = std::move(place->prefecture);
    store.city = std::move(place->city);
  }
  store.status = StoreStatus::kActive;
  store.source = StoreSource::kSubmission;
  store.created_at = now;
  store.updated_at = now;
  return store;
}

Result<ApprovedSubmission> SubmissionService::approve(const User& admin, SubmissionId id, const ApprovalEdits& edits) {
  auto submission = pending(id);
  if (!submission) return std::unexpected(submission.error());
  const auto now = deps_.clock.now();
  ApprovalRequest request{id, admin.id, now, points_for(submission->photos.size()), std::nullopt, std::nullopt};
  if (edits.merge_into_store_id) {
    auto target = deps_.stores.find(*edits.merge_into_store_id);
    if (!target) return std::unexpected(target.error());
    if (!*target) return fail(ErrorCode::kNotFound, msg::kMergeStoreNotFound);
    request.merge_into = edits.merge_into_store_id;
    // A duplicate adds no store: only its photos (shown on the existing store) earn points.
    request.points = points_for_merge(submission->photos.size());
  } else {
    auto store = store_for(*submission, edits, now);
    if (!store) return std::unexpected(store.error());
    request.new_store = std::move(*store);
  }
  auto approved = deps_.submissions.approve(request);
  if (approved && review_observer_) review_observer_->reviewed(approved->submission, request.merge_into.has_value());
  return approved;
}

Result<Submission> SubmissionService::reject(const User& admin, SubmissionId id, std::string_view reason) {
  auto checked = check_reject_reason(reason);
  if (!checked) return std::unexpected(checked.error());
  auto submission = pending(id);
  if (!submission) return std::unexpected(submission.error());
  auto rejected = deps_.submissions.reject(id, admin.id, *checked, deps_.clock.now());
  if (!rejected) return rejected;
  if (review_observer_) review_observer_->reviewed(*rejected, false);
  if (auto ok = delete_unused_photo_files(deps_.submissions, deps_.photos, rejected->photos); !ok)
    return std::unexpected(ok.error());
  return rejected;
}

Result<void> SubmissionService::forget_unapproved_of(UserId user) {
  auto photos = deps_.submissions.delete_unapproved_of(user);
  if (!photos) return std::unexpected(photos.error());
  return delete_unused_photo_files(deps_.submissions, deps_.photos, *photos);
}

Result<void> delete_unused_photo_files(SubmissionRepository& submissions, PhotoStore& files,
                                       const std::vector<SubmissionPhoto>& photos) {
  // Rejected photos must not stay downloadable by their URL. The same
  // bytes may belong to another submission too (files are content-addressed).
  for (const auto& photo : photos)
    for (const auto* hash : {&photo.photo_hash, &photo.thumb_hash}) {
      auto used = submissions.photo_in_use(*hash);
      if (!used) return std::unexpected(used.error());
      if (*used) continue;
      if (auto ok = files.remove(*hash); !ok) return ok;
    }
  return {};
}

}  // namespace pokeca
