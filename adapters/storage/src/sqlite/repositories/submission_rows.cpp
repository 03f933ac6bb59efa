#include "repositories/submission_rows.hpp"

#include "pokeca/shared/messages.hpp"

namespace pokeca::storage {

Result<Submission> read_submission(const Row& row) {
  Submission s;
  s.id = row.int64(0);
  s.user_id = row.int64(1);
  s.store_name = row.text(2);
  s.comment = row.text(3);
  s.address = row.text(4);
  const auto method = location_method_from(row.text(5));
  s.location = {row.real(6), row.real(7)};
  const auto precision = location_precision_from(row.text(8));
  s.prefecture = row.text(9);
  s.city = row.text(10);
  const auto status = submission_status_from(row.text(11));
  if (!method || !precision || !status)
    return fail_logged(ErrorCode::kInternal, msg::kInternal, "store_submissions row with an unknown enum value");
  s.method = *method;
  s.precision = *precision;
  s.status = *status;
  s.store_id = row.optional_int64(12);
  s.reject_reason = row.text(13);
  s.reviewed_by = row.optional_int64(14);
  s.reviewed_at = row.optional_int64(15);
  s.points_awarded = static_cast<int>(row.int64(16));
  s.created_at = row.int64(17);
  return s;
}

}  // namespace pokeca::storage
