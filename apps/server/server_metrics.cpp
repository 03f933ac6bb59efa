#include "server_metrics.hpp"

#include <array>
#include <string>

namespace pokeca::server {
namespace {

// A decode takes from a few milliseconds (a small JPEG) to seconds (a 12-megapixel HEIC);
// the worker is killed at 15 s.
constexpr std::array<double, 10> kDecodeBuckets{0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 15.0};

// The repositories are built before this runs, so every one of them is on the page; those
// never called are left off until they are.
void register_database_metrics(metrics::Registry& registry, const DatabaseUse& db) {
  for (const auto* repository : db.repository_times.entries())
    registry.histogram_of("pokeca_db_call_seconds",
                          "Time a repository call holds its database connection (statements, rows, commit).",
                          {{"repository", repository->name}}, repository->seconds, metrics::Zero::kOmit);
  const auto& pool = db.pool;
  registry.gauge_fn("pokeca_db_pool_connections", "Connections in the database pool.", {},
                    [connections = db.connections] { return static_cast<double>(connections); });
  registry.gauge_fn("pokeca_db_pool_in_use", "Database connections leased now.", {},
                    [&pool] { return static_cast<double>(pool.in_use.value()); });
  registry.counter_fn("pokeca_db_pool_leases_total", "Database connections handed out.", {},
                      [&pool] { return static_cast<double>(pool.leases.value()); });
  registry.counter_fn("pokeca_db_pool_waits_total", "Leases that waited for a connection to be given back.", {},
                      [&pool] { return static_cast<double>(pool.waits.value()); });
  registry.histogram_of("pokeca_db_pool_wait_seconds", "Time a lease that waited spent waiting for its connection.", {},
                        pool.wait_seconds);
}

}  // namespace

CountingPhotoProcessor::CountingPhotoProcessor(const PhotoProcessor& inner, metrics::Registry& registry)
    : inner_(inner),
      decodes_(registry.counter("pokeca_photo_decodes_total", "Photo uploads given to a decoder process.")),
      failures_(registry.counter("pokeca_photo_decode_failures_total",
                                 "Photo uploads the decoder refused or failed on (bad image, limits, crash).")),
      seconds_(registry.histogram("pokeca_photo_decode_seconds", "Time of one photo decode, worker start to answer.",
                                  {}, kDecodeBuckets)) {}

Result<ProcessedPhoto> CountingPhotoProcessor::process(std::span<const std::byte> upload) const {
  const auto started = std::chrono::steady_clock::now();
  auto result = inner_.process(upload);
  seconds_.observe(std::chrono::steady_clock::now() - started);
  decodes_.add();
  if (!result) failures_.add();
  return result;
}

void register_server_metrics(metrics::Registry& registry, const ServerMetricsSources& sources) {
  const auto& model = sources.read_model;
  const auto cache = [&model](auto field) {
    return [&model, field] { return static_cast<double>(model.stats().*field); };
  };
  using Stats = http::MapReadModel::Stats;
  registry.counter_fn("pokeca_response_cache_hits_total", "Public map reads answered from the response cache.", {},
                      cache(&Stats::response_hits));
  registry.counter_fn("pokeca_response_cache_misses_total",
                      "Cacheable public map reads the response cache did not hold.", {},
                      cache(&Stats::response_misses));
  registry.counter_fn("pokeca_response_cache_evictions_total", "Response cache entries pushed out by its byte budget.",
                      {}, cache(&Stats::response_evictions));
  registry.counter_fn("pokeca_store_fragment_hits_total", "Stores a bbox list copied from their kept JSON.", {},
                      cache(&Stats::fragment_hits));
  registry.counter_fn("pokeca_store_fragment_misses_total", "Stores a bbox list read from their rows.", {},
                      cache(&Stats::fragment_misses));
  registry.counter_fn("pokeca_store_fragment_evictions_total",
                      "Kept store JSON dropped (the store changed, or the table was full).", {},
                      cache(&Stats::fragment_evictions));
  registry.gauge_fn("pokeca_store_fragments", "Stores whose list JSON is kept.", {}, cache(&Stats::kept_stores));

  const auto& limiter = sources.limiter;
  for (std::size_t i = 0; i < RateLimiter::kCountedRules; ++i)
    registry.counter_fn("pokeca_rate_limit_refusals_total", "Requests refused by a rate limit (429), by limit name.",
                        {{"limit", std::string(limiter.refusals()[i].first)}},
                        [&limiter, i] { return static_cast<double>(limiter.refusals()[i].second); });

  const auto& mail = sources.mail;
  registry.counter_fn("pokeca_mail_sent_total", "Mails handed to SMTP (or the outbox).", {},
                      [&mail] { return static_cast<double>(mail.counts().sent); });
  registry.counter_fn("pokeca_mail_retries_total", "Mail deliveries that failed and will be tried again.", {},
                      [&mail] { return static_cast<double>(mail.counts().retried); });
  registry.counter_fn("pokeca_mail_failures_total", "Mails given up after their last attempt.", {},
                      [&mail] { return static_cast<double>(mail.counts().failed); });
  const auto& backlog_of = sources.database.mail_backlog;
  const auto& clock = sources.clock;
  // -1 when the database cannot be read: an alert on the queue then sees something wrong.
  registry.gauge_fn("pokeca_mail_queue_depth", "Mails waiting to be sent (pending or being sent).", {}, [backlog_of] {
    const auto backlog = backlog_of();
    return backlog ? static_cast<double>(backlog->unsent) : -1.0;
  });
  registry.gauge_fn("pokeca_mail_queue_oldest_age_seconds", "Age of the oldest mail waiting to be sent (0: none).", {},
                    [backlog_of, &clock] {
                      const auto backlog = backlog_of();
                      if (!backlog) return -1.0;
                      if (!backlog->oldest_created_at) return 0.0;
                      return static_cast<double>(clock.now() - *backlog->oldest_created_at);
                    });

  register_database_metrics(registry, sources.database);
}

}  // namespace pokeca::server
