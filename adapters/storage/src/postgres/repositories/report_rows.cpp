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
  return r;
}

}  // namespace pokeca::storage::postgres
