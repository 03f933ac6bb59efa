// SqliteAdminRepository: accounts (search, detail, block, admin rights).
#include <limits>

#include "pokeca/shared/messages.hpp"
#include "pokeca/storage/sqlite/transaction.hpp"
#include "repositories/admin_statements.hpp"
#include "repositories/user_rows.hpp"

namespace pokeca::storage {
namespace {

AdminUser read_admin_user(const Row& row) {
  AdminUser out;
  out.user = read_user(row);
  out.last_login_at = row.optional_int64(kUserColumnCount);
  out.blocked_reason = row.text(kUserColumnCount + 1);
  out.points = row.int64(kUserColumnCount + 2);
  out.submission_count = row.int64(kUserColumnCount + 3);
  out.report_count = row.int64(kUserColumnCount + 4);
  return out;
}

}  // namespace

Result<std::optional<AdminUser>> SqliteAdminRepository::Statements::load_user(UserId id) {
  std::optional<AdminUser> out;
  auto ok = find_user.bind_int(":id", id).each([&](const Row& row) { out = read_admin_user(row); });
  if (!ok) return std::unexpected(ok.error());
  return out;
}

Result<AdminPage<AdminUser>> SqliteAdminRepository::search_users(std::string_view query, int limit,
                                                                 std::int64_t offset) {
  return statements_.with([&](Statements& st) -> Result<AdminPage<AdminUser>> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kRead);
    if (!tx) return std::unexpected(tx.error());
    AdminPage<AdminUser> page;
    auto ok = st.count_users.bind_text(":q", query).each([&](const Row& row) { page.total = row.int64(0); });
    if (!ok) return std::unexpected(ok.error());
    ok = st.search_users.bind_text(":q", query)
             .bind_int(":limit", limit)
             .bind_int(":offset", offset)
             .each([&](const Row& row) { page.items.push_back(read_admin_user(row)); });
    if (!ok) return std::unexpected(ok.error());
    return page;
  });
}

Result<std::optional<AdminUser>> SqliteAdminRepository::find_user(UserId id) {
  return statements_.with([&](Statements& st) { return st.load_user(id); });
}

Result<std::vector<AdminUserSubmission>> SqliteAdminRepository::user_submissions(UserId id, int limit) {
  return statements_.with([&](Statements& st) -> Result<std::vector<AdminUserSubmission>> {
    std::vector<AdminUserSubmission> out;
    auto ok =
        st.user_submissions.bind_int(":id", id).bind_int(":limit", limit).each([&](const Row& row) -> Result<void> {
          const auto status = submission_status_from(row.text(2));
          if (!status) return fail(ErrorCode::kInternal, msg::kInternal, "unknown submission status");
          out.push_back({row.int64(0), std::string(row.text(1)), *status, row.int64(3), row.optional_int64(4)});
          return {};
        });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

Result<UserChangeOutcome> SqliteAdminRepository::change_user(UserId id, const UserDecision& decide) {
  return statements_.with([&](Statements& st) -> Result<UserChangeOutcome> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    auto current = st.load_user(id);
    if (!current) return std::unexpected(current.error());
    if (!*current) return fail(ErrorCode::kNotFound, msg::kUserNotFound);
    UserContext context{std::move(**current), 0};
    if (auto ok = st.admin_count.each([&](const Row& row) { context.admin_count = row.int64(0); }); !ok)
      return std::unexpected(ok.error());
    auto change = decide(context);
    if (!change) return std::unexpected(change.error());
    const auto at = change->audit.at;

    UserChangeOutcome outcome;
    if (change->admin)
      st.set_user_flags.bind_int(":admin", *change->admin ? 1 : 0);
    else
      st.set_user_flags.bind_null(":admin");
    if (change->blocked)
      st.set_user_flags.bind_int(":blocked", *change->blocked ? 1 : 0);
    else
      st.set_user_flags.bind_null(":blocked");
    if (change->blocked_reason)
      st.set_user_flags.bind_text(":reason", *change->blocked_reason);
    else
      st.set_user_flags.bind_null(":reason");
    auto ok =
        st.set_user_flags.bind_int(":bump", change->end_sessions ? 1 : 0).bind_int(":at", at).bind_int(":id", id).run();
    if (!ok) return std::unexpected(ok.error());
    if (change->end_sessions) {
      if (ok = st.revoke_sessions.bind_int(":at", at).bind_int(":id", id).run(); !ok)
        return std::unexpected(ok.error());
    }
    if (change->hide_content) {
      ok = st.pending_photos_of.bind_int(":id", id).each([&](const Row& row) {
        outcome.rejected_photos.push_back({std::string(row.text(0)), std::string(row.text(1)),
                                           static_cast<int>(row.int64(2)), static_cast<int>(row.int64(3))});
      });
      if (!ok) return std::unexpected(ok.error());
      ok = st.reject_pending_of.bind_text(":reason", change->reject_reason)
               .bind_int(":reviewer", change->audit.actor)
               .bind_int(":at", at)
               .bind_int(":id", id)
               .run();
      if (!ok) return std::unexpected(ok.error());
      auto deleted = st.delete_reports(st.delete_reports_of.bind_int(":user", id)
                                           .bind_int(":from", std::numeric_limits<std::int64_t>::min())
                                           .bind_int(":to", std::numeric_limits<std::int64_t>::max()));
      if (!deleted) return std::unexpected(deleted.error());
      change->audit.changes.push_back({"deleted_reports", std::int64_t{0}, *deleted});
    }
    if (ok = st.audit.append(change->audit); !ok) return std::unexpected(ok.error());
    auto stored = st.load_user(id);
    if (!stored) return std::unexpected(stored.error());
    if (!*stored) return fail(ErrorCode::kInternal, msg::kInternal, "user vanished while being changed");
    if (ok = tx->commit(); !ok) return std::unexpected(ok.error());
    outcome.user = std::move(**stored);
    return outcome;
  });
}

}  // namespace pokeca::storage
