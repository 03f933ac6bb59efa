#include "pokeca/storage/sqlite/sqlite_analytics_repository.hpp"

#include "engine/quiet_commits.hpp"
#include "pokeca/storage/sqlite/statement.hpp"
#include "pokeca/storage/sqlite/transaction.hpp"

namespace pokeca::storage {

struct SqliteAnalyticsRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        secret_get(c, "SELECT secret FROM analytics_secrets WHERE day = :day"),
        secret_put(c,
                   "INSERT INTO analytics_secrets (day, secret) VALUES (:day, :secret)"
                   " ON CONFLICT (day) DO NOTHING"),
        secrets_drop(c, "DELETE FROM analytics_secrets WHERE day < :day"),
        visitors_drop(c, "DELETE FROM analytics_daily_visitors WHERE day < :day"),
        visitor_add(c,
                    "INSERT INTO analytics_daily_visitors (day, visitor_hash) VALUES (:day, :hash)"
                    " ON CONFLICT DO NOTHING RETURNING 1"),
        page_exists(c, "SELECT 1 FROM analytics_daily_pages WHERE day = :day AND path = :path"),
        day_paths(c, "SELECT paths FROM analytics_daily_totals WHERE day = :day"),
        page_add(c,
                 "INSERT INTO analytics_daily_pages (day, path, views, bot_views) VALUES (:day, :path, :views, :bots)"
                 " ON CONFLICT (day, path) DO UPDATE SET views = views + excluded.views,"
                 " bot_views = bot_views + excluded.bot_views"),
        totals_add(c,
                   "INSERT INTO analytics_daily_totals (day, page_views, bot_views, visitors, paths)"
                   " VALUES (:day, :views, :bots, :visitors, :paths)"
                   " ON CONFLICT (day) DO UPDATE SET page_views = page_views + excluded.page_views,"
                   " bot_views = bot_views + excluded.bot_views, visitors = visitors + excluded.visitors,"
                   " paths = paths + excluded.paths"),
        prefecture_add(c,
                       "INSERT INTO analytics_daily_prefecture_views (day, prefecture, views)"
                       " VALUES (:day, :prefecture, 1)"
                       " ON CONFLICT (day, prefecture) DO UPDATE SET views = views + 1"),
        day_totals(c,
                   "SELECT day, page_views, visitors, bot_views FROM analytics_daily_totals"
                   " WHERE day BETWEEN :from AND :to"),
        day_counts(c,
                   "SELECT day, signups, submissions, approvals, rejections FROM analytics_daily_counts"
                   " WHERE day BETWEEN :from AND :to"),
        day_reports(c,
                    "SELECT day, sum(reports) FROM analytics_daily_reports"
                    " WHERE day BETWEEN :from AND :to GROUP BY day"),
        top_pages(c,
                  "SELECT path, sum(v) AS n FROM ("
                  " SELECT path, views AS v FROM analytics_daily_pages WHERE day BETWEEN :a1 AND :a2"
                  " UNION ALL SELECT path, views FROM analytics_daily_pages WHERE day BETWEEN :b1 AND :b2"
                  " UNION ALL SELECT path, views FROM analytics_block_pages WHERE block BETWEEN :k1 AND :k2)"
                  " GROUP BY path HAVING n > 0 ORDER BY n DESC, path LIMIT :top"),
        top_report_prefectures(c,
                               "SELECT prefecture, sum(reports) AS n FROM analytics_daily_reports"
                               " WHERE day BETWEEN :from AND :to"
                               " GROUP BY prefecture HAVING n > 0 ORDER BY n DESC, prefecture LIMIT :top"),
        top_view_prefectures(c,
                             "SELECT prefecture, sum(views) AS n FROM analytics_daily_prefecture_views"
                             " WHERE day BETWEEN :from AND :to"
                             " GROUP BY prefecture HAVING n > 0 ORDER BY n DESC, prefecture LIMIT :top"),
        stores_by_type(c,
                       "SELECT store_type, sum(count) AS n FROM analytics_store_counts WHERE status = 'active'"
                       " GROUP BY store_type HAVING n > 0 ORDER BY n DESC, store_type"),
        stores_by_source(c,
                         "SELECT source, sum(count) AS n FROM analytics_store_counts WHERE status = 'active'"
                         " GROUP BY source HAVING n > 0 ORDER BY n DESC, source"),
        queue(c, "SELECT count(*), min(created_at) FROM store_submissions WHERE status = 'pending'") {}

