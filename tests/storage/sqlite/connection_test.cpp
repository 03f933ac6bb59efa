#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "pokeca/storage/database_metrics.hpp"
#include "pokeca/storage/sqlite/connection.hpp"
#include "pokeca/storage/sqlite/statement.hpp"
#include "sqlite_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::TempDir;

std::string pragma(Connection& conn, const std::string& name) {
  Statement st(conn, "PRAGMA " + name);
  std::string value;
  EXPECT_TRUE(st.each([&](const Row& row) { value = std::string(row.text(0)); }));
  return value;
}

TEST(Connection, IsOpenedWithWalForeignKeysBusyTimeoutAndNormalSync) {
  TempDir dir;
  Database db(dir.path() / "pragmas.db");
  auto lease = db.acquire();
  auto& conn = lease.connection();
  EXPECT_EQ(pragma(conn, "journal_mode"), "wal");
  EXPECT_EQ(pragma(conn, "foreign_keys"), "1");
  EXPECT_EQ(pragma(conn, "synchronous"), "1");  // NORMAL
  EXPECT_EQ(pragma(conn, "busy_timeout"), std::to_string(kBusyTimeout.count()));
}

TEST(Connection, FullDurabilityOnRequest) {
  TempDir dir;
  ConnectionSettings settings;
  settings.durability = Durability::kFull;
  Connection conn(dir.path() / "full.db", settings);
  EXPECT_EQ(pragma(conn, "synchronous"), "2");  // FULL
}

TEST(Connection, AnUnopenableFileThrows) { EXPECT_THROW(Connection("/nonexistent-dir/x/y.db", {}), StorageError); }

TEST(Statement, BadSqlFailsWhenPrepared) {
  TempDir dir;
  Connection conn(dir.path() / "bad.db", {});
  EXPECT_THROW(Statement(conn, "SELEC 1"), StorageError);
}

TEST(Statement, AnUnknownParameterIsAnInternalErrorAndTheStatementStaysUsable) {
  TempDir dir;
  Connection conn(dir.path() / "params.db", {});
  Statement st(conn, "SELECT :x + 1");
  auto failed = st.bind_int(":y", 1).run();
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().code, ErrorCode::kInternal);
  EXPECT_NE(failed.error().log_detail.find(":y"), std::string::npos);
  std::int64_t value = 0;
  ASSERT_TRUE(st.bind_int(":x", 41).each([&](const Row& row) { value = row.int64(0); }));
  EXPECT_EQ(value, 42);
}

TEST(Statement, ErrorsCarryTheSqlButShowUsersOnlyTheGenericMessage) {
  TempDir dir;
  Connection conn(dir.path() / "errors.db", {});
  ASSERT_TRUE(conn.exec("CREATE TABLE t (x INTEGER NOT NULL)"));
  Statement insert(conn, "INSERT INTO t (x) VALUES (:x)");
  auto failed = insert.bind_null(":x").run();
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().code, ErrorCode::kInternal);
  EXPECT_EQ(failed.error().message, msg::kInternal);
  EXPECT_NE(failed.error().log_detail.find("NOT NULL"), std::string::npos);
  EXPECT_NE(failed.error().log_detail.find("INSERT INTO t"), std::string::npos);
  EXPECT_TRUE(failed.error().detail.empty());  // the client's code: nothing of the SQL
}

TEST(Statement, BindingsAreClearedAfterEachUse) {
  TempDir dir;
  Connection conn(dir.path() / "reset.db", {});
  Statement st(conn, "SELECT :x IS NULL");
  ASSERT_TRUE(st.bind_int(":x", 1).run());
  std::int64_t was_null = 0;
  ASSERT_TRUE(st.each([&](const Row& row) { was_null = row.int64(0); }));
  EXPECT_EQ(was_null, 1);
}

// The pool's use, as the metrics page shows it.
TEST(DatabaseMetrics, ALeaseThatFindsEveryConnectionTakenCountsItsWait) {
  const TempDir dir;
  Database db(dir.path() / "pool.db", {.connections = 1});
  const auto leases_before = db.pool_use().leases.value();
  std::thread waiter;
  {
    const auto held = db.acquire();
    EXPECT_EQ(db.pool_use().in_use.value(), 1);
    waiter = std::thread([&db] { const auto lease = db.acquire(); });
    // The waiter cannot have its lease while this one is held; give it time to ask.
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    EXPECT_EQ(db.pool_use().waits.value(), 0U);
  }
  waiter.join();
  const auto& pool = db.pool_use();
  EXPECT_EQ(pool.leases.value(), leases_before + 2);
  EXPECT_EQ(pool.waits.value(), 1U);
  EXPECT_EQ(pool.wait_seconds.count(), 1U);
  EXPECT_EQ(pool.in_use.value(), 0);
}

TEST(DatabaseMetrics, OneNameIsOneEntryWhateverTheInstances) {
  RepositoryTimes times;
  auto& first = times.of("stores");
  auto& again = times.of("stores");
  auto& other = times.of("reports");
  EXPECT_EQ(&first, &again);
  EXPECT_NE(&first, &other);
  ASSERT_EQ(times.entries().size(), 2U);
  EXPECT_EQ(times.entries()[0]->name, "stores");
  EXPECT_EQ(times.entries()[1]->name, "reports");
}

}  // namespace
}  // namespace pokeca::storage
