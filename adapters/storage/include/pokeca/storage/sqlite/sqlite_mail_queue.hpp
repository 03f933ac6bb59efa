#pragma once
// The durable mail queue (mail_queue table) and the favourite-store alerts that go
// through it (favorite_alert_log), over SQLite. Claiming is one UPDATE … RETURNING, so
// two senders never take the same row.
#include <cstdint>
#include <optional>
#include "pokeca/personal/favorite_alerts.hpp"

#include "pokeca/storage/mail_backlog.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/per_connection.hpp"

namespace pokeca::storage {

class SqliteMailQueue final : public MailQueue, public FavoriteAlertQueue {
 public:
  explicit SqliteMailQueue(Database& db);  // throws StorageError
  ~SqliteMailQueue() override;

  Result<bool> enqueue(const MailMessage& message, UnixSeconds now) override;
  Result<std::optional<QueuedMail>> claim_next(UnixSeconds now, UnixSeconds claim_until) override;
  Result<void> mark_sent(MailId id, UnixSeconds at) override;
  Result<void> mark_retry(MailId id, UnixSeconds next_attempt_at, std::string_view error) override;
  Result<void> mark_failed(MailId id, std::string_view error) override;
  Result<std::int64_t> purge_sent(UnixSeconds before) override;
  Result<int> queue_alerts(std::span<const AlertMail> mails, const AlertLimits& limits, UnixSeconds now) override;
  // How much mail waits, and since when (one read on the due index).
  Result<MailBacklog> backlog();

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage
