// SqliteStoreRepository's writes. Every store write goes through here so that
// store_cells and prefecture_counts move with it (StoreAggregates); the R*Tree and
// the FTS index follow by triggers.
#include "pokeca/messages.hpp"
#include "pokeca/storage/sqlite_store_repository.hpp"
#include "pokeca/storage/transaction.hpp"
#include "store_statements.hpp"

namespace pokeca::storage {
namespace {

Result<void> insert_row(Statement& insert, const Store& s) {
  if (s.id != 0)
    insert.bind_int(":id", s.id);
  else
    insert.bind_null(":id");  // SQLite picks the next id
  bind_store(insert, s);
  return insert.run();
}

}  // namespace

Result<void> SqliteStoreRepository::insert_many(std::span<const Store> stores) {
  return statements_.with([&](Statements& st) -> Result<void> {
    st.aggregates.discard();
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    std::size_t since_flush = 0;
    for (const auto& s : stores) {
      if (auto ok = insert_row(st.insert, s); !ok) return ok;
      st.aggregates.add(s);
      if (++since_flush == kAggregateFlushEvery) {
        if (auto ok = st.aggregates.flush(); !ok) return ok;
        since_flush = 0;
      }
    }
    if (auto ok = st.aggregates.flush(); !ok) return ok;
    return tx->commit();
  });
}

Result<UpsertOutcome> SqliteStoreRepository::upsert_by_external_id(const Store& store) {
  if (store.external_id.empty())
    return fail(ErrorCode::kInternal, msg::kInternal, "upsert_by_external_id without external_id");
  return statements_.with([&](Statements& st) -> Result<UpsertOutcome> {
    st.aggregates.discard();
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());

    std::optional<Store> old;
    st.find_by_external_id.bind_text(":external_id", store.external_id);
    auto read = st.find_by_external_id.each([&](const Row& row) -> Result<void> {
      auto s = read_store(row);
      if (!s) return std::unexpected(s.error());
      old = std::move(*s);
      return {};
    });
    if (!read) return std::unexpected(read.error());

    UpsertOutcome outcome = UpsertOutcome::kInserted;
    if (!old) {
      if (auto ok = insert_row(st.insert, store); !ok) return std::unexpected(ok.error());
      st.aggregates.add(store);
    } else {
      if (same_content(*old, store)) return UpsertOutcome::kUnchanged;
      Store merged = store;
      merged.id = old->id;
      merged.created_at = old->created_at;
      merged.last_report_at = old->last_report_at;
      merged.last_report_kind = old->last_report_kind;
      st.update.bind_int(":id", merged.id);
      bind_store(st.update, merged);
      if (auto ok = st.update.run(); !ok) return std::unexpected(ok.error());
      st.aggregates.remove(*old);
      st.aggregates.add(merged);
      outcome = UpsertOutcome::kUpdated;
    }
    if (auto ok = st.aggregates.flush(); !ok) return std::unexpected(ok.error());
    if (auto ok = tx->commit(); !ok) return std::unexpected(ok.error());
    return outcome;
  });
}

}  // namespace pokeca::storage
