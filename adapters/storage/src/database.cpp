#include "pokeca/storage/database.hpp"

#include <algorithm>

#include "pokeca/storage/migrations.hpp"
#include "pokeca/storage/storage_error.hpp"

namespace pokeca::storage {
namespace {

// Migrates through a connection of its own before the pool opens, so pool
// connections never hold a schema older than the file's.
std::filesystem::path migrated(const std::filesystem::path& file, const ConnectionSettings& settings) {
  Connection conn(file, settings);
  auto version = migrate(conn);
  if (!version) {
    const auto& e = version.error();
    throw StorageError("cannot migrate " + file.string() + ": " +
                       (e.detail.empty() ? e.message : e.detail));
  }
  return file;
}

}  // namespace

Database::Database(const std::filesystem::path& file, DatabaseOptions options)
    : file_(migrated(file, options.connection)),
      pool_(file_, options.connection, std::max<std::size_t>(1, options.connections)) {}

}  // namespace pokeca::storage
