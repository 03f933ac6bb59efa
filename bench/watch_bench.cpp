// The area-watch fan-out: matching one 購入できた report against 100,000 watches (20,000
// accounts with 5 watches each; a tenth are prefecture watches, the rest points of 1–20 km,
// most of them around six big cities) — the one candidates read (prefecture and nine grid
// cells) plus core's exact rule, as WatchAlerts::alerts_for does. Counted per report: the
// SQL statements run (always 1), the candidates read and the watches matched. Usage, from
// the build directory:
//   ./bench/watch_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
// and on PostgreSQL (a throw-away cluster):
//   POKECA_BENCH_PG="dbname=postgres" pg_virtualenv -v 15 -t ./bench/watch_bench --benchmark_filter=postgres
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "pokeca/personal/area_watch.hpp"
#include "pokeca/personal/watch_ports.hpp"
#include "pokeca/shared/prefectures.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/pg_watch_repository.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/sqlite_watch_repository.hpp"
#include "pokeca/storage/sqlite/statement.hpp"

namespace {

using namespace pokeca;
namespace fs = std::filesystem;

constexpr int kAccounts = 20'000;
constexpr int kWatchesPerAccount = kMaxWatchesPerUser;
constexpr int kRowsPerInsert = 500;
constexpr UnixSeconds kNow = 1'795'402'800;

struct City {
  double lat, lng;
};
constexpr City kCities[] = {{35.68, 139.77}, {34.69, 135.50}, {35.17, 136.91},
                            {33.59, 130.40}, {43.06, 141.35}, {38.27, 140.87}};

// The same rows on both backends: `INSERT … VALUES` batches of plain SQL.
std::vector<std::string> insert_batches() {
  std::mt19937_64 rng(20261129);
  std::uniform_real_distribution<double> unit(0, 1);
  std::normal_distribution<double> spread(0, 0.25);
  const int radii[] = {1, 3, 5, 10, 20};
  std::vector<std::string> out;
  std::ostringstream sql;
  for (int u = 1; u <= kAccounts; u += kRowsPerInsert) {
    sql.str("");
    sql << "INSERT INTO users (id, email, password_hash, nickname, email_verified_at, created_at, updated_at) VALUES ";
    for (int i = u; i < u + kRowsPerInsert && i <= kAccounts; ++i)
      sql << (i == u ? "" : ",") << "(" << i << ",'w" << i << "@example.com','h','ベンチ'," << kNow << "," << kNow
          << "," << kNow << ")";
    out.push_back(sql.str());
  }
  const auto prefectures = all_prefectures();
  int id = 0;
  for (int u = 1; u <= kAccounts; ++u) {
    for (int k = 0; k < kWatchesPerAccount; ++k) {
      if (id % kRowsPerInsert == 0) {
        if (id > 0) out.push_back(sql.str());
        sql.str("");
        sql << "INSERT INTO watches (id, user_id, prefecture, lat_e6, lng_e6, radius_km, cell, events, created_at,"
               " updated_at) VALUES ";
      }
      ++id;
      sql << (id % kRowsPerInsert == 1 ? "" : ",") << "(" << id << "," << u << ",";
      if (unit(rng) < 0.1) {
        const auto code = unit(rng) < 0.3 ? std::string("tokyo")
                                          : std::string(prefectures[static_cast<std::size_t>(unit(rng) * 47)].code);
        sql << "'" << code << "',NULL,NULL,0,NULL";
      } else {
        LatLng p;
        if (unit(rng) < 0.6) {
          const auto& c = kCities[static_cast<std::size_t>(unit(rng) * std::size(kCities))];
          p = {c.lat + spread(rng), c.lng + spread(rng)};
        } else {
          p = {31.0 + unit(rng) * 12.5, 130.0 + unit(rng) * 15.5};
        }
        sql << "''," << std::llround(p.lat * 1e6) << "," << std::llround(p.lng * 1e6) << ","
            << radii[static_cast<std::size_t>(unit(rng) * 5)] << "," << watch_cell(p);
      }
      sql << ",3," << kNow << "," << kNow << ")";
    }
  }
  out.push_back(sql.str());
  return out;
}

struct Report {
  const char* name;
  std::string prefecture;
  LatLng at;
};
const Report kReports[] = {{"tokyo_station", "tokyo", {35.6812, 139.7671}},
                           {"nagano_rural", "nagano", {36.65, 138.18}}};

// What alerts_for does with one report: one read, then the exact rule over the candidates.
void fan_out(benchmark::State& state, WatchRepository& watches, const Report& report) {
  const WatchedEvent event{.kind = WatchEvent::kBought,
                           .store_id = 1,
                           .prefecture = report.prefecture,
                           .location = report.at,
                           .product = Product::kPack,
                           .catalog_product = std::nullopt};
  std::size_t candidates = 0, matched = 0, queries = 0;
  for (auto _ : state) {
    const auto cells = watch_cells_around(report.at);
    auto found = watches.candidates(report.prefecture, cells, 0);
    ++queries;
    if (!found) {
      state.SkipWithError(found.error().log_detail.c_str());
      return;
    }
    candidates = found->size();
    matched = 0;
    for (const auto& c : *found) matched += watch_matches(c.watch, event) ? 1 : 0;
    benchmark::DoNotOptimize(matched);
  }
  state.counters["queries_per_report"] = static_cast<double>(queries) / static_cast<double>(state.iterations());
  state.counters["candidates"] = static_cast<double>(candidates);
  state.counters["matched"] = static_cast<double>(matched);
  state.counters["watches"] = kAccounts * kWatchesPerAccount;
}

std::unique_ptr<storage::Database> sqlite_db;
std::unique_ptr<storage::SqliteWatchRepository> sqlite_watches;
std::unique_ptr<storage::postgres::Database> pg_db;
std::unique_ptr<storage::postgres::PgWatchRepository> pg_watches;

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  const auto batches = insert_batches();
  const fs::path file = fs::temp_directory_path() / ("watch_bench_" + std::to_string(::getpid()) + ".db");
  sqlite_db = std::make_unique<storage::Database>(file);
  {
    auto lease = sqlite_db->acquire();
    auto& conn = lease.connection();
    if (!conn.exec("BEGIN")) return 1;
    for (const auto& sql : batches)
      if (auto ok = conn.exec(sql); !ok) {
        std::cerr << ok.error().log_detail << "\n";
        return 1;
      }
    if (!conn.exec("COMMIT") || !conn.exec("ANALYZE")) return 1;
    storage::Statement plan(
        conn,
        "EXPLAIN QUERY PLAN SELECT w.id FROM watches AS w WHERE w.active = 1 AND "
        "w.cell IS NOT NULL AND w.cell IN (1, 2, 3) UNION ALL SELECT w.id FROM watches AS w WHERE w.active = 1 AND "
        "w.prefecture = 'tokyo' AND w.prefecture <> ''");
    (void)plan.each([](const storage::Row& row) { std::cerr << "sqlite plan: " << row.text(3) << "\n"; });
  }
  sqlite_watches = std::make_unique<storage::SqliteWatchRepository>(*sqlite_db);
  for (const auto& r : kReports)
    benchmark::RegisterBenchmark((std::string("fan_out/sqlite/") + r.name).c_str(), [&r](benchmark::State& s) {
      fan_out(s, *sqlite_watches, r);
    })->Unit(benchmark::kMicrosecond);
  if (const char* pg = std::getenv("POKECA_BENCH_PG"); pg && *pg) {
    pg_db = std::make_unique<storage::postgres::Database>(pg);
    {
      auto lease = pg_db->acquire();  // given back before the benchmark needs it
      for (const auto& sql : batches)
        if (auto ok = lease.connection().exec(sql); !ok) {
          std::cerr << ok.error().log_detail << "\n";
          return 1;
        }
      (void)lease.connection().exec("ANALYZE");
    }
    pg_watches = std::make_unique<storage::postgres::PgWatchRepository>(*pg_db);
    for (const auto& r : kReports)
      benchmark::RegisterBenchmark((std::string("fan_out/postgres/") + r.name).c_str(), [&r](benchmark::State& s) {
        fan_out(s, *pg_watches, r);
      })->Unit(benchmark::kMicrosecond);
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  sqlite_watches.reset();
  sqlite_db.reset();
  fs::remove(file);
  fs::remove(file.string() + "-wal");
  fs::remove(file.string() + "-shm");
  return 0;
}
