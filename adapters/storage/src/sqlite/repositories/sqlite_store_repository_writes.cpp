// SqliteStoreRepository's writes, through StoreWrites so that store_cells and
// prefecture_counts move with every store written.
#include "pokeca/admin/admin.hpp"  // keep_admin_edits
#include "pokeca/shared/messages.hpp"
#include "pokeca/storage/sqlite/sqlite_store_repository.hpp"
#include "pokeca/storage/sqlite/transaction.hpp"
#include "repositories/store_statements.hpp"

namespace pokeca::storage {

Result<void> SqliteStoreRepository::insert_many(std::span<const Store> stores) {
  return statements_.with([&](Statements& st) -> Result<void> {
    st.writes.discard();
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    std::size_t since_flush = 0;
    for (const auto& s : stores) {
      if (auto id = st.writes.insert(s); !id) return std::unexpected(id.error());
      if (++since_flush == kAggregateFlushEvery) {
        if (auto ok = st.writes.flush(); !ok) return ok;
        since_flush = 0;
      }
    }
    if (auto ok = st.writes.flush(); !ok) return ok;
    return tx->commit();
  });
}

Result<UpsertOutcome> SqliteStoreRepository::upsert_by_external_id(const Store& store) {
  if (store.external_id.empty())
    return fail_logged(ErrorCode::kInternal, msg::kInternal, "upsert_by_external_id without external_id");
  return statements_.with([&](Statements& st) -> Result<UpsertOutcome> {
    st.writes.discard();
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
      if (auto id = st.writes.insert(store); !id) return std::unexpected(id.error());
    } else {
      // Fields an admin edited keep the admin's value (docs/decisions/gazetteer-and-import.md).
      std::vector<std::string> edited;
      auto fields =
          st.admin_edited_of.bind_int(":id", old->id).each([&](const Row& row) { edited.emplace_back(row.text(0)); });
      if (!fields) return std::unexpected(fields.error());
      Store merged = edited.empty() ? store : keep_admin_edits(*old, store, edited);
      if (same_content(*old, merged)) return UpsertOutcome::kUnchanged;
      merged.id = old->id;
      merged.created_at = old->created_at;
      merged.last_report_at = old->last_report_at;
      merged.last_report_kind = old->last_report_kind;
      merged.latest_by_product = old->latest_by_product;
      if (auto ok = st.writes.update(*old, merged); !ok) return std::unexpected(ok.error());
      outcome = UpsertOutcome::kUpdated;
    }
    if (auto ok = st.writes.flush(); !ok) return std::unexpected(ok.error());
    if (auto ok = tx->commit(); !ok) return std::unexpected(ok.error());
    return outcome;
  });
}

}  // namespace pokeca::storage
