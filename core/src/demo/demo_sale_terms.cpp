#include "pokeca/demo/demo_sale_terms.hpp"

#include <array>

#include "demo_prng.hpp"

namespace pokeca {
namespace {

constexpr UnixSeconds kHour = 3600;
constexpr UnixSeconds kDay = 24 * kHour;
constexpr UnixSeconds kJapanOffset = 9 * kHour;  // Japan keeps no summer time

// 先着 is the usual way; 整理券 at card shops, 抽選 and 予約 for new sets.
SaleMethod method_for(DemoPrng& rng) {
  const double u = rng.unit();
  if (u < 0.5) return SaleMethod::kFirstCome;
  if (u < 0.75) return SaleMethod::kTicket;
  if (u < 0.85) return SaleMethod::kStoreLottery;
  return SaleMethod::kReservation;
}

void limit_for(const PurchaseReport& r, SaleTerms& terms, DemoPrng& rng) {
  constexpr std::array kPackCounts{5, 5, 10, 10, 20};
  switch (r.product) {
    case Product::kBox:
      terms.limit_unit = LimitUnit::kBox;
      terms.limit_count = rng.chance(0.8) ? 1 : 2;
      break;
    case Product::kPack:
      terms.limit_unit = LimitUnit::kPack;
      terms.limit_count = kPackCounts[rng.below(kPackCounts.size())];
      break;
    case Product::kSingle:
      terms.limit_unit = LimitUnit::kItem;
      terms.limit_count = 1 + static_cast<int>(rng.below(3));
      break;
  }
}

// A round hour of Japan's morning (7:00–11:00) on the purchase's day, or the day before
// when the purchase came earlier in the day: never after the purchase, less than a day
// before it.
UnixSeconds start_for(UnixSeconds purchased_at, DemoPrng& rng) {
  const UnixSeconds local = purchased_at + kJapanOffset;
  const UnixSeconds midnight = local - (local % kDay) - kJapanOffset;
  UnixSeconds start = midnight + static_cast<UnixSeconds>(7 + rng.below(5)) * kHour;
  if (start > purchased_at) start -= kDay;
  return start;
}

}  // namespace

void add_demo_sale_terms(std::vector<PurchaseReport>& reports, const std::vector<CatalogProduct>& products,
                         std::uint64_t seed) {
  DemoPrng rng(seed ^ 0x7465726d73ULL);  // "terms": its own stream beside the stores'
  for (auto& r : reports) {
    for (const auto& p : products)
      if (p.listed && !r.product_name.empty() && p.name == r.product_name) r.product_id = p.id;
    // Every report draws the same numbers whether or not it gets terms, so one report's
    // terms do not depend on the ones before it.
    const bool has_terms = rng.chance(kDemoSaleTermsShare);
    const bool has_limit = rng.chance(0.6);
    const bool has_start = rng.chance(0.5);
    DemoPrng own(rng.next());
    if (!has_terms) continue;
    r.terms.method = method_for(own);
    if (has_limit) limit_for(r, r.terms, own);
    if (has_start) r.terms.started_at = start_for(r.purchased_at, own);
  }
}

}  // namespace pokeca
