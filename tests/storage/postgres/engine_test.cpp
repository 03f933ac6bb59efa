// The PostgreSQL engine's own parts, against a real server (the storage_contract_postgres
// ctest entry runs them under pg_virtualenv with the contract suite's */postgres.*
// instances): migrations under the advisory lock, the newer-schema refusal, transactions
// run again after a serialization failure, and statements prepared again after a
// reconnect.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <span>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "pokeca/storage/postgres/connection.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/migrations.hpp"
#include "pokeca/storage/postgres/pg_meta_repository.hpp"
#include "pokeca/storage/postgres/statement.hpp"
#include "pokeca/storage/postgres/transaction.hpp"
#include "pokeca/storage/sqlite/storage_error.hpp"
#include "pokeca/testing/temp_dir.hpp"
#include "postgres_backend.hpp"

namespace pokeca::storage::postgres {
namespace {

using storage::testing::postgres_conninfo_for;

class PostgresEngine : public ::testing::Test {
 protected:
  pokeca::testing::TempDir dir;
  std::string conninfo = postgres_conninfo_for(dir.path());

  std::int64_t count(Connection& c, const std::string& sql) {
    auto rows = c.query(sql);
    EXPECT_TRUE(rows) << (rows ? "" : rows.error().log_detail);
    return rows ? rows->int64(0, 0) : -1;
  }
};

TEST_F(PostgresEngine, MigratesOnceAndRecordsEachVersion) {
  {
    Database db(conninfo);
  }
  Database again(conninfo);  // a restart: nothing left to apply
  auto lease = again.acquire();
  EXPECT_EQ(schema_version(lease.connection()).value(), latest_schema_version());
  EXPECT_EQ(count(lease.connection(), "SELECT count(*) FROM schema_version"),
            static_cast<std::int64_t>(all_migrations().size()));  // one row per migration
}

TEST_F(PostgresEngine, ServersStartingAtOnceMigrateExactlyOnce) {
  std::vector<std::thread> starts;
  std::vector<std::string> failures(4);
  for (std::size_t i = 0; i < failures.size(); ++i)
    starts.emplace_back([&, i] {
      try {
        Database db(conninfo, {.connections = 1});
      } catch (const std::exception& e) {
        failures[i] = e.what();
      }
    });
  for (auto& t : starts) t.join();
  for (const auto& f : failures) EXPECT_EQ(f, "");
  Connection c(conninfo);
  EXPECT_EQ(count(c, "SELECT count(*) FROM schema_version"), static_cast<std::int64_t>(all_migrations().size()));
}

TEST_F(PostgresEngine, ADatabaseOfANewerSchemaIsRefusedAtStart) {
  {
    Database db(conninfo);
  }
  Connection c(conninfo);
  ASSERT_TRUE(
      c.exec("INSERT INTO schema_version (version) VALUES (" + std::to_string(latest_schema_version() + 1) + ")"));
  try {
    Database newer(conninfo);
    ADD_FAILURE() << "a newer schema was accepted";
  } catch (const StorageError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("is newer than this program's"), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
}

TEST_F(PostgresEngine, AnUnreachableServerIsOneLine) {
  try {
    Connection c("host=127.0.0.1 port=1 connect_timeout=2");
    ADD_FAILURE() << "connected to nothing";
  } catch (const StorageError& e) {
    const std::string what = e.what();
    EXPECT_TRUE(what.starts_with("postgres: cannot connect: ")) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
}

TEST_F(PostgresEngine, AWrongPasswordIsOneLineWithoutThePassword) {
  // Over TCP, where the server asks for a password (pg_virtualenv's cluster does).
  const char* env_host = std::getenv("PGHOST");
  const std::string host = env_host != nullptr && *env_host != '/' ? env_host : "localhost";
  try {
    Connection c(conninfo + " host=" + host + " password=not-the-password");
    ADD_FAILURE() << "a wrong password was accepted";
  } catch (const StorageError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("password authentication failed"), std::string::npos) << what;
    EXPECT_EQ(what.find("not-the-password"), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
}

TEST_F(PostgresEngine, ThePoolReconnectsAfterTheServerEndedEverySession) {
  Database db(conninfo, {.connections = 2});
  PgMetaRepository meta(db);
  ASSERT_TRUE(meta.set("k", "v"));
  Connection other(conninfo);
  // Every session of this database but `other`'s, as a server restart would.
  ASSERT_TRUE(
      other.exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                 " WHERE datname = current_database() AND pid <> pg_backend_pid()"));
  // A call on a connection whose session ended is unavailable (a 503, never a 500); the
  // pool reconnects it on its next lease, and its prepared statements come back.
  int failures = 0;
  for (int i = 0; i < 4; ++i) {
    const auto got = meta.get("k");
    if (got) {
      EXPECT_EQ(*got, "v");
      continue;
    }
    ++failures;
    EXPECT_EQ(got.error().code, ErrorCode::kUnavailable) << got.error().log_detail;
  }
  EXPECT_LE(failures, 2);  // at most once per pooled connection
  EXPECT_EQ(meta.get("k").value(), "v");
}

TEST_F(PostgresEngine, ASerializationFailureRunsTheTransactionAgain) {
  {
    Database db(conninfo);
  }
  Connection a(conninfo);
  Connection b(conninfo);
  ASSERT_TRUE(a.exec("INSERT INTO meta (key, value) VALUES ('n', '0')"));
  int attempts = 0;
  const auto ok = in_transaction(a, TransactionMode::kWrite, [&]() -> Result<void> {
    ++attempts;
    auto read = a.query("SELECT value FROM meta WHERE key = 'n'");
    if (!read) return std::unexpected(read.error());
    // Another writer changes the row this transaction read, once.
    if (attempts == 1 && !b.exec("UPDATE meta SET value = '1' WHERE key = 'n'")) return fail(ErrorCode::kInternal, "b");
    auto write = a.query("UPDATE meta SET value = $1 WHERE key = 'n'",
                         {std::to_string(std::stoi(std::string(read->text(0, 0))) + 10)});
    if (!write) return std::unexpected(write.error());
    return {};
  });
  ASSERT_TRUE(ok) << ok.error().log_detail;
  EXPECT_EQ(attempts, 2);
  auto value = a.query("SELECT value FROM meta WHERE key = 'n'");
  ASSERT_TRUE(value);
  EXPECT_EQ(value->text(0, 0), "11");  // the second attempt read the other writer's 1
}

TEST_F(PostgresEngine, AFailedBodyRollsBackAndIsNotRunAgain) {
  {
    Database db(conninfo);
  }
  Connection a(conninfo);
  int attempts = 0;
  const auto refused = in_transaction(a, TransactionMode::kWrite, [&]() -> Result<void> {
    ++attempts;
    if (!a.exec("INSERT INTO meta (key, value) VALUES ('k', 'v')")) return fail(ErrorCode::kInternal, "insert");
    return fail(ErrorCode::kConflict, "no");
  });
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::kConflict);
  EXPECT_EQ(attempts, 1);
  EXPECT_EQ(count(a, "SELECT count(*) FROM meta"), 0);
}

TEST_F(PostgresEngine, ALostConnectionIsUnavailableThenReconnectsAndPreparesAgain) {
  Connection c(conninfo);
  Statement one(c, "SELECT $1::int + 1");
  ASSERT_EQ(one.run({41}).value().int64(0, 0), 42);
  const auto pid = count(c, "SELECT pg_backend_pid()");
  Connection other(conninfo);
  ASSERT_TRUE(other.query("SELECT pg_terminate_backend($1)", {pid}));

  const auto lost = one.run({1});
  ASSERT_FALSE(lost);
  EXPECT_EQ(lost.error().code, ErrorCode::kUnavailable);  // a 503 the client may retry
  EXPECT_EQ(lost.error().log_detail.find('\n'), std::string::npos);

  const auto session = c.session();
  ASSERT_TRUE(c.ensure_open());  // what the pool does before the next lease
  EXPECT_GT(c.session(), session);
  const auto again = one.run({1});
  ASSERT_TRUE(again) << again.error().log_detail;
  EXPECT_EQ(again->int64(0, 0), 2);
}

TEST_F(PostgresEngine, TheChangeSignalMovesOnCommittedWritesWithTheStoresIds) {
  Database db(conninfo, {.connections = 1});
  std::vector<std::vector<StoreId>> heard;
  db.subscribe([&](std::span<const StoreId> ids) {
    heard.emplace_back(ids.begin(), ids.end());
    EXPECT_EQ(db.generation(), 0u + heard.size() - 1);  // heard before the generation moves
  });
  auto lease = db.acquire();
  auto& c = lease.connection();
  const auto store_sql = [](int id) {
    return "INSERT INTO stores (id, name, store_type, prefecture, lat, lng, location_precision, status, source,"
           " created_at, updated_at) VALUES (" +
           std::to_string(id) + ", 'x', 'toy', 'tokyo', 35.7, 139.7, 'exact', 'active', 'demo', 1, 1)";
  };
  ASSERT_TRUE(c.exec(store_sql(7)));  // autocommitted
  EXPECT_EQ(db.generation(), 1u);
  ASSERT_EQ(heard, (std::vector<std::vector<StoreId>>{{7}}));

  ASSERT_TRUE(c.exec("SELECT * FROM stores"));                         // a read moves nothing
  ASSERT_TRUE(c.exec("UPDATE stores SET name = 'y' WHERE id = 999"));  // nor a write of no row
  EXPECT_EQ(db.generation(), 1u);

  {  // rolled back: nothing
    auto tx = Transaction::begin(c, TransactionMode::kWrite);
    ASSERT_TRUE(tx);
    ASSERT_TRUE(c.exec(store_sql(8)));
  }
  EXPECT_EQ(db.generation(), 1u);

  ASSERT_TRUE(in_transaction(c, TransactionMode::kWrite, [&]() -> Result<void> {
    if (auto ok = c.exec(store_sql(8)); !ok) return ok;
    if (auto ok = c.exec(store_sql(9)); !ok) return ok;
    return c.exec("UPDATE stores SET name = 'z' WHERE id = 7");
  }));
  EXPECT_EQ(db.generation(), 2u);  // one commit, one move
  ASSERT_EQ(heard.size(), 2u);
  std::ranges::sort(heard[1]);
  EXPECT_EQ(heard[1], (std::vector<StoreId>{7, 8, 9}));

  ASSERT_TRUE(c.exec("INSERT INTO meta (key, value) VALUES ('k', 'v')"));  // not a store: moves, no ids
  EXPECT_EQ(db.generation(), 3u);
  EXPECT_EQ(heard.size(), 2u);
}

TEST_F(PostgresEngine, TheAuditLogIsAppendOnly) {
  {
    Database db(conninfo);
  }
  Connection c(conninfo);
  ASSERT_TRUE(
      c.exec("INSERT INTO admin_audit (at, actor_id, action, target_type, target_id)"
             " VALUES (1, 1, 'product.create', 'product', '1')"));
  EXPECT_FALSE(c.exec("UPDATE admin_audit SET note = 'x'"));
  EXPECT_FALSE(c.exec("DELETE FROM admin_audit"));
  EXPECT_FALSE(c.exec("TRUNCATE admin_audit"));
  EXPECT_EQ(count(c, "SELECT count(*) FROM admin_audit"), 1);
}

// Name search: pg_trgm sees Japanese words (the test database's character type is UTF-8,
// as docs/decisions/postgres-backend.md asks of a production one), and the index serves the
// search's ILIKE on the name, so the planner can use it.
TEST_F(PostgresEngine, TheTrigramIndexServesTheNameSearchsExpression) {
  Database db(conninfo, {.connections = 1});
  auto lease = db.acquire();
  auto& c = lease.connection();
  EXPECT_GT(count(c, "SELECT cardinality(show_trgm('ポケモンカード'))"), 0);
  ASSERT_TRUE(c.exec("SET enable_seqscan = off"));
  auto plan = c.query("EXPLAIN SELECT s.id FROM stores AS s WHERE s.name ILIKE '%ポケモン%'");
  ASSERT_TRUE(plan) << plan.error().log_detail;
  std::string text;
  for (int i = 0; i < plan->size(); ++i) text += std::string(plan->text(i, 0)) + "\n";
  EXPECT_NE(text.find("stores_name_trigrams"), std::string::npos) << text;
  ASSERT_TRUE(c.exec("RESET enable_seqscan"));
}

}  // namespace
}  // namespace pokeca::storage::postgres
