#pragma once
// The PostgreSQL backend of the contract suite (backend.hpp). The server is the one the
// environment names (PGHOST, PGPORT, PGUSER, PGPASSWORD: `pg_virtualenv` sets them for a
// throw-away cluster, see tests/storage/CMakeLists.txt). The process creates one test
// database with a UTF-8 character type (pg_trgm needs it) and drops it at exit; each
// backend instance works in a schema of its own named after its temporary directory, so
// constructing a second one on the same directory reopens the same data (a restart).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/accounts/auth_ports.hpp"
#include "pokeca/admin/admin_ports.hpp"
#include "pokeca/analytics/analytics.hpp"
#include "pokeca/contributions/lottery.hpp"
#include "pokeca/contributions/photo_store.hpp"
#include "pokeca/contributions/product_catalog.hpp"
#include "pokeca/contributions/report_ports.hpp"
#include "pokeca/contributions/submission_ports.hpp"
#include "pokeca/crypto/sodium_token_crypto.hpp"
#include "pokeca/map/store_activity.hpp"
#include "pokeca/map/store_catalog.hpp"
#include "pokeca/map/store_ports.hpp"
#include "pokeca/personal/favorite_alerts.hpp"
#include "pokeca/personal/favorites.hpp"
#include "pokeca/personal/saved_trip.hpp"
#include "pokeca/personal/user_stats.hpp"
#include "pokeca/shared/data_changes.hpp"
#include "pokeca/shared/mail_queue.hpp"
#include "pokeca/shared/meta_repository.hpp"
#include "pokeca/storage/postgres/connection.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/pg_action_token_repository.hpp"
#include "pokeca/storage/postgres/pg_activity_repository.hpp"
#include "pokeca/storage/postgres/pg_admin_repository.hpp"
#include "pokeca/storage/postgres/pg_analytics_repository.hpp"
#include "pokeca/storage/postgres/pg_confirmation_repository.hpp"
#include "pokeca/storage/postgres/pg_favorite_repository.hpp"
#include "pokeca/storage/postgres/pg_lottery_calendar_repository.hpp"
#include "pokeca/storage/postgres/pg_lottery_repository.hpp"
#include "pokeca/storage/postgres/pg_mail_queue.hpp"
#include "pokeca/storage/postgres/pg_meta_repository.hpp"
#include "pokeca/storage/postgres/pg_photo_store.hpp"
#include "pokeca/storage/postgres/pg_product_repository.hpp"
#include "pokeca/storage/postgres/pg_push_repository.hpp"
#include "pokeca/storage/postgres/pg_ranking_repository.hpp"
#include "pokeca/storage/postgres/pg_report_repository.hpp"
#include "pokeca/storage/postgres/pg_saved_trip_repository.hpp"
#include "pokeca/storage/postgres/pg_session_repository.hpp"
#include "pokeca/storage/postgres/pg_store_catalog.hpp"
#include "pokeca/storage/postgres/pg_store_repository.hpp"
#include "pokeca/storage/postgres/pg_store_search.hpp"
#include "pokeca/storage/postgres/pg_submission_repository.hpp"
#include "pokeca/storage/postgres/pg_user_repository.hpp"
#include "pokeca/storage/postgres/pg_watch_repository.hpp"

namespace pokeca::storage::testing {

// The database every PostgreSQL instance of this process shares, created on first use
// and dropped when the process ends.
class PostgresTestDatabase {
 public:
  static const PostgresTestDatabase& get() {
    static const PostgresTestDatabase db;
    return db;
  }
  [[nodiscard]] const std::string& name() const { return name_; }

