#include "pokeca/storage/database.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <vector>

#include "pokeca/storage/migrations.hpp"
#include "pokeca/storage/storage_error.hpp"
#include "quiet_commits.hpp"

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

// SQLite's commit hook: return 0 to let the commit go ahead.
int count_commit(void* generation) {
  if (commits_are_quiet()) return 0;  // page-view counters: no cached answer reads them
  static_cast<std::atomic<std::uint64_t>*>(generation)->fetch_add(1, std::memory_order_acq_rel);
  return 0;
}

}  // namespace

Database::Database(const std::filesystem::path& file, DatabaseOptions options)
    : file_(migrated(file, options.connection)),
      pool_(file_, options.connection, std::max<std::size_t>(1, options.connections)) {
  // Lease every connection once (the pool is idle here) to hook its commits.
  std::vector<ConnectionPool::Lease> leases;
  for (std::size_t i = 0; i < pool_.size(); ++i) leases.push_back(pool_.acquire());
  for (auto& lease : leases) sqlite3_commit_hook(lease.connection().handle(), count_commit, &write_generation_);
}

}  // namespace pokeca::storage
