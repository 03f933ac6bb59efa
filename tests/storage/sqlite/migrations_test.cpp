#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <set>

#include "pokeca/storage/sqlite/migrations.hpp"
#include "pokeca/storage/sqlite/statement.hpp"
#include "sqlite_fixture.hpp"

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

// 014 rebuilds the audit log to accept 'product': a version-13 file keeps every row as it
// was, and the log stays append-only.
TEST(Migrations, TheAuditLogKeepsItsRowsAndStaysAppendOnlyThroughTheProductMigration) {
  TempDir dir;
  const auto file = dir.path() / "v13.db";
  const auto count = [](Connection& conn, const std::string& sql) {
    Statement st(conn, sql);
    std::int64_t n = -1;
    EXPECT_TRUE(st.each([&](const Row& row) { n = row.int64(0); }));
    return n;
  };
  {
    Connection conn(file, {});
    for (const auto& m : all_migrations()) {
      if (m.version > 13) break;
      ASSERT_TRUE(conn.exec(m.sql));
      ASSERT_TRUE(conn.exec("PRAGMA user_version = " + std::to_string(m.version)));
    }
    ASSERT_TRUE(
        conn.exec("INSERT INTO admin_audit (id, at, actor_id, action, target_type, target_id, changes, note)"
                  " VALUES (7, 100, 1, 'store.hide', 'store', '42', '{\"status\":1}', 'メモ'),"
                  " (9, 200, 2, 'user.block', 'user', '3', '{}', '')"));
    EXPECT_FALSE(
        conn.exec("INSERT INTO admin_audit (at, actor_id, action, target_type, target_id)"
                  " VALUES (1, 1, 'product.create', 'product', '1')"));
  }
  Database db(file);
  EXPECT_EQ(version_of(db), latest_schema_version());
  auto lease = db.acquire();
  auto& conn = lease.connection();
  EXPECT_EQ(count(conn,
                  "SELECT count(*) FROM admin_audit WHERE id = 7 AND at = 100 AND actor_id = 1 AND"
                  " action = 'store.hide' AND target_id = '42' AND changes = '{\"status\":1}' AND note = 'メモ'"),
            1);
  EXPECT_EQ(count(conn, "SELECT count(*) FROM admin_audit"), 2);
  EXPECT_TRUE(
      conn.exec("INSERT INTO admin_audit (at, actor_id, action, target_type, target_id)"
                " VALUES (300, 1, 'product.create', 'product', '1')"));
  EXPECT_FALSE(conn.exec("UPDATE admin_audit SET note = 'x' WHERE id = 7"));
  EXPECT_FALSE(conn.exec("DELETE FROM admin_audit WHERE id = 9"));
  EXPECT_FALSE(
      conn.exec("INSERT INTO admin_audit (at, actor_id, action, target_type, target_id)"
                " VALUES (1, 1, 'x', 'castle', '1')"));
  EXPECT_EQ(count(conn,
                  "SELECT count(*) FROM sqlite_schema WHERE name IN ('admin_audit_by_target',"
                  " 'admin_audit_by_actor', 'admin_audit_no_update', 'admin_audit_no_delete')"),
            4);
  EXPECT_EQ(count(conn, "SELECT count(*) FROM admin_audit"), 3);
}

}  // namespace
}  // namespace pokeca::storage
