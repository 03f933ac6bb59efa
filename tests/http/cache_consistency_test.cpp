// The response cache (and the healthz count, read each time) on real SQLite under
// concurrent reads: once a write is acknowledged, no reader is answered from before it —
// not even by an answer a reader built while the write was committing.
#include <atomic>
#include <thread>
#include <vector>

#include "contribution_fakes.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/sqlite_report_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_store_repository.hpp"
#include "real_accounts.hpp"
#include "router_fixture.hpp"

namespace pokeca::testing {
namespace {

TEST(CacheConsistency, AReaderNeverSeesAStoreHiddenOrACountFromBeforeAnAcknowledgedWrite) {
  TempDir dir;
  storage::Database db(dir.path() / "pokeca.db");
  storage::SqliteStoreRepository stores(db);
  storage::SqliteReportRepository reports(db);
  ASSERT_TRUE(stores.insert_many(sample_stores()));
  FakeClock clock;
  StoreService service(stores, reports, clock);
  RealAccounts accounts(db, clock);
  FakeContributions fakes(stores, reports, accounts.limiter, clock);
  http::RouterConfig config;
  config.read_model = response_cache_over(db);
  http::Router router(fakes.services(service, accounts.auth), config);
  const auto count = [&] {
    const auto res = serve(router, get_request("/api/v1/healthz"));
    return boost::json::parse(res.body()).at("data").at("stores").as_int64();
  };
  const auto shows_store_1 = [&] {
    const auto body = serve(router, get_request("/api/v1/stores?prefecture=tokyo")).body();
    return body.find(R"({"id":1,)") != std::string::npos;
  };
  ASSERT_TRUE(shows_store_1());
  auto expected_count = count();

  // Readers keep both answers cached, racing every write.
  std::atomic<bool> done{false};
  std::vector<std::thread> readers;
  for (int i = 0; i < 2; ++i)
    readers.emplace_back([&] {
      while (!done) {
        (void)serve(router, get_request("/api/v1/stores?prefecture=tokyo"));
        (void)serve(router, get_request("/api/v1/healthz"));
      }
    });
  constexpr int kRounds = 60;
  for (int round = 0; round < kRounds; ++round) {
    const bool hide = round % 2 == 0;
    {
      auto lease = db.acquire();
      ASSERT_TRUE(lease.connection().exec(hide ? "UPDATE stores SET status = 'hidden' WHERE id = 1"
                                               : "UPDATE stores SET status = 'active' WHERE id = 1"));
    }
    // Acknowledged: from now on every answer agrees with it.
    EXPECT_EQ(shows_store_1(), !hide) << "round " << round;
    auto store = sample_store(100 + round, "新しい店", "card_shop", "osaka", "大阪市北区", 34.7 + round * 1e-4, 135.5);
    ASSERT_TRUE(stores.insert_many(std::vector{store}));
    ++expected_count;
    EXPECT_EQ(count(), expected_count) << "round " << round;
  }
  done = true;
  for (auto& t : readers) t.join();
}

}  // namespace
}  // namespace pokeca::testing
