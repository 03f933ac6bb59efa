#include "pokeca/storage/sqlite/sqlite_activity_repository.hpp"

#include "pokeca/storage/sqlite/statement.hpp"
#include "pokeca/storage/sqlite/transaction.hpp"

namespace pokeca::storage {

struct SqliteActivityRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        submissions(c, "SELECT status, count(*) FROM store_submissions WHERE user_id = :user GROUP BY status"),
        reports(c, "SELECT count(*) FROM purchase_reports WHERE user_id = :user"),
        favorites(c, "SELECT count(*) FROM favorites WHERE user_id = :user"),
        approvals(c,
                  "SELECT reviewed_at, points_awarded FROM store_submissions"
                  " WHERE user_id = :user AND status = 'approved' AND reviewed_at >= :since"),
        report_times_of_user(c,
                             "SELECT created_at FROM purchase_reports WHERE user_id = :user AND created_at >= :since"),
        own_submissions(c,
                        "SELECT id, store_name, status, created_at, reviewed_at, reject_reason, points_awarded,"
                        " store_id FROM store_submissions WHERE user_id = :user"
                        " ORDER BY created_at DESC, id DESC LIMIT :limit"),
        report_times_of_store(c,
                              "SELECT purchased_at FROM purchase_reports"
                              " WHERE store_id = :store AND purchased_at >= :since") {}

  Connection& conn;
  Statement submissions, reports, favorites, approvals, report_times_of_user, own_submissions, report_times_of_store;
};

SqliteActivityRepository::SqliteActivityRepository(Database& db) : statements_(db, "activity") {}
SqliteActivityRepository::~SqliteActivityRepository() = default;

Result<UserActivity> SqliteActivityRepository::activity(UserId user, UnixSeconds since) {
  return statements_.with([&](Statements& st) -> Result<UserActivity> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kRead);  // one snapshot
    if (!tx) return std::unexpected(tx.error());
    UserActivity a;
    auto ok = st.submissions.bind_int(":user", user).each([&](const Row& row) {
      const auto status = row.text(0);
      if (status == "pending")
        a.submissions.pending = row.int64(1);
      else if (status == "approved")
        a.submissions.approved = row.int64(1);
      else if (status == "rejected")
        a.submissions.rejected = row.int64(1);
    });
    if (!ok) return std::unexpected(ok.error());
    ok = st.reports.bind_int(":user", user).each([&](const Row& row) { a.purchase_reports = row.int64(0); });
    if (!ok) return std::unexpected(ok.error());
    ok = st.favorites.bind_int(":user", user).each([&](const Row& row) { a.favorites = row.int64(0); });
    if (!ok) return std::unexpected(ok.error());
    ok = st.approvals.bind_int(":user", user).bind_int(":since", since).each([&](const Row& row) {
      a.approvals_since.push_back({row.int64(0), row.int64(1)});
    });
    if (!ok) return std::unexpected(ok.error());
    ok = st.report_times_of_user.bind_int(":user", user).bind_int(":since", since).each([&](const Row& row) {
      a.reports_since.push_back(row.int64(0));
    });
    if (!ok) return std::unexpected(ok.error());
    ok = st.own_submissions.bind_int(":user", user)
             .bind_int(":limit", kStatsSubmissionsListed)
             .each([&](const Row& row) {
               OwnSubmission s;
               s.id = row.int64(0);
               s.store_name = row.text(1);
               s.status = submission_status_from(row.text(2)).value_or(SubmissionStatus::kPending);
               s.created_at = row.int64(3);
               s.reviewed_at = row.optional_int64(4);
               s.reject_reason = row.text(5);
               s.points = row.int64(6);
               s.store_id = row.optional_int64(7);
               a.recent_submissions.push_back(std::move(s));
             });
    if (!ok) return std::unexpected(ok.error());
    if (auto done = tx->commit(); !done) return std::unexpected(done.error());
    return a;
  });
}

Result<std::vector<UnixSeconds>> SqliteActivityRepository::report_times(StoreId store, UnixSeconds since) {
  return statements_.with([&](Statements& st) -> Result<std::vector<UnixSeconds>> {
    std::vector<UnixSeconds> out;
    auto ok = st.report_times_of_store.bind_int(":store", store).bind_int(":since", since).each([&](const Row& row) {
      out.push_back(row.int64(0));
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

}  // namespace pokeca::storage
