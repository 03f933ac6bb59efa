#include "pokeca/storage/sqlite/sqlite_push_repository.hpp"

#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/push_messages.hpp"
#include "pokeca/shared/text.hpp"
#include "pokeca/storage/sqlite/statement.hpp"
#include "pokeca/storage/sqlite/transaction.hpp"

namespace pokeca::storage {
namespace {

// The push service's answer or the network error, cut: the row is for the operator.
constexpr std::size_t kMaxStoredErrorBytes = 300;

std::string_view clip(std::string_view error) {
  if (error.size() <= kMaxStoredErrorBytes) return error;
  std::size_t end = kMaxStoredErrorBytes;
  while (end > 0 && (static_cast<unsigned char>(error[end]) & 0xC0U) == 0x80U) --end;
  return error.substr(0, end);
}

constexpr const char* kSubscriptionColumns = "id, user_id, endpoint, p256dh, auth, label, created_at, last_used_at";

PushSubscription subscription_of(const Row& row) {
  PushSubscription s;
  s.id = row.int64(0);
  s.user_id = row.int64(1);
  s.target = {std::string(row.text(2)), std::string(row.text(3)), std::string(row.text(4))};
  s.label = row.text(5);
  s.created_at = row.int64(6);
  s.last_used_at = row.optional_int64(7);
  return s;
}

std::string sql(std::string_view before, std::string_view after = {}) {
  return std::string(before) + kSubscriptionColumns + std::string(after);
}

}  // namespace

struct SqlitePushRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        count_devices(c, "SELECT count(*) FROM push_subscriptions WHERE user_id = :user AND endpoint <> :endpoint"),
        // The same endpoint again (a browser that re-subscribed, maybe under another
        // account) replaces its keys and owner; the queued pushes for it go with the old owner.
        upsert(c, sql("INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, label, created_at)"
                      " VALUES (:user, :endpoint, :p256dh, :auth, :label, :now)"
                      " ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh,"
                      " auth = excluded.auth, label = excluded.label, created_at = excluded.created_at,"
                      " last_used_at = NULL RETURNING ")),
        drop_queued_of_other(c, "DELETE FROM push_queue WHERE subscription_id = :id AND user_id <> :user"),
        list(c, sql("SELECT ", " FROM push_subscriptions WHERE user_id = :user ORDER BY created_at DESC, id DESC")),
        remove(c, "DELETE FROM push_subscriptions WHERE id = :id AND user_id = :user RETURNING id"),
        drop(c, "DELETE FROM push_subscriptions WHERE id = :id"),
        used(c, "UPDATE push_subscriptions SET last_used_at = :at WHERE id = :id"),
        queued_since(c,
                     "SELECT count(*) FROM push_queue WHERE user_id = :user AND kind = :kind AND created_at > :since"),
        channels(c, "SELECT push, mail FROM alert_channels WHERE user_id = :user"),
        set_channels(c,
                     "INSERT INTO alert_channels (user_id, push, mail) VALUES (:user, :push, :mail)"
                     " ON CONFLICT (user_id) DO UPDATE SET push = excluded.push, mail = excluded.mail"),
        enqueue_user(c,
                     "INSERT INTO push_queue (idempotency_key, subscription_id, user_id, kind, title, body, url,"
                     " next_attempt_at, created_at, off_url)"
                     " SELECT :key, id, user_id, :kind, :title, :body, :url, :due, :now, :off FROM push_subscriptions"
                     " WHERE user_id = :user"
                     " ON CONFLICT (idempotency_key, subscription_id) DO NOTHING RETURNING id"),
        enqueue_device(c,
                       "INSERT INTO push_queue (idempotency_key, subscription_id, user_id, kind, title, body, url,"
                       " next_attempt_at, created_at, off_url)"
                       " SELECT :key, id, user_id, :kind, :title, :body, :url, :due, :now, :off FROM push_subscriptions"
                       " WHERE id = :id AND user_id = :user"
                       " ON CONFLICT (idempotency_key, subscription_id) DO NOTHING RETURNING id"),
        claim(c,
              "UPDATE push_queue SET status = 'sending', attempts = attempts + 1, claimed_until = :until"
              " WHERE id = (SELECT id FROM push_queue"
              "   WHERE (status = 'pending' AND next_attempt_at <= :now)"
              "      OR (status = 'sending' AND claimed_until <= :now)"
              "   ORDER BY next_attempt_at, id LIMIT 1)"
              " RETURNING id, subscription_id, idempotency_key, kind, user_id, title, body, url, attempts, off_url"),
        target(c, "SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE id = :id"),
        sent(c,
             "UPDATE push_queue SET status = 'sent', finished_at = :at, claimed_until = NULL, last_error = ''"
             " WHERE id = :id"),
        retry(c,
              "UPDATE push_queue SET status = 'pending', next_attempt_at = :next, claimed_until = NULL,"
              " last_error = :error WHERE id = :id"),
        failed(c,
               "UPDATE push_queue SET status = 'failed', finished_at = :at, claimed_until = NULL, last_error = :error"
               " WHERE id = :id"),
        used_by_push(c,
                     "UPDATE push_subscriptions SET last_used_at = :at"
                     " WHERE id = (SELECT subscription_id FROM push_queue WHERE id = :id)"),
        purge(c, "DELETE FROM push_queue WHERE status IN ('sent', 'failed') AND finished_at < :before RETURNING id") {}

