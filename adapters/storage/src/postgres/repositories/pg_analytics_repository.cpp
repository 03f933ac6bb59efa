#include "pokeca/storage/postgres/pg_analytics_repository.hpp"

#include <string>
#include <utility>
#include <vector>

#include "pokeca/storage/postgres/statement.hpp"
#include "pokeca/storage/postgres/transaction.hpp"

namespace pokeca::storage::postgres {

namespace {
// migration 014's analytics_block_pages: views per path over day / kBlockDays.
constexpr AnalyticsDay kBlockDays = 32;
}  // namespace

struct PgAnalyticsRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        secret_get(c, "SELECT secret FROM analytics_secrets WHERE day = $1"),
        secret_put(c, "INSERT INTO analytics_secrets (day, secret) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING"),
        secrets_drop(c, "DELETE FROM analytics_secrets WHERE day < $1"),
        visitors_drop(c, "DELETE FROM analytics_daily_visitors WHERE day < $1"),
        day_open(c, "INSERT INTO analytics_daily_totals (day) VALUES ($1) ON CONFLICT (day) DO NOTHING"),
        day_lock(c, "SELECT paths FROM analytics_daily_totals WHERE day = $1 FOR UPDATE"),
        visitor_add(c,
                    "INSERT INTO analytics_daily_visitors (day, visitor_hash) VALUES ($1, $2)"
                    " ON CONFLICT DO NOTHING RETURNING 1"),
        page_exists(c, "SELECT 1 FROM analytics_daily_pages WHERE day = $1 AND path = $2"),
        page_add(c,
                 "INSERT INTO analytics_daily_pages AS p (day, path, views, bot_views) VALUES ($1, $2, $3, $4)"
                 " ON CONFLICT (day, path) DO UPDATE SET views = p.views + excluded.views,"
                 " bot_views = p.bot_views + excluded.bot_views"),
        block_add(c,
                  "INSERT INTO analytics_block_pages AS b (block, path, views) VALUES ($1, $2, $3)"
                  " ON CONFLICT (block, path) DO UPDATE SET views = b.views + excluded.views"),
        totals_add(c,
                   "UPDATE analytics_daily_totals SET page_views = page_views + $2, bot_views = bot_views + $3,"
                   " visitors = visitors + $4, paths = paths + $5 WHERE day = $1"),
        prefecture_add(c,
                       "INSERT INTO analytics_daily_prefecture_views AS v (day, prefecture, views) VALUES ($1, $2, 1)"
                       " ON CONFLICT (day, prefecture) DO UPDATE SET views = v.views + 1"),
        day_totals(c,
                   "SELECT day, page_views, visitors, bot_views FROM analytics_daily_totals"
                   " WHERE day BETWEEN $1 AND $2"),
        day_counts(c,
                   "SELECT day, signups, submissions, approvals, rejections FROM analytics_daily_counts"
                   " WHERE day BETWEEN $1 AND $2"),
        day_reports(c,
                    "SELECT day, sum(reports)::bigint FROM analytics_daily_reports"
                    " WHERE day BETWEEN $1 AND $2 GROUP BY day"),
        top_pages(c,
                  "SELECT path, sum(v)::bigint AS n FROM ("
                  " SELECT path, views AS v FROM analytics_daily_pages WHERE day BETWEEN $1 AND $2"
                  " UNION ALL SELECT path, views FROM analytics_daily_pages WHERE day BETWEEN $3 AND $4"
                  " UNION ALL SELECT path, views FROM analytics_block_pages WHERE block BETWEEN $5 AND $6) AS t"
                  " GROUP BY path HAVING sum(v) > 0 ORDER BY n DESC, path COLLATE \"C\" LIMIT $7"),
        top_report_prefectures(c,
                               "SELECT prefecture, sum(reports)::bigint AS n FROM analytics_daily_reports"
                               " WHERE day BETWEEN $1 AND $2 GROUP BY prefecture HAVING sum(reports) > 0"
                               " ORDER BY n DESC, prefecture COLLATE \"C\" LIMIT $3"),
        top_view_prefectures(c,
                             "SELECT prefecture, sum(views)::bigint AS n FROM analytics_daily_prefecture_views"
                             " WHERE day BETWEEN $1 AND $2 GROUP BY prefecture HAVING sum(views) > 0"
                             " ORDER BY n DESC, prefecture COLLATE \"C\" LIMIT $3"),
        stores_by_type(c,
                       "SELECT store_type, sum(count)::bigint AS n FROM analytics_store_counts WHERE status = 'active'"
                       " GROUP BY store_type HAVING sum(count) > 0 ORDER BY n DESC, store_type COLLATE \"C\""),
        stores_by_source(c,
                         "SELECT source, sum(count)::bigint AS n FROM analytics_store_counts WHERE status = 'active'"
                         " GROUP BY source HAVING sum(count) > 0 ORDER BY n DESC, source COLLATE \"C\""),
        queue(c, "SELECT count(*), min(created_at) FROM store_submissions WHERE status = 'pending'") {}

