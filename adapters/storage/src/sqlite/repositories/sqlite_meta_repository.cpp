#include "pokeca/storage/sqlite/sqlite_meta_repository.hpp"

#include "pokeca/storage/sqlite/statement.hpp"

namespace pokeca::storage {

struct SqliteMetaRepository::Statements {
  explicit Statements(Connection& c)
      : get(c, "SELECT value FROM meta WHERE key = :key"),
        set(c,
            "INSERT INTO meta (key, value) VALUES (:key, :value)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value") {}
  Statement get;
  Statement set;
};

SqliteMetaRepository::SqliteMetaRepository(Database& db) : statements_(db, "meta") {}
SqliteMetaRepository::~SqliteMetaRepository() = default;

Result<std::optional<std::string>> SqliteMetaRepository::get(std::string_view key) {
  return statements_.with([&](Statements& st) -> Result<std::optional<std::string>> {
    std::optional<std::string> value;
    auto ok = st.get.bind_text(":key", key).each([&](const Row& row) { value = std::string(row.text(0)); });
    if (!ok) return std::unexpected(ok.error());
    return value;
  });
}

Result<void> SqliteMetaRepository::set(std::string_view key, std::string_view value) {
  return statements_.with(
      [&](Statements& st) { return st.set.bind_text(":key", key).bind_text(":value", value).run(); });
}

}  // namespace pokeca::storage
