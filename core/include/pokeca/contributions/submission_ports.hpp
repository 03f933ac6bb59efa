#pragma once
// What submissions need from storage. Every method may be called from several threads.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/accounts/user.hpp"
#include "pokeca/contributions/submission.hpp"
#include "pokeca/map/store.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

// Who sent a submission, as moderators see them.
struct Submitter {
  UserId id = 0;
  std::string nickname;
  std::string prefecture;  // Japanese name; "" = not set
};

struct ListedSubmission {
  Submission submission;
  std::optional<Submitter> user;  // nullopt once the account is withdrawn
};

struct SubmissionPage {
  std::vector<ListedSubmission> items;
  std::int64_t total = 0;  // with this status, whatever limit and offset
};

// An approval, decided by the service; the repository makes it happen atomically.
struct ApprovalRequest {
  SubmissionId id = 0;
  UserId reviewer = 0;
  UnixSeconds at = 0;
  int points = 0;
  std::optional<Store> new_store;     // a store to create (source submission) …
  std::optional<StoreId> merge_into;  // … or the existing store the submission joins
};

struct ApprovedSubmission {
  Submission submission;
  Store store;  // created or merged into
};

class SubmissionRepository {
 public:
  virtual ~SubmissionRepository() = default;

  // Stores a pending submission (id 0) with its photos; returns it with its id.
  virtual Result<Submission> create(const Submission& submission) = 0;
  virtual Result<std::optional<Submission>> find(SubmissionId id) = 0;
  // Pending: oldest first; approved and rejected: newest review first.
  virtual Result<SubmissionPage> list(SubmissionStatus status, int limit, int offset) = 0;
  // One transaction. Only a pending submission is approved: kNotFound when there is
  // none, kConflict when it was reviewed meanwhile (two admins at once: one wins).
  // Creates new_store through the store-write path (map aggregates follow), or checks
  // that merge_into exists (kNotFound); then records status, store, reviewer, time and
  // points.
  virtual Result<ApprovedSubmission> approve(const ApprovalRequest& request) = 0;
  // Same conditions as approve.
  virtual Result<Submission> reject(SubmissionId id, UserId reviewer, std::string_view reason, UnixSeconds at) = 0;
  // Whether a pending or approved submission still uses this photo or
  // thumbnail hash (else its file can go).
  virtual Result<bool> photo_in_use(std::string_view hash) = 0;
  // Withdrawal: deletes the user's pending and rejected submissions in one transaction
  // and returns their photos; approved ones stay (anonymous, on the map).
  virtual Result<std::vector<SubmissionPhoto>> delete_unapproved_of(UserId user) = 0;
};

// The photos a store shows (StoreDetail), from its approved submissions.
class StorePhotoRepository {
 public:
  virtual ~StorePhotoRepository() = default;
  // Newest submission first, upload order within one; at most `limit`.
  virtual Result<std::vector<SubmissionPhoto>> photos_for_store(StoreId id, int limit) = 0;
};

}  // namespace pokeca
