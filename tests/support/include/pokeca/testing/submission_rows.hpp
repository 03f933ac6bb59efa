#pragma once
// Rows of store_submissions written straight into SQLite, for tests that need reviewed
// submissions without the submission flow (the ranking reads only this table).
#include <cstdint>
#include <string>
#include <string_view>

namespace pokeca::testing {

// An INSERT of one reviewed submission by `user_id` in Tokyo.
inline std::string reviewed_submission_sql(std::int64_t user_id, int points, std::int64_t reviewed_at,
                                           std::string_view status = "approved") {
  return "INSERT INTO store_submissions (user_id, store_name, location_method, lat, lng, location_precision,"
         " prefecture, status, reviewed_at, points_awarded, created_at) VALUES (" +
         std::to_string(user_id) + ", 'テスト店', 'gps', 35.69, 139.70, 'exact', 'tokyo', '" + std::string(status) +
         "', " + std::to_string(reviewed_at) + ", " + std::to_string(points) + ", " +
         std::to_string(reviewed_at - 3600) + ")";
}

}  // namespace pokeca::testing
