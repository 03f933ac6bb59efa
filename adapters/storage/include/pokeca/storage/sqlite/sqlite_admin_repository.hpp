#pragma once
// AdminRepository over SQLite. Every write is one BEGIN IMMEDIATE
// transaction holding the change and its admin_audit row; store writes go through
// StoreWrites (cluster cells and prefecture counts follow) and report deletions use the
// same last-report recomputation as the report repository. The response cache follows
// by itself: every commit moves the database's write generation.
#include "pokeca/admin/admin_ports.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/per_connection.hpp"

namespace pokeca::storage {

class SqliteAdminRepository final : public AdminRepository {
 public:
  explicit SqliteAdminRepository(Database& db);  // throws StorageError
  ~SqliteAdminRepository() override;

  Result<AdminPage<AdminStore>> search_stores(const AdminStoreFilter& filter) override;
  Result<std::optional<AdminStore>> find_store(StoreId id) override;
  Result<std::vector<AdminPhoto>> store_photos(StoreId id, int limit) override;
  Result<AdminStore> change_store(StoreId id, const StoreDecision& decide) override;
  Result<void> delete_store(StoreId id, const std::function<AuditRecord(const AdminStore&)>& audit) override;
  Result<std::vector<SubmissionPhoto>> unlink_photo(StoreId store, std::string_view hash,
                                                    const AuditRecord& audit) override;

  Result<AdminPage<AdminUser>> search_users(std::string_view query, int limit, std::int64_t offset) override;
  Result<std::optional<AdminUser>> find_user(UserId id) override;
  Result<std::vector<AdminUserSubmission>> user_submissions(UserId id, int limit) override;
  Result<UserChangeOutcome> change_user(UserId id, const UserDecision& decide) override;

  Result<AdminPage<AdminReport>> list_reports(const AdminReportFilter& filter) override;
  Result<std::optional<PurchaseReport>> delete_report(
      ReportId id, const std::function<AuditRecord(const PurchaseReport&)>& audit) override;
  Result<std::int64_t> delete_reports_of(UserId user, UnixSeconds from, UnixSeconds to,
                                         const std::function<AuditRecord(std::int64_t)>& audit) override;

  Result<AdminPage<AuditEntry>> list_audit(const AuditFilter& filter) override;

  struct Statements;  // per connection; defined in admin_statements.hpp

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage
