#pragma once
// The server's storage, on one of the two backends: SQLite in the data directory (the
// default) or PostgreSQL (--database-url). Everything else in the server sees core's ports
// only, so the choice is made here and nowhere else.
#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include "config.hpp"
#include "pokeca/accounts/auth_ports.hpp"
#include "pokeca/admin/admin_ports.hpp"
#include "pokeca/analytics/analytics.hpp"
#include "pokeca/contributions/confirmation_ports.hpp"
#include "pokeca/contributions/lottery.hpp"
#include "pokeca/contributions/photo_store.hpp"
#include "pokeca/contributions/product_catalog.hpp"
#include "pokeca/contributions/report_ports.hpp"
#include "pokeca/contributions/submission_ports.hpp"
#include "pokeca/map/store_activity.hpp"
#include "pokeca/map/store_catalog.hpp"
#include "pokeca/map/store_ports.hpp"
#include "pokeca/map/store_search.hpp"
#include "pokeca/personal/favorite_alerts.hpp"
#include "pokeca/personal/favorites.hpp"
#include "pokeca/personal/lottery_calendar.hpp"
#include "pokeca/personal/push_subscriptions.hpp"
#include "pokeca/personal/saved_trip.hpp"
#include "pokeca/personal/user_stats.hpp"
#include "pokeca/personal/watch_ports.hpp"
#include "pokeca/shared/data_changes.hpp"
#include "pokeca/shared/job_schedule.hpp"
#include "pokeca/shared/mail_queue.hpp"
#include "pokeca/shared/meta_repository.hpp"
#include "pokeca/shared/rate_limiter.hpp"
#include "pokeca/storage/database_metrics.hpp"
#include "pokeca/storage/mail_backlog.hpp"

namespace pokeca::server {

// Every port the server's services take, each the backend's own repository.
struct StoragePorts {
  StoreRepository& stores;
  ReportRepository& reports;
  MetaRepository& meta;
  SubmissionRepository& submissions;
  StorePhotoRepository& store_photos;
  UserStatsRepository& user_stats;
  StoreActivityRepository& store_activity;
  UserRepository& users;
  SessionRepository& sessions;
  ActionTokenRepository& action_tokens;
  FavoriteRepository& favorites;
  MailQueue& mail_queue;
  FavoriteAlertQueue& alert_queue;
  StoreSearchRepository& search;
  StoreCatalog& catalog;
  RankingRepository& ranking;
  SavedTripRepository& saved_trips;
  AdminRepository& admin;
  ProductRepository& products;
  LotteryRepository& lotteries;
  AnalyticsRepository& analytics;
  // Photos are named by their content: files in the data directory on SQLite, rows on
  // PostgreSQL (so every server of one database serves every photo).
  PhotoStore& photos;
  // The map caches' change signal: a generation per commit and the changed stores' ids.
  DataChanges& changes;
  // Where several servers keep their rate limits' allowances together; none on SQLite
  // (one server, whose own counts are the budget).
  SharedRateLimits* shared_limits;
  // Who runs the periodic jobs: every run on SQLite, one server per interval on PostgreSQL.
  JobSchedule& jobs;
  ConfirmationRepository& confirmations;
  // Area watches and their alerts (through the mail queue's table).
  WatchRepository& watches;
  WatchAlertQueue& watch_alerts;
  // Web Push: the devices and the durable push queue (one repository on each backend).
  PushSubscriptionRepository& push_subscriptions;
  PushQueue& push_queue;
  LotteryCalendarRepository& calendars;
};

// What the operator's metrics page shows of the database.
struct DatabaseUse {
  const storage::RepositoryTimes& repository_times;
  const storage::PoolUse& pool;
  std::size_t connections;
  std::function<Result<storage::MailBacklog>()> mail_backlog;
};

class StorageBackend {
 public:
  virtual ~StorageBackend() = default;
  [[nodiscard]] virtual StoragePorts& ports() = 0;
  [[nodiscard]] virtual DatabaseUse use() = 0;
  // The access tokens' HMAC key, `bytes` long, generated on first use: a 0600 file in the
  // data directory on SQLite, a row every server shares on PostgreSQL.
  [[nodiscard]] virtual std::string signing_key(std::size_t bytes) = 0;
  // The VAPID private key (a P-256 scalar, `bytes` long), kept like the signing key: a
  // 0600 file in the data directory on SQLite, a shared row on PostgreSQL. Generated once;
  // a new one would orphan every browser's subscription.
  [[nodiscard]] virtual std::string vapid_key(std::size_t bytes) = 0;
  // "sqlite <file>" or "postgresql <masked url>", for the start-up log line.
  [[nodiscard]] virtual std::string describe() const = 0;
};

// The backend the configuration names (PostgreSQL when a database URL is set), connected and
// migrated, with `connections` pooled connections. Throws with one line when it cannot be
// opened: an unreachable server, a wrong password, a schema newer than this program.
[[nodiscard]] std::unique_ptr<StorageBackend> open_storage(const Config& config, std::size_t connections);
[[nodiscard]] std::unique_ptr<StorageBackend> open_sqlite_storage(const Config& config, std::size_t connections);
[[nodiscard]] std::unique_ptr<StorageBackend> open_postgres_storage(const Config& config, std::size_t connections);

}  // namespace pokeca::server
