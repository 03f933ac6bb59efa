#include "repositories/report_rows.hpp"

#include <string>
#include <string_view>

#include "pokeca/shared/messages.hpp"

namespace pokeca::storage {

Result<PurchaseReport> read_report(const Row& row) {
  PurchaseReport r;
  r.id = row.int64(0);
  r.store_id = row.int64(1);
  r.user_id = row.optional_int64(2);
  const auto kind = report_kind_from(row.text(3));
  const auto product = product_from(row.text(4));
  if (!kind || !product)
    return fail_logged(ErrorCode::kInternal, msg::kInternal,
                       "report " + std::to_string(r.id) + ": unknown kind or product");
  r.kind = *kind;
  r.product = *product;
  r.product_name = row.text(5);
  r.limit_note = row.text(6);
  r.purchased_at = row.int64(7);
  r.created_at = row.int64(8);
  r.product_id = row.optional_int64(9);
  if (!row.is_null(10)) r.terms.method = sale_method_from(row.text(10));
  if (const auto count = row.optional_int64(11)) r.terms.limit_count = static_cast<int>(*count);
  if (!row.is_null(12)) r.terms.limit_unit = limit_unit_from(row.text(12));
  r.terms.started_at = row.optional_int64(13);
  if ((!row.is_null(10) && !r.terms.method) || (!row.is_null(12) && !r.terms.limit_unit))
    return fail_logged(ErrorCode::kInternal, msg::kInternal,
                       "report " + std::to_string(r.id) + ": unknown sale method or limit unit");
  return r;
}

Result<std::optional<PurchaseReport>> delete_report_row(Statement& remove, Statement& recompute, ReportId id) {
  std::optional<PurchaseReport> removed;
  auto ok = remove.bind_int(":id", id).each([&](const Row& row) -> Result<void> {
    auto report = read_report(row);
    if (!report) return std::unexpected(report.error());
    removed = std::move(*report);
    return {};
  });
  if (!ok) return std::unexpected(ok.error());
  if (!removed) return removed;
  if (ok = recompute.bind_int(":store_id", removed->store_id).run(); !ok) return std::unexpected(ok.error());
  return removed;
}

std::string move_last_report_sql() {
  const auto later = [](std::string_view at) {
    return std::string("(").append(at).append(" IS NULL OR ").append(at).append(" <= :at)");
  };
  // column = CASE WHEN when THEN value ELSE column END
  const auto moved = [](std::string_view column, std::string_view when, std::string_view value) {
    return std::string(column)
        .append(" = CASE WHEN ")
        .append(when)
        .append(" THEN ")
        .append(value)
        .append(" ELSE ")
        .append(column)
        .append(" END");
  };
  const std::string when_any = later("last_report_at");
  std::string set = moved("last_report_at", when_any, ":at");
  set.append(", ").append(moved("last_report_kind", when_any, ":kind"));
  std::string where = when_any;
  for (const auto product : kProducts) {
    const std::string name(to_string(product));
    const std::string at = std::string("last_").append(name).append("_at");
    const std::string kind = std::string("last_").append(name).append("_kind");
    const std::string when = std::string("(:product = '").append(name).append("' AND ").append(later(at)).append(")");
    set.append(", ").append(moved(at, when, ":at"));
    set.append(", ").append(moved(kind, when, ":kind"));
    where.append(" OR ").append(when);
  }
  return std::string("UPDATE stores SET ").append(set).append(" WHERE id = :store_id AND (").append(where).append(")");
}

}  // namespace pokeca::storage
