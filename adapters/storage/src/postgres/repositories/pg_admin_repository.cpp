// PgAdminRepository: stores, reports and the audit log (users are in pg_admin_users.cpp).
#include <algorithm>
#include <initializer_list>
#include <set>
#include <utility>

#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/utf8.hpp"
#include "pokeca/storage/postgres/transaction.hpp"
#include "repositories/admin_statements.hpp"
#include "repositories/report_rows.hpp"
#include "repositories/store_rows.hpp"
#include "repositories/user_rows.hpp"

namespace pokeca::storage::postgres {
namespace {

std::string admin_store_select(bool with_counts) {
  std::string sql = "SELECT " + std::string(kStoreColumns) + ", s.status_note, s.admin_edited, ";
  if (with_counts)
    sql +=
        "(SELECT count(*) FROM purchase_reports WHERE store_id = s.id),"
        " (SELECT count(*) FROM store_submissions AS sub JOIN submission_photos AS p"
        " ON p.submission_id = sub.id WHERE sub.store_id = s.id)";
  else
    sql += "0, 0";
  return sql;
}

constexpr std::string_view kUserExtras =
    ", last_login_at, blocked_reason,"
    " (SELECT coalesce(sum(points_awarded), 0) FROM store_submissions"
    "  WHERE user_id = users.id AND status = 'approved'),"
    " (SELECT count(*) FROM store_submissions WHERE user_id = users.id),"
    " (SELECT count(*) FROM purchase_reports WHERE user_id = users.id)";

// Substring of e-mail (stored lower-cased) or nickname, ASCII case folded as on SQLite; ''
// matches every account.
constexpr std::string_view kUserMatches =
    "($1::text = '' OR strpos(email, lower($1::text COLLATE \"C\")) > 0"
    " OR strpos(lower(nickname COLLATE \"C\"), lower($1::text COLLATE \"C\")) > 0)";

// A list's WHERE clause and the values its parameters take, each condition added with its
// value so that the two cannot drift apart.
class Filter {
 public:
  // `condition` names its value "?" (as often as it needs it).
  void add(std::string_view condition, Param value) {
    values_.push_back(std::move(value));
    const auto placeholder = "$" + std::to_string(values_.size());
    std::string c(condition);
    for (auto at = c.find('?'); at != std::string::npos; at = c.find('?', at + placeholder.size()))
      c.replace(at, 1, placeholder);
    conditions_.push_back(std::move(c));
  }
  // " WHERE a AND b", or nothing.
  [[nodiscard]] std::string sql() const {
    std::string out;
    for (const auto& c : conditions_) out += (out.empty() ? " WHERE " : " AND ") + c;
    return out;
  }
  [[nodiscard]] bool empty() const { return conditions_.empty(); }
  // The placeholder of the n-th (1-based) parameter after the filter's own.
  [[nodiscard]] std::string after(int n) const { return "$" + std::to_string(values_.size() + n); }
  // The filter's values, then `more`.
  [[nodiscard]] std::vector<Param> params(std::initializer_list<Param> more = {}) const {
    auto out = values_;
    out.insert(out.end(), more);
    return out;
  }

