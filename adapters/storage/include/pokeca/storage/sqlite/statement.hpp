#pragma once
// A prepared statement, prepared once and reused: parameters are bound by name
// (":name"), then run() or each() steps it and always resets it and clears the
// bindings, so the next use starts clean even after an error.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "pokeca/shared/errors.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace pokeca::storage {

class Connection;

// The current row of a statement; text views last until the next step.
class Row {
 public:
  explicit Row(sqlite3_stmt* stmt) : stmt_(stmt) {}
  [[nodiscard]] bool is_null(int col) const;
  [[nodiscard]] std::int64_t int64(int col) const;
  [[nodiscard]] double real(int col) const;
  [[nodiscard]] std::string_view text(int col) const;
  [[nodiscard]] std::string_view blob(int col) const;  // a BLOB's bytes, not copied to text
  [[nodiscard]] std::optional<std::int64_t> optional_int64(int col) const;

 private:
  sqlite3_stmt* stmt_;
};

class Statement {
 public:
  // Throws StorageError when the SQL does not prepare (a bug, found at start-up).
  Statement(Connection& conn, std::string_view sql);
  ~Statement();
  Statement(Statement&& other) noexcept;
  Statement& operator=(Statement&&) = delete;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Bind by ":name". A failure (or an unknown name) is reported by the next run/each.
  Statement& bind_int(const char* name, std::int64_t value);
  Statement& bind_real(const char* name, double value);
  Statement& bind_text(const char* name, std::string_view value);
  Statement& bind_null(const char* name);
  Statement& bind_int(const char* name, const std::optional<std::int64_t>& value);
  Statement& bind_bool(const char* name, const std::optional<bool>& value);

  // Steps to the end (INSERT, UPDATE, DELETE, DDL).
  Result<void> run();
  // Calls on_row(const Row&) for each row. on_row may return Result<void> to stop with
  // an error, or bool (false stops early).
  template <typename OnRow>
  Result<void> each(OnRow&& on_row);

  // Rows the caller pulls one at a time (a scan that hands out rows between calls). The
  // statement is reset when the Rows end, so it must outlive them.
  class Rows {
   public:
    explicit Rows(Statement& statement) : st_(statement) {}
    ~Rows() { st_.reset(); }
    Rows(const Rows&) = delete;
    Rows& operator=(const Rows&) = delete;
    // The next row (valid until the next call), or nullopt at the end.
    Result<std::optional<Row>> next() {
      if (auto ok = st_.pending_bind_error(); !ok) return std::unexpected(ok.error());
      auto has_row = st_.step();
      if (!has_row) return std::unexpected(has_row.error());
      if (!*has_row) return std::optional<Row>{};
      return std::optional<Row>(Row(st_.stmt_));
    }

   private:
    Statement& st_;
  };

  [[nodiscard]] std::string_view sql() const { return sql_; }

 private:
  int index_of(const char* name);
  void note_bind(int rc);
  Result<bool> step();  // true: a row is ready
  void reset();
  Result<void> pending_bind_error();

  sqlite3* db_ = nullptr;
  sqlite3_stmt* stmt_ = nullptr;
  std::string sql_;
  int bind_rc_ = 0;  // first failed bind since the last reset
  std::string bind_problem_;
};

template <typename OnRow>
Result<void> Statement::each(OnRow&& on_row) {
  struct ResetOnExit {
    Statement& s;
    ~ResetOnExit() { s.reset(); }
  } reset_on_exit{*this};
  if (auto ok = pending_bind_error(); !ok) return ok;
  for (;;) {
    auto has_row = step();
    if (!has_row) return std::unexpected(has_row.error());
    if (!*has_row) return {};
    const Row row(stmt_);
    using R = std::invoke_result_t<OnRow&, const Row&>;
    if constexpr (std::is_same_v<R, void>) {
      on_row(row);
    } else if constexpr (std::is_same_v<R, bool>) {
      if (!on_row(row)) return {};
    } else {
      if (auto ok = on_row(row); !ok) return ok;
    }
  }
}

}  // namespace pokeca::storage
