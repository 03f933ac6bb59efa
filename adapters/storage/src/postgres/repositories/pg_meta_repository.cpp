#include "pokeca/storage/postgres/pg_meta_repository.hpp"

#include "pokeca/storage/postgres/statement.hpp"

namespace pokeca::storage::postgres {

struct PgMetaRepository::Statements {
  explicit Statements(Connection& c)
      : get(c, "SELECT value FROM meta WHERE key = $1"),
        set(c, "INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value") {
  }
  Statement get;
  Statement set;
};

PgMetaRepository::PgMetaRepository(Database& db) : statements_(db, "meta") {}
PgMetaRepository::~PgMetaRepository() = default;

Result<std::optional<std::string>> PgMetaRepository::get(std::string_view key) {
  return statements_.with([&](Statements& st) -> Result<std::optional<std::string>> {
    auto rows = st.get.run({key});
    if (!rows) return std::unexpected(rows.error());
    if (rows->empty()) return std::nullopt;
    return std::string(rows->text(0, 0));
  });
}

Result<void> PgMetaRepository::set(std::string_view key, std::string_view value) {
  return statements_.with([&](Statements& st) -> Result<void> {
    auto rows = st.set.run({key, value});
    if (!rows) return std::unexpected(rows.error());
    return {};
  });
}

}  // namespace pokeca::storage::postgres
