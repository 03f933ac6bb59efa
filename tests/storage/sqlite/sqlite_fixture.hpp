#pragma once
// SQLite's own storage tests: a fresh database file in its own temporary directory (WAL
// needs a real file) with the store and report repositories on it, the engine within reach.
#include <gtest/gtest.h>

#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/sqlite_report_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_store_repository.hpp"
#include "pokeca/testing/temp_dir.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage::testing {

// A database with the store and report repositories on it.
class StorageTest : public ::testing::Test {
 protected:
  explicit StorageTest(DatabaseOptions options = {}) : db(dir.path() / "pokeca.db", options) {}

  TempDir dir;
  Database db;
  SqliteStoreRepository stores{db};
  SqliteReportRepository reports{db};
};

}  // namespace pokeca::storage::testing
