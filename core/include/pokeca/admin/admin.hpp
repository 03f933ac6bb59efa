#pragma once
// The admin console: what admins see of stores, users, reports and the
// audit log, and the pure rules of their actions (edit checks, self and last-admin
// rules, the before/after diff an audit row keeps). Knows nothing of HTTP or SQL.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "pokeca/accounts/user.hpp"
#include "pokeca/contributions/purchase_report.hpp"
#include "pokeca/contributions/submission.hpp"
#include "pokeca/map/gazetteer.hpp"
#include "pokeca/map/store.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

// Every admin list is paged by this many rows.
inline constexpr int kAdminPageSize = 50;
// The store search counts at most this many matches: exact for any real store list (Japan
// has ~56,000 convenience stores), bounded at a bench's 1,000,000 stores, where a loose
// filter counted for up to ~0.5 s. More reads 「100,000件以上」.
inline constexpr std::int64_t kAdminStoreCountCap = 100'000;
// Pages beyond this are refused (50 M rows: more than any table here will hold).
inline constexpr int kMaxAdminPage = 1'000'000;
// A store's or user's page lists this many of its newest reports, submissions, audit rows.
inline constexpr int kAdminDetailRows = 50;
// Search words (store name, e-mail or nickname).
inline constexpr std::size_t kMaxAdminQueryChars = 50;
// An audit target id: a number, or a photo's 64-character hash.
inline constexpr std::size_t kMaxAuditTargetIdChars = 64;
inline constexpr std::size_t kMaxStatusNoteChars = 200;
inline constexpr std::size_t kMaxBlockReasonChars = 500;
// Bulk deletion of one user's reports covers at most this span.
inline constexpr std::int64_t kMaxBulkDeleteDays = 366;
inline constexpr UnixSeconds kSecondsPerDay = 86'400;

// ---- Audit -------------------------------------------------------------------------

enum class AuditTarget { kStore, kUser, kSubmission, kPurchase, kPhoto, kProduct, kLottery };
[[nodiscard]] std::string_view to_string(AuditTarget t);
[[nodiscard]] std::optional<AuditTarget> audit_target_from(std::string_view text);

namespace audit_action {
inline constexpr std::string_view kSubmissionApprove = "submission.approve";
inline constexpr std::string_view kSubmissionReject = "submission.reject";
inline constexpr std::string_view kSubmissionMerge = "submission.merge";
inline constexpr std::string_view kStoreUpdate = "store.update";
inline constexpr std::string_view kStoreHide = "store.hide";
inline constexpr std::string_view kStoreDelete = "store.delete";
inline constexpr std::string_view kPhotoDelete = "photo.delete";
inline constexpr std::string_view kPurchaseDelete = "purchase.delete";
inline constexpr std::string_view kPurchaseBulkDelete = "purchase.bulk_delete";
inline constexpr std::string_view kUserBlock = "user.block";
inline constexpr std::string_view kUserUnblock = "user.unblock";
inline constexpr std::string_view kUserGrantAdmin = "user.grant_admin";
inline constexpr std::string_view kUserRevokeAdmin = "user.revoke_admin";
inline constexpr std::string_view kProductCreate = "product.create";
inline constexpr std::string_view kProductUpdate = "product.update";
inline constexpr std::string_view kProductDelete = "product.delete";
inline constexpr std::string_view kLotteryApprove = "lottery.approve";
inline constexpr std::string_view kLotteryReject = "lottery.reject";
inline constexpr std::string_view kLotteryHide = "lottery.hide";
}  // namespace audit_action
[[nodiscard]] bool is_audit_action(std::string_view text);

// One value of a changed field: null, a flag, an integer, a number or a text.
using AuditValue = std::variant<std::monostate, bool, std::int64_t, double, std::string>;

struct FieldChange {
  std::string field;
  AuditValue before;
  AuditValue after;
};

// A row to append: the service decides it, the repository writes it with the change.
struct AuditRecord {
  UnixSeconds at = 0;
  UserId actor = 0;
  std::string action;
  AuditTarget target = AuditTarget::kStore;
  std::string target_id;
  std::vector<FieldChange> changes;
  std::string note;
};

// A stored row as the log lists it; `changes_json` is the stored JSON object text.
struct AuditEntry {
  std::int64_t id = 0;
  UnixSeconds at = 0;
  UserId actor_id = 0;
  std::string actor_nickname;  // "" once the account is withdrawn
  std::string action;
  std::string target_type;
  std::string target_id;
  std::string changes_json;
  std::string note;
};

// {"field":{"before":…,"after":…},…} in the order given.
[[nodiscard]] std::string audit_changes_json(const std::vector<FieldChange>& changes);

// ---- Stores ------------------------------------------------------------------------

// Names an admin edit marks in AdminStore::admin_edited (a re-import keeps these).
namespace store_field {
inline constexpr std::string_view kName = "name";
inline constexpr std::string_view kStoreType = "store_type";
inline constexpr std::string_view kAddress = "address";
inline constexpr std::string_view kLat = "lat";
inline constexpr std::string_view kLng = "lng";
inline constexpr std::string_view kSells = "sells";
inline constexpr std::string_view kStatus = "status";
}  // namespace store_field

struct AdminStore {
  Store store;
  std::string status_note;
  std::vector<std::string> admin_edited;  // sorted, unique
  std::int64_t report_count = 0;
  std::int64_t photo_count = 0;
};

// A photo as admins see it: which submission holds it.
struct AdminPhoto {
  SubmissionPhoto photo;
  SubmissionId submission_id = 0;
};

