// SqliteAdminRepository: stores, reports and the audit log (users are in
// sqlite_admin_users.cpp).
#include <algorithm>
#include <set>
#include <variant>

#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/utf8.hpp"
#include "pokeca/storage/sqlite/transaction.hpp"
#include "repositories/admin_statements.hpp"
#include "repositories/fts5.hpp"
#include "repositories/report_rows.hpp"
#include "repositories/store_rows.hpp"
#include "repositories/user_rows.hpp"

namespace pokeca::storage {
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

// A list's WHERE clause and the values its parameters take, each condition added with its
// value so that the two cannot drift apart.
class Filter {
 public:
  void add(std::string condition, const char* parameter, std::int64_t value) {
    conditions_.push_back(std::move(condition));
    values_.emplace_back(parameter, value);
  }
  void add(std::string condition, const char* parameter, std::string_view value) {
    conditions_.push_back(std::move(condition));
    values_.emplace_back(parameter, std::string(value));
  }
  // " WHERE a AND b", or nothing.
  [[nodiscard]] std::string sql() const {
    std::string out;
    for (const auto& c : conditions_) out += (out.empty() ? " WHERE " : " AND ") + c;
    return out;
  }
  void bind(Statement& st) const {
    for (const auto& [parameter, value] : values_) {
      if (const auto* n = std::get_if<std::int64_t>(&value))
        st.bind_int(parameter, *n);
      else
        st.bind_text(parameter, std::get<std::string>(value));
    }
  }

