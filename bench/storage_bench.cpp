// Storage queries over 100,000 and 1,000,000 synthetic stores spread over Japan
// (DESIGN.md budget: each call under 1 ms in-process). The databases are built once,
// deterministically, and cached in $POKECA_BENCH_DATA (default ./bench-data), so a
// rerun starts measuring at once. Run from the build directory:
//   ./bench/storage_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
// POKECA_BENCH_DB_1000K=FILE measures an existing 1,000,000-store database instead of the
// synthetic one (e.g. a copy of make_bench_db's demo file, migrated on opening); "now"
// for the 24 h filter is then its newest report, or that many seconds earlier with
// POKECA_BENCH_NOW_BACK_S=SECONDS (where the 24 h cut-off falls within its hour and 8-hour
// block changes which stored rows a 24 h cluster query reads).
#include <benchmark/benchmark.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <numbers>
#include <optional>
#include <string>
#include <vector>

#include "engine/rtree_replica.hpp"
#include "pokeca/embedded_data.hpp"
#include "pokeca/map/clustering.hpp"
#include "pokeca/map/gazetteer.hpp"
#include "pokeca/map/store_query.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/migrations.hpp"
#include "pokeca/storage/sqlite/sqlite_report_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_store_repository.hpp"
#include "pokeca/storage/sqlite/statement.hpp"

namespace {

using namespace pokeca;
namespace fs = std::filesystem;

// Bump when the generator changes, so stale cached files are not reused.
constexpr int kGeneratorVersion = 1;
constexpr std::size_t kInsertBatch = 100'000;
constexpr UnixSeconds kBenchNow = 1'763'700'000;  // 2025-11-21
constexpr LatLng kShinjuku{35.6938, 139.7036};
constexpr LatLng kSendai{38.2682, 140.8694};  // the ~300-store city view
constexpr std::size_t kCityViewStores = 300;
constexpr BoundingBox kAllJapan{122.9, 24.0, 146.0, 45.6};
constexpr int kScreenWidthPx = 1280;  // a desktop map
constexpr int kScreenHeightPx = 800;

// splitmix64: tiny, and the same sequence on every machine.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  std::uint64_t state_;
};

struct Weighted {
  const Municipality* place;
  double spread_km;
};

// Tokyo's wards weigh most and spread least, towns the other way round, so the
// map has dense centres and a sparse countryside like the real one.
std::vector<Weighted> weighted_places(const Gazetteer& gazetteer) {
  std::vector<Weighted> out;
  for (const auto& m : gazetteer.all()) {
    const auto ends_with = [&](std::string_view suffix) { return m.city.ends_with(suffix); };
    const int weight = ends_with("区") ? 8 : ends_with("市") ? 3 : 1;
    const double spread = ends_with("区") ? 1.5 : ends_with("市") ? 3.0 : 4.0;
    for (int i = 0; i < weight; ++i) out.push_back({&m, spread});
  }
  return out;
}

