#pragma once
// AdminRepository over PostgreSQL. Every write is one SERIALIZABLE transaction (run again
// on a serialization failure, the service's decision called again on the current row)
// holding the change and its admin_audit row, so two admins at once cannot both act on a
// stale copy. The map's lists, cells and counts read the store rows themselves, and report
// deletions recompute the store's last report as the report repository does; the caches
// hear of every commit through the change triggers (migration 005).
#include "pokeca/admin/admin_ports.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/per_connection.hpp"

namespace pokeca::storage::postgres {

class PgAdminRepository final : public AdminRepository {
 public:
  explicit PgAdminRepository(Database& db);  // throws StorageError
  ~PgAdminRepository() override;

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

}  // namespace pokeca::storage::postgres
