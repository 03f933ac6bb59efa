#include "repositories/report_rows.hpp"

#include <string>
#include <string_view>

#include "pokeca/shared/messages.hpp"

namespace pokeca::storage::postgres {

Result<PurchaseReport> read_report(const Rows& rows, int i) {
  PurchaseReport r;
  r.id = rows.int64(i, 0);
  r.store_id = rows.int64(i, 1);
  r.user_id = rows.optional_int64(i, 2);
  const auto kind = report_kind_from(rows.text(i, 3));
  const auto product = product_from(rows.text(i, 4));
  if (!kind || !product)
    return fail_logged(ErrorCode::kInternal, msg::kInternal,
                       "report " + std::to_string(r.id) + ": unknown kind or product");
  r.kind = *kind;
  r.product = *product;
  r.product_name = rows.text(i, 5);
  r.limit_note = rows.text(i, 6);
  r.purchased_at = rows.int64(i, 7);
  r.created_at = rows.int64(i, 8);
  r.product_id = rows.optional_int64(i, 9);
  if (!rows.is_null(i, 10)) r.terms.method = sale_method_from(rows.text(i, 10));
  if (const auto count = rows.optional_int64(i, 11)) r.terms.limit_count = static_cast<int>(*count);
  if (!rows.is_null(i, 12)) r.terms.limit_unit = limit_unit_from(rows.text(i, 12));
  r.terms.started_at = rows.optional_int64(i, 13);
  if ((!rows.is_null(i, 10) && !r.terms.method) || (!rows.is_null(i, 12) && !r.terms.limit_unit))
    return fail_logged(ErrorCode::kInternal, msg::kInternal,
                       "report " + std::to_string(r.id) + ": unknown sale method or limit unit");
  return r;
}

std::string move_last_report_sql() {
  const auto later = [](std::string_view at) {
    return std::string("(").append(at).append(" IS NULL OR ").append(at).append(" <= $1::bigint)");
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
  std::string set = moved("last_report_at", when_any, "$1::bigint");
  set.append(", ").append(moved("last_report_kind", when_any, "$2::text"));
  std::string where = when_any;
  for (const auto product : kProducts) {
    const std::string name(to_string(product));
    const std::string at = std::string("last_").append(name).append("_at");
    const std::string kind = std::string("last_").append(name).append("_kind");
    const std::string when = std::string("($3::text = '").append(name).append("' AND ").append(later(at)).append(")");
    set.append(", ").append(moved(at, when, "$1::bigint"));
    set.append(", ").append(moved(kind, when, "$2::text"));
    where.append(" OR ").append(when);
  }
  return std::string("UPDATE stores SET ").append(set).append(" WHERE id = $4::bigint AND (").append(where).append(")");
}

}  // namespace pokeca::storage::postgres
