// Limits that add up across servers: two servers of one database spend one allowance per
// key, with the same decisions and waits as one server's own limiter; keys are kept only
// as hashes. Needs a server (pg_virtualenv).
#include "pokeca/storage/postgres/pg_rate_limits.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "pokeca/storage/postgres/connection.hpp"
#include "pokeca/testing/temp_dir.hpp"
#include "postgres_backend.hpp"

namespace pokeca::storage::postgres {
namespace {

constexpr UnixSeconds kT0 = 1'763'700'000;

TEST(PostgresRateLimits, TwoServersSpendOneBudget) {
  pokeca::testing::TempDir dir;
  const auto conninfo = storage::testing::postgres_conninfo_for(dir.path());
  Database db_a(conninfo), db_b(conninfo);
  PgRateLimits shared_a(db_a), shared_b(db_b);
  RateLimiter a, b, one_server;
  a.share_through(&shared_a);
  b.share_through(&shared_b);
  const RateLimit five_a_minute{5, 60};
  for (int i = 0; i < 5; ++i) {
    auto& server = i % 2 == 0 ? a : b;
    EXPECT_TRUE(server.hit("login_ip:203.0.113.7", five_a_minute, kT0).allowed) << i;
    EXPECT_TRUE(one_server.hit("login_ip:203.0.113.7", five_a_minute, kT0).allowed);
  }
  // Spread over two servers, the sixth is refused as it would be by one server alone.
  const auto refused_by_a = a.hit("login_ip:203.0.113.7", five_a_minute, kT0);
  const auto refused_by_b = b.hit("login_ip:203.0.113.7", five_a_minute, kT0 + 1);
  EXPECT_EQ(refused_by_a, one_server.hit("login_ip:203.0.113.7", five_a_minute, kT0));
  EXPECT_FALSE(refused_by_a.allowed);
  EXPECT_FALSE(refused_by_b.allowed);
  EXPECT_EQ(refused_by_b.retry_after_seconds, refused_by_a.retry_after_seconds - 1);
  // Another key has its own allowance; the refusals were counted on the server that refused.
  EXPECT_TRUE(b.hit("login_ip:198.51.100.1", five_a_minute, kT0).allowed);
  EXPECT_EQ(a.refusals()[1].second, 1u);
  EXPECT_EQ(b.refusals()[1].second, 1u);
  // Once the window has passed, a full allowance again.
  EXPECT_TRUE(a.hit("login_ip:203.0.113.7", five_a_minute, kT0 + 60).allowed);
}

TEST(PostgresRateLimits, TheSameDecisionsAsOneServersOwnLimiter) {
  pokeca::testing::TempDir dir;
  const auto conninfo = storage::testing::postgres_conninfo_for(dir.path());
  Database db(conninfo);
  PgRateLimits shared(db);
  RateLimiter through_database, in_memory;
  through_database.share_through(&shared);
  const RateLimit limits[] = {{3, 60}, {10, 3600}, {1, 7}};
  std::mt19937 random(20261129);
  UnixSeconds now = kT0;
  int refused = 0;
  for (int i = 0; i < 400; ++i) {
    now += static_cast<UnixSeconds>(random() % 9);
    const auto key = "write_account:" + std::to_string(random() % 4);
    const auto& limit = limits[random() % 3];
    const auto expected = in_memory.hit(key + ":" + std::to_string(limit.window_seconds), limit, now);
    ASSERT_EQ(through_database.hit(key + ":" + std::to_string(limit.window_seconds), limit, now), expected)
        << "request " << i;
    refused += expected.allowed ? 0 : 1;
  }
  EXPECT_GT(refused, 50);  // the sequence exercises refusals, not only allowances
}

TEST(PostgresRateLimits, KeysAreKeptOnlyAsHashes) {
  pokeca::testing::TempDir dir;
  const auto conninfo = storage::testing::postgres_conninfo_for(dir.path());
  Database db(conninfo);
  PgRateLimits shared(db);
  ASSERT_TRUE(shared.hit("login_account:alice@example.com", {10, 900}, kT0));
  Connection psql(conninfo);
  const auto rows =
      psql.query("SELECT encode(key, 'hex'), position(convert_to('alice', 'UTF8') IN key) FROM rate_limits");
  ASSERT_TRUE(rows);
  ASSERT_EQ(rows->size(), 1);
  EXPECT_EQ(rows->text(0, 0).size(), 64u);
  EXPECT_EQ(rows->int64(0, 1), 0);
}

}  // namespace
}  // namespace pokeca::storage::postgres
