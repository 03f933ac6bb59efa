#include "repositories/store_writes.hpp"

#include "pokeca/shared/messages.hpp"
#include "pokeca/storage/sqlite/connection.hpp"
#include "repositories/store_rows.hpp"

namespace pokeca::storage {

StoreWrites::StoreWrites(Connection& c)
    : insert_(c,
              "INSERT INTO stores (id, name, store_type, prefecture, city, address, lat, lng,"
              " location_precision, sells_packs, sells_boxes, sells_singles, status, source,"
              " external_id, created_at, updated_at, last_report_at, last_report_kind, last_pack_at, last_pack_kind,"
              " last_box_at, last_box_kind, last_single_at, last_single_kind) VALUES (:id, " +
                  std::string(kStoreParams) + ") RETURNING id"),
      update_(c,
              "UPDATE stores SET (name, store_type, prefecture, city, address, lat, lng,"
              " location_precision, sells_packs, sells_boxes, sells_singles, status, source,"
              " external_id, created_at, updated_at, last_report_at, last_report_kind, last_pack_at, last_pack_kind,"
              " last_box_at, last_box_kind, last_single_at, last_single_kind) = (" +
                  std::string(kStoreParams) + ") WHERE id = :id"),
      delete_(c, "DELETE FROM stores WHERE id = :id"),
      aggregates_(c) {}

Result<StoreId> StoreWrites::insert(const Store& store) {
  if (store.id != 0)
    insert_.bind_int(":id", store.id);
  else
    insert_.bind_null(":id");  // SQLite picks the next id
  bind_store(insert_, store);
  StoreId id = 0;
  auto ok = insert_.each([&](const Row& row) { id = row.int64(0); });
  if (!ok) return std::unexpected(ok.error());
  if (id == 0) return fail_logged(ErrorCode::kInternal, msg::kInternal, "store insert returned no id");
  Store stored = store;
  stored.id = id;
  aggregates_.add(stored);
  return id;
}

Result<void> StoreWrites::update(const Store& old, const Store& updated) {
  update_.bind_int(":id", updated.id);
  bind_store(update_, updated);
  if (auto ok = update_.run(); !ok) return ok;
  aggregates_.remove(old);
  aggregates_.add(updated);
  return {};
}

Result<void> StoreWrites::remove(const Store& old) {
  if (auto ok = delete_.bind_int(":id", old.id).run(); !ok) return ok;
  aggregates_.remove(old);
  return {};
}

}  // namespace pokeca::storage
