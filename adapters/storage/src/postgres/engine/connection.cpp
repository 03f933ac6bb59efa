#include "pokeca/storage/postgres/connection.hpp"

#include <libpq-fe.h>
#include <poll.h>

#include <charconv>
#include <cstdlib>
#include <string>

#include "engine/pg_errors.hpp"
#include "pokeca/storage/sqlite/storage_error.hpp"  // StorageError: start-up failures of any backend

namespace pokeca::storage::postgres {

void Rows::Clear::operator()(pg_result* r) const { PQclear(r); }

Rows::Rows(pg_result* result) : result_(result) {}

int Rows::size() const { return PQntuples(result_.get()); }

bool Rows::is_null(int row, int col) const { return PQgetisnull(result_.get(), row, col) != 0; }

std::string_view Rows::text(int row, int col) const {
  return {PQgetvalue(result_.get(), row, col), static_cast<std::size_t>(PQgetlength(result_.get(), row, col))};
}

std::int64_t Rows::int64(int row, int col) const {
  const auto t = text(row, col);
  std::int64_t n = 0;
  std::from_chars(t.data(), t.data() + t.size(), n);
  return n;
}

std::optional<std::int64_t> Rows::optional_int64(int row, int col) const {
  if (is_null(row, col)) return std::nullopt;
  return int64(row, col);
}

double Rows::real(int row, int col) const {
  const auto t = text(row, col);
  double x = 0;
  std::from_chars(t.data(), t.data() + t.size(), x);
  return x;
}

bool Rows::boolean(int row, int col) const { return text(row, col) == "t"; }

std::int64_t Rows::affected() const {
  const char* n = PQcmdTuples(result_.get());
  return (n == nullptr || *n == '\0') ? 0 : std::strtoll(n, nullptr, 10);
}

namespace {
// Notices (e.g. "relation already exists, skipping") are not errors; the log is for
// the operator's events, not for PostgreSQL's chatter.
void ignore_notice(void* /*arg*/, const char* /*message*/) {}
}  // namespace

Connection::Connection(const std::string& conninfo) : conn_(PQconnectdb(conninfo.c_str())) {
  if (conn_ == nullptr) throw StorageError("postgres: out of memory while connecting");
  if (PQstatus(conn_) != CONNECTION_OK) {
    std::string reason = one_line(PQerrorMessage(conn_));
    PQfinish(conn_);
    throw StorageError("postgres: cannot connect: " + reason);
  }
  PQsetNoticeProcessor(conn_, ignore_notice, nullptr);
  backend_pid_.store(PQbackendPID(conn_), std::memory_order_relaxed);
  // Times are Unix seconds and texts UTF-8 whatever the server's defaults.
  if (auto ok = exec("SET client_encoding = 'UTF8'"); !ok) {
    PQfinish(conn_);
    throw StorageError(ok.error().log_detail);
  }
}

Connection::~Connection() { PQfinish(conn_); }

bool Connection::ensure_open() {
  if (PQstatus(conn_) == CONNECTION_OK) return true;
  PQreset(conn_);
  if (PQstatus(conn_) != CONNECTION_OK) return false;
  ++session_;
  PQsetNoticeProcessor(conn_, ignore_notice, nullptr);
  backend_pid_.store(PQbackendPID(conn_), std::memory_order_relaxed);
  if (!exec("SET client_encoding = 'UTF8'")) return false;
  return !committed_ || listen_to_own_changes().has_value();
}

void Connection::on_commit(Committed handler) {
  committed_ = std::move(handler);
  if (auto ok = listen_to_own_changes(); !ok) throw StorageError(ok.error().log_detail);
}

Result<void> Connection::listen_to_own_changes() {
  // One channel per session (its backend's pid): a connection hears only its own commits.
  auto named = query("SELECT set_config('pokeca.changes_channel', 'pokeca_changes_' || pg_backend_pid(), false)");
  if (!named) return std::unexpected(named.error());
  return exec("LISTEN " + std::string(named->text(0, 0)));
}

Result<std::vector<Connection::Notification>> Connection::wait_for_notifications(std::chrono::milliseconds timeout) {
  const auto lost = [this] {
    last_sqlstate_ = std::string(kConnectionLost);
    return std::unexpected(pg_failure(last_sqlstate_, PQerrorMessage(conn_), "LISTEN"));
  };
  if (PQstatus(conn_) != CONNECTION_OK) return lost();
  std::vector<Notification> got;
  const auto drain = [&] {
    while (PGnotify* n = PQnotifies(conn_)) {
      got.push_back({n->extra != nullptr ? n->extra : "", n->be_pid});
      PQfreemem(n);
    }
  };
  drain();  // some may have come with the last command's answer
  if (!got.empty()) return got;
  pollfd socket{.fd = PQsocket(conn_), .events = POLLIN, .revents = 0};
  if (socket.fd < 0) return lost();
  const int ready = ::poll(&socket, 1, static_cast<int>(timeout.count()));
  if (ready < 0) return got;  // a signal: the caller asks again
  if (ready > 0 && PQconsumeInput(conn_) == 0) return lost();
  if (PQstatus(conn_) != CONNECTION_OK) return lost();
  drain();
  return got;
}

std::string Connection::next_statement_name() { return "s" + std::to_string(++statements_); }

Result<Rows> Connection::check(pg_result* result, std::string_view sql) {
  Rows rows(result);  // owns it from here, whatever happens
  const auto status = result == nullptr ? PGRES_FATAL_ERROR : PQresultStatus(result);
  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) {
    last_sqlstate_.clear();
    // Notifications arrive only with a commit: what this command committed, if anything.
    std::vector<std::string> payloads;
    while (PGnotify* n = PQnotifies(conn_)) {
      payloads.emplace_back(n->extra != nullptr ? n->extra : "");
      PQfreemem(n);
    }
    if (!payloads.empty() && committed_) committed_(payloads);
    return rows;
  }
  const char* state = result == nullptr ? nullptr : PQresultErrorField(result, PG_DIAG_SQLSTATE);
  // No SQLSTATE: libpq lost the server (connection class 08 for our purposes).
  last_sqlstate_ = state != nullptr ? state : std::string(kConnectionLost);
  const char* message = result != nullptr ? PQresultErrorMessage(result) : PQerrorMessage(conn_);
  return std::unexpected(
      pg_failure(last_sqlstate_, message != nullptr && *message != '\0' ? message : PQerrorMessage(conn_), sql));
}

