#include "pokeca/storage/postgres/pg_watch_repository.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "pokeca/storage/postgres/statement.hpp"
#include "pokeca/storage/postgres/transaction.hpp"

namespace pokeca::storage::postgres {
namespace {

constexpr double kMicroDegrees = 1e6;
constexpr std::string_view kWatchColumns =
    "w.id, w.user_id, w.prefecture, w.lat_e6, w.lng_e6, w.radius_km, w.product_kinds, w.catalog_product_id,"
    " w.events, w.active, w.created_at, w.updated_at";
// What a candidate adds to the watch columns: the address and the quiet hours. $1: except.
constexpr std::string_view kCandidateTail =
    ", u.email, coalesce(q.start_hour, 23), coalesce(q.end_hour, 7) FROM watches AS w"
    " JOIN users AS u ON u.id = w.user_id LEFT JOIN watch_quiet_hours AS q ON q.user_id = w.user_id"
    " WHERE w.active AND u.id <> $1 AND u.email_verified_at IS NOT NULL AND NOT u.blocked"
    " AND u.withdrawn_at IS NULL AND ";

std::int64_t micro(double degrees) { return std::llround(degrees * kMicroDegrees); }

AreaWatch watch_of(const Rows& rows, int r) {
  AreaWatch w;
  w.id = rows.int64(r, 0);
  w.user_id = rows.int64(r, 1);
  w.prefecture = std::string(rows.text(r, 2));
  const auto lat = rows.optional_int64(r, 3);
  const auto lng = rows.optional_int64(r, 4);
  if (lat && lng)
    w.centre = LatLng{static_cast<double>(*lat) / kMicroDegrees, static_cast<double>(*lng) / kMicroDegrees};
  w.radius_km = static_cast<int>(rows.int64(r, 5));
  w.product_kinds = static_cast<unsigned>(rows.int64(r, 6));
  w.catalog_product = rows.optional_int64(r, 7);
  w.events = static_cast<unsigned>(rows.int64(r, 8));
  w.active = rows.boolean(r, 9);
  w.created_at = rows.int64(r, 10);
  w.updated_at = rows.int64(r, 11);
  return w;
}

Param optional_param(const std::optional<std::int64_t>& v) { return v ? Param(*v) : Param::null(); }

// $2–$10 of insert and update: the columns every write sets from a watch.
void push_watch(std::vector<Param>& p, const AreaWatch& w) {
  p.emplace_back(w.prefecture);
  if (w.centre) {
    p.emplace_back(micro(w.centre->lat));
    p.emplace_back(micro(w.centre->lng));
    p.emplace_back(watch_cell(*w.centre));
  } else {
    p.push_back(Param::null());
    p.push_back(Param::null());
    p.push_back(Param::null());
  }
  p.emplace_back(w.centre ? w.radius_km : 0);
  p.emplace_back(static_cast<std::int64_t>(w.product_kinds));
  p.push_back(optional_param(w.catalog_product));
  p.emplace_back(static_cast<std::int64_t>(w.events));
  p.emplace_back(w.active);
  p.emplace_back(w.updated_at);
}

}  // namespace

struct PgWatchRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        count(c, "SELECT count(*) FROM watches WHERE user_id = $1"),
        insert(c,
               "INSERT INTO watches (user_id, prefecture, lat_e6, lng_e6, cell, radius_km, product_kinds,"
               " catalog_product_id, events, active, updated_at, created_at)"
               " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id"),
        update(c,
               "UPDATE watches SET prefecture = $2, lat_e6 = $3, lng_e6 = $4, cell = $5, radius_km = $6,"
               " product_kinds = $7, catalog_product_id = $8, events = $9, active = $10, updated_at = $11"
               " WHERE user_id = $1 AND id = $12 RETURNING id"),
        find(c, "SELECT " + std::string(kWatchColumns) + " FROM watches AS w WHERE w.id = $1"),
        remove(c, "DELETE FROM watches WHERE id = $1 AND user_id = $2"),
        list(c, "SELECT " + std::string(kWatchColumns) +
                    " FROM watches AS w WHERE w.user_id = $1 ORDER BY w.created_at, w.id"),
        off_one(c, "UPDATE watches SET active = false, updated_at = $2 WHERE user_id = $1 AND id = $3 AND active"),
        off_all(c, "UPDATE watches SET active = false, updated_at = $2 WHERE user_id = $1 AND active"),
        quiet(c, "SELECT start_hour, end_hour FROM watch_quiet_hours WHERE user_id = $1"),
        set_quiet(
            c,
            "INSERT INTO watch_quiet_hours (user_id, start_hour, end_hour) VALUES ($1, $2, $3)"
            " ON CONFLICT (user_id) DO UPDATE SET start_hour = excluded.start_hour, end_hour = excluded.end_hour"),
        // One read through both partial indexes: the prefecture's watches and the nine cells'.
        candidates(c, "SELECT " + std::string(kWatchColumns) + std::string(kCandidateTail) +
                          "w.prefecture = $2 AND w.prefecture <> ''"
                          " UNION ALL SELECT " +
                          std::string(kWatchColumns) + std::string(kCandidateTail) +
                          "w.cell IS NOT NULL AND w.cell = ANY ($3::bigint[])"),
        enqueue(c,
                "INSERT INTO mail_queue (idempotency_key, kind, user_id, recipient, subject, body,"
                " list_unsubscribe, next_attempt_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
                " ON CONFLICT (idempotency_key) DO NOTHING RETURNING id"),
        same_store(c,
                   "SELECT (SELECT count(*) FROM watch_alert_log"
                   "         WHERE watch_id = $1 AND store_id = $3 AND queued_at > $4)"
                   "     + (SELECT count(*) FROM favorite_alert_log"
                   "         WHERE user_id = $2 AND store_id = $3 AND queued_at > $4)"),
        today(c,
              "SELECT (SELECT count(*) FROM watch_alert_log WHERE user_id = $1 AND queued_at > $2)"
              "     + (SELECT count(*) FROM favorite_alert_log WHERE user_id = $1 AND queued_at > $2)"),
        log(c, "INSERT INTO watch_alert_log (user_id, watch_id, store_id, queued_at) VALUES ($1, $2, $3, $4)") {}

