// PgAdminRepository: accounts (search, detail, block, admin rights).
#include <limits>

#include "pokeca/shared/messages.hpp"
#include "pokeca/storage/postgres/transaction.hpp"
#include "repositories/admin_statements.hpp"
#include "repositories/user_rows.hpp"

namespace pokeca::storage::postgres {
namespace {

// kUserColumns, then kUserExtras (pg_admin_repository.cpp).
AdminUser read_admin_user(const Rows& rows, int i) {
  constexpr int kExtras = kUserColumnCount;
  AdminUser out;
  out.user = read_user(rows, i);
  out.last_login_at = rows.optional_int64(i, kExtras);
  out.blocked_reason = rows.text(i, kExtras + 1);
  out.points = rows.int64(i, kExtras + 2);
  out.submission_count = rows.int64(i, kExtras + 3);
  out.report_count = rows.int64(i, kExtras + 4);
  return out;
}

Param optional_flag(const std::optional<bool>& v) { return v ? Param(*v) : Param::null(); }

}  // namespace

Result<std::optional<AdminUser>> PgAdminRepository::Statements::load_user(UserId id) {
  auto rows = find_user.run({id});
  if (!rows) return std::unexpected(rows.error());
  if (rows->empty()) return std::nullopt;
  return read_admin_user(*rows, 0);
}

Result<AdminPage<AdminUser>> PgAdminRepository::search_users(std::string_view query, int limit, std::int64_t offset) {
  return statements_.with([&](Statements& st) -> Result<AdminPage<AdminUser>> {
    AdminPage<AdminUser> page;
    auto ok = in_transaction(st.conn, TransactionMode::kRead, [&]() -> Result<void> {  // the page and its total agree
      page = {};
      auto total = st.count_users.run({query});
      if (!total) return std::unexpected(total.error());
      page.total = total->int64(0, 0);
      auto rows = st.search_users.run({query, limit, offset});
      if (!rows) return std::unexpected(rows.error());
      for (int i = 0; i < rows->size(); ++i) page.items.push_back(read_admin_user(*rows, i));
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return page;
  });
}

Result<std::optional<AdminUser>> PgAdminRepository::find_user(UserId id) {
  return statements_.with([&](Statements& st) { return st.load_user(id); });
}

Result<std::vector<AdminUserSubmission>> PgAdminRepository::user_submissions(UserId id, int limit) {
  return statements_.with([&](Statements& st) -> Result<std::vector<AdminUserSubmission>> {
    auto rows = st.user_submissions.run({id, limit});
    if (!rows) return std::unexpected(rows.error());
    std::vector<AdminUserSubmission> out;
    out.reserve(rows->count());
    for (int i = 0; i < rows->size(); ++i) {
      const auto status = submission_status_from(rows->text(i, 2));
      if (!status) return fail_logged(ErrorCode::kInternal, msg::kInternal, "unknown submission status");
      out.push_back(
          {rows->int64(i, 0), std::string(rows->text(i, 1)), *status, rows->int64(i, 3), rows->optional_int64(i, 4)});
    }
    return out;
  });
}

Result<UserChangeOutcome> PgAdminRepository::change_user(UserId id, const UserDecision& decide) {
  return statements_.with([&](Statements& st) -> Result<UserChangeOutcome> {
    UserChangeOutcome outcome;
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      outcome = {};
      auto current = st.load_user(id);
      if (!current) return std::unexpected(current.error());
      if (!*current) return fail(ErrorCode::kNotFound, msg::kUserNotFound);
      auto admins = st.admin_count.run();
      if (!admins) return std::unexpected(admins.error());
      // SERIALIZABLE: of two admins revoking each other at once, the second runs again and
      // then counts one admin left.
      auto change = decide(UserContext{std::move(**current), admins->int64(0, 0)});
      if (!change) return std::unexpected(change.error());
      const auto at = change->audit.at;
      const Param reason = change->blocked_reason ? Param(*change->blocked_reason) : Param::null();
      auto flags = without_rows(st.set_user_flags.run({optional_flag(change->admin), optional_flag(change->blocked),
                                                       reason, change->end_sessions ? 1 : 0, at, id}));
      if (!flags) return flags;
      if (change->end_sessions)
        if (auto revoked = without_rows(st.revoke_sessions.run({at, id})); !revoked) return revoked;
      if (change->hide_content) {
        auto photos = st.pending_photos_of.run({id});
        if (!photos) return std::unexpected(photos.error());
        for (int i = 0; i < photos->size(); ++i) outcome.rejected_photos.push_back(read_photo(*photos, i));
        auto rejected = without_rows(st.reject_pending_of.run({change->reject_reason, change->audit.actor, at, id}));
        if (!rejected) return rejected;
        auto deleted = st.recompute_after(st.delete_reports_of.run(
            {id, std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max()}));
        if (!deleted) return std::unexpected(deleted.error());
        change->audit.changes.push_back({"deleted_reports", std::int64_t{0}, *deleted});
      }
      if (auto appended = st.audit.append(change->audit); !appended) return appended;
      auto stored = st.load_user(id);
      if (!stored) return std::unexpected(stored.error());
      if (!*stored) return fail_logged(ErrorCode::kInternal, msg::kInternal, "user vanished while being changed");
      outcome.user = std::move(**stored);
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return outcome;
  });
}

}  // namespace pokeca::storage::postgres
