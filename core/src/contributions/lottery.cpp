#include "pokeca/contributions/lottery.hpp"

#include <array>
#include <limits>
#include <utility>

#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/numbers.hpp"
#include "pokeca/shared/prefectures.hpp"
#include "pokeca/shared/shown_text.hpp"
#include "pokeca/shared/text.hpp"
#include "pokeca/shared/utf8.hpp"

namespace pokeca {
namespace {

constexpr std::array kMethods{std::pair{LotteryMethod::kStore, std::string_view("store")},
                              std::pair{LotteryMethod::kWeb, std::string_view("web")},
                              std::pair{LotteryMethod::kApp, std::string_view("app")},
                              std::pair{LotteryMethod::kPhone, std::string_view("phone")}};
constexpr std::array kConditions{std::pair{LotteryCondition::kMembersOnly, std::string_view("members_only")},
                                 std::pair{LotteryCondition::kPurchaseHistory, std::string_view("purchase_history")},
                                 std::pair{LotteryCondition::kIdCheck, std::string_view("id_check")},
                                 std::pair{LotteryCondition::kVisitRequired, std::string_view("visit_required")},
                                 std::pair{LotteryCondition::kPartnerCard, std::string_view("partner_card")},
                                 std::pair{LotteryCondition::kOther, std::string_view("other")}};
constexpr std::array kStatuses{std::pair{LotteryStatus::kPending, std::string_view("pending")},
                               std::pair{LotteryStatus::kApproved, std::string_view("approved")},
                               std::pair{LotteryStatus::kRejected, std::string_view("rejected")},
                               std::pair{LotteryStatus::kHidden, std::string_view("hidden")}};

template <typename Table>
auto name_of(const Table& table, decltype(table[0].first) value) {
  for (const auto& [v, name] : table)
    if (v == value) return name;
  return table[0].second;
}

template <typename Table>
auto value_of(const Table& table, std::string_view text) -> std::optional<decltype(table[0].first)> {
  for (const auto& [v, name] : table)
    if (name == text) return v;
  return std::nullopt;
}

constexpr UnixSeconds kSecondsPerDay = 86'400;

std::unexpected<DomainError> bad(std::string_view message) { return fail(ErrorCode::kBadRequest, message); }

std::string with_max(std::string_view message, std::int64_t max) {
  return fill_placeholder(message, "{max}", std::to_string(max));
}

// A required instant: ISO 8601 with a zone.
Result<UnixSeconds> instant(std::string_view text) {
  const auto t = parse_iso8601(trim_spaces(text));
  if (!t) return bad(msg::kLotteryBadTime);
  return *t;
}

// An optional instant: absent or "" = none.
Result<std::optional<UnixSeconds>> optional_instant(const std::optional<std::string>& text) {
  if (!text || trim_spaces(*text).empty()) return std::optional<UnixSeconds>{};
  auto t = instant(*text);
  if (!t) return std::unexpected(t.error());
  return std::optional<UnixSeconds>{*t};
}

Result<unsigned> method_bits(const std::vector<std::string>& names) {
  unsigned bits = 0;
  for (const auto& name : names) {
    const auto m = lottery_method_from(trim_spaces(name));
    if (!m) return bad(msg::kLotteryBadMethod);
    bits |= static_cast<unsigned>(*m);
  }
  if (bits == 0) return bad(msg::kLotteryMethodRequired);
  return bits;
}

Result<unsigned> condition_bits(const std::vector<std::string>& names) {
  unsigned bits = 0;
  for (const auto& name : names) {
    const auto c = lottery_condition_from(trim_spaces(name));
    if (!c) return bad(msg::kLotteryBadCondition);
    bits |= static_cast<unsigned>(*c);
  }
  return bits;
}

// A one-line text others see: trimmed, no control characters, at most max_chars.
Result<std::string> shown_line(std::string_view raw, std::size_t max_chars, std::string_view too_long,
                               std::string_view field) {
  const auto text = trim_spaces(raw);
  if (!is_valid_utf8(text) || has_control_character(text)) return bad(msg::kBadText);
  if (utf8_length(text) > max_chars) return bad(with_max(too_long, static_cast<std::int64_t>(max_chars)));
  if (auto ok = check_shown_text(text, field); !ok) return std::unexpected(ok.error());
  return std::string(text);
}

Result<void> check_window(LotteryEntry& e, const LotteryInput& input, UnixSeconds now) {
  if (trim_spaces(input.apply_start).empty() || trim_spaces(input.apply_end).empty())
    return bad(msg::kLotteryWindowRequired);
  auto start = instant(input.apply_start);
  if (!start) return std::unexpected(start.error());
  auto end = instant(input.apply_end);
  if (!end) return std::unexpected(end.error());
  if (*end <= *start) return bad(msg::kLotteryWindowOrder);
  if (*end - *start > kMaxLotteryWindowDays * kSecondsPerDay)
    return bad(with_max(msg::kLotteryWindowTooLong, kMaxLotteryWindowDays));
  if (*end <= now) return bad(msg::kLotteryWindowEnded);
  if (*start > now + kMaxLotteryLeadDays * kSecondsPerDay)
    return bad(with_max(msg::kLotteryWindowTooFar, kMaxLotteryLeadDays));
  e.apply_start = *start;
  e.apply_end = *end;

  auto result = optional_instant(input.result_at);
  if (!result) return std::unexpected(result.error());
  if (*result && **result < e.apply_end) return bad(msg::kLotteryResultBeforeEnd);
  e.result_at = *result;

  auto buy_from = optional_instant(input.purchase_start);
  if (!buy_from) return std::unexpected(buy_from.error());
  auto buy_to = optional_instant(input.purchase_end);
  if (!buy_to) return std::unexpected(buy_to.error());
  if (buy_from->has_value() != buy_to->has_value() ||
      (*buy_from && (**buy_to <= **buy_from || **buy_to - **buy_from > kMaxLotteryWindowDays * kSecondsPerDay)))
    return bad(with_max(msg::kLotteryPurchaseWindow, kMaxLotteryWindowDays));
  e.purchase_start = *buy_from;
  e.purchase_end = *buy_to;
  return {};
}

Result<std::optional<double>> optional_decimal(const std::optional<std::string>& text, std::string_view message) {
  if (!text) return std::optional<double>{};
  auto v = parse_decimal(*text);
  if (!v) return bad(message);
  return v;
}

}  // namespace

std::string_view to_string(LotteryMethod method) { return name_of(kMethods, method); }
std::string_view to_string(LotteryCondition condition) { return name_of(kConditions, condition); }
std::string_view to_string(LotteryStatus status) { return name_of(kStatuses, status); }
std::optional<LotteryMethod> lottery_method_from(std::string_view text) { return value_of(kMethods, text); }
std::optional<LotteryCondition> lottery_condition_from(std::string_view text) { return value_of(kConditions, text); }
std::optional<LotteryStatus> lottery_status_from(std::string_view text) { return value_of(kStatuses, text); }

std::vector<LotteryMethod> lottery_methods_in(unsigned bits) {
  std::vector<LotteryMethod> out;
  for (const auto& [m, name] : kMethods)
    if ((bits & static_cast<unsigned>(m)) != 0) out.push_back(m);
  return out;
}

std::vector<LotteryCondition> lottery_conditions_in(unsigned bits) {
  std::vector<LotteryCondition> out;
  for (const auto& [c, name] : kConditions)
    if ((bits & static_cast<unsigned>(c)) != 0) out.push_back(c);
  return out;
}

Result<LotteryEntry> checked_lottery(const LotteryInput& input, UnixSeconds now) {
  LotteryEntry e;
  if (input.store_id <= 0) return bad(msg::kLotteryStoreRequired);
  e.store_id = input.store_id;
  if (input.product_id) {
    if (*input.product_id <= 0) return bad(msg::kLotteryBadProductId);
    e.product_id = input.product_id;  // its name comes from the catalogue
  } else {
    auto name = shown_line(input.product_name, kMaxLotteryProductNameChars, msg::kLotteryProductNameTooLong,
                           msg::kProductNameField);
    if (!name) return std::unexpected(name.error());
    if (name->empty()) return bad(msg::kLotteryProductRequired);
    e.product_name = std::move(*name);
  }
  auto methods = method_bits(input.methods);
  if (!methods) return std::unexpected(methods.error());
  e.methods = *methods;
  if (auto ok = check_window(e, input, now); !ok) return std::unexpected(ok.error());
  auto conditions = condition_bits(input.conditions);
  if (!conditions) return std::unexpected(conditions.error());
  e.conditions = *conditions;
  auto note = shown_line(input.condition_note, kMaxLotteryNoteChars, msg::kLotteryNoteTooLong, msg::kLotteryNoteField);
  if (!note) return std::unexpected(note.error());
  if (note->empty() && (e.conditions & static_cast<unsigned>(LotteryCondition::kOther)) != 0)
    return bad(msg::kLotteryNoteRequired);
  e.condition_note = std::move(*note);
  const auto url = trim_spaces(input.source_url);
  if (!url.empty() && (url.size() > kMaxLotteryUrlBytes || !is_web_url(url)))
    return bad(with_max(msg::kLotteryBadUrl, static_cast<std::int64_t>(kMaxLotteryUrlBytes)));
  e.source_url = std::string(url);
  e.created_at = e.updated_at = now;
  return e;
}

bool lottery_windows_overlap(const LotteryEntry& a, const LotteryEntry& b) {
  return a.apply_start < b.apply_end && b.apply_start < a.apply_end;
}

Result<LotteryFilter> parse_lottery_filter(const LotteryQuery& q) {
  LotteryFilter f;
  if (q.store_id && !q.store_id->empty()) {
    const auto id = parse_integer_in<std::int64_t>(*q.store_id, 1, std::numeric_limits<std::int64_t>::max());
    if (!id) return bad(msg::kLotteryBadStoreId);
    f.store_id = id;
  }
  if (q.prefecture && !q.prefecture->empty()) {
    if (find_prefecture(*q.prefecture) == nullptr) return bad(msg::kBadPrefectureName);
    f.prefecture = q.prefecture;
  }
  if (q.product_id && !q.product_id->empty()) {
    const auto id = parse_integer_in<std::int64_t>(*q.product_id, 1, std::numeric_limits<std::int64_t>::max());
    if (!id) return bad(msg::kLotteryBadProductId);
    f.product_id = id;
  }
  if (q.method && !q.method->empty()) {
    f.method = lottery_method_from(*q.method);
    if (!f.method) return bad(msg::kLotteryBadMethodFilter);
  }
  if (q.loose) {
    if (*q.loose == "1" || *q.loose == "true")
      f.loose = true;
    else if (*q.loose != "0" && *q.loose != "false" && !q.loose->empty())
      return bad(msg::kLotteryBadLoose);
  }
  auto lat = optional_decimal(q.lat, msg::kBadLatLng);
  if (!lat) return std::unexpected(lat.error());
  auto lng = optional_decimal(q.lng, msg::kBadLatLng);
  if (!lng) return std::unexpected(lng.error());
  if (lat->has_value() != lng->has_value()) return bad(msg::kBadLatLng);
  if (*lat) {
    const LatLng point{**lat, **lng};
    if (!is_valid_lat_lng(point)) return bad(msg::kBadLatLng);
    f.near = point;
  }
  auto radius =
      optional_decimal(q.radius_km, with_max(msg::kLotteryBadRadius, static_cast<std::int64_t>(kMaxLotteryRadiusKm)));
  if (!radius) return std::unexpected(radius.error());
  if (*radius) {
    if (**radius < 0.1 || **radius > kMaxLotteryRadiusKm)
      return bad(with_max(msg::kLotteryBadRadius, static_cast<std::int64_t>(kMaxLotteryRadiusKm)));
    f.radius_km = **radius;
  }
  if (q.limit) {
    const auto limit = parse_integer_in<int>(*q.limit, 1, kMaxLotteryListLimit);
    if (!limit) return bad(msg::kBadLimit);
    f.limit = *limit;
  }
  return f;
}

Result<LotteryEntry> LotteryService::submit(const User& author, const LotteryInput& input) {
  const auto now = clock_.now();
  auto entry = checked_lottery(input, now);
  if (!entry) return std::unexpected(entry.error());
  entry->author_id = author.id;
  auto stored = lotteries_.insert(std::move(*entry), LotteryInsertRules{.now = now});
  if (stored && stored->status == LotteryStatus::kApproved && observer_) observer_->lottery_shown(*stored);
  return stored;
}

Result<std::vector<LotteryListing>> LotteryService::open(const LotteryQuery& query) {
  auto filter = parse_lottery_filter(query);
  if (!filter) return std::unexpected(filter.error());
  return lotteries_.list_open(*filter, clock_.now());
}

Result<AdminPage<LotteryListing>> LotteryService::for_review(const std::optional<std::string>& status,
                                                             const std::optional<std::string>& page) {
  std::optional<LotteryStatus> wanted;
  if (status && !status->empty()) {
    wanted = lottery_status_from(*status);
    if (!wanted) return bad(msg::kLotteryBadStatus);
  }
  auto number = parse_admin_page(page);
  if (!number) return std::unexpected(number.error());
  return lotteries_.list_for_review(wanted, kAdminPageSize, static_cast<std::int64_t>(*number - 1) * kAdminPageSize);
}

Result<LotteryEntry> LotteryService::approve(const User& admin, LotteryId id) {
  return review(admin, id, LotteryStatus::kApproved, audit_action::kLotteryApprove, {});
}

Result<LotteryEntry> LotteryService::reject(const User& admin, LotteryId id, std::string_view reason) {
  auto checked = check_reject_reason(reason);
  if (!checked) return std::unexpected(checked.error());
  return review(admin, id, LotteryStatus::kRejected, audit_action::kLotteryReject, std::move(*checked));
}

Result<LotteryEntry> LotteryService::hide(const User& admin, LotteryId id) {
  return review(admin, id, LotteryStatus::kHidden, audit_action::kLotteryHide, {});
}

Result<LotteryEntry> LotteryService::review(const User& admin, LotteryId id, LotteryStatus to, std::string_view action,
                                            std::string reason) {
  const auto now = clock_.now();
  bool first_shown = false;  // pending → approved: new to readers (hidden → approved is not)
  auto changed = lotteries_.change(id, [&](const LotteryEntry& current) -> Result<LotteryChange> {
    // Approve: a pending entry, or a hidden one brought back. Reject: pending only.
    // Hide: anything shown or waiting.
    const auto from = current.status;
    const bool allowed =
        (to == LotteryStatus::kApproved && (from == LotteryStatus::kPending || from == LotteryStatus::kHidden)) ||
        (to == LotteryStatus::kRejected && from == LotteryStatus::kPending) ||
        (to == LotteryStatus::kHidden && (from == LotteryStatus::kPending || from == LotteryStatus::kApproved));
    if (!allowed) return fail(ErrorCode::kConflict, msg::kLotteryAlreadyReviewed);
    first_shown = to == LotteryStatus::kApproved && from == LotteryStatus::kPending;
    LotteryChange change{current, {}};
    auto& after = change.after;
    after.status = to;
    after.updated_at = now;
    // Hiding is not a review of the content: an approval's time (the ranking's period)
    // stays, and so do its points (points once awarded are never taken back).
    if (to != LotteryStatus::kHidden) after.reviewed_at = now;
    if (to == LotteryStatus::kApproved) after.points_awarded = kPointsPerLotteryEntry;
    if (to == LotteryStatus::kRejected) after.reject_reason = reason;
    change.audit = AuditRecord{.at = now,
                               .actor = admin.id,
                               .action = std::string(action),
                               .target = AuditTarget::kLottery,
                               .target_id = std::to_string(id),
                               .changes = {{"status", std::string(to_string(from)), std::string(to_string(to))}},
                               .note = std::move(reason)};
    if (after.points_awarded != current.points_awarded)
      change.audit.changes.push_back(
          {"points", std::int64_t{current.points_awarded}, std::int64_t{after.points_awarded}});
    return change;
  });
  if (!changed) return std::unexpected(changed.error());
  if (!*changed) return fail(ErrorCode::kNotFound, msg::kLotteryNotFound);
  if (first_shown && observer_) observer_->lottery_shown(**changed);
  return std::move(**changed);
}

}  // namespace pokeca
