// pokeca-server: the one binary. The only place that creates concrete adapters.
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <mutex>
#include <stop_token>
#include <thread>

#include "backup.hpp"
#include "config.hpp"
#include "demo_seed.hpp"
#include "log.hpp"
#include "mail_sender.hpp"
#include "migrate_data_command.hpp"
#include "pokeca/accounts/auth_policy.hpp"
#include "pokeca/accounts/auth_service.hpp"
#include "pokeca/analytics/analytics.hpp"
#include "pokeca/contributions/purchase_service.hpp"
#include "pokeca/contributions/ranking_service.hpp"
#include "pokeca/contributions/submission_service.hpp"
#include "pokeca/crypto/key_file.hpp"
#include "pokeca/crypto/sodium_analytics_keys.hpp"
#include "pokeca/crypto/sodium_password_hasher.hpp"
#include "pokeca/crypto/sodium_token_crypto.hpp"
#include "pokeca/embedded_data.hpp"
#include "pokeca/geoip/mmdb_locator.hpp"
#include "pokeca/http/error_log.hpp"
#include "pokeca/http/http_metrics.hpp"
#include "pokeca/http/http_server.hpp"
#include "pokeca/http/map_read_model.hpp"
#include "pokeca/http/metrics_endpoint.hpp"
#include "pokeca/http/router.hpp"
#include "pokeca/import/file_import.hpp"
#include "pokeca/mail/outbox_mailer.hpp"
#include "pokeca/mail/smtp_mailer.hpp"
#include "pokeca/map/gazetteer.hpp"
#include "pokeca/map/store_search.hpp"
#include "pokeca/map/store_service.hpp"
#include "pokeca/media/isolated_photo_processor.hpp"
#include "pokeca/metrics/process_metrics.hpp"
#include "pokeca/metrics/registry.hpp"
#include "pokeca/personal/favorite_alerts.hpp"
#include "pokeca/personal/favorites.hpp"
#include "pokeca/personal/lottery_calendar.hpp"
#include "pokeca/personal/purchase_observers.hpp"
#include "pokeca/personal/trip_service.hpp"
#include "pokeca/personal/user_stats.hpp"
#include "pokeca/personal/watch_alerts.hpp"
#include "pokeca/push/vapid.hpp"
#include "pokeca/push/web_push_crypto.hpp"
#include "pokeca/push/web_push_sender.hpp"
#include "pokeca/shared/base64url.hpp"
#include "push_thread.hpp"
#include "server_metrics.hpp"
#include "storage_backend.hpp"
#include "system_clock.hpp"

namespace fs = std::filesystem;
using namespace pokeca;
using namespace pokeca::server;

