// Writes a server data directory holding N demo stores (core's generator, the real
// gazetteer, the real storage adapter), so `pokeca-server serve --data-dir DIR
// --demo-data false` can be benchmarked on it. Cached: a directory that already
// exists is reused. Prints the data directory on stdout.
//   make_bench_db STORES [CACHE_ROOT]     (CACHE_ROOT default: out/bench-data)
// The directory name holds the store count, the schema's fingerprint and a generator
// version, so a changed migration or generator never reuses an old file.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <span>
#include <string>

#include "pokeca/demo/demo_dataset.hpp"
#include "pokeca/embedded_data.hpp"
#include "pokeca/map/gazetteer.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/migrations.hpp"
#include "pokeca/storage/sqlite/sqlite_meta_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_report_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_store_repository.hpp"

namespace {

using namespace pokeca;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr int kGeneratorVersion = 1;  // bump when this tool writes something different
constexpr std::size_t kInsertBatch = 100'000;
// apps/server/demo_seed.hpp: the key that makes the site say it shows demo data.
constexpr std::string_view kDemoDataMetaKey = "demo_data";

std::string schema_fingerprint() {
  std::uint32_t h = 2166136261u;  // FNV-1a over every migration's SQL
  for (const auto& m : storage::all_migrations())
    for (const char c : m.sql) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", h);
  return hex;
}

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

template <typename T>
void check(const Result<T>& r, const char* what) {
  if (!r) throw std::runtime_error(std::string(what) + ": " + r.error().message + " " + r.error().detail);
}

void build(const fs::path& dir, std::size_t count) {
  const auto t0 = Clock::now();
  auto gazetteer = Gazetteer::from_tsv(data::kGazetteerTsv);
  check(gazetteer, "gazetteer");
  auto sources = parse_demo_sources(data::kStoreNamesTsv, data::kAreaWordsTsv, data::kPokemonCentersTsv);
  check(sources, "demo sources");
  const auto now = static_cast<UnixSeconds>(
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count());
  const auto dataset = generate_demo_dataset(*gazetteer, *sources, kDemoSeed, count, now);
  std::cerr << "generated " << dataset.stores.size() << " stores, " << dataset.reports.size() << " reports in "
            << seconds_since(t0) << " s\n";

  const auto t1 = Clock::now();
  storage::Database db(dir / "pokeca.db", {.connections = 1});
  storage::SqliteStoreRepository stores(db);
  storage::SqliteReportRepository reports(db);
  storage::SqliteMetaRepository meta(db);
  const std::span<const Store> all(dataset.stores);
  for (std::size_t at = 0; at < all.size(); at += kInsertBatch)
    check(stores.insert_many(all.subspan(at, std::min(kInsertBatch, all.size() - at))), "insert stores");
  const std::span<const PurchaseReport> all_reports(dataset.reports);
  for (std::size_t at = 0; at < all_reports.size(); at += kInsertBatch)
    check(reports.insert_many(all_reports.subspan(at, std::min(kInsertBatch, all_reports.size() - at))),
          "insert reports");
  check(meta.set(kDemoDataMetaKey, "1"), "meta");
  {
    auto lease = db.acquire();
    check(lease.connection().exec("PRAGMA wal_checkpoint(TRUNCATE)"), "checkpoint");
  }
  std::cerr << "written in " << seconds_since(t1) << " s\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) {
    std::cerr << "usage: make_bench_db STORES [CACHE_ROOT]\n";
    return 2;
  }
  const auto count = static_cast<std::size_t>(std::strtoull(argv[1], nullptr, 10));
  if (count == 0) {
    std::cerr << "STORES must be a positive number\n";
    return 2;
  }
  const fs::path root = argc == 3 ? fs::path(argv[2]) : fs::path("out/bench-data");
  const auto dir = fs::absolute(root / ("demo-" + std::to_string(count) + "-schema" + schema_fingerprint() + "-gen" +
                                        std::to_string(kGeneratorVersion)));
  try {
    if (!fs::exists(dir / "pokeca.db")) {
      // Built under a temporary name and renamed at the end, so an interrupted build
      // is never mistaken for a cache.
      const fs::path partial = dir.string() + ".partial";
      fs::remove_all(partial);
      fs::create_directories(partial);
      fs::permissions(partial, fs::perms::owner_all, fs::perm_options::replace);
      std::cerr << "building " << dir << " (" << count << " stores, once)\n";
      build(partial, count);
      for (const auto* suffix : {"-wal", "-shm"}) fs::remove(partial / (std::string("pokeca.db") + suffix));
      fs::remove_all(dir);
      fs::rename(partial, dir);
    }
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  std::cout << dir.string() << "\n";
  return 0;
}