  Connection& conn;
  Statement count, insert, update, find, remove, list, off_one, off_all, quiet, set_quiet, candidates, enqueue,
      same_store, today, log;
};

PgWatchRepository::PgWatchRepository(Database& db) : statements_(db, "watches") {}
PgWatchRepository::~PgWatchRepository() = default;

namespace {

Result<std::optional<AreaWatch>> one_watch(Statement& find, std::int64_t id) {
  auto rows = find.run({id});
  if (!rows) return std::unexpected(rows.error());
  if (rows->empty()) return std::optional<AreaWatch>{};
  return std::optional<AreaWatch>{watch_of(*rows, 0)};
}

}  // namespace

Result<std::optional<AreaWatch>> PgWatchRepository::insert(const AreaWatch& watch, int max_per_user) {
  return statements_.with([&](Statements& st) -> Result<std::optional<AreaWatch>> {
    std::optional<AreaWatch> out;
    // SERIALIZABLE: the limit holds even with two creates at once (one of them runs again).
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      out.reset();
      auto n = st.count.run({watch.user_id});
      if (!n) return std::unexpected(n.error());
      if (n->int64(0, 0) >= max_per_user) return {};
      std::vector<Param> p{watch.user_id};
      push_watch(p, watch);
      p.emplace_back(watch.created_at);
      auto id = st.insert.run(p);
      if (!id) return std::unexpected(id.error());
      auto stored = one_watch(st.find, id->int64(0, 0));
      if (!stored) return std::unexpected(stored.error());
      out = std::move(*stored);
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

Result<std::optional<AreaWatch>> PgWatchRepository::update(const AreaWatch& watch) {
  return statements_.with([&](Statements& st) -> Result<std::optional<AreaWatch>> {
    std::optional<AreaWatch> out;
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      out.reset();
      std::vector<Param> p{watch.user_id};
      push_watch(p, watch);
      p.emplace_back(watch.id);
      auto changed = st.update.run(p);
      if (!changed) return std::unexpected(changed.error());
      if (changed->empty()) return {};
      auto stored = one_watch(st.find, watch.id);
      if (!stored) return std::unexpected(stored.error());
      out = std::move(*stored);
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

Result<bool> PgWatchRepository::remove(UserId user, WatchId id) {
  return statements_.with([&](Statements& st) -> Result<bool> {
    auto rows = st.remove.run({id, user});
    if (!rows) return std::unexpected(rows.error());
    return rows->affected() > 0;
  });
}

Result<std::vector<AreaWatch>> PgWatchRepository::list(UserId user) {
  return statements_.with([&](Statements& st) -> Result<std::vector<AreaWatch>> {
    auto rows = st.list.run({user});
    if (!rows) return std::unexpected(rows.error());
    std::vector<AreaWatch> out;
    out.reserve(rows->count());
    for (int r = 0; r < rows->size(); ++r) out.push_back(watch_of(*rows, r));
    return out;
  });
}

Result<int> PgWatchRepository::switch_off(UserId user, std::optional<WatchId> id, UnixSeconds at) {
  return statements_.with([&](Statements& st) -> Result<int> {
    auto rows = id ? st.off_one.run({user, at, *id}) : st.off_all.run({user, at});
    if (!rows) return std::unexpected(rows.error());
    return static_cast<int>(rows->affected());
  });
}

Result<QuietHours> PgWatchRepository::quiet_hours(UserId user) {
  return statements_.with([&](Statements& st) -> Result<QuietHours> {
    auto rows = st.quiet.run({user});
    if (!rows) return std::unexpected(rows.error());
    if (rows->empty()) return QuietHours{};
    return QuietHours{static_cast<int>(rows->int64(0, 0)), static_cast<int>(rows->int64(0, 1))};
  });
}

Result<void> PgWatchRepository::set_quiet_hours(UserId user, const QuietHours& quiet) {
  return statements_.with([&](Statements& st) -> Result<void> {
    auto rows = st.set_quiet.run({user, quiet.start_hour, quiet.end_hour});
    if (!rows) return std::unexpected(rows.error());
    return {};
  });
}

Result<std::vector<WatchCandidate>> PgWatchRepository::candidates(std::string_view prefecture,
                                                                  std::span<const std::int64_t> cells, UserId except) {
  return statements_.with([&](Statements& st) -> Result<std::vector<WatchCandidate>> {
    std::string array = "{";
    for (std::size_t i = 0; i < cells.size(); ++i) array += (i ? "," : "") + std::to_string(cells[i]);
    array += "}";
    auto rows = st.candidates.run({except, prefecture, array});
    if (!rows) return std::unexpected(rows.error());
    std::vector<WatchCandidate> out;
    out.reserve(rows->count());
    for (int r = 0; r < rows->size(); ++r)
      out.push_back({watch_of(*rows, r), std::string(rows->text(r, 12)),
                     QuietHours{static_cast<int>(rows->int64(r, 13)), static_cast<int>(rows->int64(r, 14))}});
    return out;
  });
}

Result<int> PgWatchRepository::queue_watch_alerts(std::span<const WatchAlertMail> mails, const AlertLimits& limits,
                                                  UnixSeconds now) {
  if (mails.empty()) return 0;
  return statements_.with([&](Statements& st) -> Result<int> {
    int queued = 0;
    // SERIALIZABLE: two events at once cannot both pass a limit (one of them runs again).
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      queued = 0;
      for (const auto& m : mails) {
        auto same = st.same_store.run({m.watch_id, m.user_id, m.store_id, limits.per_store_since});
        if (!same) return std::unexpected(same.error());
        if (same->int64(0, 0) > 0) continue;
        auto today = st.today.run({m.user_id, limits.per_day_since});
        if (!today) return std::unexpected(today.error());
        if (today->int64(0, 0) >= limits.max_per_day) continue;
        if (m.send_mail) {
          const auto& msg = m.message;
          auto inserted =
              st.enqueue.run({msg.idempotency_key, msg.kind, optional_param(msg.user_id), msg.mail.to, msg.mail.subject,
                              msg.mail.text_body, msg.mail.list_unsubscribe_url, std::max(now, m.send_at), now});
          if (!inserted) return std::unexpected(inserted.error());
          if (inserted->empty()) continue;  // this very alert was queued before
        }
        auto logged = st.log.run({m.user_id, m.watch_id, m.store_id, now});
        if (!logged) return std::unexpected(logged.error());
        ++queued;
      }
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return queued;
  });
}

}  // namespace pokeca::storage::postgres
