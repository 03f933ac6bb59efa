#pragma once
// SqliteAdminRepository's per-connection statements (shared by its two source files).
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "pokeca/admin/admin.hpp"
#include "pokeca/storage/sqlite/connection.hpp"
#include "pokeca/storage/sqlite/sqlite_admin_repository.hpp"
#include "pokeca/storage/sqlite/statement.hpp"
#include "repositories/audit_writes.hpp"
#include "repositories/store_writes.hpp"

namespace pokeca::storage {

struct SqliteAdminRepository::Statements {
  explicit Statements(Connection& c);

  // A statement whose SQL depends on which filters are set, prepared on first use and
  // kept (a handful of shapes), so each filter mix gets its own index.
  Statement& prepared(const std::string& sql);

  Result<std::optional<AdminStore>> load_store(StoreId id);
  Result<std::optional<AdminUser>> load_user(UserId id);
  // Deletes matching reports (RETURNING store_id) and recomputes each store's last report.
  Result<std::int64_t> delete_reports(Statement& del);

  Connection& conn;
  std::unordered_map<std::string, std::unique_ptr<Statement>> dynamic;
  Statement find_store, set_store_extra, store_photos, store_in_use, unlink_photo;
  Statement search_users, count_users, find_user, user_submissions, admin_count;
  Statement set_user_flags, revoke_sessions, pending_photos_of, reject_pending_of;
  Statement delete_report, delete_reports_of, recompute_last_report;
  StoreWrites writes;
  AuditWrites audit;
};

// Reads the admin store columns (kStoreColumns, then note, admin_edited, counts).
Result<AdminStore> read_admin_store(const Row& row);
// ["a","b"] → {"a","b"} (names the program wrote: no escapes).
std::vector<std::string> parse_name_list(std::string_view json);

}  // namespace pokeca::storage
