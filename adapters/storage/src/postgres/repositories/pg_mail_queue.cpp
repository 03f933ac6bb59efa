#include "pokeca/storage/postgres/pg_mail_queue.hpp"

#include <string>

#include "pokeca/storage/postgres/statement.hpp"
#include "pokeca/storage/postgres/transaction.hpp"

namespace pokeca::storage::postgres {
namespace {

// Long errors (curl's text) are cut: the row is for the operator, not an archive.
constexpr std::size_t kMaxStoredErrorBytes = 500;

std::string_view clip(std::string_view error) {
  if (error.size() <= kMaxStoredErrorBytes) return error;
  std::size_t end = kMaxStoredErrorBytes;
  while (end > 0 && (static_cast<unsigned char>(error[end]) & 0xC0U) == 0x80U) --end;  // whole characters
  return error.substr(0, end);
}

Result<void> done(Result<Rows> rows) {
  if (!rows) return std::unexpected(rows.error());
  return {};
}

}  // namespace

struct PgMailQueue::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        enqueue(c,
                "INSERT INTO mail_queue (idempotency_key, kind, user_id, recipient, subject, body,"
                " list_unsubscribe, next_attempt_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)"
                " ON CONFLICT (idempotency_key) DO NOTHING RETURNING id"),
        // The due row with the earliest due time; a claim whose lease ran out counts as
        // due. One autocommitted statement (READ COMMITTED): SKIP LOCKED passes over a row
        // another sender's claim holds right now, and a row claimed meanwhile no longer
        // matches when rechecked, so two senders never take the same mail.
        claim(
            c,
            "UPDATE mail_queue SET status = 'sending', attempts = attempts + 1, claimed_until = $2"
            " WHERE id = (SELECT id FROM mail_queue"
            "   WHERE status IN ('pending', 'sending')"
            "     AND ((status = 'pending' AND next_attempt_at <= $1) OR (status = 'sending' AND claimed_until <= $1))"
            "   ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)"
            " RETURNING id, idempotency_key, kind, user_id, recipient, subject, body, list_unsubscribe, attempts"),
        sent(
            c,
            "UPDATE mail_queue SET status = 'sent', sent_at = $2, claimed_until = NULL, last_error = '' WHERE id = $1"),
        retry(c,
              "UPDATE mail_queue SET status = 'pending', next_attempt_at = $2, claimed_until = NULL, last_error = $3"
              " WHERE id = $1"),
        failed(c, "UPDATE mail_queue SET status = 'failed', claimed_until = NULL, last_error = $2 WHERE id = $1"),
        purge(c, "DELETE FROM mail_queue WHERE status = 'sent' AND sent_at < $1"),
        alerts_for_store(
            c, "SELECT count(*) FROM favorite_alert_log WHERE user_id = $1 AND store_id = $2 AND queued_at > $3"),
        alerts_for_user(c, "SELECT count(*) FROM favorite_alert_log WHERE user_id = $1 AND queued_at > $2"),
        log_alert(c,
                  "INSERT INTO favorite_alert_log (user_id, store_id, report_id, queued_at) VALUES ($1, $2, $3, $4)"),
        backlog(c, "SELECT count(*), min(created_at) FROM mail_queue WHERE status IN ('pending', 'sending')") {}

  Connection& conn;
  Statement enqueue, claim, sent, retry, failed, purge, alerts_for_store, alerts_for_user, log_alert, backlog;
};

namespace {

Result<bool> insert(PgMailQueue::Statements& st, const MailMessage& m, UnixSeconds now) {
  auto rows = st.enqueue.run({m.idempotency_key, m.kind, m.user_id ? Param(*m.user_id) : Param::null(), m.mail.to,
                              m.mail.subject, m.mail.text_body, m.mail.list_unsubscribe_url, now});
  if (!rows) return std::unexpected(rows.error());
  return !rows->empty();
}

Result<std::int64_t> count_of(Statement& st, const std::vector<Param>& params) {
  auto rows = st.run(params);
  if (!rows) return std::unexpected(rows.error());
  return rows->int64(0, 0);
}

}  // namespace