  PostgresTestDatabase(const PostgresTestDatabase&) = delete;
  PostgresTestDatabase& operator=(const PostgresTestDatabase&) = delete;
  ~PostgresTestDatabase() {
    try {
      postgres::Connection admin("");
      (void)admin.exec("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
    } catch (...) {  // NOLINT(bugprone-empty-catch): the throw-away cluster goes anyway
    }
  }

 private:
  PostgresTestDatabase() : name_("pokeca_contract_" + std::to_string(::getpid())) {
    // The environment's database (PGDATABASE) is only where CREATE DATABASE is sent from.
    postgres::Connection admin("");
    (void)admin.exec("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
    const auto created = admin.exec("CREATE DATABASE " + name_ +
                                    " TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C.UTF-8'");
    if (!created) throw std::runtime_error(created.error().log_detail);
  }
  std::string name_;
};

// A connection string to the schema of `dir` (created when new) in the test database,
// that schema first on the search path.
inline std::string postgres_conninfo_for(const std::filesystem::path& dir) {
  const auto& database = PostgresTestDatabase::get().name();
  std::string schema = "t_";
  for (unsigned char c : dir.filename().string()) {  // hex: exact, and a valid identifier
    constexpr std::string_view kHex = "0123456789abcdef";
    schema += kHex[c >> 4];
    schema += kHex[c & 0xf];
  }
  const std::string conninfo = "dbname=" + database + " options=-csearch_path=" + schema + ",public";
  postgres::Connection setup(conninfo);
  const auto created = setup.exec("CREATE SCHEMA IF NOT EXISTS " + schema);
  if (!created) throw std::runtime_error(created.error().log_detail);
  return conninfo;
}

class PostgresBackend {
 public:
  static constexpr std::string_view kName = "postgres";

  explicit PostgresBackend(const std::filesystem::path& dir) : db_(postgres_conninfo_for(dir)) {}

  StoreRepository& stores() { return stores_; }
  StoreCatalog& catalog() { return catalog_; }
  ReportRepository& reports() { return reports_; }
  MetaRepository& meta() { return meta_; }
  DataChanges& changes() { return db_; }
  const PoolUse& pool_use() const { return db_.pool_use(); }
  const RepositoryTimes& repository_times() const { return db_.repository_times(); }
  ProductRepository& products() { return products_; }
  LotteryRepository& lotteries() { return lotteries_; }
  ConfirmationRepository& confirmations() { return confirmations_; }
  LotteryCalendarRepository& calendars() { return calendars_; }
  RankingRepository& ranking() { return ranking_; }
  SavedTripRepository& saved_trips() { return saved_trips_; }
  UserRepository& users() { return users_; }
  SessionRepository& sessions() { return sessions_; }
  ActionTokenRepository& action_tokens() { return action_tokens_; }
  SubmissionRepository& submissions() { return submissions_; }
  StorePhotoRepository& store_photos() { return submissions_; }
  PhotoStore& photos() { return photos_; }
  FavoriteRepository& favorites() { return favorites_; }
  MailQueue& mail_queue() { return mail_; }
  FavoriteAlertQueue& alert_queue() { return mail_; }
  PushSubscriptionRepository& push_subscriptions() { return push_; }
  PushQueue& push_queue() { return push_; }
  AdminRepository& admin() { return admin_; }
  UserStatsRepository& user_stats() { return activity_; }
  StoreActivityRepository& store_activity() { return activity_; }
  AnalyticsRepository& analytics() { return analytics_; }
  WatchRepository& watches() { return watches_; }
  WatchAlertQueue& watch_alerts() { return watches_; }

  // A photo store of this backend that names bytes with `hash` instead of SHA-256.
  std::unique_ptr<PhotoStore> photos_hashing(std::function<std::string(std::string_view)> hash) {
    return std::make_unique<postgres::PgPhotoStore>(db_, std::move(hash));
  }
  StoreSearchRepository& search() { return search_; }
  std::unique_ptr<StoreSearchRepository> search_scanning(int short_query_scan_rows) {
    return std::make_unique<postgres::PgStoreSearch>(db_, short_query_scan_rows);
  }

  // The test probes of backend.hpp, in the SQL both backends share.
  Result<void> exec_sql(std::string_view sql) {
    auto lease = db_.acquire();
    return lease.connection().exec(sql);
  }
  std::int64_t sql_int(std::string_view sql) {
    auto lease = db_.acquire();
    auto rows = lease.connection().query(sql);
    EXPECT_TRUE(rows) << (rows ? "" : rows.error().log_detail);
    if (!rows || rows->empty()) return -1;
    return rows->int64(0, 0);
  }
  std::vector<std::string> sql_texts(std::string_view sql) {
    auto lease = db_.acquire();
    auto rows = lease.connection().query(sql);
    EXPECT_TRUE(rows) << (rows ? "" : rows.error().log_detail);
    std::vector<std::string> out;
    if (!rows) return out;
    out.reserve(rows->count());
    for (int i = 0; i < rows->size(); ++i) out.emplace_back(rows->text(i, 0));
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
  postgres::Database db_;
  postgres::PgStoreRepository stores_{db_};
  postgres::PgStoreCatalog catalog_{db_};
  postgres::PgReportRepository reports_{db_};
  postgres::PgMetaRepository meta_{db_};
  postgres::PgProductRepository products_{db_};
  postgres::PgLotteryRepository lotteries_{db_};
  postgres::PgConfirmationRepository confirmations_{db_};
  postgres::PgLotteryCalendarRepository calendars_{db_};
  postgres::PgRankingRepository ranking_{db_};
  postgres::PgSavedTripRepository saved_trips_{db_};
  postgres::PgUserRepository users_{db_};
  postgres::PgSessionRepository sessions_{db_};
  postgres::PgActionTokenRepository action_tokens_{db_};
  postgres::PgSubmissionRepository submissions_{db_};
  postgres::PgPhotoStore photos_{db_, crypto::sha256_hex};
  postgres::PgFavoriteRepository favorites_{db_};
  postgres::PgMailQueue mail_{db_};
  postgres::PgPushRepository push_{db_};
  postgres::PgStoreSearch search_{db_};
  postgres::PgAdminRepository admin_{db_};
  postgres::PgActivityRepository activity_{db_};
  postgres::PgAnalyticsRepository analytics_{db_};
  postgres::PgWatchRepository watches_{db_};
};

}  // namespace pokeca::storage::testing
