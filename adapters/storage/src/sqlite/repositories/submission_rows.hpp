#pragma once
// Mapping between Submission and a store_submissions row.
#include <string_view>

#include "pokeca/contributions/submission.hpp"
#include "pokeca/storage/sqlite/statement.hpp"

namespace pokeca::storage {

// Columns of `store_submissions AS sub` in the order read_submission() expects.
inline constexpr std::string_view kSubmissionColumns =
    "sub.id, sub.user_id, sub.store_name, sub.comment, sub.address, sub.location_method, sub.lat, sub.lng, "
    "sub.location_precision, sub.prefecture, sub.city, sub.status, sub.store_id, sub.reject_reason, "
    "sub.reviewed_by, sub.reviewed_at, sub.points_awarded, sub.created_at";
inline constexpr int kSubmissionColumnCount = 18;

// Reads kSubmissionColumns (photos are not part of the row); an enum text the program
// does not know is kInternal.
Result<Submission> read_submission(const Row& row);

}  // namespace pokeca::storage
