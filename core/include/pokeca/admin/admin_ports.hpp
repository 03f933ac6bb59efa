#pragma once
// What the admin console needs from storage. Every write runs in one transaction with
// its audit row: the service passes a decision that the repository calls inside the
// transaction with the current state (so two admins at once cannot both act on a
// stale copy), then writes the change and the audit row together.
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "pokeca/admin/admin.hpp"
#include "pokeca/shared/errors.hpp"

namespace pokeca {

struct StoreChange {
  AdminStore after;
  AuditRecord audit;
};
using StoreDecision = std::function<Result<StoreChange>(const AdminStore& current)>;

struct UserContext {
  AdminUser user;
  std::int64_t admin_count = 0;  // live (not withdrawn) admin accounts
};

struct UserChange {
  std::optional<bool> admin{};
  std::optional<bool> blocked{};
  std::optional<std::string> blocked_reason{};
  // Bump the session epoch (every access token dies) and revoke every refresh session.
  bool end_sessions = false;
  // Reject the account's pending submissions (reason: reject_reason) and delete its
  // purchase reports, each store's last report recomputed.
  bool hide_content = false;
  std::string reject_reason;
  AuditRecord audit;
};
using UserDecision = std::function<Result<UserChange>(const UserContext& current)>;

struct UserChangeOutcome {
  AdminUser user;
  std::vector<SubmissionPhoto> rejected_photos;  // of submissions hide_content rejected
};

class AdminRepository {
 public:
  virtual ~AdminRepository() = default;

  // Stores (any status), newest id first; report_count and photo_count may be 0.
  virtual Result<AdminPage<AdminStore>> search_stores(const AdminStoreFilter& filter) = 0;
  // With report and photo counts; nullopt when there is no such store.
  virtual Result<std::optional<AdminStore>> find_store(StoreId id) = 0;
  // Photos of the submissions linked to the store, newest submission first.
  virtual Result<std::vector<AdminPhoto>> store_photos(StoreId id, int limit) = 0;
  // kNotFound without the store; writes `after` through the store-write path (cluster
  // cells and prefecture counts follow), its note and admin_edited, and the audit row.
  virtual Result<AdminStore> change_store(StoreId id, const StoreDecision& decide) = 0;
  // Removes the store: kNotFound without it, kConflict while submissions, purchase
  // reports or saved-trip stops refer to it.
  virtual Result<void> delete_store(StoreId id, const std::function<AuditRecord(const AdminStore&)>& audit) = 0;
  // Unlinks the photo (or thumbnail) hash from the store's submissions; the rows it
  // removed (kNotFound when none).
  virtual Result<std::vector<SubmissionPhoto>> unlink_photo(StoreId store, std::string_view hash,
                                                            const AuditRecord& audit) = 0;

  // `query`: substring of e-mail or nickname ("" = all); newest account first.
  virtual Result<AdminPage<AdminUser>> search_users(std::string_view query, int limit, std::int64_t offset) = 0;
  virtual Result<std::optional<AdminUser>> find_user(UserId id) = 0;
  virtual Result<std::vector<AdminUserSubmission>> user_submissions(UserId id, int limit) = 0;
  // kNotFound without the account.
  virtual Result<UserChangeOutcome> change_user(UserId id, const UserDecision& decide) = 0;

  // Newest purchased_at first.
  virtual Result<AdminPage<AdminReport>> list_reports(const AdminReportFilter& filter) = 0;
  // Deletes the report and recomputes its store's last report; nullopt when unknown.
  virtual Result<std::optional<PurchaseReport>> delete_report(
      ReportId id, const std::function<AuditRecord(const PurchaseReport&)>& audit) = 0;
  // Deletes the user's reports purchased in [from, to), recomputing each store's last
  // report; returns how many. One audit row (from the count) even when none matched.
  virtual Result<std::int64_t> delete_reports_of(UserId user, UnixSeconds from, UnixSeconds to,
                                                 const std::function<AuditRecord(std::int64_t)>& audit) = 0;

  // Newest first.
  virtual Result<AdminPage<AuditEntry>> list_audit(const AuditFilter& filter) = 0;
};

}  // namespace pokeca
