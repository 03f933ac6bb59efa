#include "pokeca/contributions/purchase_rules.hpp"

#include <algorithm>
#include <string>

#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/shown_text.hpp"
#include "pokeca/shared/text.hpp"
#include "pokeca/shared/utf8.hpp"

namespace pokeca {
namespace {

std::unexpected<DomainError> bad(std::string_view message) { return fail(ErrorCode::kBadRequest, message); }

// Trimmed, one line, at most kMaxPurchaseTextChars; "" when left empty.
Result<std::string> short_text(std::string_view input, std::string_view field, std::string_view too_long,
                               std::string_view bad_text) {
  if (!is_valid_utf8(input)) return bad(bad_text);
  const auto text = trim_spaces(input);
  if (has_control_character(text)) return bad(bad_text);
  if (utf8_length(text) > kMaxPurchaseTextChars) return bad(too_long);
  if (auto ok = check_shown_text(text, field); !ok) return std::unexpected(ok.error());
  return std::string(text);
}

Result<UnixSeconds> purchase_time(const std::optional<std::string>& text, UnixSeconds now) {
  if (!text || text->empty()) return now;
  const auto at = parse_iso8601(*text);
  if (!at) return bad(msg::kBadPurchasedAt);
  if (*at > now + kPurchaseClockSkewSeconds) return bad(msg::kPurchasedAtInFuture);
  if (*at < now - kMaxPurchaseAgeSeconds) return bad(msg::kPurchasedAtTooOld);
  return std::min(*at, now);
}

Result<SaleTerms> sale_terms(const PurchaseReportInput& in, UnixSeconds purchased_at) {
  SaleTerms terms;
  if (!in.sale_method.empty()) {
    terms.method = sale_method_from(in.sale_method);
    if (!terms.method) return bad(msg::kBadSaleMethod);
  }
  if (in.limit_count) {
    if (*in.limit_count < 1 || *in.limit_count > kMaxPurchaseLimitCount)
      return fail(ErrorCode::kBadRequest,
                  fill_placeholder(msg::kBadLimitCount, "{max}", std::to_string(kMaxPurchaseLimitCount)));
    terms.limit_count = static_cast<int>(*in.limit_count);
  }
  if (!in.limit_unit.empty()) {
    terms.limit_unit = limit_unit_from(in.limit_unit);
    if (!terms.limit_unit) return bad(msg::kBadLimitUnit);
  }
  if (terms.limit_count.has_value() != terms.limit_unit.has_value()) return bad(msg::kLimitNeedsCountAndUnit);
  if (in.sales_started_at && !in.sales_started_at->empty()) {
    const auto at = parse_iso8601(*in.sales_started_at);
    if (!at) return bad(msg::kBadSalesStartedAt);
    if (*at > purchased_at) return bad(msg::kSalesStartedAfterPurchase);
    if (*at < purchased_at - kMaxSaleStartBeforePurchaseSeconds)
      return fail(ErrorCode::kBadRequest, fill_placeholder(msg::kSalesStartedTooEarly, "{hours}",
                                                           std::to_string(kMaxSaleStartBeforePurchaseSeconds / 3600)));
    terms.started_at = at;
  }
  return terms;
}

}  // namespace

Result<PurchaseReport> validate_purchase_report(const PurchaseReportInput& in, UnixSeconds now) {
  if (in.store_id <= 0) return bad(msg::kBadPurchaseStoreId);
  const auto kind = report_kind_from(in.kind);
  if (!kind) return bad(msg::kBadPurchaseKind);
  const auto product = product_from(in.product);
  if (!product) return bad(msg::kBadPurchaseProduct);
  auto name = short_text(in.product_name, msg::kFieldProductName, msg::kPurchaseProductNameTooLong,
                         msg::kPurchaseProductNameBadText);
  if (!name) return std::unexpected(name.error());
  auto note =
      short_text(in.limit_note, msg::kFieldLimitNote, msg::kPurchaseLimitNoteTooLong, msg::kPurchaseLimitNoteBadText);
  if (!note) return std::unexpected(note.error());
  if (in.product_id && *in.product_id <= 0) return bad(msg::kPurchaseBadProductId);
  const auto at = purchase_time(in.purchased_at, now);
  if (!at) return std::unexpected(at.error());
  auto terms = sale_terms(in, *at);
  if (!terms) return std::unexpected(terms.error());

  PurchaseReport report;
  report.store_id = in.store_id;
  report.kind = *kind;
  report.product = *product;
  report.product_name = std::move(*name);
  report.limit_note = std::move(*note);
  report.product_id = in.product_id;
  report.terms = *terms;
  report.purchased_at = *at;
  report.created_at = now;
  return report;
}

}  // namespace pokeca