namespace {

constexpr const char* kVersion = "0.1.0";
constexpr std::string_view kMailSenderName = "ポケカ販売店マップ";
// Scrapers open one or two connections; the listener needs no more.
constexpr unsigned kMetricsMaxConnections = 16;

// The built frontend: the configured folder, else frontend/dist under the working
// directory, else next to a binary that lives in build/apps/server/.
fs::path resolve_static_dir(const Config& config) {
  if (!config.static_dir.empty()) return config.static_dir;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  for (const fs::path& candidate :
       {fs::current_path(ec) / "frontend" / "dist", exe.parent_path() / ".." / ".." / ".." / "frontend" / "dist"})
    if (fs::exists(candidate / "index.html", ec)) return fs::weakly_canonical(candidate, ec);
  return {};
}

// The photo decoder runs in its own process: the configured executable, else
// pokeca-photo-worker next to this binary (both are built into the same directory
// tree: build/apps/server/ and build/adapters/media/, or installed side by side).
fs::path resolve_photo_worker(const Config& config) {
  if (!config.photo_worker.empty()) return config.photo_worker;
  std::error_code ec;
  const fs::path dir = fs::read_symlink("/proc/self/exe", ec).parent_path();
  for (const fs::path& candidate :
       {dir / "pokeca-photo-worker", dir / ".." / ".." / "adapters" / "media" / "pokeca-photo-worker"})
    if (fs::exists(candidate, ec)) return fs::weakly_canonical(candidate, ec);
  return dir / "pokeca-photo-worker";  // the constructor reports it missing
}

void prepare_data_dir(const fs::path& dir) {
  fs::create_directories(dir);
  fs::permissions(dir, fs::perms::owner_all, fs::perm_options::replace);
}

// The VAPID contact (RFC 8292 §2.1): the configured one, else the mail sender, else the site.
std::string push_subject(const Config& config) {
  if (!config.push_subject.empty()) return config.push_subject;
  if (!config.mail_from.empty()) return "mailto:" + config.mail_from;
  return config.base_url.starts_with("https://") ? config.base_url : "mailto:webmaster@localhost";
}

// SMTP when a URL is configured, else .eml files in the data directory's outbox with
// the link logged, so the default install needs no mail server.
std::unique_ptr<Mailer> make_mailer(const Config& config) {
  if (!config.smtp_url.empty()) {
    auto smtp = std::make_unique<mail::SmtpMailer>(
        mail::SmtpConfig{config.smtp_url, config.mail_from, std::string(kMailSenderName), mail::kSmtpDefaultTimeout,
                         [](std::string_view line) { log_event("mail_failed", {{"message", std::string(line)}}); }});
    log_event("mail", {{"transport", "smtp"}, {"url", smtp->public_url()}});
    return smtp;
  }
  log_event("mail", {{"transport", "outbox"}, {"dir", config.outbox_dir().string()}});
  auto log = [](std::string_view line) { log_event("mail", {{"message", std::string(line)}}); };
  if (config.mail_from.empty()) return std::make_unique<mail::OutboxMailer>(config.outbox_dir(), log);
  return std::make_unique<mail::OutboxMailer>(config.outbox_dir(), log,
                                              mail::Sender{config.mail_from, std::string(kMailSenderName)});
}

Gazetteer load_gazetteer() {
  auto g = Gazetteer::from_tsv(data::kGazetteerTsv);
  if (!g) throw std::runtime_error("embedded gazetteer: " + g.error().message);
  return std::move(*g);
}

// PRODUCT §6's IP fallback: the operator's .mmdb files, asked in order (a file that
// cannot be read stops the start); none configured finds nothing.
std::unique_ptr<IpLocator> open_ip_locator(const Config& config) {
  std::vector<std::unique_ptr<IpLocator>> databases;
  for (const auto& file : config.ip_db) {
    std::string error;
    auto locator = geoip::MmdbLocator::open(file, error);
    if (!locator) throw std::runtime_error("--ip-db " + file.string() + ": " + error);
    log_event("ip_db_loaded", {{"file", file.string()}});
    databases.push_back(std::move(locator));
  }
  return std::make_unique<FirstIpLocator>(std::move(databases));
}

// How often the analytics' day secrets past their two days are dropped when no page view
// comes to do it (by one of the servers sharing a database).
constexpr auto kAnalyticsSweepInterval = std::chrono::hours(1);
constexpr UnixSeconds kAnalyticsSweepSeconds = 3600;
static_assert(std::chrono::seconds(kAnalyticsSweepSeconds) == kAnalyticsSweepInterval);

// Drops expired analytics secrets at start and then every kAnalyticsSweepInterval, when this
// server claims the run; stops (and joins) when destroyed.
class AnalyticsSecretSweeper {
 public:
  AnalyticsSecretSweeper(AnalyticsService& analytics, JobSchedule& jobs, const Clock& clock)
      : thread_([&analytics, &jobs, &clock](const std::stop_token& stop) {
          std::mutex mutex;
          std::condition_variable_any wake;
          while (!stop.stop_requested()) {
            const auto mine = jobs.claim("analytics_sweep", kAnalyticsSweepSeconds, clock.now());
            if (!mine)
              log_event("analytics_sweep_error", {{"detail", mine.error().cause()}});
            else if (auto ok = *mine ? analytics.drop_expired_secrets() : Result<void>{}; !ok)
              log_event("analytics_sweep_error", {{"detail", ok.error().cause()}});
            std::unique_lock lock(mutex);
            (void)wake.wait_for(lock, stop, kAnalyticsSweepInterval, [] { return false; });
          }
        }) {}

