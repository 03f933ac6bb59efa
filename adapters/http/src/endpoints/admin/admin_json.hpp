#pragma once
// The admin console's JSON: AdminStore, AdminPhoto, AdminReport,
// AdminUser, AuditEntry, and the PUT /admin/stores/{id} body.
#include <string_view>

#include <boost/json/object.hpp>

#include "pokeca/admin/admin.hpp"
#include "pokeca/shared/errors.hpp"

namespace pokeca::http {

// Store + {status, status_note, source, external_id, admin_edited, created_at,
// updated_at, report_count, photo_count}
[[nodiscard]] boost::json::object admin_store_json(const AdminStore& store);
// Photo + {hash, submission_id}
[[nodiscard]] boost::json::object admin_photo_json(const AdminPhoto& photo);
[[nodiscard]] boost::json::object admin_report_json(const AdminReport& report);
[[nodiscard]] boost::json::object admin_user_json(const AdminUser& user);
[[nodiscard]] boost::json::object admin_user_submission_json(const AdminUserSubmission& submission);
[[nodiscard]] boost::json::object audit_entry_json(const AuditEntry& entry);

// {name, store_type, address, lat, lng, sells: {packs, boxes, singles}, status,
// status_note}, every member optional; a member of the wrong type is a 400.
[[nodiscard]] Result<AdminStoreEdit> admin_store_edit(std::string_view body);

}  // namespace pokeca::http
