#include "pokeca/storage/postgres/statement.hpp"

#include "pokeca/storage/sqlite/storage_error.hpp"

namespace pokeca::storage::postgres {

Statement::Statement(Connection& conn, std::string sql)
    : conn_(conn), sql_(std::move(sql)), name_(conn.next_statement_name()) {
  if (auto ok = conn_.prepare(name_, sql_); !ok) throw StorageError(ok.error().log_detail);
  prepared_in_session_ = conn_.session();
}

Result<Rows> Statement::run(const std::vector<Param>& params) {
  if (prepared_in_session_ != conn_.session()) {
    if (auto ok = conn_.prepare(name_, sql_); !ok) return std::unexpected(ok.error());
    prepared_in_session_ = conn_.session();
  }
  return conn_.run_prepared(name_, sql_, params);
}

}  // namespace pokeca::storage::postgres
