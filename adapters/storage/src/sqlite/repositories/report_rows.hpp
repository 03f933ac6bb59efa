#pragma once
// Mapping between PurchaseReport and a purchase_reports row (`purchase_reports AS r`).
#include <optional>
#include <string>
#include <string_view>

#include "pokeca/contributions/purchase_report.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/storage/sqlite/statement.hpp"

namespace pokeca::storage {

inline constexpr std::string_view kReportColumns =
    "r.id, r.store_id, r.user_id, r.kind, r.product, r.product_name, r.limit_note, "
    "r.purchased_at, r.created_at, r.product_id, r.sale_method, r.limit_count, r.limit_unit, r.sales_started_at";
inline constexpr int kReportColumnCount = 14;
// The same columns for a DELETE … RETURNING, which knows no table alias.
inline constexpr std::string_view kReportReturningColumns =
    "id, store_id, user_id, kind, product, product_name, limit_note, purchased_at, created_at, product_id, "
    "sale_method, limit_count, limit_unit, sales_started_at";

// Reads kReportColumns; an unknown kind, product, sale method or limit unit is kInternal.
[[nodiscard]] Result<PurchaseReport> read_report(const Row& row);

// Inside the caller's write transaction: runs `remove` (a DELETE … WHERE id = :id
// RETURNING the report's columns in kReportColumns' order) and then `recompute`
// (kRecomputeLastReportSql) for the report's store. The deleted report; nullopt when
// there was none.
[[nodiscard]] Result<std::optional<PurchaseReport>> delete_report_row(Statement& remove, Statement& recompute,
                                                                      ReportId id);

// Moves a store's last report, and the last report of the report's product, to a new
// report or a confirmation's answer (:at, :kind, :product; :store_id) where it is not
// older. At an equal time the later one wins, as in the timeline's order (purchased_at,
// then id), so the store's last report is its first recent one. One UPDATE, so the
// triggers run once; none when neither moves. SET expressions read the row as it was.
[[nodiscard]] std::string move_last_report_sql();

}  // namespace pokeca::storage
