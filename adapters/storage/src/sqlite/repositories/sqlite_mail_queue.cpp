#include "pokeca/storage/sqlite/sqlite_mail_queue.hpp"

#include "pokeca/storage/sqlite/statement.hpp"
#include "pokeca/storage/sqlite/transaction.hpp"

namespace pokeca::storage {
namespace {

// Long errors (curl's text) are cut: the row is for the operator, not an archive.
constexpr std::size_t kMaxStoredErrorBytes = 500;

std::string_view clip(std::string_view error) {
  if (error.size() <= kMaxStoredErrorBytes) return error;
  std::size_t end = kMaxStoredErrorBytes;
  while (end > 0 && (static_cast<unsigned char>(error[end]) & 0xC0U) == 0x80U) --end;  // whole characters
  return error.substr(0, end);
}

}  // namespace

struct SqliteMailQueue::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        enqueue(c,
                "INSERT INTO mail_queue (idempotency_key, kind, user_id, recipient, subject, body,"
                " list_unsubscribe, next_attempt_at, created_at)"
                " VALUES (:key, :kind, :user, :to, :subject, :body, :unsubscribe, :now, :now)"
                " ON CONFLICT (idempotency_key) DO NOTHING RETURNING id"),
        // The due row with the earliest due time; a claim that ran out counts as due.
        claim(c,
              "UPDATE mail_queue SET status = 'sending', attempts = attempts + 1, claimed_until = :until"
              " WHERE id = (SELECT id FROM mail_queue"
              "   WHERE (status = 'pending' AND next_attempt_at <= :now)"
              "      OR (status = 'sending' AND claimed_until <= :now)"
              "   ORDER BY next_attempt_at, id LIMIT 1)"
              " RETURNING id, idempotency_key, kind, user_id, recipient, subject, body, list_unsubscribe, attempts"),
        sent(c,
             "UPDATE mail_queue SET status = 'sent', sent_at = :at, claimed_until = NULL, last_error = ''"
             " WHERE id = :id"),
        retry(c,
              "UPDATE mail_queue SET status = 'pending', next_attempt_at = :next, claimed_until = NULL,"
              " last_error = :error WHERE id = :id"),
        failed(c, "UPDATE mail_queue SET status = 'failed', claimed_until = NULL, last_error = :error WHERE id = :id"),
        purge(c, "DELETE FROM mail_queue WHERE status = 'sent' AND sent_at < :before RETURNING id"),
        alerts_for_store(c,
                         "SELECT count(*) FROM favorite_alert_log"
                         " WHERE user_id = :user AND store_id = :store AND queued_at > :since"),
        alerts_for_user(c, "SELECT count(*) FROM favorite_alert_log WHERE user_id = :user AND queued_at > :since"),
        log_alert(c,
                  "INSERT INTO favorite_alert_log (user_id, store_id, report_id, queued_at)"
                  " VALUES (:user, :store, :report, :at)"),
        backlog(c, "SELECT count(*), min(created_at) FROM mail_queue WHERE status IN ('pending', 'sending')") {}

  Connection& conn;
  Statement enqueue, claim, sent, retry, failed, purge, alerts_for_store, alerts_for_user, log_alert, backlog;
};

SqliteMailQueue::SqliteMailQueue(Database& db) : statements_(db, "mail_queue") {}
SqliteMailQueue::~SqliteMailQueue() = default;

namespace {

Result<bool> insert(SqliteMailQueue::Statements& st, const MailMessage& m, UnixSeconds now) {
  st.enqueue.bind_text(":key", m.idempotency_key)
      .bind_text(":kind", m.kind)
      .bind_int(":user", m.user_id)
      .bind_text(":to", m.mail.to)
      .bind_text(":subject", m.mail.subject)
      .bind_text(":body", m.mail.text_body)
      .bind_text(":unsubscribe", m.mail.list_unsubscribe_url)
      .bind_int(":now", now);
  bool inserted = false;
  auto ok = st.enqueue.each([&](const Row&) { inserted = true; });
  if (!ok) return std::unexpected(ok.error());
  return inserted;
}

Result<std::int64_t> count_of(Statement& st) {
  std::int64_t n = 0;
  auto ok = st.each([&](const Row& row) { n = row.int64(0); });
  if (!ok) return std::unexpected(ok.error());
  return n;
}

}  // namespace