  Connection& conn;
  Statement secret_get, secret_put, secrets_drop, visitors_drop, visitor_add, page_exists, day_paths, page_add,
      totals_add, prefecture_add, day_totals, day_counts, day_reports, top_pages, top_report_prefectures,
      top_view_prefectures, stores_by_type, stores_by_source, queue;
};

SqliteAnalyticsRepository::SqliteAnalyticsRepository(Database& db) : statements_(db, "analytics") {}
SqliteAnalyticsRepository::~SqliteAnalyticsRepository() = default;

namespace {

Result<std::optional<std::int64_t>> single_int(Statement& st) {
  std::optional<std::int64_t> value;
  auto ok = st.each([&](const Row& row) { value = row.int64(0); });
  if (!ok) return std::unexpected(ok.error());
  return value;
}

Result<void> drop_before(SqliteAnalyticsRepository::Statements& st, AnalyticsDay first_kept) {
  if (auto ok = st.secrets_drop.bind_int(":day", first_kept).run(); !ok) return ok;
  return st.visitors_drop.bind_int(":day", first_kept).run();
}

Result<std::vector<NamedCount>> named_counts(Statement& st) {
  std::vector<NamedCount> out;
  auto ok = st.each([&](const Row& row) { out.push_back({std::string(row.text(0)), row.int64(1)}); });
  if (!ok) return std::unexpected(ok.error());
  return out;
}

// migration 007's analytics_block_pages: views per path over day / kBlockDays.
constexpr AnalyticsDay kBlockDays = 32;

// The top pages of from..to: whole blocks from the block table, the days before the first
// and after the last whole block from the daily table.
Result<std::vector<NamedCount>> top_pages(Statement& st, AnalyticsDay from, AnalyticsDay to, std::size_t top) {
  AnalyticsDay first_block = (from + kBlockDays - 1) / kBlockDays;
  AnalyticsDay last_block = (to + 1) / kBlockDays - 1;
  AnalyticsDay a2 = to, b1 = 1, b2 = 0;  // no blocks: every day from the daily table
  if (first_block <= last_block) {
    a2 = first_block * kBlockDays - 1;
    b1 = (last_block + 1) * kBlockDays;
    b2 = to;
  } else {
    first_block = 1;
    last_block = 0;
  }
  return named_counts(st.bind_int(":a1", from)
                          .bind_int(":a2", a2)
                          .bind_int(":b1", b1)
                          .bind_int(":b2", b2)
                          .bind_int(":k1", first_block)
                          .bind_int(":k2", last_block)
                          .bind_int(":top", static_cast<std::int64_t>(top)));
}

Result<std::vector<NamedCount>> ranged(Statement& st, AnalyticsDay from, AnalyticsDay to, std::size_t top) {
  return named_counts(st.bind_int(":from", from).bind_int(":to", to).bind_int(":top", static_cast<std::int64_t>(top)));
}

}  // namespace

Result<std::string> SqliteAnalyticsRepository::day_secret(AnalyticsDay day, std::string_view candidate) {
  return statements_.with([&](Statements& st) -> Result<std::string> {
    const QuietCommits quiet;
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    if (auto ok = drop_before(st, day - (kAnalyticsSecretKeepDays - 1)); !ok) return std::unexpected(ok.error());
    if (auto ok = st.secret_put.bind_int(":day", day).bind_text(":secret", candidate).run(); !ok)
      return std::unexpected(ok.error());
    std::string secret;
    auto ok = st.secret_get.bind_int(":day", day).each([&](const Row& row) { secret = row.text(0); });
    if (!ok) return std::unexpected(ok.error());
    if (auto done = tx->commit(); !done) return std::unexpected(done.error());
    return secret;
  });
}

Result<void> SqliteAnalyticsRepository::drop_secrets_before(AnalyticsDay first_kept) {
  return statements_.with([&](Statements& st) -> Result<void> {
    const QuietCommits quiet;
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    if (auto ok = drop_before(st, first_kept); !ok) return ok;
    return tx->commit();
  });
}

