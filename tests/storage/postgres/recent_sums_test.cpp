// The "reported within" hour sums on PostgreSQL (migration 022): writers append changes,
// folders move them into the sums. Every change is folded exactly once — by whichever of
// several servers folds, while reports are being written — and the clusters are exact
// before and after. Needs a server (pg_virtualenv).
#include "pokeca/storage/postgres/recent_sums_folder.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <random>
#include <thread>
#include <vector>

#include "cell_oracle.hpp"
#include "pokeca/testing/temp_dir.hpp"
#include "postgres_backend.hpp"
#include "report_tracker.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage::postgres {
namespace {

using storage::testing::kNow;
using namespace storage::testing::cell_oracle;

constexpr UnixSeconds kHour = 3600;

class PostgresRecentSums : public ::testing::Test {
 protected:
  void SetUp() override {
    std::mt19937_64 rng(31);
    std::uniform_real_distribution<double> unit(0, 1);
    for (StoreId id = 1; id <= 400; ++id) {
      const LatLng at = id % 2 == 0 ? LatLng{35.6 + 0.2 * unit(rng), 139.6 + 0.25 * unit(rng)}
                                    : LatLng{33.0 + 3.5 * unit(rng), 133.0 + 8.0 * unit(rng)};
      auto s = storage::testing::make_store(id, "店", id % 3 == 0 ? "toy" : "card_shop", "tokyo", at);
      s.sells.packs = id % 4 != 0;
      all.push_back(s);
    }
    ASSERT_TRUE(backend.stores().insert_many(all));
  }

  void report_some(int n, std::mt19937_64& rng) {
    std::uniform_int_distribution<StoreId> store(1, 400);
    std::uniform_int_distribution<UnixSeconds> age(0, 48 * kHour);
    for (int i = 0; i < n; ++i) tracker.report(store(rng), kNow - age(rng));
  }

  void expect_cells_agree(const std::string& label) {
    for (const UnixSeconds since : {kNow - 24 * kHour, kNow - 24 * kHour + 600, kNow - 30 * kHour + 2000}) {
      auto f = storage::testing::reported_since(since);
      for (const auto& view : {BoundingBox{122.0, 24.0, 146.0, 46.0}, BoundingBox{139.55, 35.55, 139.90, 35.85}})
        for (int level : {0, 6, 12}) {
          const auto range = cells_covering(view, level);
          expect_same(fold(backend.stores().cells(range, f).value()), brute_force(all, range, f),
                      label + " level " + std::to_string(level));
          f.product = Product::kPack;
          expect_same(fold(backend.stores().cells(range, f).value()), brute_force(all, range, f),
                      label + " packs, level " + std::to_string(level));
          f.product.reset();
        }
    }
  }

  std::int64_t unfolded() { return backend.sql_int("SELECT count(*) FROM store_recent_changes"); }

  pokeca::testing::TempDir dir;
  storage::testing::PostgresBackend backend{dir.path()};
  std::vector<Store> all;
  storage::testing::ReportTracker tracker{backend.reports(), all};
};

TEST_F(PostgresRecentSums, ReadersAddTheChangesNotYetFoldedAndAFoldMovesEachOnce) {
  std::mt19937_64 rng(4);
  report_some(150, rng);
  EXPECT_GT(unfolded(), 0);
  expect_cells_agree("unfolded");
  Database other(storage::testing::postgres_conninfo_for(dir.path()));
  RecentSumsFolder folder(other);
  const auto before = unfolded();
  EXPECT_EQ(folder.fold().value(), before);
  EXPECT_EQ(unfolded(), 0);
  EXPECT_GT(backend.sql_int("SELECT count(*) FROM store_recent_sums"), 0);
  EXPECT_EQ(folder.fold().value(), 0);
  expect_cells_agree("folded");
  report_some(50, rng);
  expect_cells_agree("half folded");
}

TEST_F(PostgresRecentSums, ServersFoldingAtOnceWhileReportsAreWrittenFoldEveryChangeOnce) {
  const auto conninfo = storage::testing::postgres_conninfo_for(dir.path());
  std::vector<std::unique_ptr<Database>> servers;
  std::vector<std::unique_ptr<RecentSumsFolder>> folders;
  for (int i = 0; i < 3; ++i) {
    servers.push_back(std::make_unique<Database>(conninfo, DatabaseOptions{.connections = 1}));
    folders.push_back(std::make_unique<RecentSumsFolder>(*servers.back()));
  }
  std::atomic<bool> writing{true};
  std::atomic<std::int64_t> folded{0};
  std::vector<std::thread> folding;
  for (auto& f : folders)
    folding.emplace_back([&, folder = f.get()] {
      while (writing) folded += folder->fold().value_or(0);
    });
  std::mt19937_64 rng(9);
  report_some(300, rng);
  writing = false;
  for (auto& t : folding) t.join();
  folded += folders[0]->fold().value();
  EXPECT_EQ(unfolded(), 0);
  // A change folded twice, or lost, would leave its cells off by its store.
  EXPECT_GT(folded.load(), 0);
  expect_cells_agree("after concurrent folds");
}

}  // namespace
}  // namespace pokeca::storage::postgres
