#include "pokeca/storage/postgres/pg_activity_repository.hpp"

#include <string>

#include "pokeca/storage/postgres/statement.hpp"
#include "pokeca/storage/postgres/transaction.hpp"

namespace pokeca::storage::postgres {

struct PgActivityRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        submissions(c, "SELECT status, count(*) FROM store_submissions WHERE user_id = $1 GROUP BY status"),
        reports(c, "SELECT count(*) FROM purchase_reports WHERE user_id = $1"),
        favorites(c, "SELECT count(*) FROM favorites WHERE user_id = $1"),
        approvals(c,
                  "SELECT reviewed_at, points_awarded FROM store_submissions"
                  " WHERE user_id = $1 AND status = 'approved' AND reviewed_at >= $2"),
        report_times_of_user(c, "SELECT created_at FROM purchase_reports WHERE user_id = $1 AND created_at >= $2"),
        own_submissions(c,
                        "SELECT id, store_name, status, created_at, reviewed_at, reject_reason, points_awarded,"
                        " store_id FROM store_submissions WHERE user_id = $1"
                        " ORDER BY created_at DESC, id DESC LIMIT $2"),
        report_times_of_store(c,
                              "SELECT purchased_at FROM purchase_reports WHERE store_id = $1 AND purchased_at >= $2") {}

  Connection& conn;
  Statement submissions, reports, favorites, approvals, report_times_of_user, own_submissions, report_times_of_store;
};

PgActivityRepository::PgActivityRepository(Database& db) : statements_(db, "activity") {}
PgActivityRepository::~PgActivityRepository() = default;

Result<UserActivity> PgActivityRepository::activity(UserId user, UnixSeconds since) {
  return statements_.with([&](Statements& st) -> Result<UserActivity> {
    UserActivity a;
    // One snapshot: the counts and the lists agree.
    auto ok = in_transaction(st.conn, TransactionMode::kRead, [&]() -> Result<void> {
      a = {};
      auto submissions = st.submissions.run({user});
      if (!submissions) return std::unexpected(submissions.error());
      for (int i = 0; i < submissions->size(); ++i) {
        const auto status = submissions->text(i, 0);
        const auto n = submissions->int64(i, 1);
        if (status == "pending")
          a.submissions.pending = n;
        else if (status == "approved")
          a.submissions.approved = n;
        else if (status == "rejected")
          a.submissions.rejected = n;
      }
      auto reports = st.reports.run({user});
      if (!reports) return std::unexpected(reports.error());
      a.purchase_reports = reports->int64(0, 0);
      auto favorites = st.favorites.run({user});
      if (!favorites) return std::unexpected(favorites.error());
      a.favorites = favorites->int64(0, 0);
      auto approvals = st.approvals.run({user, since});
      if (!approvals) return std::unexpected(approvals.error());
      for (int i = 0; i < approvals->size(); ++i) {
        a.approvals_since.push_back({approvals->int64(i, 0), approvals->int64(i, 1)});
      }
      auto times = st.report_times_of_user.run({user, since});
      if (!times) return std::unexpected(times.error());
      for (int i = 0; i < times->size(); ++i) a.reports_since.push_back(times->int64(i, 0));
      auto own = st.own_submissions.run({user, static_cast<std::int64_t>(kStatsSubmissionsListed)});
      if (!own) return std::unexpected(own.error());
      for (int i = 0; i < own->size(); ++i) {
        OwnSubmission s;
        s.id = own->int64(i, 0);
        s.store_name = std::string(own->text(i, 1));
        s.status = submission_status_from(own->text(i, 2)).value_or(SubmissionStatus::kPending);
        s.created_at = own->int64(i, 3);
        s.reviewed_at = own->optional_int64(i, 4);
        s.reject_reason = std::string(own->text(i, 5));
        s.points = own->int64(i, 6);
        s.store_id = own->optional_int64(i, 7);
        a.recent_submissions.push_back(std::move(s));
      }
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return a;
  });
}

Result<std::vector<UnixSeconds>> PgActivityRepository::report_times(StoreId store, UnixSeconds since) {
  return statements_.with([&](Statements& st) -> Result<std::vector<UnixSeconds>> {
    auto rows = st.report_times_of_store.run({store, since});
    if (!rows) return std::unexpected(rows.error());
    std::vector<UnixSeconds> out;
    out.reserve(rows->count());
    for (int i = 0; i < rows->size(); ++i) out.push_back(rows->int64(i, 0));
    return out;
  });
}

}  // namespace pokeca::storage::postgres
