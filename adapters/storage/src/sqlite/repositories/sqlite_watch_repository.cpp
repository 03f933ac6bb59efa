#include "pokeca/storage/sqlite/sqlite_watch_repository.hpp"

#include <cmath>
#include <string>

#include "pokeca/storage/sqlite/statement.hpp"
#include "pokeca/storage/sqlite/transaction.hpp"

namespace pokeca::storage {
namespace {

constexpr double kMicroDegrees = 1e6;
constexpr std::string_view kWatchColumns =
    "w.id, w.user_id, w.prefecture, w.lat_e6, w.lng_e6, w.radius_km, w.product_kinds, w.catalog_product_id,"
    " w.events, w.active, w.created_at, w.updated_at";
// What a candidate adds to the watch columns: the address and the quiet hours.
constexpr std::string_view kCandidateTail =
    ", u.email, coalesce(q.start_hour, 23), coalesce(q.end_hour, 7) FROM watches AS w"
    " JOIN users AS u ON u.id = w.user_id LEFT JOIN watch_quiet_hours AS q ON q.user_id = w.user_id"
    " WHERE w.active = 1 AND u.id <> :except AND u.email_verified_at IS NOT NULL AND u.blocked = 0"
    " AND u.withdrawn_at IS NULL AND ";

std::int64_t micro(double degrees) { return std::llround(degrees * kMicroDegrees); }

AreaWatch watch_of(const Row& row) {
  AreaWatch w;
  w.id = row.int64(0);
  w.user_id = row.int64(1);
  w.prefecture = row.text(2);
  const auto lat = row.optional_int64(3);
  const auto lng = row.optional_int64(4);
  if (lat && lng)
    w.centre = LatLng{static_cast<double>(*lat) / kMicroDegrees, static_cast<double>(*lng) / kMicroDegrees};
  w.radius_km = static_cast<int>(row.int64(5));
  w.product_kinds = static_cast<unsigned>(row.int64(6));
  w.catalog_product = row.optional_int64(7);
  w.events = static_cast<unsigned>(row.int64(8));
  w.active = row.int64(9) != 0;
  w.created_at = row.int64(10);
  w.updated_at = row.int64(11);
  return w;
}

// The columns every write sets from a watch (the same names in insert and update).
Statement& bind_watch(Statement& st, const AreaWatch& w) {
  st.bind_int(":user", w.user_id).bind_text(":prefecture", w.prefecture);
  if (w.centre) {
    st.bind_int(":lat", micro(w.centre->lat))
        .bind_int(":lng", micro(w.centre->lng))
        .bind_int(":cell", watch_cell(*w.centre))
        .bind_int(":radius", w.radius_km);
  } else {
    st.bind_null(":lat").bind_null(":lng").bind_null(":cell").bind_int(":radius", 0);
  }
  return st.bind_int(":kinds", w.product_kinds)
      .bind_int(":product", w.catalog_product)
      .bind_int(":events", w.events)
      .bind_int(":active", w.active ? 1 : 0)
      .bind_int(":updated", w.updated_at);
}

Result<std::int64_t> count_of(Statement& st) {
  std::int64_t n = 0;
  auto ok = st.each([&](const Row& row) { n = row.int64(0); });
  if (!ok) return std::unexpected(ok.error());
  return n;
}

Result<std::optional<AreaWatch>> one_watch(Statement& st) {
  std::optional<AreaWatch> out;
  auto ok = st.each([&](const Row& row) { out = watch_of(row); });
  if (!ok) return std::unexpected(ok.error());
  return out;
}

}  // namespace

struct SqliteWatchRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        count(c, "SELECT count(*) FROM watches WHERE user_id = :user"),
        insert(c,
               "INSERT INTO watches (user_id, prefecture, lat_e6, lng_e6, radius_km, cell, product_kinds,"
               " catalog_product_id, events, active, created_at, updated_at) VALUES (:user, :prefecture, :lat, :lng,"
               " :radius, :cell, :kinds, :product, :events, :active, :created, :updated) RETURNING id"),
        update(c,
               "UPDATE watches SET prefecture = :prefecture, lat_e6 = :lat, lng_e6 = :lng, radius_km = :radius,"
               " cell = :cell, product_kinds = :kinds, catalog_product_id = :product, events = :events,"
               " active = :active, updated_at = :updated WHERE id = :id AND user_id = :user RETURNING id"),
        find(c, "SELECT " + std::string(kWatchColumns) + " FROM watches AS w WHERE w.id = :id"),
        remove(c, "DELETE FROM watches WHERE id = :id AND user_id = :user RETURNING id"),
        list(c, "SELECT " + std::string(kWatchColumns) +
                    " FROM watches AS w WHERE w.user_id = :user ORDER BY w.created_at, w.id"),
        off_one(c,
                "UPDATE watches SET active = 0, updated_at = :at WHERE user_id = :user AND id = :id AND active = 1"
                " RETURNING id"),
        off_all(c, "UPDATE watches SET active = 0, updated_at = :at WHERE user_id = :user AND active = 1 RETURNING id"),
        quiet(c, "SELECT start_hour, end_hour FROM watch_quiet_hours WHERE user_id = :user"),
        set_quiet(
            c,
            "INSERT INTO watch_quiet_hours (user_id, start_hour, end_hour) VALUES (:user, :start, :end)"
            " ON CONFLICT (user_id) DO UPDATE SET start_hour = excluded.start_hour, end_hour = excluded.end_hour"),
        // One read through both partial indexes: the prefecture's watches and the nine cells'.
        candidates(c, "SELECT " + std::string(kWatchColumns) + std::string(kCandidateTail) +
                          "w.prefecture = :prefecture AND w.prefecture <> ''"
                          " UNION ALL SELECT " +
                          std::string(kWatchColumns) + std::string(kCandidateTail) +
                          "w.cell IS NOT NULL AND w.cell IN (:c0, :c1, :c2, :c3, :c4, :c5, :c6, :c7, :c8)"),
        enqueue(c,
                "INSERT INTO mail_queue (idempotency_key, kind, user_id, recipient, subject, body,"
                " list_unsubscribe, next_attempt_at, created_at)"
                " VALUES (:key, :kind, :user, :to, :subject, :body, :unsubscribe, :due, :now)"
                " ON CONFLICT (idempotency_key) DO NOTHING RETURNING id"),
        same_store(c,
                   "SELECT (SELECT count(*) FROM watch_alert_log"
                   "         WHERE watch_id = :watch AND store_id = :store AND queued_at > :since)"
                   "     + (SELECT count(*) FROM favorite_alert_log"
                   "         WHERE user_id = :user AND store_id = :store AND queued_at > :since)"),
        today(c,
              "SELECT (SELECT count(*) FROM watch_alert_log WHERE user_id = :user AND queued_at > :since)"
              "     + (SELECT count(*) FROM favorite_alert_log WHERE user_id = :user AND queued_at > :since)"),
        log(c,
            "INSERT INTO watch_alert_log (user_id, watch_id, store_id, queued_at)"
            " VALUES (:user, :watch, :store, :at)") {}

