#pragma once
// The demo dataset's lottery entries: deterministic like its stores and reports (the same
// seed, stores, products and time give the same entries), spread over open, closing-soon,
// upcoming and ended windows around `now`, at the kinds of store that hold lotteries.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pokeca/contributions/lottery.hpp"
#include "pokeca/contributions/product_catalog.hpp"
#include "pokeca/map/store.hpp"

namespace pokeca {

inline constexpr std::size_t kDemoLotteryCount = 240;

// `products` must have ids (read back from the catalogue). Entries are approved, with no
// author (author_id 0: the demo's, as its reports have no user).
[[nodiscard]] std::vector<LotteryEntry> generate_demo_lotteries(const std::vector<Store>& stores,
                                                                const std::vector<CatalogProduct>& products,
                                                                UnixSeconds now, std::uint64_t seed,
                                                                std::size_t count = kDemoLotteryCount);

}  // namespace pokeca
