#pragma once
// The admin console: store, user and report management and the audit
// log. Every write goes through AdminRepository with its audit row in one transaction;
// photo files no submission uses any more are deleted afterwards (as rejection does).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/accounts/user.hpp"
#include "pokeca/admin/admin.hpp"
#include "pokeca/admin/admin_ports.hpp"
#include "pokeca/contributions/photo_store.hpp"
#include "pokeca/contributions/submission_ports.hpp"
#include "pokeca/map/gazetteer.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

struct AdminDeps {
  AdminRepository& admin;
  SubmissionRepository& submissions;  // whether a photo is still in use
  PhotoStore& photos;
  const Gazetteer& gazetteer;
  const Clock& clock;
};

struct AdminStoreDetail {
  AdminStore store;
  std::vector<AdminPhoto> photos;
  std::vector<AdminReport> reports;  // newest kAdminDetailRows
  std::vector<AuditEntry> audit;     // newest kAdminDetailRows about this store
};

struct AdminUserDetail {
  AdminUser user;
  std::vector<AdminUserSubmission> submissions;
  std::vector<AdminReport> reports;
  std::vector<AuditEntry> audit;
};

class AdminService {
 public:
  explicit AdminService(AdminDeps deps) : deps_(deps) {}

  Result<AdminPage<AdminStore>> stores(const AdminStoreQuery& query);
  Result<AdminStoreDetail> store(StoreId id);
  Result<AdminStore> update_store(const User& admin, StoreId id, const AdminStoreEdit& edit);
  // DELETE without hard: status hidden (kept, with its note).
  Result<AdminStore> hide_store(const User& admin, StoreId id);
  Result<void> delete_store(const User& admin, StoreId id);
  Result<void> delete_photo(const User& admin, StoreId store, std::string_view hash);

  Result<AdminPage<AdminUser>> users(const std::optional<std::string>& query, const std::optional<std::string>& page);
  Result<AdminUserDetail> user(UserId id);
  Result<AdminUser> block(const User& admin, UserId id, std::string_view reason, bool hide_content);
  Result<AdminUser> unblock(const User& admin, UserId id, std::string_view reason);
  Result<AdminUser> grant_admin(const User& admin, UserId id);
  Result<AdminUser> revoke_admin(const User& admin, UserId id);

  Result<AdminPage<AdminReport>> reports(const AdminReportQuery& query);
  Result<void> delete_report(const User& admin, ReportId id);
  // `from`/`to`: ISO 8601 date-times; kNotFound for an unknown account.
  Result<std::int64_t> delete_reports_of(const User& admin, UserId user, std::string_view from, std::string_view to);

  Result<AdminPage<AuditEntry>> audit(const AuditQuery& query);

 private:
  Result<AdminUser> change_user(const User& admin, UserId id, UserAction action, std::string_view reason,
                                bool hide_content);
  // A store's or user's page: its newest reports (`reports` filtered) and audit rows.
  Result<void> newest_rows(AdminReportFilter reports, AuditTarget target, std::int64_t id,
                           std::vector<AdminReport>& report_rows, std::vector<AuditEntry>& audit_rows);
  AuditRecord record(const User& admin, std::string_view action, AuditTarget target, std::string target_id) const;

  AdminDeps deps_;
};

}  // namespace pokeca
