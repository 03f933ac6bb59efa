#include "pokeca/storage/postgres/pg_push_repository.hpp"

#include <string>

#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/push_messages.hpp"
#include "pokeca/shared/text.hpp"
#include "pokeca/storage/postgres/statement.hpp"
#include "pokeca/storage/postgres/transaction.hpp"

namespace pokeca::storage::postgres {
namespace {

// The push service's answer or the network error, cut: the row is for the operator.
constexpr std::size_t kMaxStoredErrorBytes = 300;

std::string_view clip(std::string_view error) {
  if (error.size() <= kMaxStoredErrorBytes) return error;
  std::size_t end = kMaxStoredErrorBytes;
  while (end > 0 && (static_cast<unsigned char>(error[end]) & 0xC0U) == 0x80U) --end;
  return error.substr(0, end);
}

Result<void> done(Result<Rows> rows) {
  if (!rows) return std::unexpected(rows.error());
  return {};
}

constexpr std::string_view kSubscriptionColumns =
    "id, user_id, endpoint, p256dh, auth, label, created_at, last_used_at";

std::string sql(std::string_view before, std::string_view after = {}) {
  return std::string(before) + std::string(kSubscriptionColumns) + std::string(after);
}

PushSubscription subscription_of(const Rows& rows, int r) {
  PushSubscription s;
  s.id = rows.int64(r, 0);
  s.user_id = rows.int64(r, 1);
  s.target = {std::string(rows.text(r, 2)), std::string(rows.text(r, 3)), std::string(rows.text(r, 4))};
  s.label = std::string(rows.text(r, 5));
  s.created_at = rows.int64(r, 6);
  s.last_used_at = rows.optional_int64(r, 7);
  return s;
}

}  // namespace

struct PgPushRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        count_devices(c, "SELECT count(*) FROM push_subscriptions WHERE user_id = $1 AND endpoint <> $2"),
        // The same endpoint again (a browser that re-subscribed, maybe under another
        // account) replaces its keys and owner.
        upsert(c, sql("INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, label, created_at)"
                      " VALUES ($1, $2, $3, $4, $5, $6)"
                      " ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh,"
                      " auth = excluded.auth, label = excluded.label, created_at = excluded.created_at,"
                      " last_used_at = NULL RETURNING ")),
        drop_queued_of_other(c, "DELETE FROM push_queue WHERE subscription_id = $1 AND user_id <> $2"),
        list(c, sql("SELECT ", " FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id DESC")),
        remove(c, "DELETE FROM push_subscriptions WHERE id = $1 AND user_id = $2"),
        drop(c, "DELETE FROM push_subscriptions WHERE id = $1"),
        used(c, "UPDATE push_subscriptions SET last_used_at = $2 WHERE id = $1"),
        queued_since(c, "SELECT count(*) FROM push_queue WHERE user_id = $1 AND kind = $2 AND created_at > $3"),
        channels(c, "SELECT push, mail FROM alert_channels WHERE user_id = $1"),
        set_channels(c,
                     "INSERT INTO alert_channels (user_id, push, mail) VALUES ($1, $2, $3)"
                     " ON CONFLICT (user_id) DO UPDATE SET push = excluded.push, mail = excluded.mail"),
        enqueue_user(c,
                     "INSERT INTO push_queue (idempotency_key, subscription_id, user_id, kind, title, body, url,"
                     " next_attempt_at, created_at, off_url)"
                     " SELECT $1::text, id, user_id, $2::text, $4::text, $5::text, $6::text, $8::bigint, $7::bigint,"
                     " $9::text "
                     "FROM push_subscriptions WHERE user_id = $3::bigint"
                     " ON CONFLICT (idempotency_key, subscription_id) DO NOTHING"),
        enqueue_device(c,
                       "INSERT INTO push_queue (idempotency_key, subscription_id, user_id, kind, title, body, url,"
                       " next_attempt_at, created_at, off_url)"
                       " SELECT $1::text, id, user_id, $2::text, $4::text, $5::text, $6::text, $9::bigint, $7::bigint,"
                       " $10::text "
                       "FROM push_subscriptions"
                       " WHERE user_id = $3::bigint AND id = $8::bigint"
                       " ON CONFLICT (idempotency_key, subscription_id) DO NOTHING"),
        // As the mail queue: one autocommitted statement, SKIP LOCKED passes over a row
        // another sender is claiming, so two senders never take the same push.
        claim(
            c,
            "UPDATE push_queue q SET status = 'sending', attempts = attempts + 1, claimed_until = $2"
            " FROM push_subscriptions s"
            " WHERE s.id = q.subscription_id AND q.id = (SELECT id FROM push_queue"
            "   WHERE status IN ('pending', 'sending')"
            "     AND ((status = 'pending' AND next_attempt_at <= $1) OR (status = 'sending' AND claimed_until <= $1))"
            "   ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)"
            " RETURNING q.id, q.subscription_id, q.idempotency_key, q.kind, q.user_id, q.title, q.body, q.url,"
            " q.attempts, s.endpoint, s.p256dh, s.auth, q.off_url"),
        sent(c,
             "UPDATE push_queue SET status = 'sent', finished_at = $2, claimed_until = NULL, last_error = ''"
             " WHERE id = $1"),
        used_by_push(c,
                     "UPDATE push_subscriptions SET last_used_at = $2"
                     " WHERE id = (SELECT subscription_id FROM push_queue WHERE id = $1)"),
        retry(c,
              "UPDATE push_queue SET status = 'pending', next_attempt_at = $2, claimed_until = NULL, last_error = $3"
              " WHERE id = $1"),
        failed(c,
               "UPDATE push_queue SET status = 'failed', finished_at = $2, claimed_until = NULL, last_error = $3"
               " WHERE id = $1"),
        purge(c, "DELETE FROM push_queue WHERE status IN ('sent', 'failed') AND finished_at < $1") {}