PgMailQueue::PgMailQueue(Database& db) : statements_(db, "mail_queue") {}
PgMailQueue::~PgMailQueue() = default;

Result<bool> PgMailQueue::enqueue(const MailMessage& message, UnixSeconds now) {
  return statements_.with([&](Statements& st) { return insert(st, message, now); });
}

Result<std::optional<QueuedMail>> PgMailQueue::claim_next(UnixSeconds now, UnixSeconds claim_until) {
  return statements_.with([&](Statements& st) -> Result<std::optional<QueuedMail>> {
    auto rows = st.claim.run({now, claim_until});
    if (!rows) return std::unexpected(rows.error());
    if (rows->empty()) return std::nullopt;
    QueuedMail q;
    q.id = rows->int64(0, 0);
    q.message.idempotency_key = std::string(rows->text(0, 1));
    q.message.kind = std::string(rows->text(0, 2));
    q.message.user_id = rows->optional_int64(0, 3);
    q.message.mail.to = std::string(rows->text(0, 4));
    q.message.mail.subject = std::string(rows->text(0, 5));
    q.message.mail.text_body = std::string(rows->text(0, 6));
    q.message.mail.list_unsubscribe_url = std::string(rows->text(0, 7));
    q.attempts = static_cast<int>(rows->int64(0, 8));
    return q;
  });
}

Result<void> PgMailQueue::mark_sent(MailId id, UnixSeconds at) {
  return statements_.with([&](Statements& st) { return done(st.sent.run({id, at})); });
}

Result<void> PgMailQueue::mark_retry(MailId id, UnixSeconds next_attempt_at, std::string_view error) {
  return statements_.with([&](Statements& st) { return done(st.retry.run({id, next_attempt_at, clip(error)})); });
}

Result<void> PgMailQueue::mark_failed(MailId id, std::string_view error) {
  return statements_.with([&](Statements& st) { return done(st.failed.run({id, clip(error)})); });
}

Result<std::int64_t> PgMailQueue::purge_sent(UnixSeconds before) {
  return statements_.with([&](Statements& st) -> Result<std::int64_t> {
    auto rows = st.purge.run({before});
    if (!rows) return std::unexpected(rows.error());
    return rows->affected();
  });
}

Result<MailBacklog> PgMailQueue::backlog() {
  return statements_.with([&](Statements& st) -> Result<MailBacklog> {
    auto rows = st.backlog.run();
    if (!rows) return std::unexpected(rows.error());
    return MailBacklog{rows->int64(0, 0), rows->optional_int64(0, 1)};
  });
}

Result<int> PgMailQueue::queue_alerts(std::span<const AlertMail> mails, const AlertLimits& limits, UnixSeconds now) {
  if (mails.empty()) return 0;
  return statements_.with([&](Statements& st) -> Result<int> {
    int queued = 0;
    // SERIALIZABLE: two reports at once cannot both pass a limit (one of them runs again).
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      queued = 0;
      for (const auto& m : mails) {
        auto same_store = count_of(st.alerts_for_store, {m.user_id, m.store_id, limits.per_store_since});
        if (!same_store) return std::unexpected(same_store.error());
        if (*same_store > 0) continue;
        auto today = count_of(st.alerts_for_user, {m.user_id, limits.per_day_since});
        if (!today) return std::unexpected(today.error());
        if (*today >= limits.max_per_day) continue;
        // Mail switched off (push only): the alert still counts against the limits.
        auto inserted = m.send_mail ? insert(st, m.message, now) : Result<bool>(true);
        if (!inserted) return std::unexpected(inserted.error());
        if (!*inserted) continue;  // this very alert was queued before
        if (auto logged = done(st.log_alert.run({m.user_id, m.store_id, m.report_id, now})); !logged) return logged;
        ++queued;
      }
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return queued;
  });
}

}  // namespace pokeca::storage::postgres
