// The secret every server of one database shares (the signing key, server_secrets):
// generated once, the same bytes for every later start and for servers starting at once, a
// stored value of another length refused. Needs a server (pg_virtualenv).
#include "pokeca/storage/postgres/shared_secret.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "pokeca/storage/sqlite/storage_error.hpp"
#include "pokeca/testing/temp_dir.hpp"
#include "postgres_backend.hpp"

namespace pokeca::storage::postgres {
namespace {

constexpr std::size_t kKeyBytes = 32;

// A different value on every call, so a test sees which call's value was kept.
class CountingRandom {
 public:
  std::string operator()(std::size_t bytes) {
    const auto n = calls_.fetch_add(1);
    std::string out(bytes, '\0');
    for (std::size_t i = 0; i < bytes; ++i) out[i] = static_cast<char>((n * 31 + i) & 0xff);
    return out;
  }
  [[nodiscard]] int calls() const { return calls_.load(); }

 private:
  std::atomic<int> calls_{0};
};

TEST(PostgresSharedSecret, GeneratedOnceThenTheSameBytesOnEveryStart) {
  pokeca::testing::TempDir dir;
  const auto conninfo = storage::testing::postgres_conninfo_for(dir.path());
  CountingRandom random;
  const RandomBytes source = [&](std::size_t n) { return random(n); };
  std::string first;
  {
    Database db(conninfo);
    first = load_or_create_secret(db, kSigningKeySecret, kKeyBytes, source);
  }
  EXPECT_EQ(first, CountingRandom{}(kKeyBytes));  // the first candidate, with a NUL byte in it
  Database restarted(conninfo);
  EXPECT_EQ(load_or_create_secret(restarted, kSigningKeySecret, kKeyBytes, source), first);
  EXPECT_EQ(random.calls(), 2);  // a candidate was drawn, and dropped
  // Another name is another secret.
  EXPECT_NE(load_or_create_secret(restarted, "other", kKeyBytes, source), first);
}

TEST(PostgresSharedSecret, ServersStartingAtOnceAgreeOnOneSecret) {
  pokeca::testing::TempDir dir;
  const auto conninfo = storage::testing::postgres_conninfo_for(dir.path());
  {
    Database migrated(conninfo);
  }  // the schema first: concurrent migrations are tested elsewhere
  CountingRandom random;
  const RandomBytes source = [&](std::size_t n) { return random(n); };
  constexpr int kServers = 4;
  std::vector<std::string> keys(kServers);
  std::vector<std::unique_ptr<Database>> servers;
  for (int i = 0; i < kServers; ++i) servers.push_back(std::make_unique<Database>(conninfo, DatabaseOptions{1}));
  std::atomic<bool> go{false};
  std::vector<std::thread> threads;
  for (int i = 0; i < kServers; ++i)
    threads.emplace_back([&, i] {
      while (!go) std::this_thread::yield();
      keys[i] = load_or_create_secret(*servers[i], kSigningKeySecret, kKeyBytes, source);
    });
  go = true;
  for (auto& t : threads) t.join();
  for (const auto& k : keys) EXPECT_EQ(k, keys[0]);
  EXPECT_EQ(keys[0].size(), kKeyBytes);
  auto lease = servers[0]->acquire();
  EXPECT_EQ(lease.connection().query("SELECT count(*) FROM server_secrets").value().int64(0, 0), 1);
}

TEST(PostgresSharedSecret, AStoredValueOfAnotherLengthIsRefused) {
  pokeca::testing::TempDir dir;
  Database db(storage::testing::postgres_conninfo_for(dir.path()));
  {
    auto lease = db.acquire();
    ASSERT_TRUE(lease.connection().exec("INSERT INTO server_secrets (name, value) VALUES ('signing_key', '\\x0102')"));
  }
  CountingRandom random;
  EXPECT_THROW((void)load_or_create_secret(db, kSigningKeySecret, kKeyBytes, [&](std::size_t n) { return random(n); }),
               StorageError);
}

}  // namespace
}  // namespace pokeca::storage::postgres