Store synthetic_store(Rng& rng, const std::vector<Weighted>& places, StoreId id) {
  static const std::vector<std::pair<std::string, double>> kTypes{
      {"convenience", 0.35}, {"card_shop", 0.15}, {"supermarket", 0.12}, {"drugstore", 0.12},
      {"electronics", 0.08}, {"toy", 0.08},       {"bookstore", 0.07},   {"other", 0.03}};
  const auto& w = places[rng.next() % places.size()];
  const double r_km = w.spread_km * std::sqrt(rng.unit());
  const double angle = 2 * std::numbers::pi * rng.unit();
  const double dlat = r_km * std::sin(angle) / 111.0;
  const double dlng = r_km * std::cos(angle) / (111.0 * std::cos(w.place->centre.lat * std::numbers::pi / 180));

  Store s;
  s.id = id;
  double pick = rng.unit();
  s.store_type = kTypes.back().first;
  for (const auto& [type, share] : kTypes) {
    if (pick < share) {
      s.store_type = type;
      break;
    }
    pick -= share;
  }
  s.name = w.place->city + "の店 " + std::to_string(id);
  s.prefecture = w.place->prefecture_code;
  s.city = w.place->city;
  s.address = w.place->city + std::to_string(id % 5 + 1) + "-" + std::to_string(id % 30 + 1);
  s.location = {w.place->centre.lat + dlat, w.place->centre.lng + dlng};
  s.precision = LocationPrecision::kExact;
  const auto tri = [&](double yes) -> std::optional<bool> {
    const double u = rng.unit();
    if (u < 0.2) return std::nullopt;
    return u < 0.2 + yes * 0.8;
  };
  s.sells = {tri(0.85), tri(0.45), tri(s.store_type == "card_shop" ? 0.9 : 0.05)};
  s.status = rng.unit() < 0.03 ? StoreStatus::kClosed : StoreStatus::kActive;
  s.source = StoreSource::kDemo;
  s.created_at = s.updated_at = kBenchNow - 30 * 86'400;
  if (rng.unit() < 0.10) {
    s.last_report_at = kBenchNow - static_cast<UnixSeconds>(rng.unit() * 7 * 86'400);
    s.last_report_kind = rng.unit() < 0.7 ? ReportKind::kBought : ReportKind::kSoldOut;
    // The latest report is of one product (chosen without another draw, so the rest of the
    // data stays as it was).
    const auto product = kProducts[static_cast<std::size_t>(*s.last_report_at) % kProductCount];
    s.latest_by_product[product_index(product)] = LatestReport{*s.last_report_at, *s.last_report_kind};
  }
  return s;
}

// Names the cached files after the schema text too, so a changed migration is
// never benchmarked against an old file (FNV-1a: stable across runs and machines).
std::string schema_fingerprint() {
  std::uint32_t h = 2166136261u;
  for (const auto& m : storage::all_migrations())
    for (const char c : m.sql) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", h);
  return hex;
}

fs::path data_dir() {
  const char* env = std::getenv("POKECA_BENCH_DATA");
  return env != nullptr ? fs::path(env) : fs::path("bench-data");
}

// The cached file for `count` stores, built first if missing. Built under a temporary
// name and renamed at the end, so an interrupted build is never mistaken for a cache.
fs::path database_with(std::size_t count) {
  const auto dir = data_dir();
  fs::create_directories(dir);
  const auto file = dir / ("stores-" + std::to_string(count) + "-schema" + schema_fingerprint() + "-gen" +
                           std::to_string(kGeneratorVersion) + ".db");
  if (fs::exists(file)) return file;

  const auto partial = fs::path(file.string() + ".partial");
  for (const auto* suffix : {"", "-wal", "-shm"}) fs::remove(partial.string() + suffix);
  std::cerr << "building " << file << " (" << count << " stores, once)…" << std::endl;
  {
    auto gazetteer = Gazetteer::from_tsv(data::kGazetteerTsv);
    if (!gazetteer) throw std::runtime_error("gazetteer: " + gazetteer.error().message);
    const auto places = weighted_places(*gazetteer);
    storage::Database db(partial);
    storage::SqliteStoreRepository stores(db);
    Rng rng(20251121);
    std::vector<Store> batch;
    for (std::size_t id = 1; id <= count; ++id) {
      batch.push_back(synthetic_store(rng, places, static_cast<StoreId>(id)));
      if (batch.size() == kInsertBatch || id == count) {
        if (auto ok = stores.insert_many(batch); !ok) throw std::runtime_error(ok.error().detail);
        batch.clear();
      }
    }
    auto lease = db.acquire();
    if (auto ok = lease.connection().exec("PRAGMA wal_checkpoint(TRUNCATE)"); !ok)
      throw std::runtime_error(ok.error().detail);
  }
  for (const auto* suffix : {"-wal", "-shm"}) fs::remove(partial.string() + suffix);
  fs::rename(partial, file);
  return file;
}

struct Fixture {
  std::unique_ptr<storage::Database> db;
  std::unique_ptr<storage::SqliteStoreRepository> stores;
  BoundingBox city_view;
  UnixSeconds now = kBenchNow;
  // The city view's stores as the map's read model keeps them (its fragments), for
  // scan_bbox with every store kept: what a warm bbox miss asks of storage.
  std::map<StoreId, StoreListFacts> city_view_kept;
};

// A database given by the environment for this size, if any.
std::optional<fs::path> given_database(std::size_t count) {
  const char* env = count == 1'000'000 ? std::getenv("POKECA_BENCH_DB_1000K") : nullptr;
  if (env == nullptr) return std::nullopt;
  return fs::path(env);
}

UnixSeconds newest_report(storage::Database& db) {
  auto lease = db.acquire();
  storage::Statement st(lease.connection(), "SELECT max(last_report_at) FROM stores");
  UnixSeconds out = kBenchNow;
  auto ok = st.each([&](const storage::Row& row) { out = row.optional_int64(0).value_or(kBenchNow); });
  if (!ok) throw std::runtime_error(ok.error().detail);
  return out;
}

// Half-size of a box around centre holding about `target` active stores.
BoundingBox box_holding(storage::SqliteStoreRepository& stores, LatLng centre, std::size_t target) {
  double lo = 0.001, hi = 1.0;
  BoundingBox box{};
  for (int i = 0; i < 30; ++i) {
    const double mid = (lo + hi) / 2;
    box = {centre.lng - mid, centre.lat - mid * 0.8, centre.lng + mid, centre.lat + mid * 0.8};
    const auto n = stores.in_bbox(box, {}, static_cast<int>(target * 4)).value().size();
    if (n == target) break;
    (n < target ? lo : hi) = mid;
  }
  return box;
}

Fixture& fixture(std::size_t count) {
  static std::map<std::size_t, Fixture> fixtures;
  auto it = fixtures.find(count);
  if (it != fixtures.end()) return it->second;
  Fixture f;
  const auto given = given_database(count);
  const auto opening = std::chrono::steady_clock::now();
  f.db = std::make_unique<storage::Database>(given ? *given : database_with(count));
  if (given) {
    std::cerr << "opened (and migrated) " << *given << " in "
              << std::chrono::duration<double>(std::chrono::steady_clock::now() - opening).count() << " s" << std::endl;
    f.now = newest_report(*f.db);
    if (const char* back = std::getenv("POKECA_BENCH_NOW_BACK_S")) f.now -= std::atoll(back);
  }
  f.stores = std::make_unique<storage::SqliteStoreRepository>(*f.db);
  f.city_view = box_holding(*f.stores, kSendai, kCityViewStores);
  return fixtures.emplace(count, std::move(f)).first->second;
}

// The map's view of a screen centred on `centre` at `zoom` (Web Mercator pixels).
BoundingBox screen_around(LatLng centre, int zoom) {
  const double world = 256.0 * std::pow(2.0, zoom);
  const double rad = std::numbers::pi / 180;
  const double cx = (centre.lng + 180) / 360 * world;
  const double cy =
      (1 - std::log(std::tan(centre.lat * rad) + 1 / std::cos(centre.lat * rad)) / std::numbers::pi) / 2 * world;
  const auto lng_at = [&](double x) { return x / world * 360 - 180; };
  const auto lat_at = [&](double y) { return std::atan(std::sinh(std::numbers::pi * (1 - 2 * y / world))) / rad; };
  return {lng_at(cx - kScreenWidthPx / 2.0), lat_at(cy + kScreenHeightPx / 2.0), lng_at(cx + kScreenWidthPx / 2.0),
          lat_at(cy - kScreenHeightPx / 2.0)};
}

template <typename T>
std::size_t rows_of(const Result<std::vector<T>>& r) {
  if (!r) throw std::runtime_error(r.error().detail.empty() ? r.error().message : r.error().detail);
  return r->size();
}

StoreFilters of_type(std::string type) {
  StoreFilters f;
  f.types = {std::move(type)};
  return f;
}

StoreFilters selling_packs() {
  StoreFilters f;
  f.product = Product::kPack;
  return f;
}

StoreFilters reported_within_24h(const Fixture& fx) {
  StoreFilters f;
  f.reported_since = fx.now - 24 * 3600;
  return f;
}

// Registers one query for both sizes; "rows" is what the call returned.
template <typename Query>
void add(const std::string& name, Query query) {
  for (const std::size_t count : {std::size_t{100'000}, std::size_t{1'000'000}}) {
    benchmark::RegisterBenchmark((name + "/" + std::to_string(count / 1000) + "k").c_str(),
                                 [count, query](benchmark::State& state) {
                                   auto& f = fixture(count);
                                   std::size_t rows = 0;
                                   for (auto _ : state) rows = query(f);
                                   state.counters["rows"] = static_cast<double>(rows);
                                 })
        ->Unit(benchmark::kMicrosecond);
  }
}

void register_all() {
  add("in_prefecture_tokyo_limit201", [](Fixture& f) { return rows_of(f.stores->in_prefecture("tokyo", {}, 201)); });
  add("in_bbox_city_view_limit301", [](Fixture& f) { return rows_of(f.stores->in_bbox(f.city_view, {}, 301)); });
  // A cut list (300 stores in view): the nearest 101 to the view's centre, in that order.
  add("in_bbox_city_view_limit101_cut", [](Fixture& f) { return rows_of(f.stores->in_bbox(f.city_view, {}, 101)); });
  // The warm miss's storage part: ids in R*Tree order, every store kept (no row read).
  // Up to kRtreeReplicaMaxNodes nodes (100k) from the tree's copy in memory, above by SQL.
  add("scan_bbox_city_view_limit301_all_kept", [](Fixture& f) {
    if (f.city_view_kept.empty()) {
      const auto listed = f.stores->in_bbox(f.city_view, {}, 1'000).value();
      for (const auto& s : listed) f.city_view_kept[s.id] = list_facts(s);
    }
    // As the map's read model pulls it: kept stores tested on their facts, none read.
    constexpr std::size_t kWanted = 301;
    auto scan = f.stores->scan_bbox(f.city_view, {}, static_cast<int>(kWanted)).value();
    std::size_t listed = 0;
    while (listed < kWanted) {
      const auto id = scan->next().value();
      if (!id) break;
      const auto it = f.city_view_kept.find(*id);
      if (it != f.city_view_kept.end()) {
        listed += listed_in(it->second, f.city_view, {}) ? 1 : 0;
      } else if (scan->read_listed(*id).value()) {
        ++listed;
      }
    }
    return listed;
  });
  // What a miss pays once per store change or kRtreeReplicaMaxAge: reading the tree's
  // copy (refused at 1M by its size check, one index seek).
  add("rtree_replica_read", [](Fixture& f) {
    auto lease = f.db->acquire();
    storage::Statement size(lease.connection(), storage::RtreeReplica::kSizeSql);
    storage::Statement nodes(lease.connection(), storage::RtreeReplica::kNodesSql);
    const auto copy = storage::RtreeReplica::load(size, nodes, storage::kRtreeReplicaMaxNodes).value();
    return copy ? copy->node_count() : 0;
  });
  add("nearest_shinjuku_5km_limit51", [](Fixture& f) { return rows_of(f.stores->nearest(kShinjuku, 5, {}, 51)); });
  add("in_prefecture_tokyo_limit201_reported24h",
      [](Fixture& f) { return rows_of(f.stores->in_prefecture("tokyo", reported_within_24h(f), 201)); });
  add("in_bbox_city_view_limit301_reported24h",
      [](Fixture& f) { return rows_of(f.stores->in_bbox(f.city_view, reported_within_24h(f), 301)); });
  add("nearest_shinjuku_5km_limit51_reported24h",
      [](Fixture& f) { return rows_of(f.stores->nearest(kShinjuku, 5, reported_within_24h(f), 51)); });
  for (const auto& [label, zoom, box] : {std::tuple{"cells_zoom5_all_japan", 5, kAllJapan},
                                         std::tuple{"cells_zoom9_tokyo", 9, screen_around(kShinjuku, 9)},
                                         std::tuple{"cells_zoom12_shinjuku", 12, screen_around(kShinjuku, 12)}}) {
    const auto range = cell_range_for_view(box, zoom);
    const std::string name = label;
    add(name, [range](Fixture& f) { return rows_of(f.stores->cells(range, {})); });
    add(name + "_type", [range](Fixture& f) { return rows_of(f.stores->cells(range, of_type("card_shop"))); });
    add(name + "_product", [range](Fixture& f) { return rows_of(f.stores->cells(range, selling_packs())); });
    add(name + "_reported24h", [range](Fixture& f) { return rows_of(f.stores->cells(range, reported_within_24h(f))); });
    add(name + "_type_reported24h", [range](Fixture& f) {
      auto filters = of_type("card_shop");
      filters.reported_since = reported_within_24h(f).reported_since;
      return rows_of(f.stores->cells(range, filters));
    });
    add(name + "_product_reported24h", [range](Fixture& f) {
      auto filters = selling_packs();
      filters.reported_since = reported_within_24h(f).reported_since;
      return rows_of(f.stores->cells(range, filters));
    });
  }
  add("count_active", [](Fixture& f) {
    benchmark::DoNotOptimize(f.stores->count_active().value());
    return std::size_t{1};
  });
  add("count_by_prefecture", [](Fixture& f) { return rows_of(f.stores->count_by_prefecture()); });
  add("find", [](Fixture& f) { return f.stores->find(4242).value() ? std::size_t{1} : 0; });
  // A purchase report written and deleted again (two commits): what the triggers that keep
  // the hour buckets and the reported stores' R*Tree cost a write. Leaves the file as it was.
  add("report_insert_then_delete", [](Fixture& f) {
    static storage::SqliteReportRepository reports(*f.db);  // only the 1M size is run (filter)
    PurchaseReport r;
    r.store_id = 4242;
    r.kind = ReportKind::kBought;
    r.product = Product::kPack;
    r.purchased_at = r.created_at = f.now;
    auto stored = reports.insert(r);
    if (!stored) throw std::runtime_error(stored.error().detail);
    if (auto gone = reports.remove(stored->id); !gone) throw std::runtime_error(gone.error().detail);
    return std::size_t{2};
  });
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
