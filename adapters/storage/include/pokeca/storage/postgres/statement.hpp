#pragma once
// A named prepared statement of one connection. Prepared when constructed (a mistake in
// the SQL fails the start: StorageError), and prepared again before its next run after the
// connection reconnected (a new session has no prepared statements).
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/storage/postgres/connection.hpp"

namespace pokeca::storage::postgres {

class Statement {
 public:
  Statement(Connection& conn, std::string sql);
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Result<Rows> run(const std::vector<Param>& params = {});
  [[nodiscard]] const std::string& sql() const { return sql_; }

 private:
  Connection& conn_;
  std::string sql_;
  std::string name_;
  std::uint64_t prepared_in_session_ = 0;
};

}  // namespace pokeca::storage::postgres