  Connection& conn;
  Statement count, insert, update, find, remove, list, off_one, off_all, quiet, set_quiet, candidates, enqueue,
      same_store, today, log;
};

SqliteWatchRepository::SqliteWatchRepository(Database& db) : statements_(db, "watches") {}
SqliteWatchRepository::~SqliteWatchRepository() = default;

Result<std::optional<AreaWatch>> SqliteWatchRepository::insert(const AreaWatch& watch, int max_per_user) {
  return statements_.with([&](Statements& st) -> Result<std::optional<AreaWatch>> {
    // One write transaction: the limit holds even with two creates at once.
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    auto n = count_of(st.count.bind_int(":user", watch.user_id));
    if (!n) return std::unexpected(n.error());
    if (*n >= max_per_user) return std::optional<AreaWatch>{};
    std::int64_t id = 0;
    auto ok = bind_watch(st.insert, watch).bind_int(":created", watch.created_at).each([&](const Row& row) {
      id = row.int64(0);
    });
    if (!ok) return std::unexpected(ok.error());
    auto stored = one_watch(st.find.bind_int(":id", id));
    if (!stored) return stored;
    if (auto done = tx->commit(); !done) return std::unexpected(done.error());
    return stored;
  });
}

Result<std::optional<AreaWatch>> SqliteWatchRepository::update(const AreaWatch& watch) {
  return statements_.with([&](Statements& st) -> Result<std::optional<AreaWatch>> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    bool found = false;
    auto ok = bind_watch(st.update, watch).bind_int(":id", watch.id).each([&](const Row&) { found = true; });
    if (!ok) return std::unexpected(ok.error());
    if (!found) return std::optional<AreaWatch>{};
    auto stored = one_watch(st.find.bind_int(":id", watch.id));
    if (!stored) return stored;
    if (auto done = tx->commit(); !done) return std::unexpected(done.error());
    return stored;
  });
}

Result<bool> SqliteWatchRepository::remove(UserId user, WatchId id) {
  return statements_.with([&](Statements& st) -> Result<bool> {
    bool removed = false;
    auto ok = st.remove.bind_int(":id", id).bind_int(":user", user).each([&](const Row&) { removed = true; });
    if (!ok) return std::unexpected(ok.error());
    return removed;
  });
}