  Connection& conn;
  Statement count_devices, upsert, drop_queued_of_other, list, remove, drop, used, queued_since, channels, set_channels,
      enqueue_user, enqueue_device, claim, target, sent, retry, failed, used_by_push, purge;
};

SqlitePushRepository::SqlitePushRepository(Database& db) : statements_(db, "push") {}
SqlitePushRepository::~SqlitePushRepository() = default;

namespace {

Result<std::int64_t> count_of(Statement& st) {
  std::int64_t n = 0;
  auto ok = st.each([&](const Row& row) { n = row.int64(0); });
  if (!ok) return std::unexpected(ok.error());
  return n;
}

Statement& bind_notice(Statement& st, const PushNotice& n, UnixSeconds now) {
  return st.bind_text(":key", n.idempotency_key)
      .bind_text(":kind", n.kind)
      .bind_int(":user", n.user_id)
      .bind_text(":title", n.title)
      .bind_text(":body", n.body)
      .bind_text(":url", n.url)
      .bind_text(":off", n.off_url)
      .bind_int(":due", std::max(now, n.not_before))
      .bind_int(":now", now);
}

}  // namespace

Result<PushSubscription> SqlitePushRepository::save_subscription(UserId user, const PushTarget& target,
                                                                 std::string_view label, UnixSeconds now,
                                                                 int max_devices) {
  return statements_.with([&](Statements& st) -> Result<PushSubscription> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    auto others = count_of(st.count_devices.bind_int(":user", user).bind_text(":endpoint", target.endpoint));
    if (!others) return std::unexpected(others.error());
    if (*others >= max_devices)
      return fail(ErrorCode::kConflict,
                  fill_placeholder(msg::kPushTooManyDevices, "{max}", std::to_string(max_devices)),
                  "push/too-many-devices");
    std::optional<PushSubscription> saved;
    auto ok = st.upsert.bind_int(":user", user)
                  .bind_text(":endpoint", target.endpoint)
                  .bind_text(":p256dh", target.p256dh)
                  .bind_text(":auth", target.auth)
                  .bind_text(":label", label)
                  .bind_int(":now", now)
                  .each([&](const Row& row) { saved = subscription_of(row); });
    if (!ok) return std::unexpected(ok.error());
    if (!saved) return fail_logged(ErrorCode::kInternal, msg::kInternal, "push subscription upsert returned no row");
    // Pushes queued for the device's previous account are not this account's to receive.
    if (auto dropped = st.drop_queued_of_other.bind_int(":id", saved->id).bind_int(":user", user).run(); !dropped)
      return std::unexpected(dropped.error());
    if (auto committed = tx->commit(); !committed) return std::unexpected(committed.error());
    return *saved;
  });
}

