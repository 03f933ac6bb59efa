#include "pokeca/storage/sqlite/sqlite_store_catalog.hpp"

#include <string>

#include "pokeca/storage/sqlite/statement.hpp"
#include "repositories/store_rows.hpp"

namespace pokeca::storage {

struct SqliteStoreCatalog::Statements {
  explicit Statements(Connection& c)
      : between(c, "SELECT " + std::string(kStoreColumns) +
                       " FROM stores AS s WHERE s.id > :after AND s.id <= :up_to AND s.status = 'active'"
                       " ORDER BY s.id LIMIT :limit"),
        max_id(c, "SELECT coalesce(max(id), 0) FROM stores WHERE status = 'active'") {}
  Statement between;
  Statement max_id;
};

SqliteStoreCatalog::SqliteStoreCatalog(Database& db) : statements_(db, "store_catalog") {}
SqliteStoreCatalog::~SqliteStoreCatalog() = default;

Result<std::vector<Store>> SqliteStoreCatalog::active_between(StoreId after, StoreId up_to, std::size_t limit) {
  return statements_.with([&](Statements& st) -> Result<std::vector<Store>> {
    std::vector<Store> out;
    out.reserve(limit);
    Result<void> row_error;
    auto ok = st.between.bind_int(":after", after)
                  .bind_int(":up_to", up_to)
                  .bind_int(":limit", static_cast<std::int64_t>(limit))
                  .each([&](const Row& row) {
                    auto store = read_store(row);
                    if (!store) {
                      row_error = std::unexpected(store.error());
                      return;
                    }
                    out.push_back(std::move(*store));
                  });
    if (!ok) return std::unexpected(ok.error());
    if (!row_error) return std::unexpected(row_error.error());
    return out;
  });
}

Result<StoreId> SqliteStoreCatalog::max_active_id() {
  return statements_.with([&](Statements& st) -> Result<StoreId> {
    StoreId id = 0;
    auto ok = st.max_id.each([&](const Row& row) { id = row.int64(0); });
    if (!ok) return std::unexpected(ok.error());
    return id;
  });
}

}  // namespace pokeca::storage