  Connection& conn;
  Statement secret_get, secret_put, secrets_drop, visitors_drop, day_open, day_lock, visitor_add, page_exists, page_add,
      block_add, totals_add, prefecture_add, day_totals, day_counts, day_reports, top_pages, top_report_prefectures,
      top_view_prefectures, stores_by_type, stores_by_source, queue;
};

PgAnalyticsRepository::PgAnalyticsRepository(Database& db) : statements_(db, "analytics") {}
PgAnalyticsRepository::~PgAnalyticsRepository() = default;

namespace {

Result<void> drop_before(PgAnalyticsRepository::Statements& st, AnalyticsDay first_kept) {
  if (auto rows = st.secrets_drop.run({first_kept}); !rows) return std::unexpected(rows.error());
  if (auto rows = st.visitors_drop.run({first_kept}); !rows) return std::unexpected(rows.error());
  return {};
}

Result<std::vector<NamedCount>> named_counts(Statement& st, const std::vector<Param>& params = {}) {
  auto rows = st.run(params);
  if (!rows) return std::unexpected(rows.error());
  std::vector<NamedCount> out;
  out.reserve(rows->count());
  for (int i = 0; i < rows->size(); ++i) out.push_back({std::string(rows->text(i, 0)), rows->int64(i, 1)});
  return out;
}

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
  return named_counts(st, {from, a2, b1, b2, first_block, last_block, static_cast<std::int64_t>(top)});
}

}  // namespace

