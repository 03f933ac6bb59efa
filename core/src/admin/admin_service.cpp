#include "pokeca/admin/admin_service.hpp"

#include "pokeca/contributions/submission_service.hpp"  // delete_unused_photo_files
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/text.hpp"

namespace pokeca {
namespace {

AuditValue optional_text(const std::string& s) {
  if (s.empty()) return std::monostate{};
  return s;
}

}  // namespace

AuditRecord AdminService::record(const User& admin, std::string_view action, AuditTarget target,
                                 std::string target_id) const {
  AuditRecord r;
  r.at = deps_.clock.now();
  r.actor = admin.id;
  r.action = std::string(action);
  r.target = target;
  r.target_id = std::move(target_id);
  return r;
}

Result<void> AdminService::newest_rows(AdminReportFilter reports, AuditTarget target, std::int64_t id,
                                       std::vector<AdminReport>& report_rows, std::vector<AuditEntry>& audit_rows) {
  reports.limit = kAdminDetailRows;
  auto listed = deps_.admin.list_reports(reports);
  if (!listed) return std::unexpected(listed.error());
  report_rows = std::move(listed->items);
  AuditFilter audit;
  audit.target_type = std::string(to_string(target));
  audit.target_id = std::to_string(id);
  audit.limit = kAdminDetailRows;
  auto history = deps_.admin.list_audit(audit);
  if (!history) return std::unexpected(history.error());
  audit_rows = std::move(history->items);
  return {};
}

Result<AdminPage<AdminStore>> AdminService::stores(const AdminStoreQuery& query) {
  auto filter = parse_admin_store_query(query);
  if (!filter) return std::unexpected(filter.error());
  return deps_.admin.search_stores(*filter);
}

Result<AdminStoreDetail> AdminService::store(StoreId id) {
  auto found = deps_.admin.find_store(id);
  if (!found) return std::unexpected(found.error());
  if (!*found) return fail(ErrorCode::kNotFound, msg::kStoreNotFound);
  AdminStoreDetail out{std::move(**found), {}, {}, {}};
  auto photos = deps_.admin.store_photos(id, kAdminDetailRows);
  if (!photos) return std::unexpected(photos.error());
  out.photos = std::move(*photos);
  AdminReportFilter reports;
  reports.store_id = id;
  if (auto ok = newest_rows(reports, AuditTarget::kStore, id, out.reports, out.audit); !ok)
    return std::unexpected(ok.error());
  return out;
}

Result<AdminStore> AdminService::update_store(const User& admin, StoreId id, const AdminStoreEdit& edit) {
  const auto now = deps_.clock.now();
  return deps_.admin.change_store(id, [&](const AdminStore& current) -> Result<StoreChange> {
    auto outcome = apply_store_edit(current, edit, deps_.gazetteer, now);
    if (!outcome) return std::unexpected(outcome.error());
    auto audit = record(admin, audit_action::kStoreUpdate, AuditTarget::kStore, std::to_string(id));
    audit.changes = std::move(outcome->changes);
    return StoreChange{std::move(outcome->after), std::move(audit)};
  });
}

Result<AdminStore> AdminService::hide_store(const User& admin, StoreId id) {
  AdminStoreEdit edit;
  edit.status = StoreStatus::kHidden;
  const auto now = deps_.clock.now();
  return deps_.admin.change_store(id, [&](const AdminStore& current) -> Result<StoreChange> {
    auto outcome = apply_store_edit(current, edit, deps_.gazetteer, now);
    if (!outcome) return std::unexpected(outcome.error());
    auto audit = record(admin, audit_action::kStoreHide, AuditTarget::kStore, std::to_string(id));
    audit.changes = std::move(outcome->changes);
    return StoreChange{std::move(outcome->after), std::move(audit)};
  });
}

Result<void> AdminService::delete_store(const User& admin, StoreId id) {
  return deps_.admin.delete_store(id, [&](const AdminStore& current) {
    auto audit = record(admin, audit_action::kStoreDelete, AuditTarget::kStore, std::to_string(id));
    audit.changes = {{"name", current.store.name, std::monostate{}},
                     {"status", std::string(to_string(current.store.status)), std::monostate{}}};
    return audit;
  });
}

Result<void> AdminService::delete_photo(const User& admin, StoreId store, std::string_view hash) {
  if (!is_photo_hash(hash)) return fail(ErrorCode::kBadRequest, msg::kAdminBadPhotoHash);
  auto audit = record(admin, audit_action::kPhotoDelete, AuditTarget::kPhoto, std::string(hash));
  audit.changes = {{"store_id", std::int64_t{store}, std::int64_t{store}}};
  auto unlinked = deps_.admin.unlink_photo(store, hash, audit);
  if (!unlinked) return std::unexpected(unlinked.error());
  return delete_unused_photo_files(deps_.submissions, deps_.photos, *unlinked);
}

Result<AdminPage<AdminUser>> AdminService::users(const std::optional<std::string>& query,
                                                 const std::optional<std::string>& page) {
  auto q = check_admin_query(query);
  if (!q) return std::unexpected(q.error());
  auto p = parse_admin_page(page);
  if (!p) return std::unexpected(p.error());
  return deps_.admin.search_users(*q, kAdminPageSize, static_cast<std::int64_t>(*p - 1) * kAdminPageSize);
}

Result<AdminUserDetail> AdminService::user(UserId id) {
  auto found = deps_.admin.find_user(id);
  if (!found) return std::unexpected(found.error());
  if (!*found) return fail(ErrorCode::kNotFound, msg::kUserNotFound);
  AdminUserDetail out{std::move(**found), {}, {}, {}};
  auto submissions = deps_.admin.user_submissions(id, kAdminDetailRows);
  if (!submissions) return std::unexpected(submissions.error());
  out.submissions = std::move(*submissions);
  AdminReportFilter reports;
  reports.user_id = id;
  if (auto ok = newest_rows(reports, AuditTarget::kUser, id, out.reports, out.audit); !ok)
    return std::unexpected(ok.error());
  return out;
}

Result<AdminUser> AdminService::change_user(const User& admin, UserId id, UserAction action, std::string_view reason,
                                            bool hide_content) {
  auto checked_reason = check_block_reason(reason, action == UserAction::kBlock);
  if (!checked_reason) return std::unexpected(checked_reason.error());
  auto outcome = deps_.admin.change_user(id, [&](const UserContext& current) -> Result<UserChange> {
    if (auto ok = check_user_action(admin, current.user, action, current.admin_count); !ok)
      return std::unexpected(ok.error());
    const auto& u = current.user;
    UserChange change;
    std::string_view name;
    switch (action) {
      case UserAction::kBlock:
        name = audit_action::kUserBlock;
        change.blocked = true;
        change.blocked_reason = *checked_reason;
        change.end_sessions = true;
        change.hide_content = hide_content;
        change.reject_reason = *checked_reason;
        break;
      case UserAction::kUnblock:
        name = audit_action::kUserUnblock;
        change.blocked = false;
        change.blocked_reason = std::string{};
        break;
      case UserAction::kGrantAdmin:
        name = audit_action::kUserGrantAdmin;
        change.admin = true;
        break;
      case UserAction::kRevokeAdmin:
        name = audit_action::kUserRevokeAdmin;
        change.admin = false;
        break;
    }
    change.audit = record(admin, name, AuditTarget::kUser, std::to_string(id));
    change.audit.note = *checked_reason;
    if (change.blocked && *change.blocked != u.user.blocked)
      change.audit.changes.push_back({"blocked", u.user.blocked, *change.blocked});
    if (change.blocked_reason && *change.blocked_reason != u.blocked_reason)
      change.audit.changes.push_back(
          {"blocked_reason", optional_text(u.blocked_reason), optional_text(*change.blocked_reason)});
    if (change.admin && *change.admin != u.user.admin)
      change.audit.changes.push_back({"admin", u.user.admin, *change.admin});
    if (change.hide_content) change.audit.changes.push_back({"hide_content", false, true});
    return change;
  });
  if (!outcome) return std::unexpected(outcome.error());
  if (auto ok = delete_unused_photo_files(deps_.submissions, deps_.photos, outcome->rejected_photos); !ok)
    return std::unexpected(ok.error());
  return std::move(outcome->user);
}

Result<AdminUser> AdminService::block(const User& admin, UserId id, std::string_view reason, bool hide_content) {
  return change_user(admin, id, UserAction::kBlock, reason, hide_content);
}

Result<AdminUser> AdminService::unblock(const User& admin, UserId id, std::string_view reason) {
  return change_user(admin, id, UserAction::kUnblock, reason, false);
}

Result<AdminUser> AdminService::grant_admin(const User& admin, UserId id) {
  return change_user(admin, id, UserAction::kGrantAdmin, {}, false);
}

Result<AdminUser> AdminService::revoke_admin(const User& admin, UserId id) {
  return change_user(admin, id, UserAction::kRevokeAdmin, {}, false);
}

Result<AdminPage<AdminReport>> AdminService::reports(const AdminReportQuery& query) {
  auto filter = parse_admin_report_query(query);
  if (!filter) return std::unexpected(filter.error());
  return deps_.admin.list_reports(*filter);
}

Result<void> AdminService::delete_report(const User& admin, ReportId id) {
  if (id <= 0) return fail(ErrorCode::kNotFound, msg::kPurchaseNotFound);
  auto removed = deps_.admin.delete_report(id, [&](const PurchaseReport& report) {
    auto audit = record(admin, audit_action::kPurchaseDelete, AuditTarget::kPurchase, std::to_string(id));
    audit.changes = {{"store_id", std::int64_t{report.store_id}, std::monostate{}},
                     {"kind", std::string(to_string(report.kind)), std::monostate{}},
                     {"purchased_at", format_iso8601(report.purchased_at), std::monostate{}}};
    return audit;
  });
  if (!removed) return std::unexpected(removed.error());
  if (!*removed) return fail(ErrorCode::kNotFound, msg::kPurchaseNotFound);
  return {};
}

Result<std::int64_t> AdminService::delete_reports_of(const User& admin, UserId user, std::string_view from,
                                                     std::string_view to) {
  const auto start = parse_iso8601(trim_spaces(from));
  const auto end = parse_iso8601(trim_spaces(to));
  if (!start || !end) return fail(ErrorCode::kBadRequest, msg::kAdminBadDateTime);
  if (auto ok = check_bulk_delete_range(*start, *end); !ok) return std::unexpected(ok.error());
  auto found = deps_.admin.find_user(user);
  if (!found) return std::unexpected(found.error());
  if (!*found) return fail(ErrorCode::kNotFound, msg::kUserNotFound);
  return deps_.admin.delete_reports_of(user, *start, *end, [&](std::int64_t deleted) {
    auto audit = record(admin, audit_action::kPurchaseBulkDelete, AuditTarget::kUser, std::to_string(user));
    audit.changes = {{"deleted_reports", std::int64_t{0}, deleted}};
    audit.note = format_iso8601(*start) + " – " + format_iso8601(*end);
    return audit;
  });
}

Result<AdminPage<AuditEntry>> AdminService::audit(const AuditQuery& query) {
  auto filter = parse_audit_query(query);
  if (!filter) return std::unexpected(filter.error());
  return deps_.admin.list_audit(*filter);
}

}  // namespace pokeca
