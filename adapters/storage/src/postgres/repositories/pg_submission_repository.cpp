#include "pokeca/storage/postgres/pg_submission_repository.hpp"

#include <string>

#include "pokeca/admin/admin.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/storage/postgres/statement.hpp"
#include "pokeca/storage/postgres/transaction.hpp"
#include "repositories/audit_writes.hpp"
#include "repositories/store_rows.hpp"

namespace pokeca::storage::postgres {
namespace {

// Columns of `store_submissions AS sub` in the order submission_from() reads them.
constexpr std::string_view kSubmissionColumns =
    "sub.id, sub.user_id, sub.store_name, sub.comment, sub.address, sub.location_method, sub.lat, sub.lng, "
    "sub.location_precision, sub.prefecture, sub.city, sub.status, sub.store_id, sub.reject_reason, "
    "sub.reviewed_by, sub.reviewed_at, sub.points_awarded, sub.created_at";
constexpr int kSubmissionColumnCount = 18;

constexpr std::string_view kPhotoColumns = "p.photo_hash, p.thumb_hash, p.width, p.height";

std::string select_submissions(std::string_view rest) {
  return "SELECT " + std::string(kSubmissionColumns) + std::string(rest);
}

// The submitter's columns follow the submission's; a withdrawn account reads as none.
constexpr std::string_view kWithSubmitter =
    ", u.id, u.nickname, u.prefecture, u.withdrawn_at FROM store_submissions AS sub"
    " LEFT JOIN users AS u ON u.id = sub.user_id WHERE sub.status = $1";

std::unexpected<DomainError> not_found() { return fail(ErrorCode::kNotFound, msg::kSubmissionNotFound); }
std::unexpected<DomainError> already_reviewed() { return fail(ErrorCode::kConflict, msg::kSubmissionAlreadyReviewed); }

// Reads kSubmissionColumns (photos are not part of the row); an enum text the program
// does not know is kInternal.
Result<Submission> submission_from(const Rows& rows, int i) {
  Submission s;
  s.id = rows.int64(i, 0);
  s.user_id = rows.int64(i, 1);
  s.store_name = std::string(rows.text(i, 2));
  s.comment = std::string(rows.text(i, 3));
  s.address = std::string(rows.text(i, 4));
  const auto method = location_method_from(rows.text(i, 5));
  s.location = {rows.real(i, 6), rows.real(i, 7)};
  const auto precision = location_precision_from(rows.text(i, 8));
  s.prefecture = std::string(rows.text(i, 9));
  s.city = std::string(rows.text(i, 10));
  const auto status = submission_status_from(rows.text(i, 11));
  if (!method || !precision || !status)
    return fail_logged(ErrorCode::kInternal, msg::kInternal, "store_submissions row with an unknown enum value");
  s.method = *method;
  s.precision = *precision;
  s.status = *status;
  s.store_id = rows.optional_int64(i, 12);
  s.reject_reason = std::string(rows.text(i, 13));
  s.reviewed_by = rows.optional_int64(i, 14);
  s.reviewed_at = rows.optional_int64(i, 15);
  s.points_awarded = static_cast<int>(rows.int64(i, 16));
  s.created_at = rows.int64(i, 17);
  return s;
}

// Reads kPhotoColumns.
Result<std::vector<SubmissionPhoto>> photos_from(Result<Rows> rows) {
  if (!rows) return std::unexpected(rows.error());
  std::vector<SubmissionPhoto> out;
  out.reserve(rows->count());
  for (int i = 0; i < rows->size(); ++i)
    out.push_back({std::string(rows->text(i, 0)), std::string(rows->text(i, 1)), static_cast<int>(rows->int64(i, 2)),
                   static_cast<int>(rows->int64(i, 3))});
  return out;
}

}  // namespace

struct PgSubmissionRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        insert(c,
               "INSERT INTO store_submissions (user_id, store_name, comment, address, location_method, lat, lng,"
               " location_precision, prefecture, city, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,"
               " $10, $11) RETURNING id"),
        insert_photo(c,
                     "INSERT INTO submission_photos (submission_id, position, photo_hash, thumb_hash, width, height)"
                     " VALUES ($1, $2, $3, $4, $5, $6)"),
        find(c, select_submissions(" FROM store_submissions AS sub WHERE sub.id = $1")),
        photos_of(c, "SELECT " + std::string(kPhotoColumns) +
                         " FROM submission_photos AS p WHERE p.submission_id = $1 ORDER BY p.position"),
        list_pending(c, select_submissions(kWithSubmitter) + " ORDER BY sub.id LIMIT $2 OFFSET $3"),
        list_reviewed(
            c, select_submissions(kWithSubmitter) + " ORDER BY sub.reviewed_at DESC, sub.id DESC LIMIT $2 OFFSET $3"),
        count(c, "SELECT count(*) FROM store_submissions WHERE status = $1"),
        status_of(c, "SELECT status FROM store_submissions WHERE id = $1"),
        find_store(c, "SELECT " + std::string(kStoreColumns) + " FROM stores AS s WHERE s.id = $1"),
        insert_store(c, "INSERT INTO stores (" + std::string(kStoreWrittenColumns) + ") VALUES (" +
                            placeholders(1, kStoreWrittenCount) + ") RETURNING id"),
        // Only a submission still pending changes (the SERIALIZABLE transaction makes the
        // second of two reviewers run again, and its check then finds the review done).
        mark_approved(c,
                      "UPDATE store_submissions SET status = 'approved', store_id = $2, reviewed_by = $3,"
                      " reviewed_at = $4, points_awarded = $5 WHERE id = $1 AND status = 'pending' RETURNING id"),
        mark_rejected(c,
                      "UPDATE store_submissions SET status = 'rejected', reject_reason = $2, reviewed_by = $3,"
                      " reviewed_at = $4 WHERE id = $1 AND status = 'pending' RETURNING id"),
        photos_for_store(c, "SELECT " + std::string(kPhotoColumns) +
                                " FROM store_submissions AS sub JOIN submission_photos AS p ON p.submission_id = sub.id"
                                " WHERE sub.store_id = $1 AND sub.status = 'approved'"
                                " ORDER BY sub.reviewed_at DESC, sub.id DESC, p.position LIMIT $2"),
        photo_in_use(c,
                     "SELECT EXISTS (SELECT 1 FROM submission_photos AS p"
                     " JOIN store_submissions AS sub ON sub.id = p.submission_id"
                     " WHERE (p.photo_hash = $1 OR p.thumb_hash = $1) AND sub.status IN ('pending', 'approved'))"),
        photos_unapproved_of(c, "SELECT " + std::string(kPhotoColumns) +
                                    " FROM store_submissions AS sub JOIN submission_photos AS p"
                                    " ON p.submission_id = sub.id"
                                    " WHERE sub.user_id = $1 AND sub.status IN ('pending', 'rejected')"
                                    " ORDER BY sub.id, p.position"),
        delete_unapproved_of(c,
                             "DELETE FROM store_submissions WHERE user_id = $1 AND status IN ('pending', 'rejected')"),
        audit(c) {}

