// Store search and favourites budgets in-process on a demo database made by make_bench_db:
// store search (≤ 20 ms at the 12,000 demo stores, ≤ 50 ms at 1,000,000) and the
// favourites list of a user with 500 favourites. Usage, from the build directory:
//   DB=$(./bench/make_bench_db 1000000 ../../out/bench-data)
//   ./bench/personal_bench $DB/pokeca.db --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
// The database is copied to a scratch file first (the favourites are written there).
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "pokeca/embedded_data.hpp"
#include "pokeca/map/gazetteer.hpp"
#include "pokeca/map/store_search.hpp"
#include "pokeca/personal/favorites.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/sqlite_favorite_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_store_search.hpp"
#include "pokeca/storage/sqlite/sqlite_user_repository.hpp"
#include "pokeca/storage/sqlite/statement.hpp"

namespace {

using namespace pokeca;
namespace fs = std::filesystem;

class FixedClock final : public Clock {
 public:
  [[nodiscard]] UnixSeconds now() const override { return 1'795'402'800; }
};

struct World {
  fs::path file;
  storage::Database db;
  Gazetteer gazetteer;
  storage::SqliteStoreSearch search_repo{db};
  StoreSearchService search{search_repo, gazetteer};
  storage::SqliteFavoriteRepository favorite_repo{db};
  storage::SqliteUserRepository users{db};
  FixedClock clock;
  FavoriteService favorites{favorite_repo, clock};
  User user;

  explicit World(fs::path f) : file(std::move(f)), db(file), gazetteer(*Gazetteer::from_tsv(data::kGazetteerTsv)) {
    auto created = users.create({"bench-favorites@example.com", "ベンチ", "", "h", clock.now()});
    if (!created) created = *users.find_by_email("bench-favorites@example.com").value();
    user = *created;
    // 500 favourites: the first 500 active store ids.
    std::vector<StoreId> ids;
    {
      auto lease = db.acquire();
      storage::Statement st(lease.connection(), "SELECT id FROM stores WHERE status = 'active' ORDER BY id LIMIT 500");
      (void)st.each([&](const storage::Row& row) { ids.push_back(row.int64(0)); });
    }
    std::size_t added = 0;
    for (std::size_t i = 0; i < ids.size(); ++i) {
      auto a = favorite_repo.add(user.id, ids[i], clock.now() + static_cast<UnixSeconds>(i), kMaxFavoritesPerUser);
      if (!a)
        std::cerr << "favourite " << ids[i] << ": " << a.error().detail << "\n";
      else if (a->added())
        ++added;
    }
    std::cerr << "user " << user.id << ": " << ids.size() << " stores, " << added << " favourites added\n";
  }
};

World* world = nullptr;

void search(benchmark::State& state, std::string q) {
  std::size_t found = 0;
  for (auto _ : state) {
    auto r = world->search.search(q, std::nullopt);
    if (!r) {
      state.SkipWithError(r.error().detail.c_str());
      return;
    }
    found = r->stores.size();
    benchmark::DoNotOptimize(found);
  }
  state.counters["stores"] = static_cast<double>(found);
}

void favorites_list(benchmark::State& state) {
  std::size_t n = 0;
  for (auto _ : state) {
    auto r = world->favorites.list(world->user);
    if (!r) {
      state.SkipWithError(r.error().detail.c_str());
      return;
    }
    n = r->size();
    benchmark::DoNotOptimize(n);
  }
  state.counters["favorites"] = static_cast<double>(n);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (argc != 2) {
    std::cerr << "usage: personal_bench DB_FILE [benchmark flags]\n";
    return 2;
  }
  const fs::path scratch = fs::temp_directory_path() / ("personal_bench-" + std::to_string(::getpid()));
  fs::create_directories(scratch);
  fs::copy_file(argv[1], scratch / "pokeca.db");
  int rc = 0;
  {
    World w(scratch / "pokeca.db");
    world = &w;
    for (const char* q : {"ポケモン", "セブン", "ファミリーマート 新宿", "池袋 ポケモン", "ヨドバシ 梅田", "秋葉原",
                          "pokemon", "ゲオ", "ゑゐ", "カードラボ", "該当なしの店名"})
      benchmark::RegisterBenchmark((std::string("search/") + q).c_str(), search, std::string(q))
          ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("favorites/list_500", favorites_list)->Unit(benchmark::kMillisecond);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    world = nullptr;
  }
  fs::remove_all(scratch);
  return rc;
}