  Connection& conn;
  Statement count_devices, upsert, drop_queued_of_other, list, remove, drop, used, queued_since, channels, set_channels,
      enqueue_user, enqueue_device, claim, sent, used_by_push, retry, failed, purge;
};

PgPushRepository::PgPushRepository(Database& db) : statements_(db, "push") {}
PgPushRepository::~PgPushRepository() = default;

Result<PushSubscription> PgPushRepository::save_subscription(UserId user, const PushTarget& target,
                                                             std::string_view label, UnixSeconds now, int max_devices) {
  return statements_.with([&](Statements& st) -> Result<PushSubscription> {
    std::optional<PushSubscription> saved;
    // SERIALIZABLE: two devices subscribing at once cannot both pass the limit.
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      saved.reset();
      auto others = st.count_devices.run({user, target.endpoint});
      if (!others) return std::unexpected(others.error());
      if (others->int64(0, 0) >= max_devices)
        return fail(ErrorCode::kConflict,
                    fill_placeholder(msg::kPushTooManyDevices, "{max}", std::to_string(max_devices)),
                    "push/too-many-devices");
      auto rows = st.upsert.run({user, target.endpoint, target.p256dh, target.auth, label, now});
      if (!rows) return std::unexpected(rows.error());
      if (rows->empty())
        return fail_logged(ErrorCode::kInternal, msg::kInternal, "push subscription upsert returned no row");
      saved = subscription_of(*rows, 0);
      // Pushes queued for the device's previous account are not this account's to receive.
      return done(st.drop_queued_of_other.run({saved->id, user}));
    });
    if (!ok) return std::unexpected(ok.error());
    return *saved;
  });
}

Result<std::vector<PushSubscription>> PgPushRepository::subscriptions_of(UserId user) {
  return statements_.with([&](Statements& st) -> Result<std::vector<PushSubscription>> {
    auto rows = st.list.run({user});
    if (!rows) return std::unexpected(rows.error());
    std::vector<PushSubscription> out;
    out.reserve(rows->count());
    for (int r = 0; r < rows->size(); ++r) out.push_back(subscription_of(*rows, r));
    return out;
  });
}

Result<bool> PgPushRepository::delete_subscription(UserId user, PushSubscriptionId id) {
  return statements_.with([&](Statements& st) -> Result<bool> {
    auto rows = st.remove.run({id, user});
    if (!rows) return std::unexpected(rows.error());
    return rows->affected() > 0;
  });
}

Result<void> PgPushRepository::mark_subscription_used(PushSubscriptionId id, UnixSeconds at) {
  return statements_.with([&](Statements& st) { return done(st.used.run({id, at})); });
}

Result<int> PgPushRepository::pushes_queued_since(UserId user, std::string_view kind, UnixSeconds since) {
  return statements_.with([&](Statements& st) -> Result<int> {
    auto rows = st.queued_since.run({user, kind, since});
    if (!rows) return std::unexpected(rows.error());
    return static_cast<int>(rows->int64(0, 0));
  });
}

