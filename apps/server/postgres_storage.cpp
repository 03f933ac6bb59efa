// PostgreSQL (--database-url): everything a second server of the same database needs is in
// the database — the rows, the photos and the signing key.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <stop_token>
#include <thread>

#include "log.hpp"
#include "pokeca/crypto/key_file.hpp"
#include "pokeca/crypto/sodium_token_crypto.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/pg_action_token_repository.hpp"
#include "pokeca/storage/postgres/pg_activity_repository.hpp"
#include "pokeca/storage/postgres/pg_admin_repository.hpp"
#include "pokeca/storage/postgres/pg_analytics_repository.hpp"
#include "pokeca/storage/postgres/pg_confirmation_repository.hpp"
#include "pokeca/storage/postgres/pg_favorite_repository.hpp"
#include "pokeca/storage/postgres/pg_job_schedule.hpp"
#include "pokeca/storage/postgres/pg_lottery_calendar_repository.hpp"
#include "pokeca/storage/postgres/pg_lottery_repository.hpp"
#include "pokeca/storage/postgres/pg_mail_queue.hpp"
#include "pokeca/storage/postgres/pg_meta_repository.hpp"
#include "pokeca/storage/postgres/pg_photo_store.hpp"
#include "pokeca/storage/postgres/pg_product_repository.hpp"
#include "pokeca/storage/postgres/pg_push_repository.hpp"
#include "pokeca/storage/postgres/pg_ranking_repository.hpp"
#include "pokeca/storage/postgres/pg_rate_limits.hpp"
#include "pokeca/storage/postgres/pg_report_repository.hpp"
#include "pokeca/storage/postgres/pg_saved_trip_repository.hpp"
#include "pokeca/storage/postgres/pg_session_repository.hpp"
#include "pokeca/storage/postgres/pg_store_catalog.hpp"
#include "pokeca/storage/postgres/pg_store_repository.hpp"
#include "pokeca/storage/postgres/pg_store_search.hpp"
#include "pokeca/storage/postgres/pg_submission_repository.hpp"
#include "pokeca/storage/postgres/pg_user_repository.hpp"
#include "pokeca/storage/postgres/pg_watch_repository.hpp"
#include "pokeca/storage/postgres/recent_sums_folder.hpp"
#include "pokeca/storage/postgres/shared_secret.hpp"
#include "storage_backend.hpp"

namespace pokeca::server {
namespace {

namespace pg = storage::postgres;

// How often each server folds the reports' "reported within" changes into the kept hour
// sums. Answers are exact either way; the changes not yet folded are summed on every
// 24 h cluster read, so they should stay a few seconds' worth: a fold that moved a backlog
// (kRecentFoldBacklog or more) is followed by the next at once.
constexpr auto kRecentFoldInterval = std::chrono::seconds(2);
constexpr std::int64_t kRecentFoldBacklog = 500;

// Runs the fold every kRecentFoldInterval; stops (and joins) when destroyed.
class RecentSumsFolding {
 public:
  explicit RecentSumsFolding(pg::RecentSumsFolder& folder)
      : thread_([&folder](const std::stop_token& stop) {
          std::mutex mutex;
          std::condition_variable_any wake;
          while (!stop.stop_requested()) {
            const auto folded = folder.fold();
            if (!folded) log_event("recent_fold_error", {{"detail", folded.error().cause()}});
            if (folded && *folded >= kRecentFoldBacklog) continue;
            std::unique_lock lock(mutex);
            (void)wake.wait_for(lock, stop, kRecentFoldInterval, [] { return false; });
          }
        }) {}

 private:
  std::jthread thread_;
};

// The VAPID private key's row in server_secrets, beside the signing key.

class PostgresStorage final : public StorageBackend {
 public:
  PostgresStorage(const Config& config, std::size_t connections)
      : masked_url_(config.database_url_masked),
        db_(config.database_url, {.connections = connections}),
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
        photos_(db_, crypto::sha256_hex),
        rate_limits_(db_),
        jobs_(db_),
        confirmations_(db_),
        push_(db_),
        calendars_(db_),
        recent_folder_(db_),
        recent_folding_(recent_folder_),
        ports_{stores_,  reports_,  meta_,          submissions_, submissions_,   activity_,   activity_,
               users_,   sessions_, action_tokens_, favorites_,   mail_queue_,    mail_queue_, search_,
               catalog_, ranking_,  saved_trips_,   admin_,       products_,      lotteries_,  analytics_,
               photos_,  db_,       &rate_limits_,  jobs_,        confirmations_, watches_,    watches_,
               push_,    push_,     calendars_} {}

  StoragePorts& ports() override { return ports_; }
  DatabaseUse use() override {
    return {db_.repository_times(), db_.pool_use(), db_.connection_count(), [this] { return mail_queue_.backlog(); }};
  }
  std::string signing_key(std::size_t bytes) override {
    return pg::load_or_create_secret(db_, pg::kSigningKeySecret, bytes, crypto::random_key);
  }
  std::string vapid_key(std::size_t bytes) override {
    return pg::load_or_create_secret(db_, pg::kVapidKeySecret, bytes, crypto::random_key);
  }
  std::string describe() const override { return "postgresql " + masked_url_; }

 private:
  std::string masked_url_;
  pg::Database db_;
  pg::PgStoreRepository stores_;
  pg::PgReportRepository reports_;
  pg::PgMetaRepository meta_;
  pg::PgSubmissionRepository submissions_;
  pg::PgActivityRepository activity_;
  pg::PgUserRepository users_;
  pg::PgSessionRepository sessions_;
  pg::PgActionTokenRepository action_tokens_;
  pg::PgFavoriteRepository favorites_;
  pg::PgMailQueue mail_queue_;
  pg::PgStoreSearch search_;
  pg::PgStoreCatalog catalog_;
  pg::PgRankingRepository ranking_;
  pg::PgSavedTripRepository saved_trips_;
  pg::PgAdminRepository admin_;
  pg::PgProductRepository products_;
  pg::PgLotteryRepository lotteries_;
  pg::PgAnalyticsRepository analytics_;
  pg::PgWatchRepository watches_;
  pg::PgPhotoStore photos_;
  pg::PgRateLimits rate_limits_;
  pg::PgJobSchedule jobs_;
  pg::PgConfirmationRepository confirmations_;
  pg::PgPushRepository push_;
  pg::PgLotteryCalendarRepository calendars_;
  pg::RecentSumsFolder recent_folder_;
  RecentSumsFolding recent_folding_;  // after what it uses: stops first
  StoragePorts ports_;
};

}  // namespace

std::unique_ptr<StorageBackend> open_postgres_storage(const Config& config, std::size_t connections) {
  return std::make_unique<PostgresStorage>(config, connections);
}

}  // namespace pokeca::server
