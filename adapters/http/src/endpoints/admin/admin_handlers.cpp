#include "endpoints/admin/admin_handlers.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/api_body.hpp"
#include "api/json_body.hpp"
#include "common/http_messages.hpp"
#include "endpoints/admin/admin_json.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/numbers.hpp"
#include "pokeca/shared/text.hpp"

namespace pokeca::http {
namespace {

namespace json = boost::json;

// {success, data, total, total_capped, page, page_size}; the page was checked by the service.
template <typename T, typename ToJson>
std::string paged(const ApiCall& call, const AdminPage<T>& page, ToJson&& to_json) {
  json::array data;
  for (const auto& item : page.items) data.push_back(to_json(item));
  const auto number = parse_admin_page(find_param(call.query, "page")).value_or(1);
  return data_body(
      std::move(data),
      {{"total", page.total}, {"total_capped", page.total_capped}, {"page", number}, {"page_size", kAdminPageSize}});
}

template <typename T, typename ToJson>
json::array array_of(const std::vector<T>& items, ToJson&& to_json) {
  json::array out;
  for (const auto& item : items) out.push_back(to_json(item));
  return out;
}

// ?hard=1|true: a hard delete; absent, 0 or false: hide.
Result<bool> hard_flag(const ApiCall& call) {
  const auto hard = find_param(call.query, "hard");
  if (!hard || *hard == "0" || *hard == "false") return false;
  if (*hard == "1" || *hard == "true") return true;
  return fail(ErrorCode::kBadRequest, msg::kBadJson);
}

ApiResult user_answer(const Result<AdminUser>& user, std::string_view message) {
  if (!user) return std::unexpected(user.error());
  return message_body(message, {{"user", admin_user_json(*user)}});
}

}  // namespace

ApiResult AdminHandlers::get_admin_stores(const ApiCall& call) const {
  const auto& q = call.query;
  auto page = admin_.stores({find_param(q, "q"), find_param(q, "prefecture"), find_param(q, "type"),
                             find_param(q, "status"), find_param(q, "source"), find_param(q, "page")});
  if (!page) return std::unexpected(page.error());
  return paged(call, *page, admin_store_json);
}

ApiResult AdminHandlers::get_admin_store(const ApiCall& call) const {
  auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  auto detail = admin_.store(*id);
  if (!detail) return std::unexpected(detail.error());
  return success_body({{"store", admin_store_json(detail->store)},
                       {"photos", array_of(detail->photos, admin_photo_json)},
                       {"reports", array_of(detail->reports, admin_report_json)},
                       {"audit", array_of(detail->audit, audit_entry_json)}});
}

ApiResult AdminHandlers::put_admin_store(const ApiCall& call) const {
  auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  auto edit = admin_store_edit(call.body);
  if (!edit) return std::unexpected(edit.error());
  auto store = admin_.update_store(*call.user, *id, *edit);
  if (!store) return std::unexpected(store.error());
  return message_body(msg::kAdminStoreUpdated, {{"store", admin_store_json(*store)}});
}

ApiResult AdminHandlers::delete_admin_store(const ApiCall& call) const {
  auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  auto hard = hard_flag(call);
  if (!hard) return std::unexpected(hard.error());
  if (*hard) {
    if (auto ok = admin_.delete_store(*call.user, *id); !ok) return std::unexpected(ok.error());
    return message_body(msg::kAdminStoreDeleted);
  }
  auto store = admin_.hide_store(*call.user, *id);
  if (!store) return std::unexpected(store.error());
  return message_body(msg::kAdminStoreHidden, {{"store", admin_store_json(*store)}});
}

ApiResult AdminHandlers::delete_admin_photo(const ApiCall& call) const {
  const auto store = find_param(call.query, "store_id");
  if (!store) return fail(ErrorCode::kBadRequest, msg::kAdminPhotoStoreRequired);
  const auto id = parse_integer(*store);
  if (!id || *id <= 0) return fail(ErrorCode::kBadRequest, msg::kBadId);
  if (auto ok = admin_.delete_photo(*call.user, *id, call.path_params.at(0)); !ok) return std::unexpected(ok.error());
  return message_body(msg::kAdminPhotoDeleted);
}

ApiResult AdminHandlers::get_admin_users(const ApiCall& call) const {
  auto page = admin_.users(find_param(call.query, "q"), find_param(call.query, "page"));
  if (!page) return std::unexpected(page.error());
  return paged(call, *page, admin_user_json);
}

ApiResult AdminHandlers::get_admin_user(const ApiCall& call) const {
  auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  auto detail = admin_.user(*id);
  if (!detail) return std::unexpected(detail.error());
  return success_body({{"user", admin_user_json(detail->user)},
                       {"submissions", array_of(detail->submissions, admin_user_submission_json)},
                       {"reports", array_of(detail->reports, admin_report_json)},
                       {"audit", array_of(detail->audit, audit_entry_json)}});
}

ApiResult AdminHandlers::post_admin_user_block(const ApiCall& call) const {
  auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  auto body = body_object(call.body);
  if (!body) return std::unexpected(body.error());
  auto reason = string_member(*body, "reason");
  auto hide = optional_bool_member(*body, "hide_content");
  if (!reason || !hide) return bad_json();
  return user_answer(admin_.block(*call.user, *id, *reason, hide->value_or(false)), msg::kAdminUserBlocked);
}

ApiResult AdminHandlers::post_admin_user_unblock(const ApiCall& call) const {
  auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  auto reason = body_string_member(call.body, "reason");
  if (!reason) return std::unexpected(reason.error());
  return user_answer(admin_.unblock(*call.user, *id, *reason), msg::kAdminUserUnblocked);
}

ApiResult AdminHandlers::post_admin_user_grant_admin(const ApiCall& call) const {
  auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  return user_answer(admin_.grant_admin(*call.user, *id), msg::kAdminGranted);
}

ApiResult AdminHandlers::post_admin_user_revoke_admin(const ApiCall& call) const {
  auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  return user_answer(admin_.revoke_admin(*call.user, *id), msg::kAdminRevoked);
}

ApiResult AdminHandlers::get_admin_purchases(const ApiCall& call) const {
  const auto& q = call.query;
  auto page =
      admin_.reports({find_param(q, "store_id"), find_param(q, "user_id"), find_param(q, "prefecture"),
                      find_param(q, "kind"), find_param(q, "from"), find_param(q, "to"), find_param(q, "page")});
  if (!page) return std::unexpected(page.error());
  return paged(call, *page, admin_report_json);
}

ApiResult AdminHandlers::delete_admin_purchase(const ApiCall& call) const {
  const auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  if (auto ok = admin_.delete_report(*call.user, *id); !ok) return std::unexpected(ok.error());
  return message_body(msg::kPurchaseDeleted);
}

ApiResult AdminHandlers::post_admin_purchases_bulk_delete(const ApiCall& call) const {
  auto body = body_object(call.body);
  if (!body) return std::unexpected(body.error());
  const auto user = integer_member(*body, "user_id");
  if (!user || *user <= 0) return fail(ErrorCode::kBadRequest, msg::kAdminBulkUserRequired);
  auto from = string_member(*body, "from");
  auto to = string_member(*body, "to");
  if (!from || !to) return bad_json();
  auto deleted = admin_.delete_reports_of(*call.user, *user, *from, *to);
  if (!deleted) return std::unexpected(deleted.error());
  return message_body(fill_placeholder(msg::kAdminReportsDeleted, "{count}", std::to_string(*deleted)),
                      {{"deleted", *deleted}});
}

ApiResult AdminHandlers::get_admin_audit(const ApiCall& call) const {
  const auto& q = call.query;
  auto page = admin_.audit({find_param(q, "target_type"), find_param(q, "target_id"), find_param(q, "actor_id"),
                            find_param(q, "action"), find_param(q, "page")});
  if (!page) return std::unexpected(page.error());
  return paged(call, *page, audit_entry_json);
}

}  // namespace pokeca::http
