#pragma once
// What a purchase report may say (PRODUCT.md §5): which store, bought or sold out,
// which product, two optional short notes and when it happened. Pure: the store's
// existence and the rate limit are the service's business.
#include <cstdint>
#include <optional>
#include <string>

#include "pokeca/contributions/purchase_report.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

// product_name and limit_note, each after trimming; UTF-8 code points.
inline constexpr std::size_t kMaxPurchaseTextChars = 100;
// A phone whose clock runs a little ahead must not be refused: a time up to this far
// in the future is taken as "now".
inline constexpr UnixSeconds kPurchaseClockSkewSeconds = 5 * 60;
// Reports are news: older purchases tell nobody where to buy today.
inline constexpr UnixSeconds kMaxPurchaseAgeSeconds = 30 * 24 * 3600;

// The request as it arrived (the HTTP adapter copies the JSON members in).
struct PurchaseReportInput {
  StoreId store_id = 0;  // 0 when missing or not a positive integer
  std::string kind;      // "bought" | "sold_out"
  std::string product;   // "pack" | "box" | "single"
  std::string product_name;
  std::string limit_note;
  std::optional<std::string> purchased_at;  // ISO 8601; absent or "" = now
  // A catalogue product (the service checks that it is listed); nullopt = その他.
  std::optional<std::int64_t> product_id{};
  // The sale terms (sale_terms.hpp); "" or nullopt = not said.
  std::string sale_method{};  // "first_come" | "ticket" | "store_lottery" | "reservation"
  std::optional<std::int64_t> limit_count{};
  std::string limit_unit{};                       // "pack" | "box" | "item"
  std::optional<std::string> sales_started_at{};  // ISO 8601
};

// The report to store (id 0, no user yet), or kBadRequest with the Japanese reason.
// purchased_at is clamped to `now` within the skew, refused beyond it or when older
// than kMaxPurchaseAgeSeconds; created_at is `now`. Sale terms: a known method, a limit
// of 1..kMaxPurchaseLimitCount with its unit (both or neither), a start at or before the
// purchase and at most kMaxSaleStartBeforePurchaseSeconds before it.
[[nodiscard]] Result<PurchaseReport> validate_purchase_report(const PurchaseReportInput& input, UnixSeconds now);

}  // namespace pokeca