 private:
  std::jthread thread_;
};

int serve(const Config& configured) {
  Config config = configured;
  if (!config.log_file.empty()) log_to_file(config.log_file);
  set_request_id_source(&http::current_request_id);
  if (config.worker_threads == 0) config.worker_threads = http::default_worker_threads();
  const auto started = std::chrono::steady_clock::now();
  prepare_data_dir(config.data_dir);
  // One connection per request thread: the normal workers, the slow and the upload
  // lanes, the mail thread, and the metrics listener's (the mail queue's depth).
  const unsigned metrics_connections = config.metrics_bind ? 1 : 0;
  const auto storage = open_storage(
      config, config.worker_threads + config.auth_threads + config.upload_threads + 1 + metrics_connections);
  auto& db = storage->ports();
  log_event("storage", {{"backend", storage->describe()}});
  // Counters the parts keep whether or not anyone scrapes them (relaxed atomics); the
  // HTTP server counts only with --metrics-bind.
  metrics::Registry registry;
  const SystemClock clock;
  const Gazetteer gazetteer = load_gazetteer();

  if (config.demo_data) {
    auto seeded = seed_demo_if_empty(db.stores, db.reports, db.products, db.meta, gazetteer, clock);
    if (!seeded) throw std::runtime_error("demo data: " + seeded.error().message + " " + seeded.error().log_detail);
    if (*seeded > 0) log_event("demo_data_loaded", {{"stores", std::to_string(*seeded)}});
  }

  StoreService service(db.stores, db.reports, clock, &db.store_photos, &db.store_activity);

  if (auto expired = db.sessions.delete_expired(clock.now()); expired && *expired > 0)
    log_event("sessions_expired", {{"deleted", std::to_string(*expired)}});
  crypto::SodiumPasswordHasher hasher;
  crypto::SodiumTokenCrypto token_crypto(storage->signing_key(crypto::kSigningKeyBytes));
  const auto mailer = make_mailer(config);
  RateLimiter limiter;
  limiter.share_through(db.shared_limits);
  const auto common_passwords = CommonPasswords::from_text(data::kCommonPasswordsTxt);
  AuthService auth(
      {db.users, db.sessions, db.action_tokens, hasher, token_crypto, *mailer, limiter, common_passwords, clock},
      {config.base_url, config.rate_limits});
  const media::IsolatedPhotoProcessor isolated_processor({.worker_path = resolve_photo_worker(config).string()});
  const CountingPhotoProcessor photo_processor(isolated_processor, registry);
  SubmissionService submissions({db.submissions, db.stores, photo_processor, db.photos, gazetteer, limiter, clock},
                                {config.rate_limits.submission_account});
  http::RouterConfig router_config;
  router_config.static_dir = resolve_static_dir(config);
  router_config.photos = &db.photos;
  if (config.tile_url) router_config.site.tile_url = *config.tile_url;
  if (config.tile_attribution) router_config.site.tile_attribution = *config.tile_attribution;
  if (config.tile_max_zoom) router_config.site.tile_max_zoom = *config.tile_max_zoom;
  router_config.site.contact_url = config.contact_url;
  router_config.site.analytics_id = config.analytics_id;
  router_config.site.demo_data = [&meta = db.meta] {
    auto v = meta.get(kDemoDataMetaKey);
    return v && *v && **v == "1";
  };
  // The map's caches (whole answers, each store's list JSON), fed by the database's
  // change signal: a generation per commit and the ids of the stores it changed.
  router_config.read_model = std::make_shared<http::MapReadModel>(db.changes);
  if (router_config.static_dir.empty())
    log_event(
        "warning",
        {{"message", "frontend/dist not found: only the API is served (build the frontend or pass --static-dir)"}});
  router_config.secure_cookies = config.base_url.starts_with("https://");
  router_config.trust_forwarded_for = config.trusted_proxy;
  // Personal: favourites, search, my stats, and alert mails through the
  // durable queue that the mail thread below empties.
  FavoriteService favorites(db.favorites, clock);
  FavoriteAlerts alerts({db.favorites, db.alert_queue, db.users, token_crypto, clock}, config.base_url);
  alerts.on_error = [](const DomainError& e) { log_event("favorite_alert_error", {{"detail", e.cause()}}); };
  StoreSearchService search(db.search, gazetteer);
  router_config.catalog = &db.catalog;
  router_config.export_dir = config.export_dir();
  router_config.public_base_url = config.base_url;
  // Contributions: the purchase limit shares the limiter with the accounts.
  // Confirmations: answers to recent reports; the answers to one's own reports slow down
  // a reporter whom others keep contradicting.
  ConfirmationService confirmations(db.confirmations, limiter, clock);
  // Area watches: alerts about reports and shown lottery entries around the watched areas,
  // through the same durable queue (held until the end of each user's quiet hours).
  WatchService watches(db.watches, token_crypto, clock);
  WatchAlerts watch_alerts({db.watches, db.watch_alerts, db.stores, token_crypto, clock}, config.base_url);
  watch_alerts.on_error = [](const DomainError& e) { log_event("watch_alert_error", {{"detail", e.cause()}}); };
  PurchaseObservers purchase_observers{&alerts, &watch_alerts};
  PurchaseService purchases({db.stores, db.reports, limiter, clock, &confirmations, &db.products},
                            config.rate_limits.purchase_account, &purchase_observers);
  RankingService ranking(db.ranking, clock);
  UserStatsService user_stats(db.user_stats, db.ranking, clock);
  // Trips: share ids come from the same CSPRNG as the session tokens.
  TripService trips({db.stores, db.saved_trips, token_crypto, clock});
  const auto ip_locator = open_ip_locator(config);
  // Admin console: every admin write with its audit row, one transaction.
  AdminService admin({db.admin, db.submissions, db.photos, gazetteer, clock});
  // The product catalogue (admins keep it; a demo database gets the demo catalogue).
  ProductCatalogService products(db.products, clock);
  if (config.demo_data) {
    auto seeded = seed_demo_products(db.products, db.meta);
    if (!seeded) throw std::runtime_error("demo products: " + seeded.error().message + " " + seeded.error().log_detail);
    if (*seeded > 0) log_event("demo_products_loaded", {{"products", std::to_string(*seeded)}});
  }
  // Lottery entries: a trusted author's at once, anyone else's after an admin's review.
  LotteryService lotteries(db.lotteries, clock, &watch_alerts);
  if (config.demo_data) {
    auto seeded = seed_demo_lotteries(db.lotteries, db.products, db.meta, gazetteer, clock);
    if (!seeded)
      throw std::runtime_error("demo lotteries: " + seeded.error().message + " " + seeded.error().log_detail);
    if (*seeded > 0) log_event("demo_lotteries_loaded", {{"lotteries", std::to_string(*seeded)}});
  }
  // The lottery calendar: per-user ICS feeds behind secret tokens from the same CSPRNG.
  LotteryCalendarService calendar({db.calendars, token_crypto, limiter, clock}, config.base_url);
  // Analytics: page views with their own per-IP limit; a small thread drops
  // the day secrets that are too old even when no page view comes to do it.
  crypto::SodiumAnalyticsKeys analytics_keys;
  AnalyticsService analytics({db.analytics, analytics_keys, limiter, clock});
  AnalyticsSecretSweeper sweeper(analytics, db.jobs, clock);
  // Web Push: the VAPID key pair made once and kept like the signing key; alerts go out
  // through the durable push queue that the push thread below empties.
  const auto vapid = push::vapid_keys_from_private(storage->vapid_key(push::kP256PrivateKeyBytes));
  if (config.push_allow_loopback)
    log_event("warning", {{"message", "--push-allow-loopback: plain http push endpoints on loopback (tests only)"}});
  PushService push_service(
      {db.push_subscriptions, db.push_queue, clock},
      {.vapid_public_key = base64url_encode(vapid.public_key), .allow_insecure_loopback = config.push_allow_loopback});
  push::WebPushSender push_sender({.keys = vapid,
                                   .subject = push_subject(config),
                                   .allow_insecure_loopback = config.push_allow_loopback,
                                   .timeout = push::kPushSendTimeout,
                                   .now = [&clock] { return clock.now(); }});
  PushThread push_thread(db.push_queue, push_sender, clock);
  push_thread.start();
  push_service.on_queued = [&push_thread] { push_thread.wake(); };
  alerts.send_push_through(&push_service);
  watch_alerts.send_push_through(&push_service);
  http::Router router({.stores = service,
                       .auth = auth,
                       .purchases = purchases,
                       .ranking = ranking,
                       .submissions = submissions,
                       .favorites = favorites,
                       .search = search,
                       .user_stats = user_stats,
                       .alerts = alerts,
                       .trips = trips,
                       .admin = admin,
                       .analytics = analytics,
                       .products = products,
                       .lotteries = lotteries,
                       .confirmations = confirmations,
                       .watches = watches,
                       .push = push_service,
                       .calendar = calendar,
                       .ip_locator = *ip_locator},
                      router_config);
  MailSender mail_sender(db.mail_queue, *mailer, clock);
  mail_sender.start();
  // Verification and reset mails through the same durable queue.
  auth.queue_mail(db.mail_queue, [&mail_sender] { mail_sender.wake(); });
  // One mail per review of a store submission, to its poster (opt-out in the profile).
  SubmissionReviewMails review_mails({db.users, db.mail_queue, clock}, config.base_url);
  review_mails.on_error = [](const DomainError& e) { log_event("review_mail_error", {{"detail", e.cause()}}); };
  review_mails.on_queued = [&mail_sender] { mail_sender.wake(); };
  submissions.observe_reviews(&review_mails);

  http::HttpServerConfig server_config;
  server_config.bind_address = config.bind_address;
  server_config.port = config.port;
  server_config.io_threads = config.io_threads;
  server_config.worker_threads = config.worker_threads;
  server_config.slow_lane_threads = config.auth_threads;
  server_config.upload_lane_threads = config.upload_threads;
  static_assert(kDefaultConnectionsPerAddress == http::kDefaultMaxConnectionsPerAddress);
  server_config.trust_forwarded_for = config.trusted_proxy;
  server_config.max_connections_per_address = config.connections_per_address;
  std::optional<http::HttpMetrics> http_metrics;
  if (config.metrics_bind) {
    http_metrics.emplace(registry, http::api_routes());
    server_config.metrics = &*http_metrics;
    register_server_metrics(registry, {.read_model = *router_config.read_model,
                                       .limiter = limiter,
                                       .mail = mail_sender,
                                       .clock = clock,
                                       .database = storage->use()});
    metrics::register_process_metrics(registry, kVersion);
  }
  http::HttpServer server(router, server_config);
  server.start();
  // The metrics page on its own listener, never the public port; declared after
  // everything its page reads, so it is gone before them.
  const http::MetricsEndpoint metrics_endpoint(registry);
  std::optional<http::HttpServer> metrics_server;
  if (config.metrics_bind) {
    http::HttpServerConfig metrics_config;
    metrics_config.bind_address = config.metrics_bind->address;
    metrics_config.port = config.metrics_bind->port;
    metrics_config.io_threads = 1;
    metrics_config.worker_threads = 1;
    metrics_config.max_connections = kMetricsMaxConnections;
    metrics_config.access_log = [](std::string_view) {};  // scrapes stay out of the access log
    metrics_server.emplace(metrics_endpoint, metrics_config);
    metrics_server->start();
    log_event("metrics_listening", {{"address", config.metrics_bind->address},
                                    {"port", std::to_string(metrics_server->port())},
                                    {"path", std::string(http::kMetricsPath)}});
  }
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
  log_event("listening", {{"address", config.bind_address},
                          {"port", std::to_string(server.port())},
                          {"url", "http://localhost:" + std::to_string(server.port()) + "/"},
                          {"static_dir", router_config.static_dir.string()},
                          {"startup_ms", std::to_string(ms.count())}});
  server.wait_for_signal();
  log_event("stopping");
  if (metrics_server) metrics_server->stop();
  server.stop();
  mail_sender.stop();
  push_thread.stop();
  log_event("stopped");
  return 0;
}

int import_command(const Config& config, const std::vector<std::string>& args) {
  if (args.size() != 1) {
    std::cerr << "usage: pokeca-server import FILE\n";
    return 2;
  }
  prepare_data_dir(config.data_dir);
  const auto storage = open_storage(config, 1);
  const SystemClock clock;
  const Gazetteer gazetteer = load_gazetteer();
  return importer::run_import_command(args[0], storage->ports().stores, gazetteer, clock, std::cout, std::cerr);
}

// `admin grant|revoke|block|unblock EMAIL`: the first admin comes from here.
int admin_command(const Config& config, const std::vector<std::string>& args) {
  if (args.size() != 2) {
    std::cerr << "usage: pokeca-server admin grant|revoke|block|unblock EMAIL\n";
    return 2;
  }
  prepare_data_dir(config.data_dir);
  const auto storage = open_storage(config, 1);
  const SystemClock clock;
  AccountAdmin admin(storage->ports().users, storage->ports().sessions, clock);
  const auto& action = args[0];
  const auto& email = args[1];
  Result<User> done = fail(ErrorCode::kBadRequest, "unknown action");
  if (action == "grant")
    done = admin.grant_admin(email);
  else if (action == "revoke")
    done = admin.revoke_admin(email);
  else if (action == "block")
    done = admin.block(email);
  else if (action == "unblock")
    done = admin.unblock(email);
  else {
    std::cerr << "unknown admin action: " << action << " (grant, revoke, block, unblock)\n";
    return 2;
  }
  if (!done) {
    std::cerr << "error: " << done.error().message << "\n";
    return done.error().code == ErrorCode::kNotFound ? 3 : 1;
  }
  std::cout << action << ": " << done->email << " (admin=" << (done->admin ? "yes" : "no")
            << ", blocked=" << (done->blocked ? "yes" : "no") << ")\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  auto parsed = parse_command_line(argc, argv, [](const char* name) { return std::getenv(name); });
  if (!parsed.parsed) {
    std::cerr << "error: " << parsed.error << "\n\n" << usage_text();
    return 2;
  }
  const auto& cmd = *parsed.parsed;
  // A backup is a copy of the SQLite file; PostgreSQL has its own tools (pg_dump).
  if (!cmd.config.database_url.empty() && (cmd.command == "backup" || cmd.command == "restore")) {
    std::cerr << "error: " << cmd.command << " copies the SQLite database in --data-dir; with --database-url ("
              << cmd.config.database_url_masked << ") use pg_dump and pg_restore (deploy/README.md)\n";
    return 2;
  }
  try {
    if (cmd.command == "serve") return serve(cmd.config);
    if (cmd.command == "import") return import_command(cmd.config, cmd.args);
    if (cmd.command == "admin") return admin_command(cmd.config, cmd.args);
    if (cmd.command == "backup") return backup_command(cmd.config, cmd.args, std::cout, std::cerr);
    if (cmd.command == "restore") return restore_command(cmd.config, cmd.args, std::cout, std::cerr);
    if (cmd.command == "migrate-data") return migrate_data_command(cmd.config, std::cout, std::cerr);
    if (cmd.command == "version") return std::cout << kVersion << "\n", 0;
    if (cmd.command == "help") return std::cout << usage_text(), 0;
    std::cerr << "unknown command: " << cmd.command << "\n\n" << usage_text();
    return 2;
  } catch (const std::exception& e) {
    log_event("fatal", {{"message", e.what()}});
    return 1;
  }
}
