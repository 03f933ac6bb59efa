#include "repositories/user_rows.hpp"

namespace pokeca::storage::postgres {

std::string select_user(std::string_view where) {
  return "SELECT " + std::string(kUserColumns) + " FROM users WHERE " + std::string(where);
}

User read_user(const Rows& rows, int i) {
  User u;
  u.id = rows.int64(i, 0);
  u.email = rows.text(i, 1);
  u.password_hash = rows.text(i, 2);
  u.nickname = rows.text(i, 3);
  u.prefecture = rows.text(i, 4);
  u.admin = rows.boolean(i, 5);
  u.blocked = rows.boolean(i, 6);
  u.email_verified_at = rows.optional_int64(i, 7);
  u.session_epoch = rows.int64(i, 8);
  u.created_at = rows.int64(i, 9);
  u.withdrawn_at = rows.optional_int64(i, 10);
  u.favorite_alerts = rows.boolean(i, 11);
  u.review_mail = rows.boolean(i, 12);
  return u;
}

}  // namespace pokeca::storage::postgres
