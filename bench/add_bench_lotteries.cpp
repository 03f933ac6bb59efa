// Adds N lottery entries (core's demo generator over the file's own stores and the demo
// product catalogue) to a server database, so GET /lotteries can be measured on a
// make_bench_db file: bench/lottery_bench.sh copies the file, runs this on the copy, and
// serves it with --demo-data false. A file that already holds entries is left as it is.
//   add_bench_lotteries DB_FILE ENTRIES
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>
#include <type_traits>
#include <vector>

#include "pokeca/demo/demo_dataset.hpp"
#include "pokeca/demo/demo_lotteries.hpp"
#include "pokeca/embedded_data.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/sqlite_lottery_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_product_repository.hpp"
#include "pokeca/storage/sqlite/statement.hpp"

namespace {

using namespace pokeca;

template <typename T>
T checked(Result<T> r, const char* what) {
  if (!r) throw std::runtime_error(std::string(what) + ": " + r.error().message + " " + r.error().detail);
  if constexpr (!std::is_void_v<T>) return std::move(*r);
}

// The stores the generator picks hosts from: id, type and status are all it reads.
std::vector<Store> read_stores(storage::Database& db) {
  std::vector<Store> out;
  auto lease = db.acquire();
  storage::Statement select(lease.connection(), "SELECT id, store_type FROM stores WHERE status = 'active'");
  checked(select.each([&](const storage::Row& row) {
    Store s;
    s.id = row.int64(0);
    s.store_type = std::string(row.text(1));
    s.status = StoreStatus::kActive;
    out.push_back(std::move(s));
  }),
          "read stores");
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: add_bench_lotteries DB_FILE ENTRIES\n";
    return 2;
  }
  const auto wanted = static_cast<std::size_t>(std::strtoull(argv[2], nullptr, 10));
  try {
    storage::Database db(argv[1], {.connections = 1});
    storage::SqliteProductRepository products(db);
    storage::SqliteLotteryRepository lotteries(db);
    if (checked(products.list(false), "products").empty())
      checked(products.insert_demo(checked(parse_demo_products(data::kDemoProductsTsv), "demo products")),
              "insert products");
    const auto listed = checked(products.list(true), "listed products");
    const auto stores = read_stores(db);
    const auto now = static_cast<UnixSeconds>(
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count());
    // The generator drops a duplicate sale (same store, product and overlapping window), so
    // on few stores it gives fewer than asked: further seeds add more until there are enough.
    std::vector<LotteryEntry> entries;
    for (std::uint64_t round = 0; entries.size() < wanted && round < 64; ++round) {
      for (auto& e : generate_demo_lotteries(stores, listed, now, kDemoSeed + round, wanted - entries.size())) {
        const bool duplicate = std::ranges::any_of(entries, [&](const LotteryEntry& o) {
          return o.store_id == e.store_id && o.product_id == e.product_id && lottery_windows_overlap(o, e);
        });
        if (!duplicate) entries.push_back(std::move(e));
      }
    }
    checked(lotteries.insert_demo(entries), "insert lotteries");
    std::cerr << "added " << entries.size() << " lottery entries over " << stores.size() << " active stores\n";
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
