#include "pokeca/storage/sqlite/sqlite_confirmation_repository.hpp"

#include <string>
#include <string_view>

#include "pokeca/storage/sqlite/statement.hpp"
#include "pokeca/storage/sqlite/transaction.hpp"
#include "repositories/report_rows.hpp"

namespace pokeca::storage {
namespace {

// '[1,2,3]' for json_each.
template <typename Ids>
std::string json_ids(const Ids& ids) {
  std::string out = "[";
  for (const auto id : ids) out += (out.size() > 1 ? "," : "") + std::to_string(id);
  return out + "]";
}

// The answers of each report: まだ買えた, 売り切れだった.
constexpr std::string_view kCounts =
    "(SELECT count(*) FROM report_confirmations AS c WHERE c.report_id = r.id AND c.kind = 'bought') AS still,"
    " (SELECT count(*) FROM report_confirmations AS c WHERE c.report_id = r.id AND c.kind = 'sold_out') AS gone";

std::optional<ConfirmationAnswer> answer_from(std::string_view kind) {
  return kind == "bought" ? ConfirmationAnswer::kStill : ConfirmationAnswer::kGone;
}

}  // namespace

struct SqliteConfirmationRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        find_report(c, "SELECT " + std::string(kReportColumns) +
                           " FROM purchase_reports AS r JOIN stores AS s ON s.id = r.store_id"
                           " WHERE r.id = :id AND s.status = 'active'"),
        answer_of(c, "SELECT kind FROM report_confirmations WHERE report_id = :report AND user_id = :user"),
        upsert(c,
               "INSERT INTO report_confirmations (report_id, user_id, kind, answered_at)"
               " VALUES (:report, :user, :kind, :at) ON CONFLICT (report_id, user_id)"
               " DO UPDATE SET kind = excluded.kind, answered_at = excluded.answered_at"
               " RETURNING (SELECT store_id FROM purchase_reports WHERE id = :report),"
               " (SELECT product FROM purchase_reports WHERE id = :report)"),
        move_latest(c, move_last_report_sql()),
        tallies(c, "SELECT r.id, r.user_id, r.purchased_at, " + std::string(kCounts) +
                       ", (SELECT max(answered_at) FROM report_confirmations AS c WHERE c.report_id = r.id),"
                       " (SELECT kind FROM report_confirmations AS c WHERE c.report_id = r.id AND c.user_id = :viewer)"
                       " FROM purchase_reports AS r JOIN stores AS s ON s.id = r.store_id"
                       " WHERE s.status = 'active' AND r.id IN (SELECT value FROM json_each(:ids))"),
        standings(c,
                  "SELECT user_id, count(*), sum(still > gone), sum(gone > still), sum(still), sum(gone),"
                  " max(created_at) FROM (SELECT r.user_id, r.created_at, " +
                      std::string(kCounts) +
                      " FROM purchase_reports AS r WHERE r.user_id IN (SELECT value FROM json_each(:ids))"
                      " AND r.purchased_at >= :since) AS t GROUP BY user_id") {}

  Connection& conn;
  Statement find_report, answer_of, upsert, move_latest, tallies, standings;
};

SqliteConfirmationRepository::SqliteConfirmationRepository(Database& db) : statements_(db, "confirmations") {}
SqliteConfirmationRepository::~SqliteConfirmationRepository() = default;

Result<std::optional<PurchaseReport>> SqliteConfirmationRepository::find_report(ReportId id) {
  return statements_.with([&](Statements& st) -> Result<std::optional<PurchaseReport>> {
    std::optional<PurchaseReport> out;
    auto ok = st.find_report.bind_int(":id", id).each([&](const Row& row) -> Result<void> {
      auto report = read_report(row);
      if (!report) return std::unexpected(report.error());
      out = std::move(*report);
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

Result<std::optional<ConfirmationAnswer>> SqliteConfirmationRepository::answer_of(ReportId report, std::int64_t user) {
  return statements_.with([&](Statements& st) -> Result<std::optional<ConfirmationAnswer>> {
    std::optional<ConfirmationAnswer> out;
    auto ok = st.answer_of.bind_int(":report", report).bind_int(":user", user).each([&](const Row& row) {
      out = answer_from(row.text(0));
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

Result<void> SqliteConfirmationRepository::answer(const Confirmation& c) {
  return statements_.with([&](Statements& st) -> Result<void> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    const auto kind = to_string(fact_of(c.answer));
    std::optional<std::int64_t> store;
    std::string product;
    auto ok = st.upsert.bind_int(":report", c.report_id)
                  .bind_int(":user", c.user_id)
                  .bind_text(":kind", kind)
                  .bind_int(":at", c.answered_at)
                  .each([&](const Row& row) {
                    store = row.optional_int64(0);
                    product = std::string(row.text(1));
                  });
    if (!ok) return std::unexpected(ok.error());
    if (store) {
      ok = st.move_latest.bind_int(":at", c.answered_at)
               .bind_text(":kind", kind)
               .bind_text(":product", product)
               .bind_int(":store_id", *store)
               .run();
      if (!ok) return std::unexpected(ok.error());
    }
    return tx->commit();
  });
}

Result<std::vector<ReportTally>> SqliteConfirmationRepository::tallies(std::span<const ReportId> reports,
                                                                       std::optional<std::int64_t> viewer) {
  if (reports.empty()) return std::vector<ReportTally>{};
  return statements_.with([&](Statements& st) -> Result<std::vector<ReportTally>> {
    std::vector<ReportTally> out;
    st.tallies.bind_text(":ids", json_ids(reports));
    if (viewer)
      st.tallies.bind_int(":viewer", *viewer);
    else
      st.tallies.bind_null(":viewer");
    auto ok = st.tallies.each([&](const Row& row) {
      ReportTally t;
      t.report_id = row.int64(0);
      t.reporter_id = row.optional_int64(1);
      t.purchased_at = row.int64(2);
      t.still = row.int64(3);
      t.gone = row.int64(4);
      t.latest_at = row.optional_int64(5);
      t.mine = row.is_null(6) ? std::nullopt : answer_from(row.text(6));
      out.push_back(t);
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

Result<std::vector<ReporterStanding>> SqliteConfirmationRepository::standings(std::span<const std::int64_t> users,
                                                                              UnixSeconds since) {
  if (users.empty()) return std::vector<ReporterStanding>{};
  return statements_.with([&](Statements& st) -> Result<std::vector<ReporterStanding>> {
    std::vector<ReporterStanding> out;
    auto ok = st.standings.bind_text(":ids", json_ids(users)).bind_int(":since", since).each([&](const Row& row) {
      out.push_back(
          {row.int64(0), row.int64(1), row.int64(2), row.int64(3), row.int64(4), row.int64(5), row.optional_int64(6)});
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

}  // namespace pokeca::storage
