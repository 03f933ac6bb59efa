#include "pokeca/admin/admin.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "pokeca/contributions/submission_rules.hpp"
#include "pokeca/map/store_import.hpp"
#include "pokeca/map/store_types.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/numbers.hpp"
#include "pokeca/shared/prefectures.hpp"
#include "pokeca/shared/shown_text.hpp"
#include "pokeca/shared/text.hpp"
#include "pokeca/shared/utf8.hpp"

namespace pokeca {
namespace {

std::unexpected<DomainError> bad(std::string_view message) { return fail(ErrorCode::kBadRequest, message); }

constexpr std::array kTargets{std::pair{AuditTarget::kStore, std::string_view("store")},
                              std::pair{AuditTarget::kUser, std::string_view("user")},
                              std::pair{AuditTarget::kSubmission, std::string_view("submission")},
                              std::pair{AuditTarget::kPurchase, std::string_view("purchase")},
                              std::pair{AuditTarget::kPhoto, std::string_view("photo")},
                              std::pair{AuditTarget::kProduct, std::string_view("product")},
                              std::pair{AuditTarget::kLottery, std::string_view("lottery")}};

constexpr std::array kActions{
    audit_action::kSubmissionApprove, audit_action::kSubmissionReject, audit_action::kSubmissionMerge,
    audit_action::kStoreUpdate,       audit_action::kStoreHide,        audit_action::kStoreDelete,
    audit_action::kPhotoDelete,       audit_action::kPurchaseDelete,   audit_action::kPurchaseBulkDelete,
    audit_action::kUserBlock,         audit_action::kUserUnblock,      audit_action::kUserGrantAdmin,
    audit_action::kUserRevokeAdmin,   audit_action::kProductCreate,    audit_action::kProductUpdate,
    audit_action::kProductDelete,     audit_action::kLotteryApprove,   audit_action::kLotteryReject,
    audit_action::kLotteryHide};

// Trimmed single-line text of at most max_chars code points.
Result<std::string> plain_text(std::string_view raw, std::size_t max_chars, std::string_view too_long) {
  const auto text = trim_spaces(raw);
  if (has_control_character(text) || !is_valid_utf8(text)) return bad(msg::kAdminBadText);
  if (utf8_length(text) > max_chars) return bad(fill_placeholder(too_long, "{max}", std::to_string(max_chars)));
  return std::string(text);
}

void append_value(std::string& out, const AuditValue& v) {
  if (std::holds_alternative<std::monostate>(v)) {
    out += "null";
  } else if (const auto* b = std::get_if<bool>(&v)) {
    out += *b ? "true" : "false";
  } else if (const auto* i = std::get_if<std::int64_t>(&v)) {
    out += std::to_string(*i);
  } else if (const auto* d = std::get_if<double>(&v)) {
    if (!std::isfinite(*d)) {
      out += "null";
      return;
    }
    std::array<char, 32> buf{};
    const int n = std::snprintf(buf.data(), buf.size(), "%.12g", *d);
    out.append(buf.data(), static_cast<std::size_t>(std::max(n, 0)));
  } else {
    append_json_string(out, std::get<std::string>(v));
  }
}

AuditValue tri(std::optional<bool> b) {
  if (!b) return std::monostate{};
  return *b;
}

void add_if(std::vector<FieldChange>& out, std::string_view field, AuditValue before, AuditValue after) {
  if (before != after) out.push_back({std::string(field), std::move(before), std::move(after)});
}

void mark(std::vector<std::string>& edited, std::string_view field) {
  if (std::find(edited.begin(), edited.end(), field) == edited.end()) edited.emplace_back(field);
}

bool edited(const std::vector<std::string>& fields, std::string_view field) {
  return std::find(fields.begin(), fields.end(), field) != fields.end();
}

Result<std::optional<std::int64_t>> positive_id(const std::optional<std::string>& text) {
  if (!text) return std::optional<std::int64_t>{};
  const auto n = parse_integer(*text);
  if (!n || *n <= 0) return bad(msg::kBadId);
  return std::optional<std::int64_t>(*n);
}

std::optional<std::string> non_empty(const std::optional<std::string>& text) {
  if (!text || trim_spaces(*text).empty()) return std::nullopt;
  return std::string(trim_spaces(*text));
}

}  // namespace

std::string_view to_string(AuditTarget t) {
  for (const auto& [target, name] : kTargets)
    if (target == t) return name;
  return "store";
}

std::optional<AuditTarget> audit_target_from(std::string_view text) {
  for (const auto& [target, name] : kTargets)
    if (name == text) return target;
  return std::nullopt;
}

bool is_audit_action(std::string_view text) {
  return std::find(kActions.begin(), kActions.end(), text) != kActions.end();
}

std::string audit_changes_json(const std::vector<FieldChange>& changes) {
  std::string out = "{";
  for (const auto& c : changes) {
    if (out.size() > 1) out += ',';
    append_json_string(out, c.field);
    out += R"(:{"before":)";
    append_value(out, c.before);
    out += R"(,"after":)";
    append_value(out, c.after);
    out += '}';
  }
  return out + "}";
}

std::vector<FieldChange> diff_stores(const AdminStore& before, const AdminStore& after) {
  const auto& a = before.store;
  const auto& b = after.store;
  std::vector<FieldChange> out;
  add_if(out, store_field::kName, a.name, b.name);
  add_if(out, store_field::kStoreType, a.store_type, b.store_type);
  add_if(out, store_field::kAddress, a.address, b.address);
  add_if(out, store_field::kLat, a.location.lat, b.location.lat);
  add_if(out, store_field::kLng, a.location.lng, b.location.lng);
  add_if(out, "prefecture", a.prefecture, b.prefecture);
  add_if(out, "city", a.city, b.city);
  add_if(out, "location_precision", std::string(to_string(a.precision)), std::string(to_string(b.precision)));
  add_if(out, "sells.packs", tri(a.sells.packs), tri(b.sells.packs));
  add_if(out, "sells.boxes", tri(a.sells.boxes), tri(b.sells.boxes));
  add_if(out, "sells.singles", tri(a.sells.singles), tri(b.sells.singles));
  add_if(out, store_field::kStatus, std::string(to_string(a.status)), std::string(to_string(b.status)));
  add_if(out, "status_note", before.status_note, after.status_note);
  return out;
}

Result<StoreEditOutcome> apply_store_edit(const AdminStore& before, const AdminStoreEdit& edit,
                                          const Gazetteer& gazetteer, UnixSeconds now) {
  AdminStore after = before;
  Store& s = after.store;
  if (edit.name) {
    auto name = plain_text(*edit.name, kMaxSubmissionNameChars, msg::kSubmissionNameTooLong);
    if (!name) return std::unexpected(name.error());
    if (name->empty()) return bad(msg::kAdminStoreNameRequired);
    if (auto ok = check_shown_text(*name, msg::kFieldStoreName); !ok) return std::unexpected(ok.error());
    s.name = std::move(*name);
  }
  if (edit.store_type) {
    if (!find_store_type(*edit.store_type)) return bad(msg::kBadStoreType);
    s.store_type = *edit.store_type;
  }
  if (edit.address) {
    auto address = plain_text(*edit.address, kMaxSubmissionAddressChars, msg::kAdminAddressTooLong);
    if (!address) return std::unexpected(address.error());
    s.address = std::move(*address);
  }
  if (edit.location && (edit.location->lat != s.location.lat || edit.location->lng != s.location.lng)) {
    auto place = place_by_gps(*edit.location, gazetteer);
    if (!place) return std::unexpected(place.error());
    s.location = place->location;
    s.precision = place->precision;
    s.prefecture = std::move(place->prefecture);
    s.city = std::move(place->city);
  }
  if (edit.sells_packs) s.sells.packs = *edit.sells_packs;
  if (edit.sells_boxes) s.sells.boxes = *edit.sells_boxes;
  if (edit.sells_singles) s.sells.singles = *edit.sells_singles;
  if (edit.status) s.status = *edit.status;
  if (edit.status_note) {
    auto note = plain_text(*edit.status_note, kMaxStatusNoteChars, msg::kAdminStatusNoteTooLong);
    if (!note) return std::unexpected(note.error());
    if (auto ok = check_shown_text(*note, msg::kFieldStatusNote); !ok) return std::unexpected(ok.error());
    after.status_note = std::move(*note);
  }

  auto changes = diff_stores(before, after);
  for (const auto& c : changes) {
    if (c.field == store_field::kName || c.field == store_field::kStoreType || c.field == store_field::kAddress ||
        c.field == store_field::kLat || c.field == store_field::kLng || c.field == store_field::kStatus)
      mark(after.admin_edited, c.field);
    else if (c.field.starts_with("sells."))
      mark(after.admin_edited, store_field::kSells);
  }
  std::sort(after.admin_edited.begin(), after.admin_edited.end());
  if (!changes.empty()) s.updated_at = now;
  return StoreEditOutcome{std::move(after), std::move(changes)};
}

Store keep_admin_edits(const Store& current, const Store& imported, const std::vector<std::string>& admin_edited) {
  Store out = imported;
  if (edited(admin_edited, store_field::kName)) out.name = current.name;
  if (edited(admin_edited, store_field::kStoreType)) out.store_type = current.store_type;
  if (edited(admin_edited, store_field::kAddress)) out.address = current.address;
  if (edited(admin_edited, store_field::kLat) || edited(admin_edited, store_field::kLng)) {
    out.location = current.location;
    out.precision = current.precision;
    out.prefecture = current.prefecture;
    out.city = current.city;
  }
  if (edited(admin_edited, store_field::kSells)) out.sells = current.sells;
  if (edited(admin_edited, store_field::kStatus)) out.status = current.status;
  return out;
}

Result<void> check_user_action(const User& actor, const AdminUser& target, UserAction action,
                               std::int64_t admin_count) {
  const auto& u = target.user;
  if (u.withdrawn()) return fail(ErrorCode::kConflict, msg::kAdminUserWithdrawn);
  switch (action) {
    case UserAction::kBlock:
      if (u.id == actor.id) return fail(ErrorCode::kConflict, msg::kAdminCannotBlockSelf);
      break;
    case UserAction::kUnblock: break;
    case UserAction::kGrantAdmin:
      if (u.blocked) return fail(ErrorCode::kConflict, msg::kAdminCannotGrant);
      break;
    case UserAction::kRevokeAdmin:
      if (u.id == actor.id) return fail(ErrorCode::kConflict, msg::kAdminCannotRevokeSelf);
      if (u.admin && admin_count <= 1) return fail(ErrorCode::kConflict, msg::kAdminCannotRevokeLast);
      break;
  }
  return {};
}

Result<std::string> check_block_reason(std::string_view raw, bool required) {
  const auto text = trim_spaces(raw);
  const bool bad_char = std::any_of(text.begin(), text.end(), [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return (u < 0x20 && c != '\n' && c != '\r' && c != '\t') || u == 0x7F;
  });
  if (bad_char || !is_valid_utf8(text)) return bad(msg::kAdminBadText);
  if (utf8_length(text) > kMaxBlockReasonChars)
    return bad(fill_placeholder(msg::kAdminBlockReasonTooLong, "{max}", std::to_string(kMaxBlockReasonChars)));
  if (required && text.empty()) return bad(msg::kAdminBlockReasonRequired);
  return std::string(text);
}

Result<int> parse_admin_page(const std::optional<std::string>& page) {
  return parse_bounded_int(page, 1, 1, kMaxAdminPage, msg::kAdminBadPage);
}

Result<std::string> check_admin_query(const std::optional<std::string>& q) {
  if (!q) return std::string{};
  return plain_text(*q, kMaxAdminQueryChars, msg::kAdminQueryTooLong);
}

Result<AdminStoreFilter> parse_admin_store_query(const AdminStoreQuery& q) {
  AdminStoreFilter f;
  auto name = check_admin_query(q.q);
  if (!name) return std::unexpected(name.error());
  f.name = std::move(*name);
  if (auto p = non_empty(q.prefecture)) {
    if (!find_prefecture(*p)) return bad(msg::kUnknownPrefecture);
    f.prefecture = std::move(*p);
  }
  if (auto t = non_empty(q.type)) {
    if (!find_store_type(*t)) return bad(msg::kBadStoreType);
    f.store_type = std::move(*t);
  }
  if (auto s = non_empty(q.status)) {
    f.status = store_status_from(*s);
    if (!f.status) return bad(msg::kAdminBadStatus);
  }
  if (auto s = non_empty(q.source)) {
    f.source = store_source_from(*s);
    if (!f.source) return bad(msg::kAdminBadSource);
  }
  auto page = parse_admin_page(q.page);
  if (!page) return std::unexpected(page.error());
  f.offset = static_cast<std::int64_t>(*page - 1) * kAdminPageSize;
  return f;
}

std::optional<UnixSeconds> parse_japan_date(std::string_view text) {
  constexpr std::size_t kDateChars = 10;  // YYYY-MM-DD
  if (text.size() != kDateChars || text[4] != '-' || text[7] != '-') return std::nullopt;
  for (std::size_t i = 0; i < kDateChars; ++i)
    if (i != 4 && i != 7 && (text[i] < '0' || text[i] > '9')) return std::nullopt;
  const auto t = parse_iso8601(std::string(text) + "T00:00:00+09:00");
  // parse_iso8601 normalises nothing: 2026-02-31 must not pass as March 3rd.
  if (!t || format_iso8601(*t + kJapanUtcOffsetSeconds).substr(0, kDateChars) != text) return std::nullopt;
  return t;
}

Result<AdminReportFilter> parse_admin_report_query(const AdminReportQuery& q) {
  AdminReportFilter f;
  auto store = positive_id(q.store_id);
  if (!store) return std::unexpected(store.error());
  f.store_id = *store;
  auto user = positive_id(q.user_id);
  if (!user) return std::unexpected(user.error());
  f.user_id = *user;
  if (auto p = non_empty(q.prefecture)) {
    if (!find_prefecture(*p)) return bad(msg::kUnknownPrefecture);
    f.prefecture = std::move(*p);
  }
  if (auto k = non_empty(q.kind)) {
    f.kind = report_kind_from(*k);
    if (!f.kind) return bad(msg::kAdminBadKind);
  }
  if (auto from = non_empty(q.from)) {
    f.from = parse_japan_date(*from);
    if (!f.from) return bad(msg::kAdminBadDate);
  }
  if (auto to = non_empty(q.to)) {
    const auto day = parse_japan_date(*to);
    if (!day) return bad(msg::kAdminBadDate);
    f.until = *day + kSecondsPerDay;  // inclusive: up to the end of that day
  }
  if (f.from && f.until && *f.from >= *f.until) return bad(msg::kAdminBadDateRange);
  auto page = parse_admin_page(q.page);
  if (!page) return std::unexpected(page.error());
  f.offset = static_cast<std::int64_t>(*page - 1) * kAdminPageSize;
  return f;
}

Result<AuditFilter> parse_audit_query(const AuditQuery& q) {
  AuditFilter f;
  if (auto t = non_empty(q.target_type)) {
    if (!audit_target_from(*t)) return bad(msg::kAdminBadTargetType);
    f.target_type = std::move(*t);
  }
  if (auto id = non_empty(q.target_id)) {
    if (id->size() > kMaxAuditTargetIdChars || has_control_character(*id)) return bad(msg::kBadId);
    f.target_id = std::move(*id);
  }
  auto actor = positive_id(q.actor_id);
  if (!actor) return std::unexpected(actor.error());
  f.actor_id = *actor;
  if (auto a = non_empty(q.action)) {
    if (!is_audit_action(*a)) return bad(msg::kAdminBadAction);
    f.action = std::move(*a);
  }
  auto page = parse_admin_page(q.page);
  if (!page) return std::unexpected(page.error());
  f.offset = static_cast<std::int64_t>(*page - 1) * kAdminPageSize;
  return f;
}

Result<void> check_bulk_delete_range(UnixSeconds from, UnixSeconds to) {
  if (from >= to) return bad(msg::kAdminBulkRangeBad);
  if (to - from > kMaxBulkDeleteDays * kSecondsPerDay)
    return bad(fill_placeholder(msg::kAdminBulkRangeTooLong, "{max}", std::to_string(kMaxBulkDeleteDays)));
  return {};
}

}  // namespace pokeca
