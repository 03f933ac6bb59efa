#include "pokeca/storage/sqlite/sqlite_submission_repository.hpp"

#include "pokeca/admin/admin.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/storage/sqlite/statement.hpp"
#include "pokeca/storage/sqlite/transaction.hpp"
#include "repositories/audit_writes.hpp"
#include "repositories/store_rows.hpp"
#include "repositories/store_writes.hpp"
#include "repositories/submission_rows.hpp"

namespace pokeca::storage {
namespace {

std::string select_submissions(std::string_view rest) {
  return "SELECT " + std::string(kSubmissionColumns) + std::string(rest);
}

// The submitter's columns follow the submission's; a withdrawn account reads as none.
constexpr std::string_view kWithSubmitter =
    ", u.id, u.nickname, u.prefecture, u.withdrawn_at FROM store_submissions AS sub"
    " LEFT JOIN users AS u ON u.id = sub.user_id WHERE sub.status = :status";

std::unexpected<DomainError> not_found() { return fail(ErrorCode::kNotFound, msg::kSubmissionNotFound); }
std::unexpected<DomainError> already_reviewed() { return fail(ErrorCode::kConflict, msg::kSubmissionAlreadyReviewed); }

}  // namespace

struct SqliteSubmissionRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        insert(c,
               "INSERT INTO store_submissions (user_id, store_name, comment, address, location_method, lat, lng,"
               " location_precision, prefecture, city, created_at) VALUES (:user_id, :store_name, :comment,"
               " :address, :method, :lat, :lng, :precision, :prefecture, :city, :created_at) RETURNING id"),
        insert_photo(c,
                     "INSERT INTO submission_photos (submission_id, position, photo_hash, thumb_hash, width, height)"
                     " VALUES (:submission_id, :position, :photo_hash, :thumb_hash, :width, :height)"),
        find(c, select_submissions(" FROM store_submissions AS sub WHERE sub.id = :id")),
        photos_of(c,
                  "SELECT photo_hash, thumb_hash, width, height FROM submission_photos"
                  " WHERE submission_id = :id ORDER BY position"),
        list_pending(c, select_submissions(kWithSubmitter) + " ORDER BY sub.id LIMIT :limit OFFSET :offset"),
        list_reviewed(c, select_submissions(kWithSubmitter) +
                             " ORDER BY sub.reviewed_at DESC, sub.id DESC LIMIT :limit OFFSET :offset"),
        count(c, "SELECT count(*) FROM store_submissions WHERE status = :status"),
        status_of(c, "SELECT status FROM store_submissions WHERE id = :id"),
        find_store(c, "SELECT " + std::string(kStoreColumns) + " FROM stores AS s WHERE s.id = :id"),
        // The conditional updates: only a submission still pending changes, so of two
        // admins reviewing at once exactly one sees a row come back.
        mark_approved(c,
                      "UPDATE store_submissions SET status = 'approved', store_id = :store_id,"
                      " reviewed_by = :reviewer, reviewed_at = :at, points_awarded = :points"
                      " WHERE id = :id AND status = 'pending' RETURNING id"),
        mark_rejected(c,
                      "UPDATE store_submissions SET status = 'rejected', reject_reason = :reason,"
                      " reviewed_by = :reviewer, reviewed_at = :at"
                      " WHERE id = :id AND status = 'pending' RETURNING id"),
        photos_for_store(c,
                         "SELECT p.photo_hash, p.thumb_hash, p.width, p.height"
                         " FROM store_submissions AS sub JOIN submission_photos AS p ON p.submission_id = sub.id"
                         " WHERE sub.store_id = :store_id AND sub.status = 'approved'"
                         " ORDER BY sub.reviewed_at DESC, sub.id DESC, p.position LIMIT :limit"),
        photo_in_use(
            c,
            "SELECT EXISTS (SELECT 1 FROM submission_photos AS p"
            " JOIN store_submissions AS sub ON sub.id = p.submission_id"
            " WHERE (p.photo_hash = :hash OR p.thumb_hash = :hash) AND sub.status IN ('pending', 'approved'))"),
        photos_unapproved_of(c,
                             "SELECT p.photo_hash, p.thumb_hash, p.width, p.height"
                             " FROM store_submissions AS sub JOIN submission_photos AS p ON p.submission_id = sub.id"
                             " WHERE sub.user_id = :user AND sub.status IN ('pending', 'rejected')"),
        delete_unapproved_of(
            c, "DELETE FROM store_submissions WHERE user_id = :user AND status IN ('pending', 'rejected')"),
        writes(c),
        audit(c) {}

