// All-or-nothing writes, the Transaction guard, and SQLITE_BUSY as a retryable error.
#include <gtest/gtest.h>

#include "pokeca/shared/messages.hpp"
#include "pokeca/storage/sqlite/statement.hpp"
#include "pokeca/storage/sqlite/transaction.hpp"
#include "sqlite_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::make_store;
using testing::TempDir;

using Transactions = testing::StorageTest;

std::int64_t count_rows(Database& db, const std::string& table) {
  auto lease = db.acquire();
  Statement st(lease.connection(), "SELECT count(*) FROM " + table);
  std::int64_t n = -1;
  EXPECT_TRUE(st.each([&](const Row& row) { n = row.int64(0); }));
  return n;
}

TEST_F(Transactions, AFailedInsertManyLeavesNothingBehind) {
  ASSERT_TRUE(stores.insert_many(std::vector{make_store(5, "既存", "toy", "tokyo", {35.7, 139.7})}));
  const auto cells_before = count_rows(db, "store_cells");
  // The third store reuses id 5: the whole batch must go.
  auto result = stores.insert_many(std::vector{make_store(1, "a", "toy", "tokyo", {35.6, 139.6}),
                                               make_store(2, "b", "card_shop", "osaka", {34.6, 135.5}),
                                               make_store(5, "c", "toy", "tokyo", {35.7, 139.7})});
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().code, ErrorCode::kInternal);
  EXPECT_EQ(result.error().message, msg::kInternal);
  EXPECT_FALSE(stores.find(1).value());
  EXPECT_EQ(stores.count_active().value(), 1);
  EXPECT_EQ(count_rows(db, "stores"), 1);
  EXPECT_EQ(count_rows(db, "stores_rtree"), 1);
  EXPECT_EQ(count_rows(db, "store_cells"), cells_before);
  EXPECT_EQ(stores.count_by_prefecture().value().size(), 1u);

  // And the repository is fine afterwards: no leftover pending aggregates.
  ASSERT_TRUE(stores.insert_many(std::vector{make_store(1, "a", "toy", "tokyo", {35.6, 139.6})}));
  EXPECT_EQ(stores.count_active().value(), 2);
  EXPECT_EQ(stores.cells(testing::whole_world(), {}).value().at(0).count, 2);
}

TEST_F(Transactions, TheGuardRollsBackUnlessCommitted) {
  auto lease = db.acquire();
  auto& conn = lease.connection();
  Statement insert(conn, "INSERT INTO meta (key, value) VALUES (:k, 'v')");
  {
    auto tx = Transaction::begin(conn, TransactionMode::kWrite);
    ASSERT_TRUE(tx);
    ASSERT_TRUE(insert.bind_text(":k", "dropped").run());
  }
  {
    auto tx = Transaction::begin(conn, TransactionMode::kWrite);
    ASSERT_TRUE(tx);
    ASSERT_TRUE(insert.bind_text(":k", "kept").run());
    ASSERT_TRUE(tx->commit());
  }
  Statement keys(conn, "SELECT group_concat(key) FROM meta");
  std::string all;
  ASSERT_TRUE(keys.each([&](const Row& row) { all = std::string(row.text(0)); }));
  EXPECT_EQ(all, "kept");
}

TEST(Busy, AWriterBlockedPastTheTimeoutGetsARetryableError) {
  TempDir dir;
  const auto file = dir.path() / "busy.db";
  DatabaseOptions options;
  options.connection.busy_timeout = std::chrono::milliseconds(50);
  Database db(file, options);
  SqliteStoreRepository stores(db);

  Connection other(file, {});
  auto held = Transaction::begin(other, TransactionMode::kWrite);  // another process writing
  ASSERT_TRUE(held);

  auto result = stores.insert_many(std::vector{make_store(1, "a", "toy", "tokyo", {35.7, 139.7})});
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().code, ErrorCode::kUnavailable);
  EXPECT_EQ(result.error().message, msg::kBusy);
  // Readers are not blocked by a writer under WAL.
  EXPECT_EQ(stores.count_active().value(), 0);

  ASSERT_TRUE(held->commit());
  EXPECT_TRUE(stores.insert_many(std::vector{make_store(1, "a", "toy", "tokyo", {35.7, 139.7})}));
}

}  // namespace
}  // namespace pokeca::storage
