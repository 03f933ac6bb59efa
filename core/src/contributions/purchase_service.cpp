#include "pokeca/contributions/purchase_service.hpp"

#include <string>

#include "pokeca/shared/messages.hpp"

namespace pokeca {
namespace {

constexpr std::string_view kPurchaseRule = "purchase_account:";

}  // namespace

Result<PurchaseReport> PurchaseService::report(const User& author, const PurchaseReportInput& input) {
  const auto now = deps_.clock.now();
  auto report = validate_purchase_report(input, now);
  if (!report) return report;
  auto store = deps_.stores.find(report->store_id);
  if (!store) return std::unexpected(store.error());
  if (!*store || (*store)->status != StoreStatus::kActive) return fail(ErrorCode::kNotFound, msg::kStoreNotFound);
  if (deps_.pace) {
    auto next = deps_.pace->next_report_at(author.id, now);
    if (!next) return std::unexpected(next.error());
    if (*next) return fail_rate_limited(msg::kReporterSlowed, {}, **next - now);
  }
  if (report->product_id) {
    // An unlisted product is kept for what already names it, not offered for new reports.
    if (!deps_.products) return fail(ErrorCode::kBadRequest, msg::kPurchaseUnknownProduct);
    auto product = deps_.products->find(*report->product_id);
    if (!product) return std::unexpected(product.error());
    if (!*product || !(*product)->listed) return fail(ErrorCode::kBadRequest, msg::kPurchaseUnknownProduct);
    report->product_name = (*product)->name;
  }
  // Counted only once the report is known to be acceptable: a typo costs no allowance.
  const auto decision = deps_.limiter.hit(std::string(kPurchaseRule) + std::to_string(author.id), per_account_, now);
  if (!decision.allowed) return fail_rate_limited(msg::kTooManyRequests, {}, decision.retry_after_seconds);
  report->user_id = author.id;
  auto stored = deps_.reports.insert(*report);
  if (stored && observer_) observer_->report_stored(*stored, **store);
  return stored;
}

}  // namespace pokeca
