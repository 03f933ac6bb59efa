// The admin store search (GET /admin/stores: one page of 50 and its total)
// on a demo database made by make_bench_db, in-process through SqliteAdminRepository.
// Usage, from the build directory:
//   DB=$(./bench/make_bench_db 1000000 ../../out/bench-data)
//   ./bench/admin_bench $DB/pokeca.db --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
// Read only: the database is not changed.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <iostream>
#include <string>

#include "pokeca/admin/admin.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/sqlite_admin_repository.hpp"

namespace {

using namespace pokeca;
namespace fs = std::filesystem;

struct World {
  storage::Database db;
  storage::SqliteAdminRepository admin{db};
  explicit World(const fs::path& file) : db(file) {}
};

World* world = nullptr;

void search(benchmark::State& state, AdminStoreQuery query) {
  auto filter = parse_admin_store_query(query);
  if (!filter) {
    state.SkipWithError(filter.error().message.c_str());
    return;
  }
  std::int64_t total = 0;
  std::size_t rows = 0;
  for (auto _ : state) {
    auto page = world->admin.search_stores(*filter);
    if (!page) {
      state.SkipWithError(page.error().detail.c_str());
      return;
    }
    total = page->total;
    rows = page->items.size();
    benchmark::DoNotOptimize(page);
  }
  state.counters["total"] = static_cast<double>(total);
  state.counters["rows"] = static_cast<double>(rows);
}

AdminStoreQuery q(std::optional<std::string> name = {}, std::optional<std::string> prefecture = {},
                  std::optional<std::string> type = {}, std::optional<std::string> status = {},
                  std::optional<std::string> source = {}, std::optional<std::string> page = {}) {
  return {std::move(name),   std::move(prefecture), std::move(type),
          std::move(status), std::move(source),     std::move(page)};
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (argc < 2) {
    std::cerr << "usage: admin_bench DB_FILE [benchmark flags]\n";
    return 2;
  }
  World w{fs::path(argv[1])};
  world = &w;
  benchmark::RegisterBenchmark("no filter, page 1", search, q())->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("no filter, page 1000", search, q({}, {}, {}, {}, {}, "1000"))
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("q=ポケモン (trigram)", search, q("ポケモン"))->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("q=セブン-イレブン (trigram)", search, q("セブン-イレブン"))
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("q=ゲオ (2 chars, scan)", search, q("ゲオ"))->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("prefecture=tokyo", search, q({}, "tokyo"))->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("prefecture=tottori&type=card_shop", search, q({}, "tottori", "card_shop"))
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("type=card_shop", search, q({}, {}, "card_shop"))->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("status=hidden", search, q({}, {}, {}, "hidden"))->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("source=submission", search, q({}, {}, {}, {}, "submission"))
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("q=ポケモン&prefecture=osaka", search, q("ポケモン", "osaka"))
      ->Unit(benchmark::kMillisecond);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