Result<std::string> PgAnalyticsRepository::day_secret(AnalyticsDay day, std::string_view candidate) {
  return statements_.with([&](Statements& st) -> Result<std::string> {
    std::string secret;
    // READ COMMITTED: a server that loses the race to store the day's secret waits for
    // the winner's commit, inserts nothing, and its SELECT reads the winner's secret.
    auto ok = in_transaction(st.conn, TransactionMode::kUnderLock, [&]() -> Result<void> {
      secret.clear();
      if (auto dropped = drop_before(st, day - (kAnalyticsSecretKeepDays - 1)); !dropped) return dropped;
      if (auto put = st.secret_put.run({day, candidate}); !put) return std::unexpected(put.error());
      auto rows = st.secret_get.run({day});
      if (!rows) return std::unexpected(rows.error());
      if (!rows->empty()) secret = std::string(rows->text(0, 0));
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return secret;
  });
}

Result<void> PgAnalyticsRepository::drop_secrets_before(AnalyticsDay first_kept) {
  return statements_.with([&](Statements& st) -> Result<void> {
    return in_transaction(st.conn, TransactionMode::kUnderLock, [&]() { return drop_before(st, first_kept); });
  });
}

Result<void> PgAnalyticsRepository::record(const PageView& view) {
  return statements_.with([&](Statements& st) -> Result<void> {
    return in_transaction(st.conn, TransactionMode::kUnderLock, [&]() -> Result<void> {
      // The day's row, locked: the views of a day take turns from here to the commit, and
      // each statement after this one reads what the previous holder committed.
      if (auto opened = st.day_open.run({view.day}); !opened) return std::unexpected(opened.error());
      auto locked = st.day_lock.run({view.day});
      if (!locked) return std::unexpected(locked.error());
      const std::int64_t paths = locked->empty() ? 0 : locked->int64(0, 0);
      // A new path for the day counts against the cap; beyond it, the view is "other".
      std::string path = view.path;
      std::int64_t new_paths = 0;
      auto exists = st.page_exists.run({view.day, path});
      if (!exists) return std::unexpected(exists.error());
      if (exists->empty()) {
        if (paths >= kMaxAnalyticsPathsPerDay)
          path = kAnalyticsOtherPath;
        else
          new_paths = 1;
      }
      std::int64_t new_visitors = 0;
      if (!view.bot && !view.visitor_hash.empty()) {
        auto added = st.visitor_add.run({view.day, view.visitor_hash});
        if (!added) return std::unexpected(added.error());
        new_visitors = added->empty() ? 0 : 1;
      }
      const std::int64_t views = view.bot ? 0 : 1;
      const std::int64_t bots = view.bot ? 1 : 0;
      if (auto rows = st.page_add.run({view.day, path, views, bots}); !rows) return std::unexpected(rows.error());
      if (views != 0)
        if (auto rows = st.block_add.run({view.day / kBlockDays, path, views}); !rows)
          return std::unexpected(rows.error());
      if (auto rows = st.totals_add.run({view.day, views, bots, new_visitors, new_paths}); !rows)
        return std::unexpected(rows.error());
      if (!view.bot && !view.prefecture.empty())
        if (auto rows = st.prefecture_add.run({view.day, view.prefecture}); !rows) return std::unexpected(rows.error());
      return {};
    });
  });
}

Result<AnalyticsReport> PgAnalyticsRepository::report(AnalyticsDay from, AnalyticsDay to, std::size_t top) {
  return statements_.with([&](Statements& st) -> Result<AnalyticsReport> {
    AnalyticsReport out;
    auto ok = in_transaction(st.conn, TransactionMode::kRead, [&]() -> Result<void> {  // one snapshot
      out = {};
      out.from = from;
      out.to = to;
      out.days.resize(static_cast<std::size_t>(to - from + 1));
      for (AnalyticsDay d = from; d <= to; ++d) out.days[static_cast<std::size_t>(d - from)].day = d;
      auto day_of = [&](const Rows& rows, int i) -> AnalyticsDayRow& {
        return out.days[static_cast<std::size_t>(rows.int64(i, 0) - from)];
      };
      auto totals = st.day_totals.run({from, to});
      if (!totals) return std::unexpected(totals.error());
      for (int i = 0; i < totals->size(); ++i) {
        auto& d = day_of(*totals, i);
        d.page_views = totals->int64(i, 1);
        d.visitors = totals->int64(i, 2);
        d.bot_views = totals->int64(i, 3);
      }
      auto counts = st.day_counts.run({from, to});
      if (!counts) return std::unexpected(counts.error());
      for (int i = 0; i < counts->size(); ++i) {
        auto& d = day_of(*counts, i);
        d.signups = counts->int64(i, 1);
        d.submissions = counts->int64(i, 2);
        d.approvals = counts->int64(i, 3);
        d.rejections = counts->int64(i, 4);
      }
      auto reports = st.day_reports.run({from, to});
      if (!reports) return std::unexpected(reports.error());
      for (int i = 0; i < reports->size(); ++i) day_of(*reports, i).purchase_reports = reports->int64(i, 1);
      auto pages = top_pages(st.top_pages, from, to, top);
      if (!pages) return std::unexpected(pages.error());
      out.top_pages = std::move(*pages);
      const auto top_n = static_cast<std::int64_t>(top);
      auto by_reports = named_counts(st.top_report_prefectures, {from, to, top_n});
      if (!by_reports) return std::unexpected(by_reports.error());
      out.top_prefectures_by_reports = std::move(*by_reports);
      auto by_views = named_counts(st.top_view_prefectures, {from, to, top_n});
      if (!by_views) return std::unexpected(by_views.error());
      out.top_prefectures_by_views = std::move(*by_views);
      auto by_type = named_counts(st.stores_by_type);
      if (!by_type) return std::unexpected(by_type.error());
      out.stores_by_type = std::move(*by_type);
      auto by_source = named_counts(st.stores_by_source);
      if (!by_source) return std::unexpected(by_source.error());
      out.stores_by_source = std::move(*by_source);
      auto queue = st.queue.run();
      if (!queue) return std::unexpected(queue.error());
      out.pending = queue->int64(0, 0);
      out.oldest_pending_at = queue->optional_int64(0, 1);
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

}  // namespace pokeca::storage::postgres
