#pragma once
// Appends admin_audit rows inside the caller's write transaction (the change and its
// audit row commit together). The table is append-only: triggers refuse UPDATE, DELETE
// and TRUNCATE.
#include "pokeca/admin/admin.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/storage/postgres/statement.hpp"

namespace pokeca::storage::postgres {

class AuditWrites {
 public:
  explicit AuditWrites(Connection& conn);
  Result<void> append(const AuditRecord& record);

 private:
  Statement insert_;
};

}  // namespace pokeca::storage::postgres
