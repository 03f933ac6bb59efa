#include "pokeca/storage/sqlite/backup.hpp"

#include <sqlite3.h>

#include <memory>

#include "pokeca/storage/sqlite/connection.hpp"
#include "pokeca/storage/sqlite/statement.hpp"
#include "pokeca/storage/sqlite/storage_error.hpp"
#include "pokeca/storage/sqlite/transaction.hpp"

namespace pokeca::storage {
namespace {

// A plain file for the copy: no WAL of its own, so closing it leaves one finished file
// (it becomes WAL again when a server opens it).
struct PlainFile {
  sqlite3* db = nullptr;
  explicit PlainFile(const std::filesystem::path& file) {
    const int rc = sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    if (rc != SQLITE_OK) {
      const auto message = "cannot create " + file.string() + ": " + describe_sqlite_error(db, rc, {});
      sqlite3_close_v2(db);
      throw StorageError(message);
    }
  }
  ~PlainFile() { sqlite3_close_v2(db); }
  PlainFile(const PlainFile&) = delete;
  PlainFile& operator=(const PlainFile&) = delete;
};

[[noreturn]] void fail(const std::string& what, const DomainError& e) { throw StorageError(what + ": " + e.cause()); }

}  // namespace

void backup_database(const std::filesystem::path& from, const std::filesystem::path& to) {
  if (std::filesystem::exists(to)) throw StorageError("backup target exists: " + to.string());
  Connection source(from, {});
  PlainFile target(to);
  std::unique_ptr<sqlite3_backup, int (*)(sqlite3_backup*)> backup(
      sqlite3_backup_init(target.db, "main", source.handle(), "main"), &sqlite3_backup_finish);
  if (!backup) throw StorageError("backup of " + from.string() + ": " + sqlite3_errmsg(target.db));
  // -1: every page in one step, under one read transaction of the source.
  const int stepped = sqlite3_backup_step(backup.get(), -1);
  if (stepped != SQLITE_DONE) throw StorageError("backup of " + from.string() + ": " + sqlite3_errstr(stepped));
  if (const int finished = sqlite3_backup_finish(backup.release()); finished != SQLITE_OK)
    throw StorageError("backup of " + from.string() + ": " + describe_sqlite_error(target.db, finished, {}));
}

std::string integrity_check(const std::filesystem::path& file) {
  Connection conn(file, {});
  Statement check(conn, "PRAGMA integrity_check");
  std::string found;
  auto ran = check.each([&](const Row& row) {
    if (!found.empty()) found += "; ";
    found += row.text(0);
  });
  if (!ran) fail("integrity_check of " + file.string(), ran.error());
  return found;
}

std::vector<std::pair<std::string, std::int64_t>> table_counts(const std::filesystem::path& file) {
  Connection conn(file, {});
  auto snapshot = Transaction::begin(conn, TransactionMode::kRead);
  if (!snapshot) fail("counts of " + file.string(), snapshot.error());
  std::vector<std::pair<std::string, std::int64_t>> counts;
  for (const auto table : kCountedTables) {
    const std::string sql = "SELECT count(*) FROM " + std::string(table);
    Statement count(conn, sql);
    std::int64_t n = 0;
    if (auto ran = count.each([&](const Row& row) { n = row.int64(0); }); !ran)
      fail("count of " + std::string(table), ran.error());
    counts.emplace_back(table, n);
  }
  if (auto done = snapshot->commit(); !done) fail("counts of " + file.string(), done.error());
  return counts;
}

}  // namespace pokeca::storage
