// Caches that agree across servers: a server hears the writes of the other servers of its
// database (and of any other session) on the schema's shared channel within a second, its
// own writes once, and after its listening connection was cut it reports that anything
// may have changed and hears later writes again. Needs a server (pg_virtualenv).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "pokeca/storage/postgres/connection.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/pg_store_repository.hpp"
#include "pokeca/testing/temp_dir.hpp"
#include "postgres_backend.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage::postgres {
namespace {

using Clock = std::chrono::steady_clock;
using storage::testing::make_store;

// What one server's subscribers were told: each store id with the time it was heard, and
// the "anything may have changed" calls (no ids).
class Heard {
 public:
  explicit Heard(DataChanges& changes) {
    changes.subscribe([this](std::span<const StoreId> ids) {
      const std::lock_guard lock(mutex_);
      if (ids.empty()) ++anything_;
      for (const auto id : ids) heard_.push_back({id, Clock::now()});
      changed_.notify_all();
    });
  }
  // When `id` was first heard, waiting at most `limit`.
  std::optional<Clock::time_point> wait_for(StoreId id, std::chrono::milliseconds limit = std::chrono::seconds(1)) {
    std::unique_lock lock(mutex_);
    std::optional<Clock::time_point> at;
    changed_.wait_for(lock, limit, [&] {
      const auto it = std::ranges::find(heard_, id, &Entry::id);
      if (it != heard_.end()) at = it->at;
      return at.has_value();
    });
    return at;
  }
  bool wait_for_anything(std::chrono::milliseconds limit) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, limit, [&] { return anything_ > 0; });
  }
  std::size_t times_heard(StoreId id) {
    const std::lock_guard lock(mutex_);
    return static_cast<std::size_t>(std::ranges::count(heard_, id, &Entry::id));
  }

 private:
  struct Entry {
    StoreId id;
    Clock::time_point at;
  };
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<Entry> heard_;
  int anything_ = 0;
};

Store store(StoreId id) { return make_store(id, "店舗" + std::to_string(id), "card_shop", "tokyo", {35.69, 139.70}); }

TEST(PostgresSharedChanges, AnotherServersWritesAreHeardWithinASecond) {
  pokeca::testing::TempDir dir;
  const auto conninfo = storage::testing::postgres_conninfo_for(dir.path());
  Database a(conninfo), b(conninfo);
  PgStoreRepository stores_a(a);
  Heard heard_by_b(b);
  const auto generation_before = b.generation();

  constexpr int kWrites = 40;
  std::vector<double> delays_ms;
  for (StoreId id = 1; id <= kWrites; ++id) {
    // From the write's start: the other server often hears it before the writer's answer.
    const auto started = Clock::now();
    ASSERT_TRUE(stores_a.insert_many(std::vector{store(id)}));
    const auto at = heard_by_b.wait_for(id);
    ASSERT_TRUE(at) << "store " << id << " not heard by the other server within 1 s of the write";
    delays_ms.push_back(std::chrono::duration<double, std::milli>(*at - started).count());
  }
  // The generation moves right after the listeners are told (Database::committed): the
  // last write's step may still be on its way when its listener call is seen.
  const auto moved_by = Clock::now() + std::chrono::seconds(1);
  while (b.generation() < generation_before + kWrites && Clock::now() < moved_by)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_GE(b.generation(), generation_before + kWrites);
  std::ranges::sort(delays_ms);
  const auto p50 = delays_ms[delays_ms.size() / 2];
  const auto p99 = delays_ms[delays_ms.size() * 99 / 100];
  RecordProperty("delay_p50_ms", std::to_string(p50));
  RecordProperty("delay_p99_ms", std::to_string(p99));
  std::printf("[ delays   ] another server's write heard p50 %.2f ms, p99 %.2f ms after it began (%d writes)\n", p50,
              p99, kWrites);
}

TEST(PostgresSharedChanges, OwnWritesAreHeardOnceAndAnySessionsWriteIsHeard) {
  pokeca::testing::TempDir dir;
  const auto conninfo = storage::testing::postgres_conninfo_for(dir.path());
  Database a(conninfo);
  PgStoreRepository stores(a);
  Heard heard(a);
  ASSERT_TRUE(stores.insert_many(std::vector{store(1)}));
  EXPECT_EQ(heard.times_heard(1), 1u);  // synchronously, before the writer was answered
  // Another session (psql, an operator's fix): heard from the shared channel.
  Connection psql(conninfo);
  ASSERT_TRUE(psql.exec("UPDATE stores SET name = '直した名前' WHERE id = 1"));
  ASSERT_TRUE(heard.wait_for(1));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // anything more would have come by now
  EXPECT_EQ(heard.times_heard(1), 2u);                          // the insert, then psql's update: no echo
}

TEST(PostgresSharedChanges, ACutListenerReportsThatAnythingMayHaveChangedThenHearsAgain) {
  pokeca::testing::TempDir dir;
  const auto conninfo = storage::testing::postgres_conninfo_for(dir.path());
  Database a(conninfo), b(conninfo);
  PgStoreRepository stores_a(a);
  Heard heard_by_b(b);
  const int listener = b.other_writes_backend_pid();
  ASSERT_NE(listener, 0);
  Connection admin(conninfo);
  ASSERT_TRUE(admin.query("SELECT pg_terminate_backend($1)", {std::to_string(listener)}));
  ASSERT_TRUE(heard_by_b.wait_for_anything(std::chrono::seconds(3)));
  EXPECT_NE(b.other_writes_backend_pid(), listener);
  ASSERT_TRUE(stores_a.insert_many(std::vector{store(9)}));
  EXPECT_TRUE(heard_by_b.wait_for(9));
}

}  // namespace
}  // namespace pokeca::storage::postgres
