#include "pokeca/storage/sqlite/transaction.hpp"

#include <utility>

#include "pokeca/storage/sqlite/connection.hpp"
#include "pokeca/storage/sqlite/statement.hpp"

namespace pokeca::storage {

Result<Transaction> Transaction::begin(Connection& conn, TransactionMode mode) {
  auto& begin = mode == TransactionMode::kWrite ? conn.begin_immediate() : conn.begin_deferred();
  if (auto ok = begin.run(); !ok) return std::unexpected(ok.error());
  return Transaction(conn);
}

Transaction::Transaction(Transaction&& other) noexcept : conn_(std::exchange(other.conn_, nullptr)) {}

Result<void> Transaction::commit() {
  if (conn_ == nullptr) return {};
  // On failure the transaction is still open; the destructor rolls it back.
  if (auto ok = conn_->commit().run(); !ok) return ok;
  conn_ = nullptr;
  return {};
}

Transaction::~Transaction() {
  if (conn_ == nullptr) return;
  // ROLLBACK fails essentially only when SQLite already rolled back (after an I/O
  // or out-of-memory error); there is nothing left to undo then.
  // NOLINTNEXTLINE(bugprone-unused-return-value): a destructor has no one to report to
  (void)conn_->rollback().run();
}

}  // namespace pokeca::storage