 private:
  std::vector<std::string> conditions_;
  std::vector<Param> values_;
};

Result<std::int64_t> one_count(Result<Rows> rows) {
  if (!rows) return std::unexpected(rows.error());
  return rows->empty() || rows->is_null(0, 0) ? 0 : rows->int64(0, 0);
}

Result<std::vector<SubmissionPhoto>> read_photos(Result<Rows> rows) {
  if (!rows) return std::unexpected(rows.error());
  std::vector<SubmissionPhoto> out;
  out.reserve(rows->count());
  for (int i = 0; i < rows->size(); ++i) out.push_back(read_photo(*rows, i));
  return out;
}

}  // namespace

std::vector<std::string> parse_name_list(std::string_view json) {
  std::vector<std::string> out;
  for (;;) {
    const auto open = json.find('"');
    if (open == std::string_view::npos) break;
    const auto close = json.find('"', open + 1);
    if (close == std::string_view::npos) break;
    out.emplace_back(json.substr(open + 1, close - open - 1));
    json.remove_prefix(close + 1);
  }
  return out;
}

Result<AdminStore> read_admin_store(const Rows& rows, int i) {
  auto store = read_store(rows, i);
  if (!store) return std::unexpected(store.error());
  AdminStore out;
  out.store = std::move(*store);
  out.status_note = rows.text(i, kStoreColumnCount);
  out.admin_edited = parse_name_list(rows.text(i, kStoreColumnCount + 1));
  out.report_count = rows.int64(i, kStoreColumnCount + 2);
  out.photo_count = rows.int64(i, kStoreColumnCount + 3);
  return out;
}

SubmissionPhoto read_photo(const Rows& rows, int i, int first) {
  return {std::string(rows.text(i, first)), std::string(rows.text(i, first + 1)),
          static_cast<int>(rows.int64(i, first + 2)), static_cast<int>(rows.int64(i, first + 3))};
}

Result<void> without_rows(Result<Rows> rows) {
  if (!rows) return std::unexpected(rows.error());
  return {};
}

PgAdminRepository::Statements::Statements(Connection& c)
    : conn(c),
      find_store(c, admin_store_select(true) + " FROM stores AS s WHERE s.id = $1"),
      // The whole row, as every store write does: the map's lists, cells and counts read it.
      update_store(c, "UPDATE stores SET (" + std::string(kStoreWrittenColumns) +
                          ", status_note, admin_edited) = ROW (" + placeholders(1, kStoreWrittenCount) + ", $" +
                          std::to_string(kStoreWrittenCount + 1) + ", array_to_json($" +
                          std::to_string(kStoreWrittenCount + 2) + "::text[])::text) WHERE id = $" +
                          std::to_string(kStoreWrittenCount + 3)),
      delete_store(c, "DELETE FROM stores WHERE id = $1"),
      store_photos(c,
                   "SELECT p.photo_hash, p.thumb_hash, p.width, p.height, sub.id"
                   " FROM store_submissions AS sub JOIN submission_photos AS p ON p.submission_id = sub.id"
                   " WHERE sub.store_id = $1 ORDER BY sub.id DESC, p.position LIMIT $2"),
      store_in_use(c,
                   "SELECT EXISTS (SELECT 1 FROM store_submissions WHERE store_id = $1)"
                   " OR EXISTS (SELECT 1 FROM purchase_reports WHERE store_id = $1)"
                   " OR EXISTS (SELECT 1 FROM saved_route_stops WHERE store_id = $1)"
                   " OR EXISTS (SELECT 1 FROM lotteries WHERE store_id = $1)"),
      unlink_photo(c,
                   "DELETE FROM submission_photos WHERE (photo_hash = $1 OR thumb_hash = $1)"
                   " AND submission_id IN (SELECT id FROM store_submissions WHERE store_id = $2)"
                   " RETURNING photo_hash, thumb_hash, width, height"),
      search_users(c, "SELECT " + std::string(kUserColumns) + std::string(kUserExtras) + " FROM users WHERE " +
                          std::string(kUserMatches) + " ORDER BY id DESC LIMIT $2 OFFSET $3"),
      count_users(c, "SELECT count(*) FROM users WHERE " + std::string(kUserMatches)),
      find_user(c, "SELECT " + std::string(kUserColumns) + std::string(kUserExtras) + " FROM users WHERE id = $1"),
      user_submissions(c,
                       "SELECT id, store_name, status, created_at, reviewed_at FROM store_submissions"
                       " WHERE user_id = $1 ORDER BY id DESC LIMIT $2"),
      admin_count(c, "SELECT count(*) FROM users WHERE admin AND withdrawn_at IS NULL"),
      // A NULL flag or reason keeps the stored one.
      set_user_flags(c,
                     "UPDATE users SET admin = coalesce($1::boolean, admin), blocked = coalesce($2::boolean, blocked),"
                     " blocked_reason = coalesce($3::text, blocked_reason),"
                     " session_epoch = session_epoch + $4, updated_at = $5 WHERE id = $6"),
      revoke_sessions(c, "UPDATE refresh_sessions SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL"),
      pending_photos_of(c,
                        "SELECT p.photo_hash, p.thumb_hash, p.width, p.height"
                        " FROM store_submissions AS sub JOIN submission_photos AS p ON p.submission_id = sub.id"
                        " WHERE sub.user_id = $1 AND sub.status = 'pending' ORDER BY sub.id, p.position"),
      reject_pending_of(c,
                        "UPDATE store_submissions SET status = 'rejected', reject_reason = $1,"
                        " reviewed_by = $2, reviewed_at = $3 WHERE user_id = $4 AND status = 'pending'"),
      delete_report(c, "DELETE FROM purchase_reports AS r WHERE r.id = $1 RETURNING " + std::string(kReportColumns)),
      delete_reports_of(c,
                        "DELETE FROM purchase_reports WHERE user_id = $1"
                        " AND purchased_at >= $2 AND purchased_at < $3 RETURNING store_id"),
      recompute_last_report(c, std::string(kRecomputeLastReportSql)),
      audit(c) {}

Statement& PgAdminRepository::Statements::prepared(const std::string& sql) {
  auto& slot = dynamic[sql];
  if (!slot) slot = std::make_unique<Statement>(conn, sql);
  return *slot;
}

Result<std::optional<AdminStore>> PgAdminRepository::Statements::load_store(StoreId id) {
  auto rows = find_store.run({id});
  if (!rows) return std::unexpected(rows.error());
  if (rows->empty()) return std::nullopt;
  auto s = read_admin_store(*rows, 0);
  if (!s) return std::unexpected(s.error());
  return std::move(*s);
}

Result<std::int64_t> PgAdminRepository::Statements::recompute_after(Result<Rows> deleted) {
  if (!deleted) return std::unexpected(deleted.error());
  std::set<StoreId> stores;
  for (int i = 0; i < deleted->size(); ++i) stores.insert(deleted->int64(i, 0));
  for (const auto store : stores)
    if (auto ok = without_rows(recompute_last_report.run({store})); !ok) return std::unexpected(ok.error());
  return static_cast<std::int64_t>(deleted->count());
}

PgAdminRepository::PgAdminRepository(Database& db) : statements_(db, "admin") {}
PgAdminRepository::~PgAdminRepository() = default;

Result<AdminPage<AdminStore>> PgAdminRepository::search_stores(const AdminStoreFilter& f) {
  Filter where;
  // A word of 3+ characters through the name's trigram index (ILIKE folds case as SQLite's
  // FTS5 trigram tokenizer does); a shorter one is tested on each name, ASCII case folded
  // as on SQLite.
  if (utf8_length(f.name) >= kTrigramChars)
    where.add("s.name ILIKE ?", contains_pattern(f.name));
  else if (!f.name.empty())
    where.add("strpos(lower(s.name COLLATE \"C\"), lower(?::text COLLATE \"C\")) > 0", f.name);
  if (f.prefecture) where.add("s.prefecture = ?", *f.prefecture);
  if (f.store_type) where.add("s.store_type = ?", *f.store_type);
  if (f.status) where.add("s.status = ?", to_string(*f.status));
  if (f.source) where.add("s.source = ?", to_string(*f.source));
  const auto filter = where.sql();
  // The count stops one past the cap: enough to know there are more. Unlike SQLite,
  // PostgreSQL reads every row to count a table, so the unfiltered count is capped too.
  const auto count_sql =
      "SELECT count(*) FROM (SELECT 1 FROM stores AS s" + filter + " LIMIT " + where.after(1) + ") AS c";
  const auto list_sql = admin_store_select(false) + " FROM stores AS s" + filter + " ORDER BY s.id DESC LIMIT " +
                        where.after(1) + " OFFSET " + where.after(2);
  const auto count_params = where.params({Param(f.count_cap + 1)});
  const auto list_params = where.params({Param(f.limit), Param(f.offset)});
  // With a name, sent unprepared: PostgreSQL then plans for the word given (a rare one
  // through the trigram index, a common one by walking the ids), where a generic plan
  // would choose one of the two for every word.
  const bool by_name = !f.name.empty();
  return statements_.with([&](Statements& st) -> Result<AdminPage<AdminStore>> {
    const auto run = [&](const std::string& sql, const std::vector<Param>& params) {
      return by_name ? st.conn.query(sql, params) : st.prepared(sql).run(params);
    };
    AdminPage<AdminStore> page;
    auto ok = in_transaction(st.conn, TransactionMode::kRead, [&]() -> Result<void> {  // the page and its total agree
      page = {};
      auto total = one_count(run(count_sql, count_params));
      if (!total) return std::unexpected(total.error());
      page.total_capped = *total > f.count_cap;
      page.total = std::min(*total, f.count_cap);
      auto rows = run(list_sql, list_params);
      if (!rows) return std::unexpected(rows.error());
      for (int i = 0; i < rows->size(); ++i) {
        auto s = read_admin_store(*rows, i);
        if (!s) return std::unexpected(s.error());
        page.items.push_back(std::move(*s));
      }
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return page;
  });
}

Result<std::optional<AdminStore>> PgAdminRepository::find_store(StoreId id) {
  return statements_.with([&](Statements& st) { return st.load_store(id); });
}

Result<std::vector<AdminPhoto>> PgAdminRepository::store_photos(StoreId id, int limit) {
  return statements_.with([&](Statements& st) -> Result<std::vector<AdminPhoto>> {
    auto rows = st.store_photos.run({id, limit});
    if (!rows) return std::unexpected(rows.error());
    std::vector<AdminPhoto> out;
    out.reserve(rows->count());
    for (int i = 0; i < rows->size(); ++i) out.push_back({read_photo(*rows, i), rows->int64(i, 4)});
    return out;
  });
}

Result<AdminStore> PgAdminRepository::change_store(StoreId id, const StoreDecision& decide) {
  return statements_.with([&](Statements& st) -> Result<AdminStore> {
    std::optional<AdminStore> stored;
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      stored.reset();
      auto current = st.load_store(id);
      if (!current) return std::unexpected(current.error());
      if (!*current) return fail(ErrorCode::kNotFound, msg::kStoreNotFound);
      auto change = decide(**current);
      if (!change) return std::unexpected(change.error());
      if (change->audit.changes.empty()) {  // nothing changed, nothing to record
        stored = std::move(**current);
        return {};
      }
      auto& after = change->after;
      after.store.id = id;
      std::vector<Param> params;
      append_store_params(params, after.store);
      params.insert(params.end(), {Param(after.status_note), Param(text_array(after.admin_edited)), Param(id)});
      if (auto updated = without_rows(st.update_store.run(params)); !updated) return updated;
      if (auto appended = st.audit.append(change->audit); !appended) return appended;
      auto reread = st.load_store(id);
      if (!reread) return std::unexpected(reread.error());
      if (!*reread) return fail_logged(ErrorCode::kInternal, msg::kInternal, "store vanished while being edited");
      stored = std::move(**reread);
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return std::move(*stored);
  });
}

Result<void> PgAdminRepository::delete_store(StoreId id, const std::function<AuditRecord(const AdminStore&)>& audit) {
  return statements_.with([&](Statements& st) -> Result<void> {
    return in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      auto current = st.load_store(id);
      if (!current) return std::unexpected(current.error());
      if (!*current) return fail(ErrorCode::kNotFound, msg::kStoreNotFound);
      // Asked before the foreign keys would refuse: favourites and alert rows go with the
      // store (ON DELETE CASCADE), what people wrote about it keeps it.
      auto in_use = st.store_in_use.run({id});
      if (!in_use) return std::unexpected(in_use.error());
      if (in_use->boolean(0, 0)) return fail(ErrorCode::kConflict, msg::kAdminStoreInUse);
      if (auto deleted = without_rows(st.delete_store.run({id})); !deleted) return deleted;
      return st.audit.append(audit(**current));
    });
  });
}

Result<std::vector<SubmissionPhoto>> PgAdminRepository::unlink_photo(StoreId store, std::string_view hash,
                                                                     const AuditRecord& audit) {
  return statements_.with([&](Statements& st) -> Result<std::vector<SubmissionPhoto>> {
    std::vector<SubmissionPhoto> out;
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      auto removed = read_photos(st.unlink_photo.run({hash, store}));
      if (!removed) return std::unexpected(removed.error());
      out = std::move(*removed);
      if (out.empty()) return fail(ErrorCode::kNotFound, msg::kAdminPhotoNotFound);
      return st.audit.append(audit);
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

Result<AdminPage<AdminReport>> PgAdminRepository::list_reports(const AdminReportFilter& f) {
  Filter where;
  if (f.store_id) where.add("r.store_id = ?", *f.store_id);
  if (f.user_id) where.add("r.user_id = ?", *f.user_id);
  if (f.prefecture) where.add("s.prefecture = ?", *f.prefecture);
  if (f.kind) where.add("r.kind = ?", to_string(*f.kind));
  if (f.from) where.add("r.purchased_at >= ?", *f.from);
  if (f.until) where.add("r.purchased_at < ?", *f.until);
  const auto filter = where.sql();
  const std::string joined = " FROM purchase_reports AS r JOIN stores AS s ON s.id = r.store_id";
  const auto count_sql =
      "SELECT count(*)" + (f.prefecture ? joined : std::string(" FROM purchase_reports AS r")) + filter;
  const auto list_sql = "SELECT " + std::string(kReportColumns) + ", s.name, s.prefecture, u.id, u.nickname" + joined +
                        " LEFT JOIN users AS u ON u.id = r.user_id" + filter +
                        " ORDER BY r.purchased_at DESC, r.id DESC LIMIT " + where.after(1) + " OFFSET " +
                        where.after(2);
  return statements_.with([&](Statements& st) -> Result<AdminPage<AdminReport>> {
    AdminPage<AdminReport> page;
    auto ok = in_transaction(st.conn, TransactionMode::kRead, [&]() -> Result<void> {
      page = {};
      auto total = one_count(st.prepared(count_sql).run(where.params()));
      if (!total) return std::unexpected(total.error());
      page.total = *total;
      auto rows = st.prepared(list_sql).run(where.params({Param(f.limit), Param(f.offset)}));
      if (!rows) return std::unexpected(rows.error());
      for (int i = 0; i < rows->size(); ++i) {
        auto report = read_report(*rows, i);
        if (!report) return std::unexpected(report.error());
        AdminReport item{std::move(*report), std::string(rows->text(i, kReportColumnCount)),
                         std::string(rows->text(i, kReportColumnCount + 1)), std::nullopt};
        if (!rows->is_null(i, kReportColumnCount + 2))
          item.user_nickname = std::string(rows->text(i, kReportColumnCount + 3));
        page.items.push_back(std::move(item));
      }
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return page;
  });
}

Result<std::optional<PurchaseReport>> PgAdminRepository::delete_report(
    ReportId id, const std::function<AuditRecord(const PurchaseReport&)>& audit) {
  return statements_.with([&](Statements& st) -> Result<std::optional<PurchaseReport>> {
    std::optional<PurchaseReport> removed;
    // The same deletion as PgReportRepository::remove, plus the audit row.
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      removed.reset();
      auto rows = st.delete_report.run({id});
      if (!rows) return std::unexpected(rows.error());
      if (rows->empty()) return {};  // nothing deleted, nothing to record
      auto report = read_report(*rows, 0);
      if (!report) return std::unexpected(report.error());
      if (auto recomputed = without_rows(st.recompute_last_report.run({report->store_id})); !recomputed)
        return recomputed;
      if (auto appended = st.audit.append(audit(*report)); !appended) return appended;
      removed = std::move(*report);
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return removed;
  });
}

Result<std::int64_t> PgAdminRepository::delete_reports_of(UserId user, UnixSeconds from, UnixSeconds to,
                                                          const std::function<AuditRecord(std::int64_t)>& audit) {
  return statements_.with([&](Statements& st) -> Result<std::int64_t> {
    std::int64_t deleted = 0;
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      auto n = st.recompute_after(st.delete_reports_of.run({user, from, to}));
      if (!n) return std::unexpected(n.error());
      deleted = *n;
      return st.audit.append(audit(*n));
    });
    if (!ok) return std::unexpected(ok.error());
    return deleted;
  });
}

Result<AdminPage<AuditEntry>> PgAdminRepository::list_audit(const AuditFilter& f) {
  Filter where;
  if (f.target_type) where.add("a.target_type = ?", *f.target_type);
  if (f.target_id) where.add("a.target_id = ?", *f.target_id);
  if (f.actor_id) where.add("a.actor_id = ?", *f.actor_id);
  if (f.action) where.add("a.action = ?", *f.action);
  const auto filter = where.sql();
  const auto count_sql = "SELECT count(*) FROM admin_audit AS a" + filter;
  const auto list_sql =
      "SELECT a.id, a.at, a.actor_id, coalesce(u.nickname, ''), a.action, a.target_type, a.target_id, a.changes,"
      " a.note FROM admin_audit AS a LEFT JOIN users AS u ON u.id = a.actor_id" +
      filter + " ORDER BY a.id DESC LIMIT " + where.after(1) + " OFFSET " + where.after(2);
  return statements_.with([&](Statements& st) -> Result<AdminPage<AuditEntry>> {
    AdminPage<AuditEntry> page;
    auto ok = in_transaction(st.conn, TransactionMode::kRead, [&]() -> Result<void> {
      page = {};
      auto total = one_count(st.prepared(count_sql).run(where.params()));
      if (!total) return std::unexpected(total.error());
      page.total = *total;
      auto rows = st.prepared(list_sql).run(where.params({Param(f.limit), Param(f.offset)}));
      if (!rows) return std::unexpected(rows.error());
      for (int i = 0; i < rows->size(); ++i)
        page.items.push_back({rows->int64(i, 0), rows->int64(i, 1), rows->int64(i, 2), std::string(rows->text(i, 3)),
                              std::string(rows->text(i, 4)), std::string(rows->text(i, 5)),
                              std::string(rows->text(i, 6)), std::string(rows->text(i, 7)),
                              std::string(rows->text(i, 8))});
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return page;
  });
}

}  // namespace pokeca::storage::postgres