  // The submission with its photos; nullopt when there is none.
  Result<std::optional<Submission>> load(SubmissionId id) {
    std::optional<Submission> out;
    find.bind_int(":id", id);
    auto ok = find.each([&](const Row& row) -> Result<void> {
      auto s = read_submission(row);
      if (!s) return std::unexpected(s.error());
      out = std::move(*s);
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    if (out) {
      auto photos = load_photos(id);
      if (!photos) return std::unexpected(photos.error());
      out->photos = std::move(*photos);
    }
    return out;
  }

  Result<std::vector<SubmissionPhoto>> load_photos(SubmissionId id) {
    std::vector<SubmissionPhoto> out;
    photos_of.bind_int(":id", id);
    auto ok = photos_of.each([&](const Row& row) {
      out.push_back({std::string(row.text(0)), std::string(row.text(1)), static_cast<int>(row.int64(2)),
                     static_cast<int>(row.int64(3))});
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  }

  Result<std::optional<Store>> load_store(StoreId id) {
    std::optional<Store> out;
    find_store.bind_int(":id", id);
    auto ok = find_store.each([&](const Row& row) -> Result<void> {
      auto s = read_store(row);
      if (!s) return std::unexpected(s.error());
      out = std::move(*s);
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  }

  // kNotFound / kConflict unless the submission exists and is pending.
  Result<void> require_pending(SubmissionId id) {
    std::optional<std::string> status;
    status_of.bind_int(":id", id);
    auto ok = status_of.each([&](const Row& row) { status = std::string(row.text(0)); });
    if (!ok) return ok;
    if (!status) return not_found();
    if (*status != to_string(SubmissionStatus::kPending)) return already_reviewed();
    return {};
  }

  // Runs a conditional mark; kConflict when no row changed.
  static Result<void> mark(Statement& st) {
    bool changed = false;
    auto ok = st.each([&](const Row&) { changed = true; });
    if (!ok) return ok;
    if (!changed) return already_reviewed();
    return {};
  }

  Connection& conn;
  Statement insert, insert_photo, find, photos_of, list_pending, list_reviewed, count, status_of, find_store;
  Statement mark_approved, mark_rejected, photos_for_store, photo_in_use, photos_unapproved_of, delete_unapproved_of;
  StoreWrites writes;
  AuditWrites audit;
};

SqliteSubmissionRepository::SqliteSubmissionRepository(Database& db) : statements_(db, "submissions") {}
SqliteSubmissionRepository::~SqliteSubmissionRepository() = default;

Result<Submission> SqliteSubmissionRepository::create(const Submission& s) {
  return statements_.with([&](Statements& st) -> Result<Submission> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    st.insert.bind_int(":user_id", s.user_id)
        .bind_text(":store_name", s.store_name)
        .bind_text(":comment", s.comment)
        .bind_text(":address", s.address)
        .bind_text(":method", to_string(s.method))
        .bind_real(":lat", s.location.lat)
        .bind_real(":lng", s.location.lng)
        .bind_text(":precision", to_string(s.precision))
        .bind_text(":prefecture", s.prefecture)
        .bind_text(":city", s.city)
        .bind_int(":created_at", s.created_at);
    SubmissionId id = 0;
    if (auto ok = st.insert.each([&](const Row& row) { id = row.int64(0); }); !ok) return std::unexpected(ok.error());
    for (std::size_t i = 0; i < s.photos.size(); ++i) {
      const auto& p = s.photos[i];
      auto ok = st.insert_photo.bind_int(":submission_id", id)
                    .bind_int(":position", static_cast<std::int64_t>(i))
                    .bind_text(":photo_hash", p.photo_hash)
                    .bind_text(":thumb_hash", p.thumb_hash)
                    .bind_int(":width", p.width)
                    .bind_int(":height", p.height)
                    .run();
      if (!ok) return std::unexpected(ok.error());
    }
    auto stored = st.load(id);
    if (!stored) return std::unexpected(stored.error());
    if (!*stored) return fail_logged(ErrorCode::kInternal, msg::kInternal, "submission vanished after insert");
    if (auto ok = tx->commit(); !ok) return std::unexpected(ok.error());
    return std::move(**stored);
  });
}

Result<std::optional<Submission>> SqliteSubmissionRepository::find(SubmissionId id) {
  return statements_.with([&](Statements& st) {
    auto tx = Transaction::begin(st.conn, TransactionMode::kRead);  // the row and its photos agree
    if (!tx) return Result<std::optional<Submission>>(std::unexpected(tx.error()));
    return st.load(id);
  });
}

Result<SubmissionPage> SqliteSubmissionRepository::list(SubmissionStatus status, int limit, int offset) {
  return statements_.with([&](Statements& st) -> Result<SubmissionPage> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kRead);
    if (!tx) return std::unexpected(tx.error());
    SubmissionPage page;
    st.count.bind_text(":status", to_string(status));
    if (auto ok = st.count.each([&](const Row& row) { page.total = row.int64(0); }); !ok)
      return std::unexpected(ok.error());
    auto& query = status == SubmissionStatus::kPending ? st.list_pending : st.list_reviewed;
    query.bind_text(":status", to_string(status)).bind_int(":limit", limit).bind_int(":offset", offset);
    auto ok = query.each([&](const Row& row) -> Result<void> {
      auto s = read_submission(row);
      if (!s) return std::unexpected(s.error());
      ListedSubmission listed{std::move(*s), std::nullopt};
      constexpr int kUser = kSubmissionColumnCount;
      if (!row.is_null(kUser) && row.is_null(kUser + 3))
        listed.user = Submitter{row.int64(kUser), std::string(row.text(kUser + 1)), std::string(row.text(kUser + 2))};
      page.items.push_back(std::move(listed));
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    for (auto& item : page.items) {
      auto photos = st.load_photos(item.submission.id);
      if (!photos) return std::unexpected(photos.error());
      item.submission.photos = std::move(*photos);
    }
    return page;
  });
}

Result<ApprovedSubmission> SqliteSubmissionRepository::approve(const ApprovalRequest& r) {
  return statements_.with([&](Statements& st) -> Result<ApprovedSubmission> {
    st.writes.discard();
    // IMMEDIATE: the write lock first, so the checks below see the latest state.
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    if (auto ok = st.require_pending(r.id); !ok) return std::unexpected(ok.error());
    StoreId store_id = 0;
    if (r.new_store) {
      auto id = st.writes.insert(*r.new_store);
      if (!id) return std::unexpected(id.error());
      store_id = *id;
    } else if (r.merge_into) {
      store_id = *r.merge_into;
    } else {
      return fail_logged(ErrorCode::kInternal, msg::kInternal, "approval without a store");
    }
    auto store = st.load_store(store_id);
    if (!store) return std::unexpected(store.error());
    if (!*store) return fail(ErrorCode::kNotFound, msg::kMergeStoreNotFound);
    st.mark_approved.bind_int(":id", r.id)
        .bind_int(":store_id", store_id)
        .bind_int(":reviewer", r.reviewer)
        .bind_int(":at", r.at)
        .bind_int(":points", r.points);
    if (auto ok = Statements::mark(st.mark_approved); !ok) return std::unexpected(ok.error());
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
    if (auto ok = st.audit.append(audit); !ok) return std::unexpected(ok.error());
    if (auto ok = st.writes.flush(); !ok) return std::unexpected(ok.error());
    auto submission = st.load(r.id);
    if (!submission) return std::unexpected(submission.error());
    if (!*submission) return not_found();
    if (auto ok = tx->commit(); !ok) return std::unexpected(ok.error());
    return ApprovedSubmission{std::move(**submission), std::move(**store)};
  });
}

Result<Submission> SqliteSubmissionRepository::reject(SubmissionId id, UserId reviewer, std::string_view reason,
                                                      UnixSeconds at) {
  return statements_.with([&](Statements& st) -> Result<Submission> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    if (auto ok = st.require_pending(id); !ok) return std::unexpected(ok.error());
    st.mark_rejected.bind_int(":id", id)
        .bind_text(":reason", reason)
        .bind_int(":reviewer", reviewer)
        .bind_int(":at", at);
    if (auto ok = Statements::mark(st.mark_rejected); !ok) return std::unexpected(ok.error());
    AuditRecord audit{at,
                      reviewer,
                      std::string(audit_action::kSubmissionReject),
                      AuditTarget::kSubmission,
                      std::to_string(id),
                      {{"status", std::string("pending"), std::string("rejected")}},
                      std::string(reason)};
    if (auto ok = st.audit.append(audit); !ok) return std::unexpected(ok.error());
    auto submission = st.load(id);
    if (!submission) return std::unexpected(submission.error());
    if (!*submission) return not_found();
    if (auto ok = tx->commit(); !ok) return std::unexpected(ok.error());
    return std::move(**submission);
  });
}

Result<std::vector<SubmissionPhoto>> SqliteSubmissionRepository::photos_for_store(StoreId id, int limit) {
  return statements_.with([&](Statements& st) -> Result<std::vector<SubmissionPhoto>> {
    std::vector<SubmissionPhoto> out;
    st.photos_for_store.bind_int(":store_id", id).bind_int(":limit", limit);
    auto ok = st.photos_for_store.each([&](const Row& row) {
      out.push_back({std::string(row.text(0)), std::string(row.text(1)), static_cast<int>(row.int64(2)),
                     static_cast<int>(row.int64(3))});
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

Result<bool> SqliteSubmissionRepository::photo_in_use(std::string_view hash) {
  return statements_.with([&](Statements& st) -> Result<bool> {
    bool used = false;
    st.photo_in_use.bind_text(":hash", hash);
    auto ok = st.photo_in_use.each([&](const Row& row) { used = row.int64(0) != 0; });
    if (!ok) return std::unexpected(ok.error());
    return used;
  });
}

Result<std::vector<SubmissionPhoto>> SqliteSubmissionRepository::delete_unapproved_of(UserId user) {
  return statements_.with([&](Statements& st) -> Result<std::vector<SubmissionPhoto>> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    std::vector<SubmissionPhoto> out;
    st.photos_unapproved_of.bind_int(":user", user);
    auto ok = st.photos_unapproved_of.each([&](const Row& row) {
      out.push_back({std::string(row.text(0)), std::string(row.text(1)), static_cast<int>(row.int64(2)),
                     static_cast<int>(row.int64(3))});
    });
    if (!ok) return std::unexpected(ok.error());
    // submission_photos rows go with them (ON DELETE CASCADE).
    if (auto done = st.delete_unapproved_of.bind_int(":user", user).run(); !done) return std::unexpected(done.error());
    if (auto committed = tx->commit(); !committed) return std::unexpected(committed.error());
    return out;
  });
}

}  // namespace pokeca::storage
