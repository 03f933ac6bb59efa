#include "repositories/audit_writes.hpp"

namespace pokeca::storage::postgres {

AuditWrites::AuditWrites(Connection& conn)
    : insert_(conn,
              "INSERT INTO admin_audit (at, actor_id, action, target_type, target_id, changes, note)"
              " VALUES ($1, $2, $3, $4, $5, $6, $7)") {}

Result<void> AuditWrites::append(const AuditRecord& r) {
  auto rows =
      insert_.run({r.at, r.actor, r.action, to_string(r.target), r.target_id, audit_changes_json(r.changes), r.note});
  if (!rows) return std::unexpected(rows.error());
  return {};
}

}  // namespace pokeca::storage::postgres
