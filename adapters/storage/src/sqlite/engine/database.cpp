#include "pokeca/storage/sqlite/database.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "engine/quiet_commits.hpp"
#include "pokeca/storage/sqlite/migrations.hpp"
#include "pokeca/storage/sqlite/storage_error.hpp"

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
// A passive checkpoint cannot start the WAL over while any reader still reads an older
// snapshot, and under a steady stream of map reads one always does: the WAL then grows
// without bound (224–606 MiB in 5 s of ~1,000–2,000 reports/s, purchase_bench) and every
// commit's checkpoint copies and syncs more. From this size on, the committing writer
// waits (busy timeout) until the readers have moved to the newest snapshot and starts the
// WAL over (RESTART): reads are not blocked, other writers wait for a moment.
constexpr int kWalRestartPages = 4 * kWalAutoCheckpointPages;

}  // namespace

struct Database::Hooks {
  Database* db;
  std::vector<std::int64_t> changed_stores;  // by the connection's open transaction
  bool changed_stores_rtree = false;         // likewise (the rtree module's node table)

  // SQLite's update hook: every row change, triggers' included (not REPLACE's implicit
  // deletes nor the truncate optimisation: the stores code uses neither).
  static void row_changed(void* self, int, const char*, const char* table, sqlite3_int64 rowid) {
    auto& hooks = *static_cast<Hooks*>(self);
    if (std::strcmp(table, "stores") == 0)
      hooks.changed_stores.push_back(rowid);
    else if (std::strcmp(table, "stores_rtree_node") == 0)
      hooks.changed_stores_rtree = true;
  }
  static void rolled_back(void* self) {
    auto& hooks = *static_cast<Hooks*>(self);
    hooks.changed_stores.clear();
    hooks.changed_stores_rtree = false;
  }

  // Called after a commit has become visible (and the write lock is released). The
  // listeners run before the generation moves: an answer that read a per-store rendering
  // the listener has not dropped yet is cached under the old generation only.
  static int visible_commit(void* self, sqlite3* handle, const char* name, int pages) {
    auto& hooks = *static_cast<Hooks*>(self);
    if (!hooks.changed_stores.empty()) {
      for (const auto& listener : hooks.db->stores_changed_) listener(hooks.changed_stores);
      hooks.changed_stores.clear();
    }
    if (hooks.changed_stores_rtree) {
      hooks.db->stores_rtree_generation_.fetch_add(1, std::memory_order_acq_rel);
      hooks.changed_stores_rtree = false;
    }
    if (!commits_are_quiet())  // same thread as the commit hook, so the same scope
      hooks.db->write_generation_.fetch_add(1, std::memory_order_acq_rel);
    if (pages >= kWalRestartPages)
      sqlite3_wal_checkpoint_v2(handle, name, SQLITE_CHECKPOINT_RESTART, nullptr, nullptr);
    else if (pages >= kWalAutoCheckpointPages)
      sqlite3_wal_checkpoint(handle, name);  // as sqlite3_wal_autocheckpoint does
    return SQLITE_OK;
  }
};

Database::Database(const std::filesystem::path& file, DatabaseOptions options)
    : file_(migrated(file, options.connection)),
      pool_(file_, options.connection, std::max<std::size_t>(1, options.connections)) {
  // Lease every connection once (the pool is idle here) to hook its commits.
  std::vector<ConnectionPool::Lease> leases;
  leases.reserve(pool_.size());
  for (std::size_t i = 0; i < pool_.size(); ++i) leases.push_back(pool_.acquire());
  for (auto& lease : leases) {
    auto* handle = lease.connection().handle();
    auto& hooks = *hooks_.emplace_back(std::make_unique<Hooks>(Hooks{this, {}, false}));
    sqlite3_commit_hook(handle, count_commit, &write_generation_);
    sqlite3_update_hook(handle, Hooks::row_changed, &hooks);
    sqlite3_rollback_hook(handle, Hooks::rolled_back, &hooks);
    sqlite3_wal_hook(handle, Hooks::visible_commit, &hooks);
  }
}

Database::~Database() = default;

}  // namespace pokeca::storage
