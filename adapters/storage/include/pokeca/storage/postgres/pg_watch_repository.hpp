#pragma once
// Area watches (watches, watch_quiet_hours) and their alerts (watch_alert_log, through the
// mail_queue table) over PostgreSQL (migration 016).
#include <optional>

#include "pokeca/personal/watch_ports.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/per_connection.hpp"

namespace pokeca::storage::postgres {

class PgWatchRepository final : public WatchRepository, public WatchAlertQueue {
 public:
  explicit PgWatchRepository(Database& db);  // throws StorageError
  ~PgWatchRepository() override;

  Result<std::optional<AreaWatch>> insert(const AreaWatch& watch, int max_per_user) override;
  Result<std::optional<AreaWatch>> update(const AreaWatch& watch) override;
  Result<bool> remove(UserId user, WatchId id) override;
  Result<std::vector<AreaWatch>> list(UserId user) override;
  Result<int> switch_off(UserId user, std::optional<WatchId> id, UnixSeconds at) override;
  Result<QuietHours> quiet_hours(UserId user) override;
  Result<void> set_quiet_hours(UserId user, const QuietHours& quiet) override;
  Result<std::vector<WatchCandidate>> candidates(std::string_view prefecture, std::span<const std::int64_t> cells,
                                                 UserId except) override;
  Result<int> queue_watch_alerts(std::span<const WatchAlertMail> mails, const AlertLimits& limits,
                                 UnixSeconds now) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage::postgres
