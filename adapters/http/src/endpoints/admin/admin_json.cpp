#include "endpoints/admin/admin_json.hpp"

#include <boost/json/array.hpp>
#include <boost/json/parse.hpp>

#include "api/json_body.hpp"
#include "api/json_mapping.hpp"
#include "endpoints/contributions/submission_json.hpp"
#include "pokeca/shared/messages.hpp"

namespace pokeca::http {
namespace {

namespace json = boost::json;

json::value text_or_null(const std::string& s) {
  if (s.empty()) return nullptr;
  return json::string(s);
}

Result<std::optional<std::string>> string_if_present(const json::object& obj, std::string_view key) {
  const auto* v = obj.if_contains(key);
  if (!v) return std::optional<std::string>{};
  if (!v->is_string()) return bad_json();
  return std::optional<std::string>(std::string(v->as_string()));
}

// A tri-state member: absent → unchanged (nullopt), null → unknown, true/false.
Result<std::optional<std::optional<bool>>> tri_state_if_present(const json::object& obj, std::string_view key) {
  const auto* v = obj.if_contains(key);
  if (!v) return std::optional<std::optional<bool>>{};
  if (v->is_null()) return std::optional<std::optional<bool>>(std::optional<bool>{});
  if (!v->is_bool()) return bad_json();
  return std::optional<std::optional<bool>>(std::optional<bool>(v->as_bool()));
}

}  // namespace

json::object admin_store_json(const AdminStore& a) {
  auto o = store_json(a.store);
  o["status"] = json::string(to_string(a.store.status));
  o["status_note"] = a.status_note;
  o["source"] = json::string(to_string(a.store.source));
  o["external_id"] = text_or_null(a.store.external_id);
  json::array edited;
  for (const auto& f : a.admin_edited) edited.emplace_back(json::string(f));
  o["admin_edited"] = std::move(edited);
  o["created_at"] = time_or_null(a.store.created_at);
  o["updated_at"] = time_or_null(a.store.updated_at);
  o["report_count"] = a.report_count;
  o["photo_count"] = a.photo_count;
  return o;
}

json::object admin_photo_json(const AdminPhoto& p) {
  auto o = photo_json(p.photo);
  o["hash"] = p.photo.photo_hash;
  o["submission_id"] = p.submission_id;
  return o;
}

json::object admin_report_json(const AdminReport& r) {
  auto o = report_json(r.report);
  o["store"] = json::object{{"id", r.report.store_id}, {"name", r.store_name}, {"prefecture", r.store_prefecture}};
  if (r.report.user_id && r.user_nickname)
    o["user"] = json::object{{"id", *r.report.user_id}, {"nickname", *r.user_nickname}};
  else
    o["user"] = nullptr;
  return o;
}

json::object admin_user_json(const AdminUser& a) {
  const auto& u = a.user;
  return {{"id", u.id},
          {"email", u.email},
          {"nickname", u.nickname},
          {"prefecture", text_or_null(u.prefecture)},
          {"admin", u.admin},
          {"blocked", u.blocked},
          {"blocked_reason", a.blocked_reason},
          {"email_verified", u.email_verified()},
          {"withdrawn", u.withdrawn()},
          {"created_at", time_or_null(u.created_at)},
          {"last_login_at", time_or_null(a.last_login_at)},
          {"points", a.points},
          {"submission_count", a.submission_count},
          {"report_count", a.report_count}};
}

json::object admin_user_submission_json(const AdminUserSubmission& s) {
  return {{"id", s.id},
          {"name", s.name},
          {"status", json::string(to_string(s.status))},
          {"created_at", time_or_null(s.created_at)},
          {"reviewed_at", time_or_null(s.reviewed_at)}};
}

json::object audit_entry_json(const AuditEntry& e) {
  boost::system::error_code ec;
  auto changes = json::parse(e.changes_json, ec);
  if (ec || !changes.is_object()) changes = json::object{};
  return {{"id", e.id},
          {"at", time_or_null(e.at)},
          {"actor", json::object{{"id", e.actor_id}, {"nickname", e.actor_nickname}}},
          {"action", e.action},
          {"target_type", e.target_type},
          {"target_id", e.target_id},
          {"changes", std::move(changes)},
          {"note", e.note}};
}

Result<AdminStoreEdit> admin_store_edit(std::string_view body) {
  auto obj = body_object(body);
  if (!obj) return std::unexpected(obj.error());
  AdminStoreEdit edit;
  auto name = string_if_present(*obj, "name");
  auto type = string_if_present(*obj, "store_type");
  auto address = string_if_present(*obj, "address");
  auto status = string_if_present(*obj, "status");
  auto note = string_if_present(*obj, "status_note");
  auto lat = optional_number_member(*obj, "lat");
  auto lng = optional_number_member(*obj, "lng");
  if (!name || !type || !address || !status || !note || !lat || !lng) return bad_json();
  edit.name = std::move(*name);
  edit.store_type = std::move(*type);
  edit.address = std::move(*address);
  edit.status_note = std::move(*note);
  if (*status) {
    edit.status = store_status_from(**status);
    if (!edit.status) return fail(ErrorCode::kBadRequest, msg::kAdminBadStatus);
  }
  if (lat->has_value() != lng->has_value()) return fail(ErrorCode::kBadRequest, msg::kAdminLatLngIncomplete);
  if (*lat) edit.location = LatLng{**lat, **lng};
  if (const auto* sells = obj->if_contains("sells"); sells && !sells->is_null()) {
    if (!sells->is_object()) return bad_json();
    auto packs = tri_state_if_present(sells->as_object(), "packs");
    auto boxes = tri_state_if_present(sells->as_object(), "boxes");
    auto singles = tri_state_if_present(sells->as_object(), "singles");
    if (!packs || !boxes || !singles) return bad_json();
    edit.sells_packs = *packs;
    edit.sells_boxes = *boxes;
    edit.sells_singles = *singles;
  }
  return edit;
}

}  // namespace pokeca::http
