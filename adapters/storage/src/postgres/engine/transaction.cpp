#include "pokeca/storage/postgres/transaction.hpp"

#include "pokeca/storage/postgres/connection.hpp"

namespace pokeca::storage::postgres {

Result<Transaction> Transaction::begin(Connection& conn, TransactionMode mode) {
  const char* sql = "BEGIN ISOLATION LEVEL READ COMMITTED";
  if (mode == TransactionMode::kWrite) sql = "BEGIN ISOLATION LEVEL SERIALIZABLE";
  if (mode == TransactionMode::kRead) sql = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY";
  auto ok = conn.exec(sql);
  if (!ok) return std::unexpected(ok.error());
  return Transaction(conn);
}

Transaction::Transaction(Transaction&& other) noexcept : conn_(other.conn_) { other.conn_ = nullptr; }

Transaction::~Transaction() {
  // A failed ROLLBACK leaves nothing to do: the server ends the transaction with the
  // session, and a broken connection is reset before its next lease.
  if (conn_ == nullptr) return;
  // NOLINTNEXTLINE(bugprone-unused-return-value): a destructor has no one to report to
  (void)conn_->exec("ROLLBACK");
}

Result<void> Transaction::commit() {
  Connection* conn = conn_;
  conn_ = nullptr;  // COMMIT ends the transaction whether it succeeds or not
  return conn->exec("COMMIT");
}

Result<void> in_transaction(Connection& conn, TransactionMode mode, const std::function<Result<void>()>& body) {
  Result<void> outcome;
  for (int attempt = 1; attempt <= kMaxTransactionAttempts; ++attempt) {
    auto tx = Transaction::begin(conn, mode);
    if (!tx) return std::unexpected(tx.error());
    outcome = body();
    if (outcome) outcome = tx->commit();
    if (outcome || !is_retryable_transaction_failure(conn.last_sqlstate())) return outcome;
    // The guard rolls back here; the next attempt starts from a fresh snapshot.
  }
  return outcome;  // kUnavailable: pg_failure maps the last 40001/40P01 so
}

}  // namespace pokeca::storage::postgres