Result<void> Connection::exec(std::string_view sql) {
  const std::string text(sql);
  auto rows = check(PQexec(conn_, text.c_str()), sql);
  if (!rows) return std::unexpected(rows.error());
  return {};
}

namespace {
std::vector<const char*> values_of(const std::vector<Param>& params) {
  std::vector<const char*> values;
  values.reserve(params.size());
  for (const auto& p : params) values.push_back(p.c_str());
  return values;
}
}  // namespace

Result<Rows> Connection::query(std::string_view sql, const std::vector<Param>& params) {
  const std::string text(sql);
  const auto values = values_of(params);
  return check(
      PQexecParams(conn_, text.c_str(), static_cast<int>(values.size()), nullptr, values.data(), nullptr, nullptr, 0),
      sql);
}

Result<void> Connection::prepare(const std::string& name, std::string_view sql) {
  const std::string text(sql);
  auto rows = check(PQprepare(conn_, name.c_str(), text.c_str(), 0, nullptr), sql);
  if (!rows) return std::unexpected(rows.error());
  return {};
}

Result<Rows> Connection::run_prepared(const std::string& name, std::string_view sql_for_errors,
                                      const std::vector<Param>& params) {
  const auto values = values_of(params);
  return check(PQexecPrepared(conn_, name.c_str(), static_cast<int>(values.size()), values.data(), nullptr, nullptr, 0),
               sql_for_errors);
}

bool is_retryable_transaction_failure(std::string_view sqlstate) { return sqlstate == "40001" || sqlstate == "40P01"; }

}  // namespace pokeca::storage::postgres