  // The submission with its photos; nullopt when there is none.
  Result<std::optional<Submission>> load(SubmissionId id) {
    auto rows = find.run({id});
    if (!rows) return std::unexpected(rows.error());
    if (rows->empty()) return std::nullopt;
    auto s = submission_from(*rows, 0);
    if (!s) return std::unexpected(s.error());
    auto photos = photos_from(photos_of.run({id}));
    if (!photos) return std::unexpected(photos.error());
    s->photos = std::move(*photos);
    return std::move(*s);
  }

  Result<std::optional<Store>> load_store(StoreId id) {
    auto rows = find_store.run({id});
    if (!rows) return std::unexpected(rows.error());
    if (rows->empty()) return std::nullopt;
    auto s = read_store(*rows, 0);
    if (!s) return std::unexpected(s.error());
    return std::move(*s);
  }

  // kNotFound / kConflict unless the submission exists and is pending.
  Result<void> require_pending(SubmissionId id) {
    auto rows = status_of.run({id});
    if (!rows) return std::unexpected(rows.error());
    if (rows->empty()) return not_found();
    if (rows->text(0, 0) != to_string(SubmissionStatus::kPending)) return already_reviewed();
    return {};
  }

  // Runs a conditional mark; kConflict when no row changed.
  static Result<void> mark(Statement& st, const std::vector<Param>& params) {
    auto rows = st.run(params);
    if (!rows) return std::unexpected(rows.error());
    if (rows->empty()) return already_reviewed();
    return {};
  }

