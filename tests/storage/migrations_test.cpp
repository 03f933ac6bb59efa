#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <set>

#include "pokeca/storage/migrations.hpp"
#include "pokeca/storage/statement.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::make_store;
using testing::TempDir;

int version_of(Database& db) {
  auto lease = db.acquire();
  return schema_version(lease.connection()).value();
}

TEST(Migrations, FreshFileReachesTheLatestVersion) {
  TempDir dir;
  Database db(dir.path() / "fresh.db");
  EXPECT_EQ(version_of(db), latest_schema_version());
  EXPECT_GE(latest_schema_version(), 1);
}

TEST(Migrations, ReopeningKeepsDataAndChangesNothing) {
  TempDir dir;
  const auto file = dir.path() / "reopen.db";
  {
    Database db(file);
    SqliteStoreRepository stores(db);
    ASSERT_TRUE(stores.insert_many(std::vector{make_store(7, "店", "card_shop", "tokyo", {35.69, 139.70})}));
  }
  Database db(file);
  EXPECT_EQ(version_of(db), latest_schema_version());
  {
    auto lease = db.acquire();
    EXPECT_EQ(migrate(lease.connection()).value(), latest_schema_version());  // a no-op
  }
  SqliteStoreRepository stores(db);
  EXPECT_EQ(stores.count_active().value(), 1);
}

TEST(Migrations, VersionsRunFromOneWithoutGaps) {
  int expected = 1;
  for (const auto& m : all_migrations()) EXPECT_EQ(m.version, expected++) << m.name;
}

TEST(Migrations, EveryFileInTheFolderIsCompiledIn) {
  std::set<std::string> on_disk;
  const std::regex name(R"((\d{3})_(\w+)\.sql)");
  for (const auto& entry : std::filesystem::directory_iterator(POKECA_MIGRATIONS_DIR)) {
    const auto file = entry.path().filename().string();
    ASSERT_TRUE(std::regex_match(file, name)) << "badly named migration: " << file;
    on_disk.insert(file);
  }
  std::set<std::string> compiled;
  for (const auto& m : all_migrations()) {
    char number[8];
    std::snprintf(number, sizeof number, "%03d", m.version);
    compiled.insert(std::string(number) + "_" + std::string(m.name) + ".sql");
  }
  EXPECT_EQ(on_disk, compiled);
}

TEST(Migrations, AFileFromANewerProgramIsRefused) {
  TempDir dir;
  const auto file = dir.path() / "newer.db";
  {
    Connection conn(file, {});
    ASSERT_TRUE(conn.exec("PRAGMA user_version = 999"));
  }
  EXPECT_THROW(Database{file}, StorageError);
}

TEST(Migrations, AFailedMigrationLeavesTheFileUntouched) {
  TempDir dir;
  const auto file = dir.path() / "clash.db";
  {
    // A table the first migration creates already exists: it must fail as a whole.
    Connection conn(file, {});
    ASSERT_TRUE(conn.exec("CREATE TABLE meta (x)"));
  }
  EXPECT_THROW(Database{file}, StorageError);
  Connection conn(file, {});
  EXPECT_EQ(schema_version(conn).value(), 0);
  Statement tables(conn, "SELECT count(*) FROM sqlite_schema WHERE name = 'stores'");
  std::int64_t n = -1;
  ASSERT_TRUE(tables.each([&](const Row& row) { n = row.int64(0); }));
  EXPECT_EQ(n, 0);
}

}  // namespace
}  // namespace pokeca::storage
