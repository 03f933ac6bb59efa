// Several worker threads reading while one writes, as the HTTP workers will.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>

#include "pokeca/storage/sqlite/transaction.hpp"

#include "sqlite_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::make_store;

constexpr int kReaders = 4;
constexpr int kBatches = 40;
constexpr int kBatchSize = 50;

class Concurrency : public testing::StorageTest {
 protected:
  Concurrency() : StorageTest(options()) {}
  static DatabaseOptions options() {
    DatabaseOptions o;
    o.connections = kReaders + 1;
    return o;
  }
};

TEST_F(Concurrency, ReadersSeeWholeBatchesWhileAWriterInserts) {
  std::atomic<bool> writing{true};
  std::atomic<int> failures{0};
  std::atomic<long> reads{0};

  std::thread writer([&] {
    StoreId id = 1;
    for (int b = 0; b < kBatches; ++b) {
      std::vector<Store> batch;
      for (int i = 0; i < kBatchSize; ++i, ++id)
        batch.push_back(
            make_store(id, "店", "card_shop", "tokyo",
                       {35.6 + 0.001 * static_cast<double>(id % 200), 139.6 + 0.001 * static_cast<double>(id / 200)}));
      if (!stores.insert_many(batch)) ++failures;
    }
    writing = false;
  });

  std::vector<std::thread> readers;
  for (int r = 0; r < kReaders; ++r)
    readers.emplace_back([&, r] {
      std::int64_t last_count = 0;
      while (writing) {
        auto count = stores.count_active();
        // Transactions are atomic: a reader sees whole batches, never fewer than before.
        if (!count || *count % kBatchSize != 0 || *count < last_count) ++failures;
        if (count) last_count = *count;
        bool ok = true;
        switch (r % 4) {
          case 0: ok = stores.in_bbox({139.5, 35.5, 139.9, 35.9}, {}, 200).has_value(); break;
          case 1: ok = stores.nearest({35.65, 139.65}, 5, {}, 50).has_value(); break;
          case 2: ok = stores.cells(cells_covering({139.5, 35.5, 139.9, 35.9}, 12), {}).has_value(); break;
          default: ok = stores.in_prefecture("tokyo", testing::of_types({"card_shop"}), 100).has_value(); break;
        }
        if (!ok) ++failures;
        ++reads;
      }
    });

  writer.join();
  for (auto& t : readers) t.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_GT(reads.load(), 0);
  EXPECT_EQ(stores.count_active().value(), kBatches * kBatchSize);
}

// Readers that always overlap (some read transaction is open at every moment, as under a
// steady stream of map requests) never let a passive checkpoint start the WAL over; the
// writer's RESTART checkpoint must, or the WAL grows with every commit (it reached
// hundreds of MiB in seconds in purchase_bench).
TEST_F(Concurrency, TheWalStaysBoundedWhileReadersAlwaysOverlap) {
  constexpr int kCommits = 1500;
  constexpr std::uintmax_t kMaxWalBytes = std::uintmax_t{32} << 20;  // twice the restart point at 4 KiB pages
  std::atomic<bool> writing{true};
  std::atomic<int> failures{0};
  std::vector<std::thread> readers;
  for (int r = 0; r < kReaders; ++r)
    readers.emplace_back([&, r] {
      std::this_thread::sleep_for(std::chrono::microseconds(250 * r));  // staggered
      while (writing) {
        auto lease = db.acquire();
        auto tx = Transaction::begin(lease.connection(), TransactionMode::kRead);
        if (!tx || !lease.connection().exec("SELECT count(*) FROM stores")) ++failures;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
    });
  const auto wal = dir.path() / "pokeca.db-wal";
  std::uintmax_t largest = 0;
  for (StoreId id = 1; id <= kCommits; ++id) {
    const std::vector<Store> one{
        make_store(id, "店", "card_shop", "tokyo",
                   {35.6 + 0.0001 * static_cast<double>(id % 500), 139.6 + 0.0001 * static_cast<double>(id / 500)})};
    if (!stores.insert_many(one)) ++failures;
    std::error_code ec;
    largest = std::max(largest, std::filesystem::file_size(wal, ec));
  }
  writing = false;
  for (auto& t : readers) t.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_LT(largest, kMaxWalBytes);
}

}  // namespace
}  // namespace pokeca::storage
