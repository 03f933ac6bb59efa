#include "pokeca/storage/sqlite/sqlite_report_repository.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "pokeca/shared/messages.hpp"
#include "pokeca/storage/sqlite/statement.hpp"
#include "pokeca/storage/sqlite/transaction.hpp"
#include "repositories/audit_writes.hpp"  // kRecomputeLastReportSql
#include "repositories/report_rows.hpp"

namespace pokeca::storage {

namespace {

}  // namespace

struct SqliteReportRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        timeline(c, "SELECT " + std::string(kReportColumns) +
                        ", s.name, s.prefecture, s.city"
                        " FROM purchase_reports AS r JOIN stores AS s ON s.id = r.store_id"
                        " WHERE s.status = 'active'"
                        " ORDER BY r.purchased_at DESC, r.id DESC LIMIT :limit"),
        recent_for_store(c, "SELECT " + std::string(kReportColumns) +
                                " FROM purchase_reports AS r WHERE r.store_id = :store_id"
                                " ORDER BY r.purchased_at DESC, r.id DESC LIMIT :limit"),
        counts(c,
               "SELECT (SELECT count(*) FROM purchase_reports WHERE purchased_at >= :since_24h),"
               " (SELECT count(*) FROM purchase_reports WHERE purchased_at >= :since_7d),"
               " (SELECT max(purchased_at) FROM purchase_reports)"),
        insert(c,
               "INSERT INTO purchase_reports (id, store_id, user_id, kind, product, product_name,"
               " limit_note, purchased_at, created_at, product_id, sale_method, limit_count, limit_unit,"
               " sales_started_at) VALUES (:id, :store_id, :user_id, :kind, :product, :product_name,"
               " :limit_note, :purchased_at, :created_at, :product_id, :sale_method, :limit_count,"
               " :limit_unit, :sales_started_at) RETURNING id"),
        move_last_report(c, move_last_report_sql()),
        remove(c, "DELETE FROM purchase_reports WHERE id = :id RETURNING " + std::string(kReportReturningColumns)),
        // The newest report left, in the timeline's order; NULLs when none is left.
        recompute_last_report(c, kRecomputeLastReportSql) {}

  Connection& conn;
  Statement timeline;
  Statement recent_for_store;
  Statement counts;
  Statement insert;
  Statement move_last_report;
  Statement remove;
  Statement recompute_last_report;
};

SqliteReportRepository::SqliteReportRepository(Database& db) : statements_(db, "reports") {}
SqliteReportRepository::~SqliteReportRepository() = default;

Result<std::vector<TimelineItem>> SqliteReportRepository::timeline(int limit) {
  if (limit <= 0) return std::vector<TimelineItem>{};
  return statements_.with([&](Statements& st) -> Result<std::vector<TimelineItem>> {
    std::vector<TimelineItem> out;
    auto ok = st.timeline.bind_int(":limit", limit).each([&](const Row& row) -> Result<void> {
      auto report = read_report(row);
      if (!report) return std::unexpected(report.error());
      TimelineItem item{std::move(*report), 0, std::string(row.text(kReportColumnCount)),
                        std::string(row.text(kReportColumnCount + 1)), std::string(row.text(kReportColumnCount + 2))};
      item.store_id = item.report.store_id;
      out.push_back(std::move(item));
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

Result<std::vector<PurchaseReport>> SqliteReportRepository::recent_for_store(StoreId id, int limit) {
  if (limit <= 0) return std::vector<PurchaseReport>{};
  return statements_.with([&](Statements& st) -> Result<std::vector<PurchaseReport>> {
    std::vector<PurchaseReport> out;
    st.recent_for_store.bind_int(":store_id", id).bind_int(":limit", limit);
    auto ok = st.recent_for_store.each([&](const Row& row) -> Result<void> {
      auto report = read_report(row);
      if (!report) return std::unexpected(report.error());
      out.push_back(std::move(*report));
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

Result<ReportCounts> SqliteReportRepository::counts(UnixSeconds since_24h, UnixSeconds since_7d) {
  return statements_.with([&](Statements& st) -> Result<ReportCounts> {
    ReportCounts c;
    st.counts.bind_int(":since_24h", since_24h).bind_int(":since_7d", since_7d);
    auto ok = st.counts.each([&](const Row& row) {
      c.last_24h = row.int64(0);
      c.last_7d = row.int64(1);
      c.latest = row.optional_int64(2);
    });
    if (!ok) return std::unexpected(ok.error());
    return c;
  });
}

namespace {

// Stores one report and moves its store's last report forward; inside the caller's
// transaction. Returns the report's id.
Result<ReportId> insert_one(SqliteReportRepository::Statements& st, const PurchaseReport& r) {
  if (r.id != 0)
    st.insert.bind_int(":id", r.id);
  else
    st.insert.bind_null(":id");
  ReportId id = 0;
  st.insert.bind_int(":store_id", r.store_id)
      .bind_int(":user_id", r.user_id)
      .bind_text(":kind", to_string(r.kind))
      .bind_text(":product", to_string(r.product))
      .bind_text(":product_name", r.product_name)
      .bind_text(":limit_note", r.limit_note)
      .bind_int(":purchased_at", r.purchased_at)
      .bind_int(":created_at", r.created_at)
      .bind_int(":product_id", r.product_id)
      .bind_int(":limit_count", r.terms.limit_count ? std::optional<std::int64_t>(*r.terms.limit_count) : std::nullopt)
      .bind_int(":sales_started_at", r.terms.started_at);
  if (r.terms.method)
    st.insert.bind_text(":sale_method", to_string(*r.terms.method));
  else
    st.insert.bind_null(":sale_method");
  if (r.terms.limit_unit)
    st.insert.bind_text(":limit_unit", to_string(*r.terms.limit_unit));
  else
    st.insert.bind_null(":limit_unit");
  auto ok = st.insert.each([&](const Row& row) { id = row.int64(0); });
  if (!ok) return std::unexpected(ok.error());
  ok = st.move_last_report.bind_int(":at", r.purchased_at)
           .bind_text(":kind", to_string(r.kind))
           .bind_text(":product", to_string(r.product))
           .bind_int(":store_id", r.store_id)
           .run();
  if (!ok) return std::unexpected(ok.error());
  return id;
}

}  // namespace

Result<void> SqliteReportRepository::insert_many(std::span<const PurchaseReport> reports) {
  return statements_.with([&](Statements& st) -> Result<void> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    for (const auto& r : reports)
      if (auto id = insert_one(st, r); !id) return std::unexpected(id.error());
    return tx->commit();
  });
}

Result<PurchaseReport> SqliteReportRepository::insert(const PurchaseReport& report) {
  return statements_.with([&](Statements& st) -> Result<PurchaseReport> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    auto id = insert_one(st, report);
    if (!id) return std::unexpected(id.error());
    if (auto ok = tx->commit(); !ok) return std::unexpected(ok.error());
    PurchaseReport stored = report;
    stored.id = *id;
    return stored;
  });
}

Result<std::optional<PurchaseReport>> SqliteReportRepository::remove(ReportId id) {
  return statements_.with([&](Statements& st) -> Result<std::optional<PurchaseReport>> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    auto removed = delete_report_row(st.remove, st.recompute_last_report, id);
    if (!removed || !*removed) return removed;  // nothing to undo: the transaction rolls back empty
    if (auto ok = tx->commit(); !ok) return std::unexpected(ok.error());
    return removed;
  });
}

}  // namespace pokeca::storage