 private:
  std::vector<std::string> conditions_;
  std::vector<std::pair<const char*, std::variant<std::int64_t, std::string>>> values_;
};

// An FTS5 phrase: the text in double quotes, inner quotes doubled.
std::string fts_phrase(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

Result<std::int64_t> one_count(Statement& st) {
  std::int64_t n = 0;
  auto ok = st.each([&](const Row& row) { n = row.int64(0); });
  if (!ok) return std::unexpected(ok.error());
  return n;
}

SubmissionPhoto read_photo(const Row& row) {
  return {std::string(row.text(0)), std::string(row.text(1)), static_cast<int>(row.int64(2)),
          static_cast<int>(row.int64(3))};
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

Result<AdminStore> read_admin_store(const Row& row) {
  auto store = read_store(row);
  if (!store) return std::unexpected(store.error());
  AdminStore out;
  out.store = std::move(*store);
  out.status_note = row.text(kStoreColumnCount);
  out.admin_edited = parse_name_list(row.text(kStoreColumnCount + 1));
  out.report_count = row.int64(kStoreColumnCount + 2);
  out.photo_count = row.int64(kStoreColumnCount + 3);
  return out;
}

SqliteAdminRepository::Statements::Statements(Connection& c)
    : conn(c),
      find_store(c, admin_store_select(true) + " FROM stores AS s WHERE s.id = :id"),
      set_store_extra(c, "UPDATE stores SET status_note = :note, admin_edited = :edited WHERE id = :id"),
      store_photos(c,
                   "SELECT p.photo_hash, p.thumb_hash, p.width, p.height, sub.id"
                   " FROM store_submissions AS sub JOIN submission_photos AS p ON p.submission_id = sub.id"
                   " WHERE sub.store_id = :id ORDER BY sub.id DESC, p.position LIMIT :limit"),
      store_in_use(c,
                   "SELECT EXISTS (SELECT 1 FROM store_submissions WHERE store_id = :id)"
                   " OR EXISTS (SELECT 1 FROM purchase_reports WHERE store_id = :id)"
                   " OR EXISTS (SELECT 1 FROM saved_route_stops WHERE store_id = :id)"
                   " OR EXISTS (SELECT 1 FROM lotteries WHERE store_id = :id)"),
      unlink_photo(c,
                   "DELETE FROM submission_photos WHERE (photo_hash = :hash OR thumb_hash = :hash)"
                   " AND submission_id IN (SELECT id FROM store_submissions WHERE store_id = :store)"
                   " RETURNING photo_hash, thumb_hash, width, height"),
      search_users(c, "SELECT " + std::string(kUserColumns) + std::string(kUserExtras) +
                          " FROM users WHERE (:q = '' OR instr(email, lower(:q)) > 0"
                          " OR instr(lower(nickname), lower(:q)) > 0)"
                          " ORDER BY id DESC LIMIT :limit OFFSET :offset"),
      count_users(c,
                  "SELECT count(*) FROM users WHERE (:q = '' OR instr(email, lower(:q)) > 0"
                  " OR instr(lower(nickname), lower(:q)) > 0)"),
      find_user(c, "SELECT " + std::string(kUserColumns) + std::string(kUserExtras) + " FROM users WHERE id = :id"),
      user_submissions(c,
                       "SELECT id, store_name, status, created_at, reviewed_at FROM store_submissions"
                       " WHERE user_id = :id ORDER BY id DESC LIMIT :limit"),
      admin_count(c, "SELECT count(*) FROM users WHERE admin = 1 AND withdrawn_at IS NULL"),
      set_user_flags(c,
                     "UPDATE users SET admin = coalesce(:admin, admin), blocked = coalesce(:blocked, blocked),"
                     " blocked_reason = coalesce(:reason, blocked_reason),"
                     " session_epoch = session_epoch + :bump, updated_at = :at WHERE id = :id"),
      revoke_sessions(c, "UPDATE refresh_sessions SET revoked_at = :at WHERE user_id = :id AND revoked_at IS NULL"),
      pending_photos_of(c,
                        "SELECT p.photo_hash, p.thumb_hash, p.width, p.height"
                        " FROM store_submissions AS sub JOIN submission_photos AS p ON p.submission_id = sub.id"
                        " WHERE sub.user_id = :id AND sub.status = 'pending'"),
      reject_pending_of(c,
                        "UPDATE store_submissions SET status = 'rejected', reject_reason = :reason,"
                        " reviewed_by = :reviewer, reviewed_at = :at WHERE user_id = :id AND status = 'pending'"),
      delete_report(c, "DELETE FROM purchase_reports WHERE id = :id RETURNING " + std::string(kReportReturningColumns)),
      delete_reports_of(c,
                        "DELETE FROM purchase_reports WHERE user_id = :user"
                        " AND purchased_at >= :from AND purchased_at < :to RETURNING store_id"),
      recompute_last_report(c, kRecomputeLastReportSql),
      writes(c),
      audit(c) {}

Statement& SqliteAdminRepository::Statements::prepared(const std::string& sql) {
  auto& slot = dynamic[sql];
  if (!slot) slot = std::make_unique<Statement>(conn, sql);
  return *slot;
}

Result<std::optional<AdminStore>> SqliteAdminRepository::Statements::load_store(StoreId id) {
  std::optional<AdminStore> out;
  auto ok = find_store.bind_int(":id", id).each([&](const Row& row) -> Result<void> {
    auto s = read_admin_store(row);
    if (!s) return std::unexpected(s.error());
    out = std::move(*s);
    return {};
  });
  if (!ok) return std::unexpected(ok.error());
  return out;
}

Result<std::int64_t> SqliteAdminRepository::Statements::delete_reports(Statement& del) {
  std::set<StoreId> stores;
  std::int64_t n = 0;
  auto ok = del.each([&](const Row& row) {
    stores.insert(row.int64(0));
    ++n;
  });
  if (!ok) return std::unexpected(ok.error());
  for (const auto store : stores)
    if (auto done = recompute_last_report.bind_int(":store_id", store).run(); !done)
      return std::unexpected(done.error());
  return n;
}

SqliteAdminRepository::SqliteAdminRepository(Database& db) : statements_(db, "admin") {}
SqliteAdminRepository::~SqliteAdminRepository() = default;

Result<AdminPage<AdminStore>> SqliteAdminRepository::search_stores(const AdminStoreFilter& f) {
  Filter where;
  std::string from = " FROM stores AS s";
  if (utf8_length(f.name) >= kTrigramChars)
    where.add("s.id IN (SELECT rowid FROM stores_fts WHERE stores_fts MATCH :match)", ":match", fts_phrase(f.name));
  else if (!f.name.empty())
    where.add("instr(lower(s.name), lower(:name)) > 0", ":name", f.name);
  if (f.prefecture) where.add("s.prefecture = :prefecture", ":prefecture", *f.prefecture);
  // With a prefecture, its index (prefecture, status) reads fewer rows than the type's:
  // the unary + keeps the planner off stores_by_type.
  if (f.store_type) where.add(f.prefecture ? "+s.store_type = :type" : "s.store_type = :type", ":type", *f.store_type);
  if (f.status) where.add("s.status = :status", ":status", to_string(*f.status));
  if (f.source) where.add("s.source = :source", ":source", to_string(*f.source));
  const auto filter = where.sql();
  const auto bind = [&](Statement& st) { where.bind(st); };
  return statements_.with([&](Statements& st) -> Result<AdminPage<AdminStore>> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kRead);  // the page and its total agree
    if (!tx) return std::unexpected(tx.error());
    AdminPage<AdminStore> page;
    // A filtered count stops one past the cap: enough to know there are more. Unfiltered,
    // SQLite counts the table from its b-tree pages (0.35 ms at 1M), faster than any cap.
    auto& count = st.prepared(filter.empty() ? "SELECT count(*)" + from
                                             : "SELECT count(*) FROM (SELECT 1" + from + filter + " LIMIT :cap)");
    bind(count);
    if (!filter.empty()) count.bind_int(":cap", f.count_cap + 1);
    auto total = one_count(count);
    if (!total) return std::unexpected(total.error());
    page.total_capped = *total > f.count_cap;
    page.total = std::min(*total, f.count_cap);
    auto& list =
        st.prepared(admin_store_select(false) + from + filter + " ORDER BY s.id DESC LIMIT :limit OFFSET :offset");
    bind(list);
    list.bind_int(":limit", f.limit).bind_int(":offset", f.offset);
    auto ok = list.each([&](const Row& row) -> Result<void> {
      auto s = read_admin_store(row);
      if (!s) return std::unexpected(s.error());
      page.items.push_back(std::move(*s));
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return page;
  });
}

Result<std::optional<AdminStore>> SqliteAdminRepository::find_store(StoreId id) {
  return statements_.with([&](Statements& st) { return st.load_store(id); });
}

Result<std::vector<AdminPhoto>> SqliteAdminRepository::store_photos(StoreId id, int limit) {
  return statements_.with([&](Statements& st) -> Result<std::vector<AdminPhoto>> {
    std::vector<AdminPhoto> out;
    auto ok = st.store_photos.bind_int(":id", id).bind_int(":limit", limit).each([&](const Row& row) {
      out.push_back({read_photo(row), row.int64(4)});
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

Result<AdminStore> SqliteAdminRepository::change_store(StoreId id, const StoreDecision& decide) {
  return statements_.with([&](Statements& st) -> Result<AdminStore> {
    st.writes.discard();
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    auto current = st.load_store(id);
    if (!current) return std::unexpected(current.error());
    if (!*current) return fail(ErrorCode::kNotFound, msg::kStoreNotFound);
    auto change = decide(**current);
    if (!change) return std::unexpected(change.error());
    if (change->audit.changes.empty()) return std::move(**current);  // nothing changed, nothing to record
    auto& after = change->after;
    after.store.id = id;
    if (auto ok = st.writes.update((*current)->store, after.store); !ok) return std::unexpected(ok.error());
    auto ok = st.set_store_extra.bind_text(":note", after.status_note)
                  .bind_text(":edited", json_string_array(after.admin_edited))
                  .bind_int(":id", id)
                  .run();
    if (!ok) return std::unexpected(ok.error());
    if (ok = st.audit.append(change->audit); !ok) return std::unexpected(ok.error());
    if (ok = st.writes.flush(); !ok) return std::unexpected(ok.error());
    auto stored = st.load_store(id);
    if (!stored) return std::unexpected(stored.error());
    if (!*stored) return fail(ErrorCode::kInternal, msg::kInternal, "store vanished while being edited");
    if (ok = tx->commit(); !ok) return std::unexpected(ok.error());
    return std::move(**stored);
  });
}

Result<void> SqliteAdminRepository::delete_store(StoreId id,
                                                 const std::function<AuditRecord(const AdminStore&)>& audit) {
  return statements_.with([&](Statements& st) -> Result<void> {
    st.writes.discard();
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    auto current = st.load_store(id);
    if (!current) return std::unexpected(current.error());
    if (!*current) return fail(ErrorCode::kNotFound, msg::kStoreNotFound);
    auto in_use = one_count(st.store_in_use.bind_int(":id", id));
    if (!in_use) return std::unexpected(in_use.error());
    if (*in_use != 0) return fail(ErrorCode::kConflict, msg::kAdminStoreInUse);
    if (auto ok = st.writes.remove((*current)->store); !ok) return ok;
    if (auto ok = st.audit.append(audit(**current)); !ok) return ok;
    if (auto ok = st.writes.flush(); !ok) return ok;
    return tx->commit();
  });
}

Result<std::vector<SubmissionPhoto>> SqliteAdminRepository::unlink_photo(StoreId store, std::string_view hash,
                                                                         const AuditRecord& audit) {
  return statements_.with([&](Statements& st) -> Result<std::vector<SubmissionPhoto>> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    std::vector<SubmissionPhoto> out;
    auto ok = st.unlink_photo.bind_text(":hash", hash).bind_int(":store", store).each([&](const Row& row) {
      out.push_back(read_photo(row));
    });
    if (!ok) return std::unexpected(ok.error());
    if (out.empty()) return fail(ErrorCode::kNotFound, msg::kAdminPhotoNotFound);
    if (ok = st.audit.append(audit); !ok) return std::unexpected(ok.error());
    if (ok = tx->commit(); !ok) return std::unexpected(ok.error());
    return out;
  });
}

Result<AdminPage<AdminReport>> SqliteAdminRepository::list_reports(const AdminReportFilter& f) {
  Filter where;
  if (f.store_id) where.add("r.store_id = :store_id", ":store_id", *f.store_id);
  if (f.user_id) where.add("r.user_id = :user_id", ":user_id", *f.user_id);
  if (f.prefecture) where.add("s.prefecture = :prefecture", ":prefecture", *f.prefecture);
  if (f.kind) where.add("r.kind = :kind", ":kind", to_string(*f.kind));
  if (f.from) where.add("r.purchased_at >= :from", ":from", *f.from);
  if (f.until) where.add("r.purchased_at < :until", ":until", *f.until);
  const auto filter = where.sql();
  const auto bind = [&](Statement& st) { where.bind(st); };
  const std::string joined = " FROM purchase_reports AS r JOIN stores AS s ON s.id = r.store_id";
  return statements_.with([&](Statements& st) -> Result<AdminPage<AdminReport>> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kRead);
    if (!tx) return std::unexpected(tx.error());
    AdminPage<AdminReport> page;
    auto& count =
        st.prepared("SELECT count(*)" + (f.prefecture ? joined : std::string(" FROM purchase_reports AS r")) + filter);
    bind(count);
    auto total = one_count(count);
    if (!total) return std::unexpected(total.error());
    page.total = *total;
    auto& list = st.prepared("SELECT " + std::string(kReportColumns) + ", s.name, s.prefecture, u.id, u.nickname" +
                             joined + " LEFT JOIN users AS u ON u.id = r.user_id" + filter +
                             " ORDER BY r.purchased_at DESC, r.id DESC LIMIT :limit OFFSET :offset");
    bind(list);
    list.bind_int(":limit", f.limit).bind_int(":offset", f.offset);
    auto ok = list.each([&](const Row& row) -> Result<void> {
      auto report = read_report(row);
      if (!report) return std::unexpected(report.error());
      AdminReport item{std::move(*report), std::string(row.text(kReportColumnCount)),
                       std::string(row.text(kReportColumnCount + 1)), std::nullopt};
      if (!row.is_null(kReportColumnCount + 2)) item.user_nickname = std::string(row.text(kReportColumnCount + 3));
      page.items.push_back(std::move(item));
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return page;
  });
}

Result<std::optional<PurchaseReport>> SqliteAdminRepository::delete_report(
    ReportId id, const std::function<AuditRecord(const PurchaseReport&)>& audit) {
  return statements_.with([&](Statements& st) -> Result<std::optional<PurchaseReport>> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    // The same deletion as SqliteReportRepository::remove, plus the audit row.
    auto removed = delete_report_row(st.delete_report, st.recompute_last_report, id);
    if (!removed || !*removed) return removed;  // nothing to undo: the transaction rolls back empty
    if (auto ok = st.audit.append(audit(**removed)); !ok) return std::unexpected(ok.error());
    if (auto ok = tx->commit(); !ok) return std::unexpected(ok.error());
    return removed;
  });
}

Result<std::int64_t> SqliteAdminRepository::delete_reports_of(UserId user, UnixSeconds from, UnixSeconds to,
                                                              const std::function<AuditRecord(std::int64_t)>& audit) {
  return statements_.with([&](Statements& st) -> Result<std::int64_t> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    auto n =
        st.delete_reports(st.delete_reports_of.bind_int(":user", user).bind_int(":from", from).bind_int(":to", to));
    if (!n) return n;
    if (auto ok = st.audit.append(audit(*n)); !ok) return std::unexpected(ok.error());
    if (auto ok = tx->commit(); !ok) return std::unexpected(ok.error());
    return n;
  });
}

Result<AdminPage<AuditEntry>> SqliteAdminRepository::list_audit(const AuditFilter& f) {
  Filter where;
  if (f.target_type) where.add("a.target_type = :target_type", ":target_type", *f.target_type);
  if (f.target_id) where.add("a.target_id = :target_id", ":target_id", *f.target_id);
  if (f.actor_id) where.add("a.actor_id = :actor", ":actor", *f.actor_id);
  if (f.action) where.add("a.action = :action", ":action", *f.action);
  const auto filter = where.sql();
  const auto bind = [&](Statement& st) { where.bind(st); };
  return statements_.with([&](Statements& st) -> Result<AdminPage<AuditEntry>> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kRead);
    if (!tx) return std::unexpected(tx.error());
    AdminPage<AuditEntry> page;
    auto& count = st.prepared("SELECT count(*) FROM admin_audit AS a" + filter);
    bind(count);
    auto total = one_count(count);
    if (!total) return std::unexpected(total.error());
    page.total = *total;
    auto& list = st.prepared(
        "SELECT a.id, a.at, a.actor_id, coalesce(u.nickname, ''), a.action, a.target_type, a.target_id, a.changes,"
        " a.note FROM admin_audit AS a LEFT JOIN users AS u ON u.id = a.actor_id" +
        filter + " ORDER BY a.id DESC LIMIT :limit OFFSET :offset");
    bind(list);
    list.bind_int(":limit", f.limit).bind_int(":offset", f.offset);
    auto ok = list.each([&](const Row& row) {
      page.items.push_back({row.int64(0), row.int64(1), row.int64(2), std::string(row.text(3)),
                            std::string(row.text(4)), std::string(row.text(5)), std::string(row.text(6)),
                            std::string(row.text(7)), std::string(row.text(8))});
    });
    if (!ok) return std::unexpected(ok.error());
    return page;
  });
}

}  // namespace pokeca::storage
