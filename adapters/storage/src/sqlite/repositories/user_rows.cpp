#include "repositories/user_rows.hpp"

namespace pokeca::storage {

std::string select_user(std::string_view where) {
  return "SELECT " + std::string(kUserColumns) + " FROM users WHERE " + std::string(where);
}

User read_user(const Row& row) {
  User u;
  u.id = row.int64(0);
  u.email = row.text(1);
  u.password_hash = row.text(2);
  u.nickname = row.text(3);
  u.prefecture = row.text(4);
  u.admin = row.int64(5) != 0;
  u.blocked = row.int64(6) != 0;
  u.email_verified_at = row.optional_int64(7);
  u.session_epoch = row.int64(8);
  u.created_at = row.int64(9);
  u.withdrawn_at = row.optional_int64(10);
  u.favorite_alerts = row.int64(11) != 0;
  u.review_mail = row.int64(12) != 0;
  return u;
}

}  // namespace pokeca::storage
