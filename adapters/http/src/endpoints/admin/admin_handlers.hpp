#pragma once
// The thin handlers of the admin console: stores,
// photos, users, purchase reports and the audit log. Access (kAdmin) is the route
// table's; every write's audit row is the service's.
#include "api/api_call.hpp"
#include "pokeca/admin/admin_service.hpp"

namespace pokeca::http {

class AdminHandlers {
 public:
  explicit AdminHandlers(AdminService& admin) : admin_(admin) {}

  [[nodiscard]] ApiResult get_admin_stores(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_admin_store(const ApiCall& call) const;
  [[nodiscard]] ApiResult put_admin_store(const ApiCall& call) const;
  [[nodiscard]] ApiResult delete_admin_store(const ApiCall& call) const;
  [[nodiscard]] ApiResult delete_admin_photo(const ApiCall& call) const;

  [[nodiscard]] ApiResult get_admin_users(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_admin_user(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_admin_user_block(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_admin_user_unblock(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_admin_user_grant_admin(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_admin_user_revoke_admin(const ApiCall& call) const;

  [[nodiscard]] ApiResult get_admin_purchases(const ApiCall& call) const;
  [[nodiscard]] ApiResult delete_admin_purchase(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_admin_purchases_bulk_delete(const ApiCall& call) const;

  [[nodiscard]] ApiResult get_admin_audit(const ApiCall& call) const;

 private:
  AdminService& admin_;
};

}  // namespace pokeca::http
