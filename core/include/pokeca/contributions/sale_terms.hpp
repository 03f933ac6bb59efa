#pragma once
// How a store sold, as a purchase report may say it: the way of selling (先着, 整理券,
// 店頭抽選, 予約), a per-person limit (a number and a unit) and the time sales started.
// Every part is optional: a report that says nothing of the terms stays as it was.
#include <optional>
#include <string_view>

#include "pokeca/shared/time.hpp"

namespace pokeca {

enum class SaleMethod { kFirstCome, kTicket, kStoreLottery, kReservation };
// What a per-person limit counts: packs, boxes or items (点, anything else).
enum class LimitUnit { kPack, kBox, kItem };

// "first_come" | "ticket" | "store_lottery" | "reservation"; "pack" | "box" | "item".
[[nodiscard]] std::string_view to_string(SaleMethod method);
[[nodiscard]] std::string_view to_string(LimitUnit unit);
[[nodiscard]] std::optional<SaleMethod> sale_method_from(std::string_view text);
[[nodiscard]] std::optional<LimitUnit> limit_unit_from(std::string_view text);

// A per-person limit is 1 to this many of its unit ("1人99パックまで" is already no limit).
inline constexpr int kMaxPurchaseLimitCount = 99;
// Sales start on the day of the purchase: a start more than this before the purchase is
// another day's sale, and a start after the purchase is a typo.
inline constexpr UnixSeconds kMaxSaleStartBeforePurchaseSeconds = 24 * 3600;

struct SaleTerms {
  std::optional<SaleMethod> method{};
  std::optional<int> limit_count{};       // with limit_unit, or neither
  std::optional<LimitUnit> limit_unit{};  // with limit_count, or neither
  std::optional<UnixSeconds> started_at{};

  [[nodiscard]] bool empty() const { return !method && !limit_count && !started_at; }
};

}  // namespace pokeca
