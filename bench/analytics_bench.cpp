// The analytics budget: GET /admin/analytics's query ≤ 100 ms for 366 days with
// 10,000,000 stored page views, on the 1,000,000-store database of make_bench_db (its
// purchase reports feed the per-day and per-prefecture report counters through
// migration 007's triggers). Page views are stored as daily aggregates, so the 10 M
// views are written here as the aggregates they add up to (27,322 a day over 366 days,
// PATHS distinct paths a day with a 1/rank spread, 10 % robots, 47 prefectures), then
// the dashboard's repository call is timed for 366 and 30 days, and one real event
// (service, libsodium HMAC, one write transaction) for the write cost. Usage:
//   DB=$(./bench/make_bench_db 1000000 ../../out/bench-data)
//   ./bench/analytics_bench $DB/pokeca.db [PATHS=400] --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
// The database is copied to a scratch file first.
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "pokeca/analytics/analytics.hpp"
#include "pokeca/crypto/sodium_analytics_keys.hpp"
#include "pokeca/shared/prefectures.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/sqlite_analytics_repository.hpp"
#include "pokeca/storage/sqlite/statement.hpp"
#include "pokeca/storage/sqlite/transaction.hpp"

namespace {

using namespace pokeca;
namespace fs = std::filesystem;

constexpr std::int64_t kEvents = 10'000'000;
constexpr std::int64_t kDays = kMaxAnalyticsRangeDays;

class FixedClock final : public Clock {
 public:
  [[nodiscard]] UnixSeconds now() const override { return 1'795'402'800; }  // 2026-11-23 (JST)
};

struct World {
  fs::path file;
  storage::Database db;
  storage::SqliteAnalyticsRepository repository{db};
  crypto::SodiumAnalyticsKeys keys;
  RateLimiter limiter;
  FixedClock clock;
  AnalyticsService service{{repository, keys, limiter, clock}, RateLimit{1'000'000'000, 1}};
  AnalyticsDay today = japan_day(clock.now());

  World(fs::path f, int paths_per_day) : file(std::move(f)), db(file) { fill(paths_per_day); }

  void run(storage::Statement& st) {
    if (auto ok = st.run(); !ok) {
      std::cerr << ok.error().detail << "\n";
      std::exit(1);
    }
  }

  // The aggregates 10 M events leave behind.
  void fill(int paths_per_day) {
    auto lease = db.acquire();
    auto& conn = lease.connection();
    auto tx = storage::Transaction::begin(conn, storage::TransactionMode::kWrite);
    storage::Statement page(conn,
                            "INSERT INTO analytics_daily_pages (day, path, views, bot_views) VALUES (:d, :p, :v, :b)");
    storage::Statement total(conn,
                             "INSERT INTO analytics_daily_totals (day, page_views, bot_views, visitors, paths)"
                             " VALUES (:d, :v, :b, :u, :n)");
    storage::Statement pref(
        conn, "INSERT INTO analytics_daily_prefecture_views (day, prefecture, views) VALUES (:d, :p, :v)");
    const std::int64_t per_day = kEvents / kDays;
    double harmonic = 0;
    for (int k = 1; k <= paths_per_day; ++k) harmonic += 1.0 / k;
    std::int64_t written = 0;
    for (std::int64_t i = 0; i < kDays; ++i) {
      const auto day = today - i;
      std::int64_t views_today = 0, bots_today = 0;
      for (int k = 1; k <= paths_per_day; ++k) {
        const auto share = static_cast<std::int64_t>(static_cast<double>(per_day) / (k * harmonic));
        const std::int64_t bots = share / 10;
        const std::int64_t views = share - bots;
        views_today += views;
        bots_today += bots;
        const std::string path = k == 1 ? "/" : k == 2 ? "/map" : "/guide/article-" + std::to_string(k);
        page.bind_int(":d", day).bind_text(":p", path).bind_int(":v", views).bind_int(":b", bots);
        run(page);
      }
      total.bind_int(":d", day)
          .bind_int(":v", views_today)
          .bind_int(":b", bots_today)
          .bind_int(":u", views_today / 3)
          .bind_int(":n", paths_per_day);
      run(total);
      for (const auto& p : all_prefectures()) {
        pref.bind_int(":d", day).bind_text(":p", p.code).bind_int(":v", views_today / 94);
        run(pref);
      }
      written += views_today + bots_today;
    }
    if (auto ok = tx->commit(); !ok) std::exit(1);
    std::cerr << "aggregates of " << written << " page views over " << kDays << " days, " << paths_per_day
              << " paths a day\n";
  }
};

World* world = nullptr;

void report(benchmark::State& state) {
  const auto days = state.range(0);
  std::size_t rows = 0;
  for (auto _ : state) {
    auto r = world->repository.report(world->today - (days - 1), world->today, kAnalyticsTopCount);
    if (!r) {
      state.SkipWithError(r.error().detail.c_str());
      return;
    }
    rows = r->days.size();
    benchmark::DoNotOptimize(rows);
  }
  state.counters["days"] = static_cast<double>(rows);
}

void record_event(benchmark::State& state) {
  std::uint32_t n = 0;
  for (auto _ : state) {
    ++n;
    const auto ip = "10." + std::to_string((n >> 16) & 255) + "." + std::to_string((n >> 8) & 255) + ".1";
    auto ok = world->service.record({"/map", "tokyo", "", "phone"}, ip, "Mozilla/5.0 (bench)");
    if (!ok) {
      state.SkipWithError(ok.error().detail.c_str());
      return;
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (argc < 2 || argc > 3) {
    std::cerr << "usage: analytics_bench DB_FILE [PATHS_PER_DAY] [benchmark flags]\n";
    return 2;
  }
  const int paths = argc == 3 ? std::atoi(argv[2]) : 400;
  const fs::path scratch = fs::temp_directory_path() / ("analytics_bench-" + std::to_string(::getpid()));
  fs::create_directories(scratch);
  fs::copy_file(argv[1], scratch / "pokeca.db");
  {
    World w(scratch / "pokeca.db", paths);
    world = &w;
    benchmark::RegisterBenchmark("admin_analytics/366_days", report)->Arg(kDays)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("admin_analytics/30_days", report)->Arg(30)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("analytics_event/record", record_event)->Unit(benchmark::kMicrosecond);
    benchmark::RunSpecifiedBenchmarks();
    world = nullptr;
  }
  fs::remove_all(scratch);
  return 0;
}
