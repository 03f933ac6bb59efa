#pragma once
// Store submissions: users submit stores with up to three photos; admins list
// them with likely duplicates, approve (a store appears on the map, the user earns
// points) or reject them. Knows nothing of HTTP, SQL or files.
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/accounts/user.hpp"
#include "pokeca/contributions/photo.hpp"
#include "pokeca/contributions/photo_store.hpp"
#include "pokeca/contributions/submission.hpp"
#include "pokeca/contributions/submission_ports.hpp"
#include "pokeca/contributions/submission_review_mail.hpp"
#include "pokeca/contributions/submission_rules.hpp"
#include "pokeca/map/gazetteer.hpp"
#include "pokeca/map/store_ports.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/rate_limiter.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

inline constexpr int kDefaultAdminSubmissionLimit = 50;
inline constexpr int kMaxAdminSubmissionLimit = 100;
inline constexpr long long kMaxAdminSubmissionOffset = 1'000'000'000;
// Nearby stores read per listed submission to look for duplicates.
inline constexpr int kMaxDuplicateCandidates = 20;

using Upload = std::span<const std::byte>;

struct AdminSubmission {
  ListedSubmission listed;
  std::vector<DuplicateCandidate> duplicates;
};

struct AdminSubmissionPage {
  std::vector<AdminSubmission> items;
  std::int64_t total = 0;
};

// Query parameters as they arrived; nullopt = absent.
struct AdminSubmissionQuery {
  std::optional<std::string> status{};  // default pending
  std::optional<std::string> limit{};   // 1–kMaxAdminSubmissionLimit, default kDefaultAdminSubmissionLimit
  std::optional<std::string> offset{};  // ≥ 0, default 0
};

// What a moderator may change while approving; nullopt = as submitted.
struct ApprovalEdits {
  std::optional<std::string> name{};
  std::optional<std::string> store_type{};  // a known type; default kDefaultStoreType
  std::optional<LatLng> location{};         // a moved marker: precision exact, prefecture/city re-derived
  // Link the submission (and its photos) to this existing store instead of creating
  // one; the other edits are then ignored.
  std::optional<StoreId> merge_into_store_id{};
};

struct SubmissionDeps {
  SubmissionRepository& submissions;
  StoreRepository& stores;
  const PhotoProcessor& processor;
  PhotoStore& photos;
  const Gazetteer& gazetteer;
  RateLimiter& limiter;
  const Clock& clock;
};

struct SubmissionSettings {
  RateLimit per_account = kSubmissionPerAccount;
};

// Deletes the files (photo and thumbnail) of `photos` that no pending or approved
// submission uses any more (files are content-addressed, so bytes may be shared).
Result<void> delete_unused_photo_files(SubmissionRepository& submissions, PhotoStore& files,
                                       const std::vector<SubmissionPhoto>& photos);

class SubmissionService {
 public:
  SubmissionService(SubmissionDeps deps, SubmissionSettings settings = {}) : deps_(deps), settings_(settings) {}

  // Told about each approval and rejection once it has committed (the review mails).
  void observe_reviews(SubmissionReviewObserver* observer) { review_observer_ = observer; }

  // Checks the form, counts against the per-account limit, re-encodes and stores each
  // photo (slow: up to about a second per photo), then stores the pending submission.
  Result<Submission> submit(const User& user, const SubmissionForm& form, std::span<const Upload> images);
  Result<AdminSubmissionPage> list_for_admin(const AdminSubmissionQuery& query);
  Result<ApprovedSubmission> approve(const User& admin, SubmissionId id, const ApprovalEdits& edits);
  // Also deletes the photo files no pending or approved submission uses.
  Result<Submission> reject(const User& admin, SubmissionId id, std::string_view reason);
  // The account is being withdrawn: its pending and rejected submissions and their
  // photo files go (files an approved or another pending submission uses stay).
  Result<void> forget_unapproved_of(UserId user);

 private:
  Result<std::vector<SubmissionPhoto>> store_photos(std::span<const Upload> images);
  Result<Submission> pending(SubmissionId id);
  Result<Store> store_for(const Submission& submission, const ApprovalEdits& edits, UnixSeconds now);

  SubmissionDeps deps_;
  SubmissionSettings settings_;
  SubmissionReviewObserver* review_observer_ = nullptr;
};

}  // namespace pokeca
