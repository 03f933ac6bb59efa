#include "pokeca/storage/postgres/pg_store_catalog.hpp"

#include <string>

#include "pokeca/storage/postgres/statement.hpp"
#include "repositories/store_rows.hpp"

namespace pokeca::storage::postgres {

struct PgStoreCatalog::Statements {
  explicit Statements(Connection& c)
      : between(c, "SELECT " + std::string(kStoreColumns) +
                       " FROM stores AS s WHERE s.id > $1 AND s.id <= $2 AND s.status = 'active'"
                       " ORDER BY s.id LIMIT $3"),
        max_id(c, "SELECT coalesce(max(id), 0) FROM stores WHERE status = 'active'") {}
  Statement between;
  Statement max_id;
};

PgStoreCatalog::PgStoreCatalog(Database& db) : statements_(db, "store_catalog") {}
PgStoreCatalog::~PgStoreCatalog() = default;

Result<std::vector<Store>> PgStoreCatalog::active_between(StoreId after, StoreId up_to, std::size_t limit) {
  return statements_.with([&](Statements& st) -> Result<std::vector<Store>> {
    auto rows = st.between.run({after, up_to, static_cast<std::int64_t>(limit)});
    if (!rows) return std::unexpected(rows.error());
    std::vector<Store> out;
    out.reserve(rows->count());
    for (int i = 0; i < rows->size(); ++i) {
      auto store = read_store(*rows, i);
      if (!store) return std::unexpected(store.error());
      out.push_back(std::move(*store));
    }
    return out;
  });
}

Result<StoreId> PgStoreCatalog::max_active_id() {
  return statements_.with([&](Statements& st) -> Result<StoreId> {
    auto rows = st.max_id.run();
    if (!rows) return std::unexpected(rows.error());
    return rows->int64(0, 0);
  });
}

}  // namespace pokeca::storage::postgres