  Connection& conn;
  Statement insert, insert_photo, find, photos_of, list_pending, list_reviewed, count, status_of, find_store,
      insert_store;
  Statement mark_approved, mark_rejected, photos_for_store, photo_in_use, photos_unapproved_of, delete_unapproved_of;
  AuditWrites audit;
};

PgSubmissionRepository::PgSubmissionRepository(Database& db) : statements_(db, "submissions") {}
PgSubmissionRepository::~PgSubmissionRepository() = default;

Result<Submission> PgSubmissionRepository::create(const Submission& s) {
  return statements_.with([&](Statements& st) -> Result<Submission> {
    std::optional<Submission> stored;
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      stored.reset();
      auto id =
          st.insert.run({s.user_id, s.store_name, s.comment, s.address, to_string(s.method), float_text(s.location.lat),
                         float_text(s.location.lng), to_string(s.precision), s.prefecture, s.city, s.created_at});
      if (!id) return std::unexpected(id.error());
      const SubmissionId new_id = id->int64(0, 0);
      for (std::size_t i = 0; i < s.photos.size(); ++i) {
        const auto& p = s.photos[i];
        auto photo =
            st.insert_photo.run({new_id, static_cast<std::int64_t>(i), p.photo_hash, p.thumb_hash, p.width, p.height});
        if (!photo) return std::unexpected(photo.error());
      }
      auto loaded = st.load(new_id);
      if (!loaded) return std::unexpected(loaded.error());
      if (!*loaded) return fail_logged(ErrorCode::kInternal, msg::kInternal, "submission vanished after insert");
      stored = std::move(*loaded);
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return std::move(*stored);
  });
}

