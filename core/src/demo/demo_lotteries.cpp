#include "pokeca/demo/demo_lotteries.hpp"

#include <algorithm>
#include <array>
#include <string_view>

#include "demo_prng.hpp"

namespace pokeca {
namespace {

constexpr UnixSeconds kHour = 3600;
constexpr UnixSeconds kDay = 24 * kHour;
constexpr std::array<std::string_view, 4> kOtherNotes{"抽選券は先着順で配布", "1家族1回まで", "アプリで事前登録が必要",
                                                      "当選者は身分証を持参"};

unsigned bit(LotteryMethod m) { return static_cast<unsigned>(m); }
unsigned bit(LotteryCondition c) { return static_cast<unsigned>(c); }

// Electronics chains run app and web lotteries for members; toy stores take web and
// in-store entries; card shops draw in store, often for visitors only.
void ways_for(const Store& s, LotteryEntry& e, DemoPrng& rng) {
  if (s.store_type == "electronics") {
    e.methods = rng.chance(0.6) ? bit(LotteryMethod::kApp) | bit(LotteryMethod::kWeb) : bit(LotteryMethod::kWeb);
    if (rng.chance(0.6)) e.conditions |= bit(LotteryCondition::kMembersOnly);
    if (rng.chance(0.2)) e.conditions |= bit(LotteryCondition::kPurchaseHistory);
    if (rng.chance(0.15)) e.conditions |= bit(LotteryCondition::kPartnerCard);
  } else if (s.store_type == "toy") {
    e.methods = rng.chance(0.5) ? bit(LotteryMethod::kWeb) : bit(LotteryMethod::kStore) | bit(LotteryMethod::kWeb);
    if (rng.chance(0.3)) e.conditions |= bit(LotteryCondition::kMembersOnly);
  } else {
    e.methods = rng.chance(0.8) ? bit(LotteryMethod::kStore) : bit(LotteryMethod::kStore) | bit(LotteryMethod::kPhone);
    if (rng.chance(0.5)) e.conditions |= bit(LotteryCondition::kVisitRequired);
  }
  if (rng.chance(0.2)) e.conditions |= bit(LotteryCondition::kIdCheck);
  if (rng.chance(0.1)) {
    e.conditions |= bit(LotteryCondition::kOther);
    e.condition_note = std::string(kOtherNotes[rng.below(kOtherNotes.size())]);
  }
}

// Half open, a sixth closing within a day, a quarter upcoming, the rest just ended; on
// whole hours, as stores announce them.
void window_for(LotteryEntry& e, UnixSeconds now, DemoPrng& rng) {
  now -= now % kHour;
  const double u = rng.unit();
  if (u < 0.5) {
    e.apply_start = now - static_cast<UnixSeconds>(rng.below(72)) * kHour - kHour;
    e.apply_end = now + kDay + static_cast<UnixSeconds>(rng.below(9 * 24)) * kHour;
  } else if (u < 0.65) {
    e.apply_start = now - static_cast<UnixSeconds>(1 + rng.below(5)) * kDay;
    e.apply_end = now + static_cast<UnixSeconds>(1 + rng.below(23)) * kHour;
  } else if (u < 0.9) {
    e.apply_start = now + static_cast<UnixSeconds>(6 + rng.below(6 * 24)) * kHour;
    e.apply_end = e.apply_start + static_cast<UnixSeconds>(2 + rng.below(6)) * kDay;
  } else {
    e.apply_end = now - static_cast<UnixSeconds>(1 + rng.below(72)) * kHour;
    e.apply_start = e.apply_end - static_cast<UnixSeconds>(2 + rng.below(5)) * kDay;
  }
  if (rng.chance(0.7)) {
    e.result_at = e.apply_end + static_cast<UnixSeconds>(1 + rng.below(3)) * kDay;
    if (rng.chance(0.6)) {
      e.purchase_start = *e.result_at + kDay;
      e.purchase_end = *e.purchase_start + static_cast<UnixSeconds>(3 + rng.below(5)) * kDay;
    }
  }
}

}  // namespace

std::vector<LotteryEntry> generate_demo_lotteries(const std::vector<Store>& stores,
                                                  const std::vector<CatalogProduct>& products, UnixSeconds now,
                                                  std::uint64_t seed, std::size_t count) {
  std::vector<const Store*> hosts;
  for (const auto& s : stores)
    if (s.status == StoreStatus::kActive &&
        (s.store_type == "electronics" || s.store_type == "toy" || s.store_type == "card_shop"))
      hosts.push_back(&s);
  std::vector<LotteryEntry> out;
  if (hosts.empty() || products.empty()) return out;
  DemoPrng rng(seed ^ 0x6c6f7474657279ULL);  // "lottery": its own stream beside the stores'
  // The newest products are the ones sold by lottery; the list is newest release first.
  const std::size_t newest = std::min<std::size_t>(products.size(), 5);
  out.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    const Store& s = *hosts[rng.below(hosts.size())];
    const auto& p = products[rng.chance(0.8) ? rng.below(newest) : rng.below(products.size())];
    LotteryEntry e;
    e.store_id = s.id;
    e.product_id = p.id;
    e.product_name = p.name;
    ways_for(s, e, rng);
    window_for(e, now, rng);
    e.status = LotteryStatus::kApproved;
    e.created_at = e.updated_at = std::min(now, e.apply_start);
    e.reviewed_at = e.created_at;
    // One entry a sale, as the site's own duplicate rule keeps it.
    const bool duplicate = std::any_of(out.begin(), out.end(), [&](const LotteryEntry& o) {
      return o.store_id == e.store_id && o.product_id == e.product_id && lottery_windows_overlap(o, e);
    });
    if (!duplicate) out.push_back(std::move(e));
  }
  return out;
}

}  // namespace pokeca
