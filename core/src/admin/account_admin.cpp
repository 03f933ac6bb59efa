#include "pokeca/accounts/auth_policy.hpp"
#include "pokeca/accounts/auth_service.hpp"
#include "pokeca/shared/messages.hpp"

namespace pokeca {

Result<User> AccountAdmin::find(std::string_view email) {
  auto normalised = normalize_email(email);
  if (!normalised) return std::unexpected(normalised.error());
  auto found = users_.find_by_email(*normalised);
  if (!found) return std::unexpected(found.error());
  if (!*found || (*found)->withdrawn()) return fail(ErrorCode::kNotFound, msg::kUserNotFound);
  return std::move(**found);
}

Result<User> AccountAdmin::grant_admin(std::string_view email) {
  auto user = find(email);
  if (!user) return user;
  if (auto ok = users_.set_admin(user->id, true); !ok) return std::unexpected(ok.error());
  user->admin = true;
  return user;
}

Result<User> AccountAdmin::revoke_admin(std::string_view email) {
  auto user = find(email);
  if (!user) return user;
  if (auto ok = users_.set_admin(user->id, false); !ok) return std::unexpected(ok.error());
  user->admin = false;
  return user;
}

Result<User> AccountAdmin::block(std::string_view email) {
  auto user = find(email);
  if (!user) return user;
  if (auto ok = users_.set_blocked(user->id, true); !ok) return std::unexpected(ok.error());
  if (auto ok = sessions_.revoke_all_for_user(user->id, clock_.now()); !ok) return std::unexpected(ok.error());
  user->blocked = true;
  return user;
}

Result<User> AccountAdmin::unblock(std::string_view email) {
  auto user = find(email);
  if (!user) return user;
  if (auto ok = users_.set_blocked(user->id, false); !ok) return std::unexpected(ok.error());
  user->blocked = false;
  return user;
}

}  // namespace pokeca
