#pragma once
// One PostgreSQL connection (libpq's PGconn), its errors and its results. Used by one
// thread at a time (a pool lease). Start-up failures throw StorageError; failures while
// serving are Results whose DomainError says whether a retry can succeed.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/shared/errors.hpp"

struct pg_conn;
struct pg_result;

namespace pokeca::storage::postgres {

// One statement parameter in libpq's text format; NULL when empty.
class Param {
 public:
  Param(std::string_view text) : text_(std::string(text)) {}
  Param(const std::string& text) : text_(text) {}
  Param(const char* text) : text_(std::string(text)) {}
  Param(std::int64_t n) : text_(std::to_string(n)) {}
  Param(int n) : text_(std::to_string(n)) {}
  Param(bool b) : text_(b ? "t" : "f") {}
  static Param null() { return Param(); }
  [[nodiscard]] const char* c_str() const { return text_ ? text_->c_str() : nullptr; }

 private:
  Param() = default;
  std::optional<std::string> text_;
};

// The rows of one statement's result (a PGresult), read by row and column index.
class Rows {
 public:
  explicit Rows(pg_result* result);
  [[nodiscard]] int size() const;
  [[nodiscard]] std::size_t count() const { return static_cast<std::size_t>(size()); }
  [[nodiscard]] bool empty() const { return size() == 0; }
  [[nodiscard]] bool is_null(int row, int col) const;
  // Text as PostgreSQL sends it; valid while this Rows lives.
  [[nodiscard]] std::string_view text(int row, int col) const;
  [[nodiscard]] std::int64_t int64(int row, int col) const;
  [[nodiscard]] std::optional<std::int64_t> optional_int64(int row, int col) const;
  [[nodiscard]] double real(int row, int col) const;
  [[nodiscard]] bool boolean(int row, int col) const;
  // Rows affected by an INSERT, UPDATE or DELETE.
  [[nodiscard]] std::int64_t affected() const;

 private:
  struct Clear {
    void operator()(pg_result* r) const;
  };
  std::unique_ptr<pg_result, Clear> result_;
};

class Connection {
 public:
  // Connects with a libpq connection string (URL or key/value). Throws StorageError with
  // libpq's reason on one line (unreachable server, wrong password, no such database).
  explicit Connection(const std::string& conninfo);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Runs SQL without parameters (may hold several statements: a migration).
  Result<void> exec(std::string_view sql);
  // Runs one statement with parameters, unprepared (tests, rare paths).
  Result<Rows> query(std::string_view sql, const std::vector<Param>& params = {});

  // Server-side prepared statements (Statement uses these).
  Result<void> prepare(const std::string& name, std::string_view sql);
  Result<Rows> run_prepared(const std::string& name, std::string_view sql_for_errors, const std::vector<Param>& params);
  // A statement name not used before on this connection.
  [[nodiscard]] std::string next_statement_name();

  // Moves on every reconnect: prepared statements of an older session are gone.
  [[nodiscard]] std::uint64_t session() const { return session_; }
  // Reconnects when the connection is broken (server restarted, network cut); true when
  // it is usable. Called by the pool before each lease.
  bool ensure_open();
  // SQLSTATE of the last failure on this connection ("" when none or no server answer).
  [[nodiscard]] const std::string& last_sqlstate() const { return last_sqlstate_; }

  // The payloads of the notifications a commit on this connection sent to its own
  // channel (migration 005's triggers: a store's id, or '' for any other row), passed
  // right after the COMMIT (or the autocommitted statement) succeeded, on the calling
  // thread. Setting it names the session's channel (pokeca.changes_channel) and LISTENs
  // on it, again after every reconnect. Throws StorageError when that fails.
  using Committed = std::function<void(const std::vector<std::string>& payloads)>;
  void on_commit(Committed handler);

  // The server process of this session (PostgreSQL's pid), readable from any thread; it
  // changes when the connection is reset.
  [[nodiscard]] int backend_pid() const { return backend_pid_.load(std::memory_order_relaxed); }

  // A notification of a channel this connection LISTENs on, and the backend that sent it.
  struct Notification {
    std::string payload;
    int sender_pid;
  };
  // For a connection that only listens: waits at most `timeout` for notifications and
  // returns those that came (none when the time ran out). Fails when the connection is lost.
  Result<std::vector<Notification>> wait_for_notifications(std::chrono::milliseconds timeout);

 private:
  Result<Rows> check(pg_result* result, std::string_view sql);
  Result<void> listen_to_own_changes();
  pg_conn* conn_;
  Committed committed_;
  std::atomic<int> backend_pid_{0};
  std::uint64_t session_ = 1;
  std::uint64_t statements_ = 0;
  std::string last_sqlstate_;
};

// SQLSTATEs whose transaction can simply run again (serialization failure, deadlock).
[[nodiscard]] bool is_retryable_transaction_failure(std::string_view sqlstate);

}  // namespace pokeca::storage::postgres