// A purchase report with its store and author, for admin lists.
struct AdminReport {
  PurchaseReport report;
  std::string store_name;
  std::string store_prefecture;              // code
  std::optional<std::string> user_nickname;  // set when the author is a live account
};

// What an admin may change on a store; nullopt = unchanged. `sells_*` hold the new
// tri-state when present.
struct AdminStoreEdit {
  std::optional<std::string> name{};
  std::optional<std::string> store_type{};
  std::optional<std::string> address{};
  std::optional<LatLng> location{};
  std::optional<std::optional<bool>> sells_packs{};
  std::optional<std::optional<bool>> sells_boxes{};
  std::optional<std::optional<bool>> sells_singles{};
  std::optional<StoreStatus> status{};
  std::optional<std::string> status_note{};
};

// The store after an edit, the fields that changed (for the audit row) and the new
// admin_edited set. A moved position re-derives prefecture and city (precision exact).
struct StoreEditOutcome {
  AdminStore after;
  std::vector<FieldChange> changes;
};
[[nodiscard]] Result<StoreEditOutcome> apply_store_edit(const AdminStore& before, const AdminStoreEdit& edit,
                                                        const Gazetteer& gazetteer, UnixSeconds now);
// The fields that differ between two stores (name, type, address, position, sells,
// status, status note, prefecture, city), as audit changes.
[[nodiscard]] std::vector<FieldChange> diff_stores(const AdminStore& before, const AdminStore& after);
// A re-import's version of `imported` that keeps `current`'s values for the fields an
// admin edited (status included).
[[nodiscard]] Store keep_admin_edits(const Store& current, const Store& imported,
                                     const std::vector<std::string>& admin_edited);

// ---- Users -------------------------------------------------------------------------

struct AdminUser {
  User user;
  std::string blocked_reason;
  std::optional<UnixSeconds> last_login_at;
  std::int64_t points = 0;
  std::int64_t submission_count = 0;
  std::int64_t report_count = 0;
};

struct AdminUserSubmission {
  SubmissionId id = 0;
  std::string name;
  SubmissionStatus status = SubmissionStatus::kPending;
  UnixSeconds created_at = 0;
  std::optional<UnixSeconds> reviewed_at;
};

enum class UserAction { kBlock, kUnblock, kGrantAdmin, kRevokeAdmin };

// Whether `actor` may do `action` to `target` while `admin_count` accounts are admins:
// kConflict for blocking oneself, revoking one's own rights, revoking the last admin,
// granting to a blocked account; kNotFound for a withdrawn account.
[[nodiscard]] Result<void> check_user_action(const User& actor, const AdminUser& target, UserAction action,
                                             std::int64_t admin_count);
// A block or unblock reason: trimmed, ≤ kMaxBlockReasonChars; `required` for a block.
[[nodiscard]] Result<std::string> check_block_reason(std::string_view raw, bool required);

// ---- Lists -------------------------------------------------------------------------

template <typename T>
struct AdminPage {
  std::vector<T> items;
  std::int64_t total = 0;
  bool total_capped = false;  // more matched than the count's cap: `total` is the cap
};

struct AdminStoreFilter {
  std::string name;  // substring; "" = any
  std::optional<std::string> prefecture{};
  std::optional<std::string> store_type{};
  std::optional<StoreStatus> status{};
  std::optional<StoreSource> source{};
  int limit = kAdminPageSize;
  std::int64_t offset = 0;
  std::int64_t count_cap = kAdminStoreCountCap;
};

struct AdminReportFilter {
  std::optional<StoreId> store_id{};
  std::optional<UserId> user_id{};
  std::optional<std::string> prefecture{};
  std::optional<ReportKind> kind{};
  std::optional<UnixSeconds> from{};   // purchased_at ≥ from
  std::optional<UnixSeconds> until{};  // purchased_at < until
  int limit = kAdminPageSize;
  std::int64_t offset = 0;
};

struct AuditFilter {
  std::optional<std::string> target_type{};
  std::optional<std::string> target_id{};
  std::optional<UserId> actor_id{};
  std::optional<std::string> action{};
  int limit = kAdminPageSize;
  std::int64_t offset = 0;
};

// Raw query values (nullopt = absent), checked by the parse functions below.
struct AdminStoreQuery {
  std::optional<std::string> q{}, prefecture{}, type{}, status{}, source{}, page{};
};
struct AdminReportQuery {
  std::optional<std::string> store_id{}, user_id{}, prefecture{}, kind{}, from{}, to{}, page{};
};
struct AuditQuery {
  std::optional<std::string> target_type{}, target_id{}, actor_id{}, action{}, page{};
};

// The 1-based page number (default 1) → offset.
[[nodiscard]] Result<int> parse_admin_page(const std::optional<std::string>& page);
[[nodiscard]] Result<AdminStoreFilter> parse_admin_store_query(const AdminStoreQuery& q);
// from/to are dates in Japan time (YYYY-MM-DD), both inclusive.
[[nodiscard]] Result<AdminReportFilter> parse_admin_report_query(const AdminReportQuery& q);
[[nodiscard]] Result<AuditFilter> parse_audit_query(const AuditQuery& q);
// A search word for users: trimmed, ≤ kMaxAdminQueryChars.
[[nodiscard]] Result<std::string> check_admin_query(const std::optional<std::string>& q);
// "YYYY-MM-DD" → the instant that day starts in Japan.
[[nodiscard]] std::optional<UnixSeconds> parse_japan_date(std::string_view text);
// The bulk-delete window: from < to, at most kMaxBulkDeleteDays.
[[nodiscard]] Result<void> check_bulk_delete_range(UnixSeconds from, UnixSeconds to);

}  // namespace pokeca
