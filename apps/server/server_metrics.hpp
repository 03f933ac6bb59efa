#pragma once
// The series of the operator's /metrics page that are not the HTTP server's own
// (http::HttpMetrics): the map's caches, rate-limit refusals, the mail queue, the photo
// decoder, the database, and the process. Registered once at start; most are read when the page is
// rendered from counters the components keep anyway.
#include <chrono>

#include "mail_sender.hpp"
#include "pokeca/contributions/photo.hpp"
#include "pokeca/http/map_read_model.hpp"
#include "pokeca/metrics/registry.hpp"
#include "pokeca/shared/rate_limiter.hpp"
#include "pokeca/shared/time.hpp"
#include "storage_backend.hpp"

namespace pokeca::server {

// The photo decoder (the worker process) with its runs counted: decodes, failures and
// their time, whatever the outcome.
class CountingPhotoProcessor final : public PhotoProcessor {
 public:
  CountingPhotoProcessor(const PhotoProcessor& inner, metrics::Registry& registry);
  [[nodiscard]] Result<ProcessedPhoto> process(std::span<const std::byte> upload) const override;

 private:
  const PhotoProcessor& inner_;
  metrics::Counter& decodes_;
  metrics::Counter& failures_;
  metrics::Histogram& seconds_;
};

struct ServerMetricsSources {
  const http::MapReadModel& read_model;
  const RateLimiter& limiter;
  const MailSender& mail;
  const Clock& clock;
  DatabaseUse database;  // and the mail queue's backlog
};

// Everything the sources must outlive the registry's renders (stop the metrics listener first).
void register_server_metrics(metrics::Registry& registry, const ServerMetricsSources& sources);

}  // namespace pokeca::server
