#pragma once
// PgAdminRepository's per-connection statements (shared by its two source files).
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "pokeca/admin/admin.hpp"
#include "pokeca/storage/postgres/connection.hpp"
#include "pokeca/storage/postgres/pg_admin_repository.hpp"
#include "pokeca/storage/postgres/statement.hpp"
#include "repositories/audit_writes.hpp"

namespace pokeca::storage::postgres {

struct PgAdminRepository::Statements {
  explicit Statements(Connection& c);

  // A list's statement whose SQL depends on which filters are set, prepared on first use
  // and kept (a handful of shapes).
  Statement& prepared(const std::string& sql);

  Result<std::optional<AdminStore>> load_store(StoreId id);
  Result<std::optional<AdminUser>> load_user(UserId id);
  // Deletes the reports `deleted` returned the store ids of (a DELETE … RETURNING store_id)
  // and recomputes each store's last report; how many went.
  Result<std::int64_t> recompute_after(Result<Rows> deleted);

  Connection& conn;
  std::unordered_map<std::string, std::unique_ptr<Statement>> dynamic;
  Statement find_store, update_store, delete_store, store_photos, store_in_use, unlink_photo;
  Statement search_users, count_users, find_user, user_submissions, admin_count;
  Statement set_user_flags, revoke_sessions, pending_photos_of, reject_pending_of;
  Statement delete_report, delete_reports_of, recompute_last_report;
  AuditWrites audit;
};

// Reads the admin store columns (kStoreColumns, then note, admin_edited, counts).
Result<AdminStore> read_admin_store(const Rows& rows, int row);
// ["a","b"] → {"a","b"} (names the program wrote: no escapes).
std::vector<std::string> parse_name_list(std::string_view json);
// Reads photo_hash, thumb_hash, width, height from column `first` on.
SubmissionPhoto read_photo(const Rows& rows, int row, int first = 0);
// A statement's result without its rows.
Result<void> without_rows(Result<Rows> rows);

}  // namespace pokeca::storage::postgres