Result<std::optional<Submission>> PgSubmissionRepository::find(SubmissionId id) {
  return statements_.with([&](Statements& st) -> Result<std::optional<Submission>> {
    std::optional<Submission> found;
    auto ok = in_transaction(st.conn, TransactionMode::kRead, [&]() -> Result<void> {  // the row and its photos agree
      auto loaded = st.load(id);
      if (!loaded) return std::unexpected(loaded.error());
      found = std::move(*loaded);
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return found;
  });
}

Result<SubmissionPage> PgSubmissionRepository::list(SubmissionStatus status, int limit, int offset) {
  return statements_.with([&](Statements& st) -> Result<SubmissionPage> {
    SubmissionPage page;
    auto ok = in_transaction(st.conn, TransactionMode::kRead, [&]() -> Result<void> {
      page = {};
      auto total = st.count.run({to_string(status)});
      if (!total) return std::unexpected(total.error());
      page.total = total->int64(0, 0);
      auto& query = status == SubmissionStatus::kPending ? st.list_pending : st.list_reviewed;
      auto rows = query.run({to_string(status), limit, offset});
      if (!rows) return std::unexpected(rows.error());
      for (int i = 0; i < rows->size(); ++i) {
        auto s = submission_from(*rows, i);
        if (!s) return std::unexpected(s.error());
        ListedSubmission listed{std::move(*s), std::nullopt};
        constexpr int kUser = kSubmissionColumnCount;
        if (!rows->is_null(i, kUser) && rows->is_null(i, kUser + 3))
          listed.user = Submitter{rows->int64(i, kUser), std::string(rows->text(i, kUser + 1)),
                                  std::string(rows->text(i, kUser + 2))};
        auto photos = photos_from(st.photos_of.run({listed.submission.id}));
        if (!photos) return std::unexpected(photos.error());
        listed.submission.photos = std::move(*photos);
        page.items.push_back(std::move(listed));
      }
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return page;
  });
}

Result<ApprovedSubmission> PgSubmissionRepository::approve(const ApprovalRequest& r) {
  if (!r.new_store && !r.merge_into)
    return fail_logged(ErrorCode::kInternal, msg::kInternal, "approval without a store");
  return statements_.with([&](Statements& st) -> Result<ApprovedSubmission> {
    std::optional<ApprovedSubmission> approved;
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      approved.reset();
      if (auto pending = st.require_pending(r.id); !pending) return pending;
      StoreId store_id = 0;
      if (r.new_store) {
        // The store rows are the map: its lists, cells and counts read them, and the change
        // triggers tell the caches at commit.
        std::vector<Param> params;
        append_store_params(params, *r.new_store);
        auto id = st.insert_store.run(params);
        if (!id) return std::unexpected(id.error());
        store_id = id->int64(0, 0);
      } else {
        store_id = *r.merge_into;
      }
      auto store = st.load_store(store_id);
      if (!store) return std::unexpected(store.error());
      if (!*store) return fail(ErrorCode::kNotFound, msg::kMergeStoreNotFound);
      if (auto marked = Statements::mark(st.mark_approved, {r.id, store_id, r.reviewer, r.at, r.points}); !marked)
        return marked;
      // The review and its audit row commit together.
      AuditRecord audit{r.at,
                        r.reviewer,
                        std::string(r.merge_into ? audit_action::kSubmissionMerge : audit_action::kSubmissionApprove),
                        AuditTarget::kSubmission,
                        std::to_string(r.id),
                        {{"status", std::string("pending"), std::string("approved")},
                         {"store_id", std::monostate{}, std::int64_t{store_id}},
                         {"points", std::int64_t{0}, std::int64_t{r.points}}},
                        {}};
      if (auto appended = st.audit.append(audit); !appended) return appended;
      auto submission = st.load(r.id);
      if (!submission) return std::unexpected(submission.error());
      if (!*submission) return not_found();
      approved = ApprovedSubmission{std::move(**submission), std::move(**store)};
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return std::move(*approved);
  });
}

Result<Submission> PgSubmissionRepository::reject(SubmissionId id, UserId reviewer, std::string_view reason,
                                                  UnixSeconds at) {
  return statements_.with([&](Statements& st) -> Result<Submission> {
    std::optional<Submission> rejected;
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      rejected.reset();
      if (auto pending = st.require_pending(id); !pending) return pending;
      if (auto marked = Statements::mark(st.mark_rejected, {id, reason, reviewer, at}); !marked) return marked;
      AuditRecord audit{at,
                        reviewer,
                        std::string(audit_action::kSubmissionReject),
                        AuditTarget::kSubmission,
                        std::to_string(id),
                        {{"status", std::string("pending"), std::string("rejected")}},
                        std::string(reason)};
      if (auto appended = st.audit.append(audit); !appended) return appended;
      auto submission = st.load(id);
      if (!submission) return std::unexpected(submission.error());
      if (!*submission) return not_found();
      rejected = std::move(**submission);
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return std::move(*rejected);
  });
}

Result<std::vector<SubmissionPhoto>> PgSubmissionRepository::photos_for_store(StoreId id, int limit) {
  return statements_.with([&](Statements& st) { return photos_from(st.photos_for_store.run({id, limit})); });
}

Result<bool> PgSubmissionRepository::photo_in_use(std::string_view hash) {
  return statements_.with([&](Statements& st) -> Result<bool> {
    auto rows = st.photo_in_use.run({hash});
    if (!rows) return std::unexpected(rows.error());
    return rows->boolean(0, 0);
  });
}

Result<std::vector<SubmissionPhoto>> PgSubmissionRepository::delete_unapproved_of(UserId user) {
  return statements_.with([&](Statements& st) -> Result<std::vector<SubmissionPhoto>> {
    std::vector<SubmissionPhoto> out;
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      auto photos = photos_from(st.photos_unapproved_of.run({user}));
      if (!photos) return std::unexpected(photos.error());
      out = std::move(*photos);
      // submission_photos rows go with them (ON DELETE CASCADE).
      auto deleted = st.delete_unapproved_of.run({user});
      if (!deleted) return std::unexpected(deleted.error());
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

}  // namespace pokeca::storage::postgres