Result<AlertChannels> PgPushRepository::alert_channels(UserId user) {
  return statements_.with([&](Statements& st) -> Result<AlertChannels> {
    auto rows = st.channels.run({user});
    if (!rows) return std::unexpected(rows.error());
    AlertChannels out;
    if (!rows->empty()) {
      out.push = rows->int64(0, 0) != 0;
      out.mail = rows->int64(0, 1) != 0;
    }
    return out;
  });
}

Result<void> PgPushRepository::set_alert_channels(UserId user, const AlertChannels& channels) {
  return statements_.with([&](Statements& st) {
    return done(st.set_channels.run({user, std::int64_t{channels.push ? 1 : 0}, std::int64_t{channels.mail ? 1 : 0}}));
  });
}

Result<int> PgPushRepository::enqueue_for_user(const PushNotice& n, UnixSeconds now) {
  return statements_.with([&](Statements& st) -> Result<int> {
    auto rows = st.enqueue_user.run(
        {n.idempotency_key, n.kind, n.user_id, n.title, n.body, n.url, now, std::max(now, n.not_before), n.off_url});
    if (!rows) return std::unexpected(rows.error());
    return static_cast<int>(rows->affected());
  });
}

Result<bool> PgPushRepository::enqueue_for_device(const PushNotice& n, std::int64_t subscription_id, UnixSeconds now) {
  return statements_.with([&](Statements& st) -> Result<bool> {
    auto rows = st.enqueue_device.run({n.idempotency_key, n.kind, n.user_id, n.title, n.body, n.url, now,
                                       subscription_id, std::max(now, n.not_before), n.off_url});
    if (!rows) return std::unexpected(rows.error());
    return rows->affected() > 0;
  });
}

Result<std::optional<QueuedPush>> PgPushRepository::claim_next_push(UnixSeconds now, UnixSeconds claim_until) {
  return statements_.with([&](Statements& st) -> Result<std::optional<QueuedPush>> {
    auto rows = st.claim.run({now, claim_until});
    if (!rows) return std::unexpected(rows.error());
    if (rows->empty()) return std::nullopt;
    QueuedPush q;
    q.id = rows->int64(0, 0);
    q.subscription_id = rows->int64(0, 1);
    q.notice.idempotency_key = std::string(rows->text(0, 2));
    q.notice.kind = std::string(rows->text(0, 3));
    q.notice.user_id = rows->int64(0, 4);
    q.notice.title = std::string(rows->text(0, 5));
    q.notice.body = std::string(rows->text(0, 6));
    q.notice.url = std::string(rows->text(0, 7));
    q.attempts = static_cast<int>(rows->int64(0, 8));
    q.target = {std::string(rows->text(0, 9)), std::string(rows->text(0, 10)), std::string(rows->text(0, 11))};
    q.notice.off_url = std::string(rows->text(0, 12));
    return q;
  });
}

Result<void> PgPushRepository::mark_push_sent(PushId id, UnixSeconds at) {
  return statements_.with([&](Statements& st) -> Result<void> {
    if (auto ok = done(st.sent.run({id, at})); !ok) return ok;
    // The device works: the profile shows when it last got something.
    return done(st.used_by_push.run({id, at}));
  });
}

Result<void> PgPushRepository::mark_push_retry(PushId id, UnixSeconds next_attempt_at, std::string_view error) {
  return statements_.with([&](Statements& st) { return done(st.retry.run({id, next_attempt_at, clip(error)})); });
}

Result<void> PgPushRepository::mark_push_failed(PushId id, UnixSeconds at, std::string_view error) {
  return statements_.with([&](Statements& st) { return done(st.failed.run({id, at, clip(error)})); });
}

Result<void> PgPushRepository::drop_subscription(std::int64_t subscription_id) {
  return statements_.with([&](Statements& st) { return done(st.drop.run({subscription_id})); });
}

Result<std::int64_t> PgPushRepository::purge_finished_pushes(UnixSeconds before) {
  return statements_.with([&](Statements& st) -> Result<std::int64_t> {
    auto rows = st.purge.run({before});
    if (!rows) return std::unexpected(rows.error());
    return rows->affected();
  });
}

}  // namespace pokeca::storage::postgres
