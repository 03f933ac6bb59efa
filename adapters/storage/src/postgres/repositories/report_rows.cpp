#include "repositories/report_rows.hpp"

#include <string>

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

}  // namespace pokeca::storage::postgres
