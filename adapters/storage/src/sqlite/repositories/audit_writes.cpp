#include "repositories/audit_writes.hpp"

#include "pokeca/storage/sqlite/connection.hpp"

namespace pokeca::storage {

AuditWrites::AuditWrites(Connection& conn)
    : insert_(conn,
              "INSERT INTO admin_audit (at, actor_id, action, target_type, target_id, changes, note)"
              " VALUES (:at, :actor, :action, :target_type, :target_id, :changes, :note)") {}

Result<void> AuditWrites::append(const AuditRecord& r) {
  return insert_.bind_int(":at", r.at)
      .bind_int(":actor", r.actor)
      .bind_text(":action", r.action)
      .bind_text(":target_type", to_string(r.target))
      .bind_text(":target_id", r.target_id)
      .bind_text(":changes", audit_changes_json(r.changes))
      .bind_text(":note", r.note)
      .run();
}

}  // namespace pokeca::storage
