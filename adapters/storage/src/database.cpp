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
    throw StorageError("cannot migrate " + file.string() + ": " + e.cause());
  }
  return file;
}

// SQLite's commit hook: return 0 to let the commit go ahead. It runs before the commit
// is visible to other connections, so a reader can see the new generation and still
// read the old rows; the WAL hook below moves the generation again once the commit is
// visible, so an answer built from the old rows is never kept under the final one.
int count_commit(void* generation) {
  if (commits_are_quiet()) return 0;  // page-view counters: no cached answer reads them
  static_cast<std::atomic<std::uint64_t>*>(generation)->fetch_add(1, std::memory_order_acq_rel);
  return 0;
}

// SQLite's default WAL hook checkpoints at this many pages; setting our own replaces it.
constexpr int kWalAutoCheckpointPages = 1000;

// Called after a commit has become visible (and the write lock is released).
int count_visible_commit(void* generation, sqlite3* db, const char* name, int pages) {
  if (!commits_are_quiet())  // same thread as the commit hook, so the same scope
    static_cast<std::atomic<std::uint64_t>*>(generation)->fetch_add(1, std::memory_order_acq_rel);
  if (pages >= kWalAutoCheckpointPages) sqlite3_wal_checkpoint(db, name);  // as sqlite3_wal_autocheckpoint does
  return SQLITE_OK;
}

}  // namespace

Database::Database(const std::filesystem::path& file, DatabaseOptions options)
    : file_(migrated(file, options.connection)),
      pool_(file_, options.connection, std::max<std::size_t>(1, options.connections)) {
  // Lease every connection once (the pool is idle here) to hook its commits.
  std::vector<ConnectionPool::Lease> leases;
  for (std::size_t i = 0; i < pool_.size(); ++i) leases.push_back(pool_.acquire());
  for (auto& lease : leases) {
    sqlite3_commit_hook(lease.connection().handle(), count_commit, &write_generation_);
    sqlite3_wal_hook(lease.connection().handle(), count_visible_commit, &write_generation_);
  }
}

}  // namespace pokeca::storage
