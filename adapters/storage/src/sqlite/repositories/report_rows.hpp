#pragma once
// Mapping between PurchaseReport and a purchase_reports row (`purchase_reports AS r`).
#include <optional>
#include <string_view>

#include "pokeca/contributions/purchase_report.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/storage/sqlite/statement.hpp"

namespace pokeca::storage {

inline constexpr std::string_view kReportColumns =
    "r.id, r.store_id, r.user_id, r.kind, r.product, r.product_name, r.limit_note, "
    "r.purchased_at, r.created_at";
inline constexpr int kReportColumnCount = 9;

// Reads kReportColumns; an unknown kind or product is kInternal.
[[nodiscard]] Result<PurchaseReport> read_report(const Row& row);

// Inside the caller's write transaction: runs `remove` (a DELETE … WHERE id = :id
// RETURNING the report's columns in kReportColumns' order) and then `recompute`
// (kRecomputeLastReportSql) for the report's store. The deleted report; nullopt when
// there was none.
[[nodiscard]] Result<std::optional<PurchaseReport>> delete_report_row(Statement& remove, Statement& recompute,
                                                                      ReportId id);

}  // namespace pokeca::storage
