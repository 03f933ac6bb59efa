#pragma once
// The backend contract suite. Tests written against core's ports (StoreRepository,
// ReportRepository, MetaRepository …) are typed over the storage backends listed in
// `Backends`, so every backend runs the same tests with the same assertions; a second
// backend (PostgreSQL) exists only once it passes them. Tests of one engine's own parts
// (SQLite's migrations, connections, hooks, the R*Tree copy) stay plain tests beside them.
//
// A backend is a class constructed from an empty temporary directory that opens a fresh,
// migrated, empty database there and hands out its repositories as core's ports. Each
// typed test file names the list of backends it runs on (`Backends`, `MetaBackends` …
// below): a backend joins a list once it implements every port that file uses, so a port
// is on a backend exactly when its contract tests run there. There are no stubs: a
// backend without a port has no method for it, and a test file that uses the port and
// lists the backend does not compile.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "pokeca/analytics/analytics.hpp"
#include "pokeca/contributions/photo_store.hpp"
#include "pokeca/contributions/report_ports.hpp"
#include "pokeca/contributions/submission_ports.hpp"
#include "pokeca/crypto/sodium_token_crypto.hpp"
#include "pokeca/map/store_activity.hpp"
#include "pokeca/map/store_catalog.hpp"
#include "pokeca/map/store_ports.hpp"
#include "pokeca/map/store_search.hpp"
#include "pokeca/media/file_photo_store.hpp"
#include "pokeca/personal/favorite_alerts.hpp"
#include "pokeca/personal/user_stats.hpp"
#include "pokeca/shared/data_changes.hpp"
#include "pokeca/shared/mail_queue.hpp"
#include "pokeca/shared/meta_repository.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/sqlite_action_token_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_activity_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_admin_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_analytics_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_confirmation_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_favorite_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_lottery_calendar_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_lottery_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_mail_queue.hpp"
#include "pokeca/storage/sqlite/sqlite_meta_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_product_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_push_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_ranking_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_report_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_saved_trip_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_session_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_store_catalog.hpp"
#include "pokeca/storage/sqlite/sqlite_store_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_store_search.hpp"
#include "pokeca/storage/sqlite/sqlite_submission_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_user_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_watch_repository.hpp"
#include "pokeca/storage/sqlite/statement.hpp"
#include "pokeca/testing/temp_dir.hpp"
#include "postgres_backend.hpp"

namespace pokeca::storage::testing {

// SQLite: one database file in the directory (WAL needs a real file).
class SqliteBackend {
 public:
  static constexpr std::string_view kName = "sqlite";

  // Photos are files beside the database, as the server keeps them with SQLite.
  explicit SqliteBackend(const std::filesystem::path& dir)
      : db_(dir / "pokeca.db"), photos_dir_(dir / "photos"), photos_(photos_dir_, crypto::sha256_hex) {}

  StoreRepository& stores() { return stores_; }
  StoreCatalog& catalog() { return catalog_; }
  ReportRepository& reports() { return reports_; }
  MetaRepository& meta() { return meta_; }
  ProductRepository& products() { return products_; }
  LotteryRepository& lotteries() { return lotteries_; }
  ConfirmationRepository& confirmations() { return confirmations_; }
  LotteryCalendarRepository& calendars() { return calendars_; }
  UserRepository& users() { return users_; }
  SessionRepository& sessions() { return sessions_; }
  ActionTokenRepository& action_tokens() { return action_tokens_; }
  SubmissionRepository& submissions() { return submissions_; }
  StorePhotoRepository& store_photos() { return submissions_; }
  PhotoStore& photos() { return photos_; }
  SavedTripRepository& saved_trips() { return saved_trips_; }
  RankingRepository& ranking() { return ranking_; }
  FavoriteRepository& favorites() { return favorites_; }
  MailQueue& mail_queue() { return mail_; }
  FavoriteAlertQueue& alert_queue() { return mail_; }
  PushSubscriptionRepository& push_subscriptions() { return push_; }
  PushQueue& push_queue() { return push_; }
  StoreSearchRepository& search() { return search_; }
  UserStatsRepository& user_stats() { return activity_; }
  StoreActivityRepository& store_activity() { return activity_; }
  AdminRepository& admin() { return admin_; }
  AnalyticsRepository& analytics() { return analytics_; }
  WatchRepository& watches() { return watches_; }
  WatchAlertQueue& watch_alerts() { return watches_; }
  DataChanges& changes() { return db_; }
  // What the metrics page reads of the engine (not a port).
  const PoolUse& pool_use() const { return db_.pool_use(); }
  const RepositoryTimes& repository_times() const { return db_.repository_times(); }