Result<void> SqliteAnalyticsRepository::record(const PageView& view) {
  return statements_.with([&](Statements& st) -> Result<void> {
    const QuietCommits quiet;
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    // A new path for the day counts against the cap; beyond it, the view is "other".
    std::string path = view.path;
    std::int64_t new_paths = 0;
    auto exists = single_int(st.page_exists.bind_int(":day", view.day).bind_text(":path", path));
    if (!exists) return std::unexpected(exists.error());
    if (!*exists) {
      auto paths = single_int(st.day_paths.bind_int(":day", view.day));
      if (!paths) return std::unexpected(paths.error());
      if (paths->value_or(0) >= kMaxAnalyticsPathsPerDay)
        path = kAnalyticsOtherPath;
      else
        new_paths = 1;
    }
    std::int64_t new_visitors = 0;
    if (!view.bot && !view.visitor_hash.empty()) {
      auto added = single_int(st.visitor_add.bind_int(":day", view.day).bind_text(":hash", view.visitor_hash));
      if (!added) return std::unexpected(added.error());
      new_visitors = added->has_value() ? 1 : 0;
    }
    const std::int64_t views = view.bot ? 0 : 1;
    const std::int64_t bots = view.bot ? 1 : 0;
    if (auto ok = st.page_add.bind_int(":day", view.day)
                      .bind_text(":path", path)
                      .bind_int(":views", views)
                      .bind_int(":bots", bots)
                      .run();
        !ok)
      return ok;
    if (auto ok = st.totals_add.bind_int(":day", view.day)
                      .bind_int(":views", views)
                      .bind_int(":bots", bots)
                      .bind_int(":visitors", new_visitors)
                      .bind_int(":paths", new_paths)
                      .run();
        !ok)
      return ok;
    if (!view.bot && !view.prefecture.empty())
      if (auto ok = st.prefecture_add.bind_int(":day", view.day).bind_text(":prefecture", view.prefecture).run(); !ok)
        return ok;
    return tx->commit();
  });
}

Result<AnalyticsReport> SqliteAnalyticsRepository::report(AnalyticsDay from, AnalyticsDay to, std::size_t top) {
  return statements_.with([&](Statements& st) -> Result<AnalyticsReport> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kRead);  // one snapshot
    if (!tx) return std::unexpected(tx.error());
    AnalyticsReport out;
    out.from = from;
    out.to = to;
    out.days.resize(static_cast<std::size_t>(to - from + 1));
    for (AnalyticsDay d = from; d <= to; ++d) out.days[static_cast<std::size_t>(d - from)].day = d;
    auto row_of = [&](const Row& row) -> AnalyticsDayRow& {
      return out.days[static_cast<std::size_t>(row.int64(0) - from)];
    };
    auto ok = st.day_totals.bind_int(":from", from).bind_int(":to", to).each([&](const Row& row) {
      auto& d = row_of(row);
      d.page_views = row.int64(1);
      d.visitors = row.int64(2);
      d.bot_views = row.int64(3);
    });
    if (!ok) return std::unexpected(ok.error());
    ok = st.day_counts.bind_int(":from", from).bind_int(":to", to).each([&](const Row& row) {
      auto& d = row_of(row);
      d.signups = row.int64(1);
      d.submissions = row.int64(2);
      d.approvals = row.int64(3);
      d.rejections = row.int64(4);
    });
    if (!ok) return std::unexpected(ok.error());
    ok = st.day_reports.bind_int(":from", from).bind_int(":to", to).each([&](const Row& row) {
      row_of(row).purchase_reports = row.int64(1);
    });
    if (!ok) return std::unexpected(ok.error());
    auto pages = top_pages(st.top_pages, from, to, top);
    if (!pages) return std::unexpected(pages.error());
    out.top_pages = std::move(*pages);
    auto by_reports = ranged(st.top_report_prefectures, from, to, top);
    if (!by_reports) return std::unexpected(by_reports.error());
    out.top_prefectures_by_reports = std::move(*by_reports);
    auto by_views = ranged(st.top_view_prefectures, from, to, top);
    if (!by_views) return std::unexpected(by_views.error());
    out.top_prefectures_by_views = std::move(*by_views);
    auto by_type = named_counts(st.stores_by_type);
    if (!by_type) return std::unexpected(by_type.error());
    out.stores_by_type = std::move(*by_type);
    auto by_source = named_counts(st.stores_by_source);
    if (!by_source) return std::unexpected(by_source.error());
    out.stores_by_source = std::move(*by_source);
    ok = st.queue.each([&](const Row& row) {
      out.pending = row.int64(0);
      out.oldest_pending_at = row.optional_int64(1);
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

}  // namespace pokeca::storage
