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
// the reports left and the confirmations of them (an answer states a fact at its time, as a
// report does; NULLs when none), in the timeline's order; bind :store_id. Shared by
// every path that deletes reports (migration 013's backfill reads the same way).
inline constexpr std::string_view kRecomputeLastReportSql =
    "UPDATE stores SET (last_report_at, last_report_kind) ="
    " (SELECT purchased_at, kind FROM (SELECT purchased_at, kind, product, 0 AS answer, id FROM purchase_reports WHERE "
    "store_id = :store_id UNION ALL SELECT c.answered_at, c.kind, r.product, 1, c.id FROM report_confirmations AS c "
    "JOIN purchase_reports AS r ON r.id = c.report_id WHERE r.store_id = :store_id) AS f"
    " ORDER BY purchased_at DESC, answer DESC, id DESC LIMIT 1),"
    " (last_pack_at, last_pack_kind) ="
    " (SELECT purchased_at, kind FROM (SELECT purchased_at, kind, product, 0 AS answer, id FROM purchase_reports WHERE "
    "store_id = :store_id UNION ALL SELECT c.answered_at, c.kind, r.product, 1, c.id FROM report_confirmations AS c "
    "JOIN purchase_reports AS r ON r.id = c.report_id WHERE r.store_id = :store_id) AS f"
    " WHERE product = 'pack' ORDER BY purchased_at DESC, answer DESC, id DESC LIMIT 1),"
    " (last_box_at, last_box_kind) ="
    " (SELECT purchased_at, kind FROM (SELECT purchased_at, kind, product, 0 AS answer, id FROM purchase_reports WHERE "
    "store_id = :store_id UNION ALL SELECT c.answered_at, c.kind, r.product, 1, c.id FROM report_confirmations AS c "
    "JOIN purchase_reports AS r ON r.id = c.report_id WHERE r.store_id = :store_id) AS f"
    " WHERE product = 'box' ORDER BY purchased_at DESC, answer DESC, id DESC LIMIT 1),"
    " (last_single_at, last_single_kind) ="
    " (SELECT purchased_at, kind FROM (SELECT purchased_at, kind, product, 0 AS answer, id FROM purchase_reports WHERE "
    "store_id = :store_id UNION ALL SELECT c.answered_at, c.kind, r.product, 1, c.id FROM report_confirmations AS c "
    "JOIN purchase_reports AS r ON r.id = c.report_id WHERE r.store_id = :store_id) AS f"
    " WHERE product = 'single' ORDER BY purchased_at DESC, answer DESC, id DESC LIMIT 1)"
    " WHERE id = :store_id";

}  // namespace pokeca::storage
