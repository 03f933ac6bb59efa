#include "pokeca/storage/postgres/pg_report_repository.hpp"

#include <string>
#include <string_view>

#include "pokeca/storage/postgres/statement.hpp"
#include "pokeca/storage/postgres/transaction.hpp"
#include "repositories/report_rows.hpp"

namespace pokeca::storage::postgres {
namespace {

constexpr std::string_view kInsertedColumns =
    "store_id, user_id, kind, product, product_name, limit_note, purchased_at, created_at, product_id, sale_method, "
    "limit_count, limit_unit, sales_started_at";

Result<void> done(Result<Rows> rows) {
  if (!rows) return std::unexpected(rows.error());
  return {};
}

}  // namespace

struct PgReportRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        timeline(c, "SELECT " + std::string(kReportColumns) +
                        ", s.name, s.prefecture, s.city"
                        " FROM purchase_reports AS r JOIN stores AS s ON s.id = r.store_id"
                        " WHERE s.status = 'active'"
                        " ORDER BY r.purchased_at DESC, r.id DESC LIMIT $1"),
        recent_for_store(c, "SELECT " + std::string(kReportColumns) +
                                " FROM purchase_reports AS r WHERE r.store_id = $1"
                                " ORDER BY r.purchased_at DESC, r.id DESC LIMIT $2"),
        counts(c,
               "SELECT (SELECT count(*) FROM purchase_reports WHERE purchased_at >= $1),"
               " (SELECT count(*) FROM purchase_reports WHERE purchased_at >= $2),"
               " (SELECT max(purchased_at) FROM purchase_reports)"),
        insert_new(c, "INSERT INTO purchase_reports (" + std::string(kInsertedColumns) +
                          ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id"),
        insert_with_id(c, "INSERT INTO purchase_reports (id, " + std::string(kInsertedColumns) +
                              ") VALUES ($14, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)"
                              " RETURNING id"),
        // Explicit ids do not move the identity's sequence: the next generated id must
        // still be new.
        follow_ids(c,
                   "SELECT setval(pg_get_serial_sequence('purchase_reports', 'id'),"
                   " (SELECT max(id) FROM purchase_reports))"),
        move_last_report(c, move_last_report_sql()),
        remove(c, "DELETE FROM purchase_reports AS r WHERE r.id = $1 RETURNING " + std::string(kReportColumns)),
        recompute_last_report(c, std::string(kRecomputeLastReportSql)) {}

  Connection& conn;
  Statement timeline, recent_for_store, counts, insert_new, insert_with_id, follow_ids, move_last_report, remove,
      recompute_last_report;
};

namespace {

using Statements = PgReportRepository::Statements;

// Stores one report and moves its store's last report forward, inside the caller's
// transaction. Returns the report's id. A report with an id keeps it; one without gets the
// next after the largest so far (SQLite's numbering): the identity's sequence is moved past
// explicit ids before the next generated one, and at the end of the write.
Result<ReportId> insert_one(Statements& st, const PurchaseReport& r, bool& sequence_behind) {
  std::vector<Param> params{Param(r.store_id),        r.user_id ? Param(*r.user_id) : Param::null(),
                            Param(to_string(r.kind)), Param(to_string(r.product)),
                            Param(r.product_name),    Param(r.limit_note),
                            Param(r.purchased_at),    Param(r.created_at)};
  params.push_back(r.product_id ? Param(*r.product_id) : Param::null());
  params.push_back(r.terms.method ? Param(to_string(*r.terms.method)) : Param::null());
  params.push_back(r.terms.limit_count ? Param(*r.terms.limit_count) : Param::null());
  params.push_back(r.terms.limit_unit ? Param(to_string(*r.terms.limit_unit)) : Param::null());
  params.push_back(r.terms.started_at ? Param(*r.terms.started_at) : Param::null());
  if (r.id != 0) params.emplace_back(r.id);
  if (r.id == 0 && sequence_behind) {
    if (auto ok = done(st.follow_ids.run()); !ok) return std::unexpected(ok.error());
    sequence_behind = false;
  }
  auto rows = (r.id != 0 ? st.insert_with_id : st.insert_new).run(params);
  if (!rows) return std::unexpected(rows.error());
  sequence_behind = sequence_behind || r.id != 0;
  const ReportId id = rows->int64(0, 0);
  if (auto ok = done(st.move_last_report.run(
          {Param(r.purchased_at), Param(to_string(r.kind)), Param(to_string(r.product)), Param(r.store_id)}));
      !ok)
    return std::unexpected(ok.error());
  return id;
}

}  // namespace

PgReportRepository::PgReportRepository(Database& db) : statements_(db, "reports") {}
PgReportRepository::~PgReportRepository() = default;

Result<std::vector<TimelineItem>> PgReportRepository::timeline(int limit) {
  if (limit <= 0) return std::vector<TimelineItem>{};
  return statements_.with([&](Statements& st) -> Result<std::vector<TimelineItem>> {
    auto rows = st.timeline.run({limit});
    if (!rows) return std::unexpected(rows.error());
    std::vector<TimelineItem> out;
    out.reserve(rows->count());
    for (int i = 0; i < rows->size(); ++i) {
      auto report = read_report(*rows, i);
      if (!report) return std::unexpected(report.error());
      TimelineItem item{std::move(*report), 0, std::string(rows->text(i, kReportColumnCount)),
                        std::string(rows->text(i, kReportColumnCount + 1)),
                        std::string(rows->text(i, kReportColumnCount + 2))};
      item.store_id = item.report.store_id;
      out.push_back(std::move(item));
    }
    return out;
  });
}

Result<std::vector<PurchaseReport>> PgReportRepository::recent_for_store(StoreId id, int limit) {
  if (limit <= 0) return std::vector<PurchaseReport>{};
  return statements_.with([&](Statements& st) -> Result<std::vector<PurchaseReport>> {
    auto rows = st.recent_for_store.run({id, limit});
    if (!rows) return std::unexpected(rows.error());
    std::vector<PurchaseReport> out;
    out.reserve(rows->count());
    for (int i = 0; i < rows->size(); ++i) {
      auto report = read_report(*rows, i);
      if (!report) return std::unexpected(report.error());
      out.push_back(std::move(*report));
    }
    return out;
  });
}

Result<ReportCounts> PgReportRepository::counts(UnixSeconds since_24h, UnixSeconds since_7d) {
  return statements_.with([&](Statements& st) -> Result<ReportCounts> {
    auto rows = st.counts.run({since_24h, since_7d});
    if (!rows) return std::unexpected(rows.error());
    ReportCounts c;
    c.last_24h = rows->int64(0, 0);
    c.last_7d = rows->int64(0, 1);
    c.latest = rows->optional_int64(0, 2);
    return c;
  });
}

Result<void> PgReportRepository::insert_many(std::span<const PurchaseReport> reports) {
  return statements_.with([&](Statements& st) -> Result<void> {
    return in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      bool sequence_behind = false;
      for (const auto& r : reports)
        if (auto id = insert_one(st, r, sequence_behind); !id) return std::unexpected(id.error());
      return sequence_behind ? done(st.follow_ids.run()) : Result<void>{};
    });
  });
}

Result<PurchaseReport> PgReportRepository::insert(const PurchaseReport& report) {
  return statements_.with([&](Statements& st) -> Result<PurchaseReport> {
    PurchaseReport stored = report;
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      bool sequence_behind = false;
      auto id = insert_one(st, report, sequence_behind);
      if (!id) return std::unexpected(id.error());
      stored.id = *id;
      return sequence_behind ? done(st.follow_ids.run()) : Result<void>{};
    });
    if (!ok) return std::unexpected(ok.error());
    return stored;
  });
}

Result<std::optional<PurchaseReport>> PgReportRepository::remove(ReportId id) {
  return statements_.with([&](Statements& st) -> Result<std::optional<PurchaseReport>> {
    std::optional<PurchaseReport> removed;
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      removed.reset();
      auto rows = st.remove.run({id});
      if (!rows) return std::unexpected(rows.error());
      if (rows->empty()) return {};
      auto report = read_report(*rows, 0);
      if (!report) return std::unexpected(report.error());
      if (auto recomputed = done(st.recompute_last_report.run({report->store_id})); !recomputed) return recomputed;
      removed = std::move(*report);
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return removed;
  });
}

}  // namespace pokeca::storage::postgres
