#pragma once
// Appends admin_audit rows inside the caller's write transaction (the change and its
// audit row commit together). The table is append-only: triggers refuse UPDATE/DELETE.
#include "pokeca/admin/admin.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/storage/sqlite/statement.hpp"

namespace pokeca::storage {

class Connection;

class AuditWrites {
 public:
  explicit AuditWrites(Connection& conn);
  Result<void> append(const AuditRecord& record);

 private:
  Statement insert_;
};

// The recomputation of a store's last report, of any product and of each product, from
// the reports left (NULLs when none), in the timeline's order; bind :store_id. Shared by
// every path that deletes reports (migration 013's backfill reads the same way).
inline constexpr std::string_view kRecomputeLastReportSql =
    "UPDATE stores SET (last_report_at, last_report_kind) ="
    " (SELECT purchased_at, kind FROM purchase_reports WHERE store_id = :store_id"
    " ORDER BY purchased_at DESC, id DESC LIMIT 1),"
    " (last_pack_at, last_pack_kind) ="
    " (SELECT purchased_at, kind FROM purchase_reports WHERE store_id = :store_id AND product = 'pack'"
    " ORDER BY purchased_at DESC, id DESC LIMIT 1),"
    " (last_box_at, last_box_kind) ="
    " (SELECT purchased_at, kind FROM purchase_reports WHERE store_id = :store_id AND product = 'box'"
    " ORDER BY purchased_at DESC, id DESC LIMIT 1),"
    " (last_single_at, last_single_kind) ="
    " (SELECT purchased_at, kind FROM purchase_reports WHERE store_id = :store_id AND product = 'single'"
    " ORDER BY purchased_at DESC, id DESC LIMIT 1)"
    " WHERE id = :store_id";

}  // namespace pokeca::storage
