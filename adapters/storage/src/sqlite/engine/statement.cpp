#include "pokeca/storage/sqlite/statement.hpp"

#include <sqlite3.h>

#include <utility>

#include "pokeca/shared/messages.hpp"
#include "pokeca/storage/sqlite/connection.hpp"
#include "pokeca/storage/sqlite/storage_error.hpp"

namespace pokeca::storage {

bool Row::is_null(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
std::int64_t Row::int64(int col) const { return sqlite3_column_int64(stmt_, col); }
double Row::real(int col) const { return sqlite3_column_double(stmt_, col); }

std::string_view Row::text(int col) const {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
  if (p == nullptr) return {};
  return {p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col))};
}

std::string_view Row::blob(int col) const {
  const auto* p = static_cast<const char*>(sqlite3_column_blob(stmt_, col));
  if (p == nullptr) return {};
  return {p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col))};
}

std::optional<std::int64_t> Row::optional_int64(int col) const {
  if (is_null(col)) return std::nullopt;
  return int64(col);
}

Statement::Statement(Connection& conn, std::string_view sql) : db_(conn.handle()), sql_(sql) {
  const char* tail = nullptr;
  const int rc =
      sqlite3_prepare_v3(db_, sql_.data(), static_cast<int>(sql_.size()), SQLITE_PREPARE_PERSISTENT, &stmt_, &tail);
  if (rc != SQLITE_OK) throw StorageError(describe_sqlite_error(db_, rc, sql_));
  if (stmt_ == nullptr) throw StorageError("empty statement: " + sql_);
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement::Statement(Statement&& other) noexcept
    : db_(other.db_),
      stmt_(std::exchange(other.stmt_, nullptr)),
      sql_(std::move(other.sql_)),
      bind_rc_(other.bind_rc_),
      bind_problem_(std::move(other.bind_problem_)) {}

int Statement::index_of(const char* name) {
  const int index = sqlite3_bind_parameter_index(stmt_, name);
  if (index == 0 && bind_rc_ == SQLITE_OK) {
    bind_rc_ = SQLITE_RANGE;
    bind_problem_ = std::string("no parameter ") + name;
  }
  return index;
}

void Statement::note_bind(int rc) {
  if (rc != SQLITE_OK && bind_rc_ == SQLITE_OK) bind_rc_ = rc;
}

Statement& Statement::bind_int(const char* name, std::int64_t value) {
  note_bind(sqlite3_bind_int64(stmt_, index_of(name), value));
  return *this;
}

Statement& Statement::bind_real(const char* name, double value) {
  note_bind(sqlite3_bind_double(stmt_, index_of(name), value));
  return *this;
}

Statement& Statement::bind_text(const char* name, std::string_view value) {
  note_bind(sqlite3_bind_text64(stmt_, index_of(name), value.data(), value.size(), SQLITE_TRANSIENT, SQLITE_UTF8));
  return *this;
}

Statement& Statement::bind_null(const char* name) {
  note_bind(sqlite3_bind_null(stmt_, index_of(name)));
  return *this;
}

Statement& Statement::bind_int(const char* name, const std::optional<std::int64_t>& value) {
  return value ? bind_int(name, *value) : bind_null(name);
}

Statement& Statement::bind_bool(const char* name, const std::optional<bool>& value) {
  return value ? bind_int(name, *value ? 1 : 0) : bind_null(name);
}

Result<void> Statement::pending_bind_error() {
  if (bind_rc_ == SQLITE_OK) return {};
  std::string detail = describe_sqlite_error(nullptr, bind_rc_, sql_);
  if (!bind_problem_.empty()) detail += " (" + bind_problem_ + ")";
  return fail_logged(ErrorCode::kInternal, msg::kInternal, std::move(detail));
}

Result<bool> Statement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  return std::unexpected(sqlite_failure(db_, rc, sql_));
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
  bind_rc_ = SQLITE_OK;
  bind_problem_.clear();
}

Result<void> Statement::run() {
  return each([](const Row&) {});
}

}  // namespace pokeca::storage
