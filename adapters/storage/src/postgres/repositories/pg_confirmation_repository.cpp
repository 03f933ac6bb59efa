#include "pokeca/storage/postgres/pg_confirmation_repository.hpp"

#include <string>
#include <string_view>

#include "pokeca/storage/postgres/statement.hpp"
#include "pokeca/storage/postgres/transaction.hpp"
#include "repositories/report_rows.hpp"

namespace pokeca::storage::postgres {
namespace {

// '{1,2,3}' for a bigint[] parameter.
template <typename Ids>
std::string array_of(const Ids& ids) {
  std::string out = "{";
  for (const auto id : ids) out += (out.size() > 1 ? "," : "") + std::to_string(id);
  return out + "}";
}

constexpr std::string_view kCounts =
    "(SELECT count(*) FROM report_confirmations AS c WHERE c.report_id = r.id AND c.kind = 'bought') AS still,"
    " (SELECT count(*) FROM report_confirmations AS c WHERE c.report_id = r.id AND c.kind = 'sold_out') AS gone";

ConfirmationAnswer answer_from(std::string_view kind) {
  return kind == "bought" ? ConfirmationAnswer::kStill : ConfirmationAnswer::kGone;
}

}  // namespace

struct PgConfirmationRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        find_report(c, "SELECT " + std::string(kReportColumns) +
                           " FROM purchase_reports AS r JOIN stores AS s ON s.id = r.store_id"
                           " WHERE r.id = $1 AND s.status = 'active'"),
        answer_of(c, "SELECT kind FROM report_confirmations WHERE report_id = $1 AND user_id = $2"),
        upsert(c,
               "INSERT INTO report_confirmations (report_id, user_id, kind, answered_at)"
               " VALUES ($1, $2, $3, $4) ON CONFLICT (report_id, user_id)"
               " DO UPDATE SET kind = EXCLUDED.kind, answered_at = EXCLUDED.answered_at"
               " RETURNING (SELECT store_id FROM purchase_reports WHERE id = $1),"
               " (SELECT product FROM purchase_reports WHERE id = $1)"),
        move_latest(c, move_last_report_sql()),
        tallies(c, "SELECT r.id, r.user_id, r.purchased_at, " + std::string(kCounts) +
                       ", (SELECT max(answered_at) FROM report_confirmations AS c WHERE c.report_id = r.id),"
                       " (SELECT kind FROM report_confirmations AS c WHERE c.report_id = r.id AND c.user_id = $2)"
                       " FROM purchase_reports AS r JOIN stores AS s ON s.id = r.store_id"
                       " WHERE s.status = 'active' AND r.id = ANY ($1::bigint[])"),
        standings(c,
                  "SELECT user_id, count(*), count(*) FILTER (WHERE still > gone),"
                  " count(*) FILTER (WHERE gone > still), sum(still)::bigint, sum(gone)::bigint, max(created_at)"
                  " FROM (SELECT r.user_id, r.created_at, " +
                      std::string(kCounts) +
                      " FROM purchase_reports AS r WHERE r.user_id = ANY ($1::bigint[])"
                      " AND r.purchased_at >= $2) AS t GROUP BY user_id") {}

  Connection& conn;
  Statement find_report, answer_of, upsert, move_latest, tallies, standings;
};

PgConfirmationRepository::PgConfirmationRepository(Database& db) : statements_(db, "confirmations") {}
PgConfirmationRepository::~PgConfirmationRepository() = default;

Result<std::optional<PurchaseReport>> PgConfirmationRepository::find_report(ReportId id) {
  return statements_.with([&](Statements& st) -> Result<std::optional<PurchaseReport>> {
    auto rows = st.find_report.run({id});
    if (!rows) return std::unexpected(rows.error());
    if (rows->empty()) return std::optional<PurchaseReport>{};
    auto report = read_report(*rows, 0);
    if (!report) return std::unexpected(report.error());
    return std::optional<PurchaseReport>(std::move(*report));
  });
}

Result<std::optional<ConfirmationAnswer>> PgConfirmationRepository::answer_of(ReportId report, std::int64_t user) {
  return statements_.with([&](Statements& st) -> Result<std::optional<ConfirmationAnswer>> {
    auto rows = st.answer_of.run({report, user});
    if (!rows) return std::unexpected(rows.error());
    if (rows->empty()) return std::optional<ConfirmationAnswer>{};
    return std::optional<ConfirmationAnswer>(answer_from(rows->text(0, 0)));
  });
}

Result<void> PgConfirmationRepository::answer(const Confirmation& c) {
  return statements_.with([&](Statements& st) -> Result<void> {
    const std::string kind(to_string(fact_of(c.answer)));
    return in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      auto rows = st.upsert.run({c.report_id, c.user_id, kind, c.answered_at});
      if (!rows) return std::unexpected(rows.error());
      if (rows->empty() || rows->is_null(0, 0)) return {};
      const std::int64_t store = rows->int64(0, 0);
      const std::string product(rows->text(0, 1));
      auto moved = st.move_latest.run({c.answered_at, kind, product, store});
      if (!moved) return std::unexpected(moved.error());
      return {};
    });
  });
}

Result<std::vector<ReportTally>> PgConfirmationRepository::tallies(std::span<const ReportId> reports,
                                                                   std::optional<std::int64_t> viewer) {
  if (reports.empty()) return std::vector<ReportTally>{};
  return statements_.with([&](Statements& st) -> Result<std::vector<ReportTally>> {
    auto rows = st.tallies.run({array_of(reports), viewer ? Param(*viewer) : Param::null()});
    if (!rows) return std::unexpected(rows.error());
    std::vector<ReportTally> out;
    for (int i = 0; i < rows->size(); ++i) {
      ReportTally t;
      t.report_id = rows->int64(i, 0);
      t.reporter_id = rows->optional_int64(i, 1);
      t.purchased_at = rows->int64(i, 2);
      t.still = rows->int64(i, 3);
      t.gone = rows->int64(i, 4);
      t.latest_at = rows->optional_int64(i, 5);
      if (!rows->is_null(i, 6)) t.mine = answer_from(rows->text(i, 6));
      out.push_back(t);
    }
    return out;
  });
}

Result<std::vector<ReporterStanding>> PgConfirmationRepository::standings(std::span<const std::int64_t> users,
                                                                          UnixSeconds since) {
  if (users.empty()) return std::vector<ReporterStanding>{};
  return statements_.with([&](Statements& st) -> Result<std::vector<ReporterStanding>> {
    auto rows = st.standings.run({array_of(users), since});
    if (!rows) return std::unexpected(rows.error());
    std::vector<ReporterStanding> out;
    out.reserve(rows->count());
    for (int i = 0; i < rows->size(); ++i)
      out.push_back({rows->int64(i, 0), rows->int64(i, 1), rows->int64(i, 2), rows->int64(i, 3), rows->int64(i, 4),
                     rows->int64(i, 5), rows->optional_int64(i, 6)});
    return out;
  });
}

}  // namespace pokeca::storage::postgres
