#pragma once
// The backend contract suite. Tests written against core's ports (StoreRepository,
// ReportRepository, MetaRepository …) are typed over the storage backends listed in
// `Backends`, so every backend runs the same tests with the same assertions; a second
// backend (PostgreSQL) exists only once it passes them. Tests of one engine's own parts
// (SQLite's migrations, connections, hooks, the R*Tree copy) stay plain tests beside them.
//
// A backend is a class constructed from an empty temporary directory that opens a fresh,
// migrated, empty database there and hands out its repositories as core's ports. To add
// one: write its class here (with `kName`) and list it in `Backends`.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/ports.hpp"
#include "pokeca/storage/database.hpp"
#include "pokeca/storage/sqlite_admin_repository.hpp"
#include "pokeca/storage/sqlite_lottery_repository.hpp"
#include "pokeca/storage/sqlite_meta_repository.hpp"
#include "pokeca/storage/sqlite_product_repository.hpp"
#include "pokeca/storage/sqlite_report_repository.hpp"
#include "pokeca/storage/sqlite_store_repository.hpp"
#include "pokeca/storage/sqlite_user_repository.hpp"
#include "pokeca/testing/temp_dir.hpp"

namespace pokeca::storage::testing {

// SQLite: one database file in the directory (WAL needs a real file).
class SqliteBackend {
 public:
  static constexpr std::string_view kName = "sqlite";

  explicit SqliteBackend(const std::filesystem::path& dir) : db_(dir / "pokeca.db") {}

  StoreRepository& stores() { return stores_; }
  ReportRepository& reports() { return reports_; }
  MetaRepository& meta() { return meta_; }
  ProductRepository& products() { return products_; }
  LotteryRepository& lotteries() { return lotteries_; }
  UserRepository& users() { return users_; }
  // The audit rows of one target type, newest first, as "action target_id".
  std::vector<std::string> audit_of(std::string_view target_type) {
    std::vector<std::string> out;
    AuditFilter filter;
    filter.target_type = std::string(target_type);
    filter.limit = 100;
    const auto page = admin_.list_audit(filter).value();
    for (const auto& e : page.items) out.push_back(e.action + " " + e.target_id);
    return out;
  }

 private:
  Database db_;
  SqliteStoreRepository stores_{db_};
  SqliteReportRepository reports_{db_};
  SqliteMetaRepository meta_{db_};
  SqliteProductRepository products_{db_};
  SqliteLotteryRepository lotteries_{db_};
  SqliteUserRepository users_{db_};
  SqliteAdminRepository admin_{db_};
};

using Backends = ::testing::Types<SqliteBackend>;

// Names each typed test's instance after its backend: StoreReports/sqlite.Timeline….
struct BackendName {
  template <class Backend>
  static std::string GetName(int /*index*/) {
    return std::string(Backend::kName);
  }
};

// A fresh backend per test, its ports by reference (in a typed test: this->stores …).
template <class Backend>
class BackendTest : public ::testing::Test {
 protected:
  pokeca::testing::TempDir dir;
  Backend backend{dir.path()};
  StoreRepository& stores = backend.stores();
  ReportRepository& reports = backend.reports();
  MetaRepository& meta = backend.meta();
  ProductRepository& products = backend.products();
  LotteryRepository& lotteries = backend.lotteries();
  UserRepository& users = backend.users();
};

}  // namespace pokeca::storage::testing
