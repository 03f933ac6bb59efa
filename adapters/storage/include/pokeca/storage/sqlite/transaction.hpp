#pragma once
// Transaction guard: rolls back unless commit() succeeded, so every early return and
// error path leaves the database as it was.
#include "pokeca/shared/errors.hpp"

namespace pokeca::storage {

class Connection;

enum class TransactionMode {
  kRead,   // BEGIN DEFERRED: one consistent snapshot across several reads
  kWrite,  // BEGIN IMMEDIATE: takes the write lock up front, so it waits (busy_timeout)
           // instead of failing later when a read would have to become a write
};

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

}  // namespace pokeca::storage
