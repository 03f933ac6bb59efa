#pragma once
// Transactions: a guard that rolls back unless committed, and in_transaction(), which runs
// a body in one and runs it again when PostgreSQL asks for that (serialization failure,
// deadlock).
#include <functional>

#include "pokeca/shared/errors.hpp"

namespace pokeca::storage::postgres {

class Connection;

enum class TransactionMode {
  kRead,       // REPEATABLE READ READ ONLY: one snapshot across several reads
  kWrite,      // SERIALIZABLE: check-then-write rules hold without explicit locks; may fail
               // with 40001 at any statement or at COMMIT, so run it through in_transaction
  kUnderLock,  // READ COMMITTED: each statement sees what committed before it; for work
               // serialised by an explicit lock taken first (a SERIALIZABLE snapshot would
               // be taken before the wait and miss what the lock's previous holder wrote)
};

// Enough for the rare collision of two writers on the same rows; beyond it the caller
// gets kUnavailable (a 503 the client may retry).
inline constexpr int kMaxTransactionAttempts = 5;

class Transaction {
 public:
  static Result<Transaction> begin(Connection& conn, TransactionMode mode);
  ~Transaction();
  Transaction(Transaction&& other) noexcept;
  Transaction& operator=(Transaction&&) = delete;
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

  Result<void> commit();

 private:
  explicit Transaction(Connection& conn) : conn_(&conn) {}
  Connection* conn_;  // null once committed or rolled back
};

// Begins, runs `body`, commits. When the body or the commit fails with a serialization
// failure or a deadlock, rolls back and runs the body again (at most
// kMaxTransactionAttempts in all). The body must reset its outputs when it starts: it may
// run more than once. A body that returns an error rolls back (no retry unless the error
// came from a retryable SQLSTATE).
Result<void> in_transaction(Connection& conn, TransactionMode mode, const std::function<Result<void>()>& body);

}  // namespace pokeca::storage::postgres
