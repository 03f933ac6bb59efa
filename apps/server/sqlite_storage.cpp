// The default backend: one SQLite file, photos and the signing key in the data directory.
#include "pokeca/crypto/key_file.hpp"
#include "pokeca/crypto/sodium_token_crypto.hpp"
#include "pokeca/media/file_photo_store.hpp"
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
#include "storage_backend.hpp"

namespace pokeca::server {
namespace {

// The VAPID private key beside the signing key, made and checked the same way.

class SqliteStorage final : public StorageBackend {
 public:
  SqliteStorage(const Config& config, std::size_t connections)
      : data_dir_(config.data_dir),
        database_file_(config.database_file()),
        db_(config.database_file(), {.connections = connections}),
        stores_(db_),
        reports_(db_),
        meta_(db_),
        submissions_(db_),
        activity_(db_),
        users_(db_),
        sessions_(db_),
        action_tokens_(db_),
        favorites_(db_),
        mail_queue_(db_),
        search_(db_),
        catalog_(db_),
        ranking_(db_),
        saved_trips_(db_),
        admin_(db_),
        products_(db_),
        lotteries_(db_),
        analytics_(db_),
        watches_(db_),
        photos_(config.photo_dir(), crypto::sha256_hex),
        confirmations_(db_),
        push_(db_),
        calendars_(db_),
        ports_{stores_,      reports_,       meta_,      submissions_, submissions_, activity_, activity_, users_,
               sessions_,    action_tokens_, favorites_, mail_queue_,  mail_queue_,  search_,   catalog_,  ranking_,
               saved_trips_, admin_,         products_,  lotteries_,   analytics_,   photos_,   db_,       nullptr,
               jobs_,        confirmations_, watches_,   watches_,     push_,        push_,     calendars_} {}

  StoragePorts& ports() override { return ports_; }
  DatabaseUse use() override {
    return {db_.repository_times(), db_.pool_use(), db_.connection_count(), [this] { return mail_queue_.backlog(); }};
  }
  std::string signing_key(std::size_t bytes) override {
    return crypto::load_or_create_key_file(data_dir_ / std::string(crypto::kSigningKeyFileName), bytes);
  }
  std::string vapid_key(std::size_t bytes) override {
    return crypto::load_or_create_key_file(data_dir_ / std::string(crypto::kVapidKeyFileName), bytes);
  }
  std::string describe() const override { return "sqlite " + database_file_.string(); }

 private:
  std::filesystem::path data_dir_;
  std::filesystem::path database_file_;
  storage::Database db_;
  storage::SqliteStoreRepository stores_;
  storage::SqliteReportRepository reports_;
  storage::SqliteMetaRepository meta_;
  storage::SqliteSubmissionRepository submissions_;
  storage::SqliteActivityRepository activity_;
  storage::SqliteUserRepository users_;
  storage::SqliteSessionRepository sessions_;
  storage::SqliteActionTokenRepository action_tokens_;
  storage::SqliteFavoriteRepository favorites_;
  storage::SqliteMailQueue mail_queue_;
  storage::SqliteStoreSearch search_;
  storage::SqliteStoreCatalog catalog_;
  storage::SqliteRankingRepository ranking_;
  storage::SqliteSavedTripRepository saved_trips_;
  storage::SqliteAdminRepository admin_;
  storage::SqliteProductRepository products_;
  storage::SqliteLotteryRepository lotteries_;
  storage::SqliteAnalyticsRepository analytics_;
  storage::SqliteWatchRepository watches_;
  media::FilePhotoStore photos_;
  LocalJobSchedule jobs_;
  storage::SqliteConfirmationRepository confirmations_;
  storage::SqlitePushRepository push_;
  storage::SqliteLotteryCalendarRepository calendars_;
  StoragePorts ports_;
};

}  // namespace

std::unique_ptr<StorageBackend> open_sqlite_storage(const Config& config, std::size_t connections) {
  return std::make_unique<SqliteStorage>(config, connections);
}

}  // namespace pokeca::server