Result<std::vector<PushSubscription>> SqlitePushRepository::subscriptions_of(UserId user) {
  return statements_.with([&](Statements& st) -> Result<std::vector<PushSubscription>> {
    std::vector<PushSubscription> out;
    auto ok = st.list.bind_int(":user", user).each([&](const Row& row) { out.push_back(subscription_of(row)); });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

Result<bool> SqlitePushRepository::delete_subscription(UserId user, PushSubscriptionId id) {
  return statements_.with([&](Statements& st) -> Result<bool> {
    bool removed = false;
    auto ok = st.remove.bind_int(":id", id).bind_int(":user", user).each([&](const Row&) { removed = true; });
    if (!ok) return std::unexpected(ok.error());
    return removed;
  });
}

Result<void> SqlitePushRepository::mark_subscription_used(PushSubscriptionId id, UnixSeconds at) {
  return statements_.with([&](Statements& st) { return st.used.bind_int(":id", id).bind_int(":at", at).run(); });
}

Result<int> SqlitePushRepository::pushes_queued_since(UserId user, std::string_view kind, UnixSeconds since) {
  return statements_.with([&](Statements& st) -> Result<int> {
    auto n = count_of(st.queued_since.bind_int(":user", user).bind_text(":kind", kind).bind_int(":since", since));
    if (!n) return std::unexpected(n.error());
    return static_cast<int>(*n);
  });
}

Result<AlertChannels> SqlitePushRepository::alert_channels(UserId user) {
  return statements_.with([&](Statements& st) -> Result<AlertChannels> {
    AlertChannels out;
    auto ok = st.channels.bind_int(":user", user).each([&](const Row& row) {
      out.push = row.int64(0) != 0;
      out.mail = row.int64(1) != 0;
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

Result<void> SqlitePushRepository::set_alert_channels(UserId user, const AlertChannels& channels) {
  return statements_.with([&](Statements& st) {
    return st.set_channels.bind_int(":user", user)
        .bind_int(":push", channels.push ? 1 : 0)
        .bind_int(":mail", channels.mail ? 1 : 0)
        .run();
  });
}

Result<int> SqlitePushRepository::enqueue_for_user(const PushNotice& notice, UnixSeconds now) {
  return statements_.with([&](Statements& st) -> Result<int> {
    int queued = 0;
    auto ok = bind_notice(st.enqueue_user, notice, now).each([&](const Row&) { ++queued; });
    if (!ok) return std::unexpected(ok.error());
    return queued;
  });
}

Result<bool> SqlitePushRepository::enqueue_for_device(const PushNotice& notice, std::int64_t subscription_id,
                                                      UnixSeconds now) {
  return statements_.with([&](Statements& st) -> Result<bool> {
    bool queued = false;
    auto ok = bind_notice(st.enqueue_device, notice, now).bind_int(":id", subscription_id).each([&](const Row&) {
      queued = true;
    });
    if (!ok) return std::unexpected(ok.error());
    return queued;
  });
}

Result<std::optional<QueuedPush>> SqlitePushRepository::claim_next_push(UnixSeconds now, UnixSeconds claim_until) {
  return statements_.with([&](Statements& st) -> Result<std::optional<QueuedPush>> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    std::optional<QueuedPush> out;
    auto ok = st.claim.bind_int(":now", now).bind_int(":until", claim_until).each([&](const Row& row) {
      QueuedPush q;
      q.id = row.int64(0);
      q.subscription_id = row.int64(1);
      q.notice.idempotency_key = row.text(2);
      q.notice.kind = row.text(3);
      q.notice.user_id = row.int64(4);
      q.notice.title = row.text(5);
      q.notice.body = row.text(6);
      q.notice.url = row.text(7);
      q.attempts = static_cast<int>(row.int64(8));
      q.notice.off_url = row.text(9);
      out = std::move(q);
    });
    if (!ok) return std::unexpected(ok.error());
    if (out) {
      auto found = st.target.bind_int(":id", out->subscription_id).each([&](const Row& row) {
        out->target = {std::string(row.text(0)), std::string(row.text(1)), std::string(row.text(2))};
      });
      if (!found) return std::unexpected(found.error());
    }
    if (auto committed = tx->commit(); !committed) return std::unexpected(committed.error());
    return out;
  });
}

Result<void> SqlitePushRepository::mark_push_sent(PushId id, UnixSeconds at) {
  return statements_.with([&](Statements& st) -> Result<void> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    if (auto ok = st.sent.bind_int(":id", id).bind_int(":at", at).run(); !ok) return ok;
    // The device works: the profile shows when it last got something.
    if (auto ok = st.used_by_push.bind_int(":id", id).bind_int(":at", at).run(); !ok) return ok;
    return tx->commit();
  });
}

Result<void> SqlitePushRepository::mark_push_retry(PushId id, UnixSeconds next_attempt_at, std::string_view error) {
  return statements_.with([&](Statements& st) {
    return st.retry.bind_int(":id", id).bind_int(":next", next_attempt_at).bind_text(":error", clip(error)).run();
  });
}

Result<void> SqlitePushRepository::mark_push_failed(PushId id, UnixSeconds at, std::string_view error) {
  return statements_.with([&](Statements& st) {
    return st.failed.bind_int(":id", id).bind_int(":at", at).bind_text(":error", clip(error)).run();
  });
}

Result<void> SqlitePushRepository::drop_subscription(std::int64_t subscription_id) {
  return statements_.with([&](Statements& st) { return st.drop.bind_int(":id", subscription_id).run(); });
}

Result<std::int64_t> SqlitePushRepository::purge_finished_pushes(UnixSeconds before) {
  return statements_.with([&](Statements& st) -> Result<std::int64_t> {
    std::int64_t n = 0;
    auto ok = st.purge.bind_int(":before", before).each([&](const Row&) { ++n; });
    if (!ok) return std::unexpected(ok.error());
    return n;
  });
}

}  // namespace pokeca::storage
