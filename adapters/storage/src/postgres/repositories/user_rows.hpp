#pragma once
// Mapping between User and a users row (shared by the user and admin repositories).
#include <string>
#include <string_view>

#include "pokeca/accounts/user.hpp"
#include "pokeca/storage/postgres/connection.hpp"

namespace pokeca::storage::postgres {

// Columns of `users` in the order read_user() expects (unqualified: FROM users).
inline constexpr std::string_view kUserColumns =
    "id, email, password_hash, nickname, prefecture, admin, blocked, email_verified_at, session_epoch, "
    "created_at, withdrawn_at, favorite_alerts, review_mail";
// How many columns kUserColumns has: a query's own columns after them start here.
inline constexpr int kUserColumnCount = 13;

[[nodiscard]] std::string select_user(std::string_view where);
[[nodiscard]] User read_user(const Rows& rows, int row);

}  // namespace pokeca::storage::postgres
