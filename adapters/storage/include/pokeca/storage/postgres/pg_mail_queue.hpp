#pragma once
// The durable mail queue (mail_queue) and the favourite-store alerts that go through it
// (favorite_alert_log), over PostgreSQL (migration 011). Several servers may send from one
// queue: a claim takes the next due row with FOR UPDATE SKIP LOCKED (a row another sender
// is claiming is passed over, not waited for) and leases it until claim_until, so a mail
// whose sender died is claimed again, by any server, once the lease ran out.
#include <cstdint>

#include "pokeca/personal/favorite_alerts.hpp"
#include "pokeca/shared/mail_queue.hpp"
#include "pokeca/storage/mail_backlog.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/per_connection.hpp"

namespace pokeca::storage::postgres {

class PgMailQueue final : public MailQueue, public FavoriteAlertQueue {
 public:
  explicit PgMailQueue(Database& db);  // throws StorageError
  ~PgMailQueue() override;

  Result<bool> enqueue(const MailMessage& message, UnixSeconds now) override;
  Result<std::optional<QueuedMail>> claim_next(UnixSeconds now, UnixSeconds claim_until) override;
  Result<void> mark_sent(MailId id, UnixSeconds at) override;
  Result<void> mark_retry(MailId id, UnixSeconds next_attempt_at, std::string_view error) override;
  Result<void> mark_failed(MailId id, std::string_view error) override;
  Result<std::int64_t> purge_sent(UnixSeconds before) override;
  Result<int> queue_alerts(std::span<const AlertMail> mails, const AlertLimits& limits, UnixSeconds now) override;
  // How much mail waits, and since when.
  Result<MailBacklog> backlog();

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage::postgres