Result<std::vector<AreaWatch>> SqliteWatchRepository::list(UserId user) {
  return statements_.with([&](Statements& st) -> Result<std::vector<AreaWatch>> {
    std::vector<AreaWatch> out;
    auto ok = st.list.bind_int(":user", user).each([&](const Row& row) { out.push_back(watch_of(row)); });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

Result<int> SqliteWatchRepository::switch_off(UserId user, std::optional<WatchId> id, UnixSeconds at) {
  return statements_.with([&](Statements& st) -> Result<int> {
    int n = 0;
    auto& statement = id ? st.off_one.bind_int(":id", *id) : st.off_all;
    auto ok = statement.bind_int(":user", user).bind_int(":at", at).each([&](const Row&) { ++n; });
    if (!ok) return std::unexpected(ok.error());
    return n;
  });
}

Result<QuietHours> SqliteWatchRepository::quiet_hours(UserId user) {
  return statements_.with([&](Statements& st) -> Result<QuietHours> {
    QuietHours q;
    auto ok = st.quiet.bind_int(":user", user).each([&](const Row& row) {
      q.start_hour = static_cast<int>(row.int64(0));
      q.end_hour = static_cast<int>(row.int64(1));
    });
    if (!ok) return std::unexpected(ok.error());
    return q;
  });
}

Result<void> SqliteWatchRepository::set_quiet_hours(UserId user, const QuietHours& quiet) {
  return statements_.with([&](Statements& st) {
    return st.set_quiet.bind_int(":user", user)
        .bind_int(":start", quiet.start_hour)
        .bind_int(":end", quiet.end_hour)
        .run();
  });
}

Result<std::vector<WatchCandidate>> SqliteWatchRepository::candidates(std::string_view prefecture,
                                                                      std::span<const std::int64_t> cells,
                                                                      UserId except) {
  return statements_.with([&](Statements& st) -> Result<std::vector<WatchCandidate>> {
    static constexpr const char* kCells[] = {":c0", ":c1", ":c2", ":c3", ":c4", ":c5", ":c6", ":c7", ":c8"};
    st.candidates.bind_text(":prefecture", prefecture).bind_int(":except", except);
    for (std::size_t i = 0; i < std::size(kCells); ++i)
      st.candidates.bind_int(kCells[i], i < cells.size() ? cells[i] : std::int64_t{-1});
    std::vector<WatchCandidate> out;
    auto ok = st.candidates.each([&](const Row& row) {
      out.push_back({watch_of(row), std::string(row.text(12)),
                     QuietHours{static_cast<int>(row.int64(13)), static_cast<int>(row.int64(14))}});
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

Result<int> SqliteWatchRepository::queue_watch_alerts(std::span<const WatchAlertMail> mails, const AlertLimits& limits,
                                                      UnixSeconds now) {
  if (mails.empty()) return 0;
  return statements_.with([&](Statements& st) -> Result<int> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    int queued = 0;
    for (const auto& m : mails) {
      auto same = count_of(st.same_store.bind_int(":watch", m.watch_id)
                               .bind_int(":user", m.user_id)
                               .bind_int(":store", m.store_id)
                               .bind_int(":since", limits.per_store_since));
      if (!same) return std::unexpected(same.error());
      if (*same > 0) continue;
      auto today = count_of(st.today.bind_int(":user", m.user_id).bind_int(":since", limits.per_day_since));
      if (!today) return std::unexpected(today.error());
      if (*today >= limits.max_per_day) continue;
      // Without mail (push only) the limits alone keep an alert from repeating.
      bool inserted = !m.send_mail;
      if (m.send_mail) {
        auto ok = st.enqueue.bind_text(":key", m.message.idempotency_key)
                      .bind_text(":kind", m.message.kind)
                      .bind_int(":user", m.message.user_id)
                      .bind_text(":to", m.message.mail.to)
                      .bind_text(":subject", m.message.mail.subject)
                      .bind_text(":body", m.message.mail.text_body)
                      .bind_text(":unsubscribe", m.message.mail.list_unsubscribe_url)
                      .bind_int(":due", std::max(now, m.send_at))
                      .bind_int(":now", now)
                      .each([&](const Row&) { inserted = true; });
        if (!ok) return std::unexpected(ok.error());
      }
      if (!inserted) continue;  // this very alert was queued before
      if (auto logged = st.log.bind_int(":user", m.user_id)
                            .bind_int(":watch", m.watch_id)
                            .bind_int(":store", m.store_id)
                            .bind_int(":at", now)
                            .run();
          !logged)
        return std::unexpected(logged.error());
      ++queued;
    }
    if (auto ok = tx->commit(); !ok) return std::unexpected(ok.error());
    return queued;
  });
}

}  // namespace pokeca::storage