  // A name search whose scan of short words (too short for an index) reads at most
  // `short_query_scan_rows` stores.
  std::unique_ptr<StoreSearchRepository> search_scanning(int short_query_scan_rows) {
    return std::make_unique<SqliteStoreSearch>(db_, short_query_scan_rows);
  }
  // A photo store of this backend that names bytes with `hash` instead of SHA-256.
  std::unique_ptr<PhotoStore> photos_hashing(std::function<std::string(std::string_view)> hash) {
    return std::make_unique<media::FilePhotoStore>(photos_dir_, std::move(hash));
  }

  // Test probes for states no port prepares or shows (a row count, a store deleted behind
  // the repositories' back). The SQL is the backends' common vocabulary: the schema's
  // tables and columns, standard statements only; a probe of one engine's own structures
  // belongs in that engine's tests (tests/storage/sqlite/).
  Result<void> exec_sql(std::string_view sql) {
    auto lease = db_.acquire();
    return lease.connection().exec(sql);
  }
  // The first column of the first row as an integer (-1 without rows).
  std::int64_t sql_int(std::string_view sql) {
    auto lease = db_.acquire();
    Statement st(lease.connection(), sql);
    std::int64_t n = -1;
    EXPECT_TRUE(st.each([&](const Row& row) { n = row.int64(0); }));
    return n;
  }
  // The first column of every row as text.
  std::vector<std::string> sql_texts(std::string_view sql) {
    auto lease = db_.acquire();
    Statement st(lease.connection(), sql);
    std::vector<std::string> out;
    EXPECT_TRUE(st.each([&](const Row& row) { out.emplace_back(row.text(0)); }));
    return out;
  }

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
  SqliteStoreCatalog catalog_{db_};
  SqliteReportRepository reports_{db_};
  SqliteMetaRepository meta_{db_};
  SqliteProductRepository products_{db_};
  SqliteLotteryRepository lotteries_{db_};
  SqliteConfirmationRepository confirmations_{db_};
  SqliteUserRepository users_{db_};
  SqliteSessionRepository sessions_{db_};
  SqliteActionTokenRepository action_tokens_{db_};
  SqliteSubmissionRepository submissions_{db_};
  SqliteSavedTripRepository saved_trips_{db_};
  SqliteRankingRepository ranking_{db_};
  SqliteFavoriteRepository favorites_{db_};
  SqliteMailQueue mail_{db_};
  SqlitePushRepository push_{db_};
  SqliteStoreSearch search_{db_};
  SqliteActivityRepository activity_{db_};
  SqliteAdminRepository admin_{db_};
  SqliteAnalyticsRepository analytics_{db_};
  SqliteWatchRepository watches_{db_};
  SqliteLotteryCalendarRepository calendars_{db_};
  std::filesystem::path photos_dir_;
  media::FilePhotoStore photos_;
};

// Every port's tests run on SQLite; these lists add PostgreSQL where its port is built.
using Backends = ::testing::Types<SqliteBackend>;
using MetaBackends = ::testing::Types<SqliteBackend, PostgresBackend>;
using ProductBackends = ::testing::Types<SqliteBackend, PostgresBackend>;
using AccountBackends = ::testing::Types<SqliteBackend, PostgresBackend>;
using StoreBackends = ::testing::Types<SqliteBackend, PostgresBackend>;
using ReportBackends = ::testing::Types<SqliteBackend, PostgresBackend>;
using PurchaseWriteBackends = ::testing::Types<SqliteBackend, PostgresBackend>;
using LotteryBackends = ::testing::Types<SqliteBackend, PostgresBackend>;
using RankingBackends = ::testing::Types<SqliteBackend, PostgresBackend>;
using SavedTripBackends = ::testing::Types<SqliteBackend, PostgresBackend>;
using SubmissionBackends = ::testing::Types<SqliteBackend, PostgresBackend>;
using PhotoStoreBackends = ::testing::Types<SqliteBackend, PostgresBackend>;
using FavoriteBackends = ::testing::Types<SqliteBackend, PostgresBackend>;
using MailQueueBackends = ::testing::Types<SqliteBackend, PostgresBackend>;
using SearchBackends = ::testing::Types<SqliteBackend, PostgresBackend>;
using AdminBackends = ::testing::Types<SqliteBackend, PostgresBackend>;
using CatalogBackends = ::testing::Types<SqliteBackend, PostgresBackend>;
using ActivityBackends = ::testing::Types<SqliteBackend, PostgresBackend>;
using AnalyticsBackends = ::testing::Types<SqliteBackend, PostgresBackend>;
using ConfirmationBackends = ::testing::Types<SqliteBackend, PostgresBackend>;
using WatchBackends = ::testing::Types<SqliteBackend, PostgresBackend>;
using PushBackends = ::testing::Types<SqliteBackend, PostgresBackend>;
using CalendarBackends = ::testing::Types<SqliteBackend, PostgresBackend>;

// A port a backend does not offer: a test that uses it on that backend does not compile.
struct NotOnThisBackend {};

// backend.method() when the backend has it, else NotOnThisBackend.
template <class Backend, class Get>
decltype(auto) port_or_absent(Backend& backend, Get get) {
  if constexpr (std::is_invocable_v<Get, Backend&>) {
    return get(backend);
  } else {
    return NotOnThisBackend{};
  }
}

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
  // Each port as a member (`this->stores` …), or NotOnThisBackend where the backend has
  // none. The declared type is the backend's own: a port's reference, or the marker.
#define POKECA_BACKEND_PORT(member, method)                                                       \
  static constexpr auto member##_of = [](auto& b) -> decltype(b.method()) { return b.method(); }; \
  decltype(port_or_absent(std::declval<Backend&>(), member##_of)) member = port_or_absent(backend, member##_of);
  POKECA_BACKEND_PORT(stores, stores)
  POKECA_BACKEND_PORT(catalog, catalog)
  POKECA_BACKEND_PORT(reports, reports)
  POKECA_BACKEND_PORT(meta, meta)
  POKECA_BACKEND_PORT(products, products)
  POKECA_BACKEND_PORT(lotteries, lotteries)
  POKECA_BACKEND_PORT(users, users)
  POKECA_BACKEND_PORT(sessions, sessions)
  POKECA_BACKEND_PORT(tokens, action_tokens)
  POKECA_BACKEND_PORT(submissions, submissions)
  POKECA_BACKEND_PORT(store_photos, store_photos)
  POKECA_BACKEND_PORT(photo_store, photos)
  POKECA_BACKEND_PORT(trips, saved_trips)
  POKECA_BACKEND_PORT(ranking, ranking)
  POKECA_BACKEND_PORT(favorites, favorites)
  POKECA_BACKEND_PORT(queue, mail_queue)
  POKECA_BACKEND_PORT(alert_queue, alert_queue)
  POKECA_BACKEND_PORT(search, search)
  POKECA_BACKEND_PORT(user_stats, user_stats)
  POKECA_BACKEND_PORT(store_activity, store_activity)
  POKECA_BACKEND_PORT(admin_repo, admin)
  POKECA_BACKEND_PORT(analytics, analytics)
  POKECA_BACKEND_PORT(watches, watches)
  POKECA_BACKEND_PORT(watch_alerts, watch_alerts)
  POKECA_BACKEND_PORT(changes, changes)
  POKECA_BACKEND_PORT(confirmations, confirmations)
  POKECA_BACKEND_PORT(push_devices, push_subscriptions)
  POKECA_BACKEND_PORT(pushes, push_queue)
  POKECA_BACKEND_PORT(calendars, calendars)
#undef POKECA_BACKEND_PORT
};

}  // namespace pokeca::storage::testing
