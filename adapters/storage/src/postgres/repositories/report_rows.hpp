#pragma once
#include <string>
// Mapping between PurchaseReport and a purchase_reports row, and the recomputation of a
// store's last reports that every path deleting reports shares.
#include <string_view>

#include "pokeca/contributions/purchase_report.hpp"
#include "pokeca/storage/postgres/connection.hpp"

namespace pokeca::storage::postgres {

// Columns of `purchase_reports AS r` in the order read_report() expects.
inline constexpr std::string_view kReportColumns =
    "r.id, r.store_id, r.user_id, r.kind, r.product, r.product_name, r.limit_note, r.purchased_at, r.created_at, "
    "r.product_id, r.sale_method, r.limit_count, r.limit_unit, r.sales_started_at";
inline constexpr int kReportColumnCount = 14;

// Reads kReportColumns; an unknown kind or product is kInternal.
[[nodiscard]] Result<PurchaseReport> read_report(const Rows& rows, int row);

// A store's last report, of any product and of each product, from the reports left and the
// confirmations of them (an answer states a fact at its time, as a report does; NULLs
// when none), in the timeline's order; $1 = the store's id.
inline constexpr std::string_view kRecomputeLastReportSql =
    "UPDATE stores SET (last_report_at, last_report_kind) ="
    " (SELECT purchased_at, kind FROM (SELECT purchased_at, kind, product, 0 AS answer, id FROM purchase_reports WHERE "
    "store_id = $1 UNION ALL SELECT c.answered_at, c.kind, r.product, 1, c.id FROM report_confirmations AS c JOIN "
    "purchase_reports AS r ON r.id = c.report_id WHERE r.store_id = $1) AS f"
    " ORDER BY purchased_at DESC, answer DESC, id DESC LIMIT 1),"
    " (last_pack_at, last_pack_kind) ="
    " (SELECT purchased_at, kind FROM (SELECT purchased_at, kind, product, 0 AS answer, id FROM purchase_reports WHERE "
    "store_id = $1 UNION ALL SELECT c.answered_at, c.kind, r.product, 1, c.id FROM report_confirmations AS c JOIN "
    "purchase_reports AS r ON r.id = c.report_id WHERE r.store_id = $1) AS f"
    " WHERE product = 'pack' ORDER BY purchased_at DESC, answer DESC, id DESC LIMIT 1),"
    " (last_box_at, last_box_kind) ="
    " (SELECT purchased_at, kind FROM (SELECT purchased_at, kind, product, 0 AS answer, id FROM purchase_reports WHERE "
    "store_id = $1 UNION ALL SELECT c.answered_at, c.kind, r.product, 1, c.id FROM report_confirmations AS c JOIN "
    "purchase_reports AS r ON r.id = c.report_id WHERE r.store_id = $1) AS f"
    " WHERE product = 'box' ORDER BY purchased_at DESC, answer DESC, id DESC LIMIT 1),"
    " (last_single_at, last_single_kind) ="
    " (SELECT purchased_at, kind FROM (SELECT purchased_at, kind, product, 0 AS answer, id FROM purchase_reports WHERE "
    "store_id = $1 UNION ALL SELECT c.answered_at, c.kind, r.product, 1, c.id FROM report_confirmations AS c JOIN "
    "purchase_reports AS r ON r.id = c.report_id WHERE r.store_id = $1) AS f"
    " WHERE product = 'single' ORDER BY purchased_at DESC, answer DESC, id DESC LIMIT 1)"
    " WHERE id = $1";

// Moves a store's last report, and the last report of the report's product, to a new
// report or a confirmation's answer ($1 at, $2 kind, $3 product) where it is not older;
// $4 = the store's id. At an equal time the later one wins, as in the timeline's order
// (purchased_at, then id). One UPDATE; none when neither moves. SET expressions read the
// row as it was.
[[nodiscard]] std::string move_last_report_sql();

}  // namespace pokeca::storage::postgres