Result<bool> SqliteMailQueue::enqueue(const MailMessage& message, UnixSeconds now) {
  return statements_.with([&](Statements& st) { return insert(st, message, now); });
}

Result<std::optional<QueuedMail>> SqliteMailQueue::claim_next(UnixSeconds now, UnixSeconds claim_until) {
  return statements_.with([&](Statements& st) -> Result<std::optional<QueuedMail>> {
    std::optional<QueuedMail> out;
    auto ok = st.claim.bind_int(":now", now).bind_int(":until", claim_until).each([&](const Row& row) {
      QueuedMail q;
      q.id = row.int64(0);
      q.message.idempotency_key = row.text(1);
      q.message.kind = row.text(2);
      q.message.user_id = row.optional_int64(3);
      q.message.mail.to = row.text(4);
      q.message.mail.subject = row.text(5);
      q.message.mail.text_body = row.text(6);
      q.message.mail.list_unsubscribe_url = row.text(7);
      q.attempts = static_cast<int>(row.int64(8));
      out = std::move(q);
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

Result<void> SqliteMailQueue::mark_sent(MailId id, UnixSeconds at) {
  return statements_.with([&](Statements& st) { return st.sent.bind_int(":id", id).bind_int(":at", at).run(); });
}

Result<void> SqliteMailQueue::mark_retry(MailId id, UnixSeconds next_attempt_at, std::string_view error) {
  return statements_.with([&](Statements& st) {
    return st.retry.bind_int(":id", id).bind_int(":next", next_attempt_at).bind_text(":error", clip(error)).run();
  });
}

Result<void> SqliteMailQueue::mark_failed(MailId id, std::string_view error) {
  return statements_.with(
      [&](Statements& st) { return st.failed.bind_int(":id", id).bind_text(":error", clip(error)).run(); });
}

Result<std::int64_t> SqliteMailQueue::purge_sent(UnixSeconds before) {
  return statements_.with([&](Statements& st) -> Result<std::int64_t> {
    std::int64_t n = 0;
    auto ok = st.purge.bind_int(":before", before).each([&](const Row&) { ++n; });
    if (!ok) return std::unexpected(ok.error());
    return n;
  });
}

Result<MailBacklog> SqliteMailQueue::backlog() {
  return statements_.with([&](Statements& st) -> Result<MailBacklog> {
    MailBacklog backlog;
    auto ok = st.backlog.each([&](const Row& row) {
      backlog.unsent = row.int64(0);
      backlog.oldest_created_at = row.optional_int64(1);
    });
    if (!ok) return std::unexpected(ok.error());
    return backlog;
  });
}

Result<int> SqliteMailQueue::queue_alerts(std::span<const AlertMail> mails, const AlertLimits& limits,
                                          UnixSeconds now) {
  if (mails.empty()) return 0;
  return statements_.with([&](Statements& st) -> Result<int> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    int queued = 0;
    for (const auto& m : mails) {
      auto same_store = count_of(st.alerts_for_store.bind_int(":user", m.user_id)
                                     .bind_int(":store", m.store_id)
                                     .bind_int(":since", limits.per_store_since));
      if (!same_store) return std::unexpected(same_store.error());
      if (*same_store > 0) continue;
      auto today = count_of(st.alerts_for_user.bind_int(":user", m.user_id).bind_int(":since", limits.per_day_since));
      if (!today) return std::unexpected(today.error());
      if (*today >= limits.max_per_day) continue;
      // Mail switched off (push only): the alert still counts against the limits.
      auto inserted = m.send_mail ? insert(st, m.message, now) : Result<bool>(true);
      if (!inserted) return std::unexpected(inserted.error());
      if (!*inserted) continue;  // this very alert was queued before
      if (auto ok = st.log_alert.bind_int(":user", m.user_id)
                        .bind_int(":store", m.store_id)
                        .bind_int(":report", m.report_id)
                        .bind_int(":at", now)
                        .run();
          !ok)
        return std::unexpected(ok.error());
      ++queued;
    }
    if (auto ok = tx->commit(); !ok) return std::unexpected(ok.error());
    return queued;
  });
}

}  // namespace pokeca::storage
