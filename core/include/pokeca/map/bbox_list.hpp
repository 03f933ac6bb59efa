#pragma once
// A bbox list assembled from a BboxScan (StoreRepository::scan_bbox) by a caller that keeps
// some stores' list facts: the one place of the list's stop rule and of its cut.
//
// A list of at most `limit` stores is the whole set, the same on every backend, so it comes
// in the scan's order at no extra cost. Only a list that is really cut is ordered: its
// `limit` stores are the nearest in BoxOrder (store_query.hpp), in that order.
#include <algorithm>
#include <cstddef>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "pokeca/map/store_ports.hpp"
#include "pokeca/map/store_query.hpp"
#include "pokeca/shared/errors.hpp"

namespace pokeca {

// One listed store: the caller's kept copy (`kept` non-null) or the store read from its row.
template <typename Kept>
struct BboxListed {
  StoreId id = 0;
  const Kept* kept = nullptr;
  std::unique_ptr<Store> store;
};

template <typename Kept>
struct BboxList {
  std::vector<BboxListed<Kept>> stores;
  bool cut = false;  // more than `limit` were listed
};

// Up to `limit` listed stores of `scan`, which was opened for more than `limit` (limit + 1).
// find_kept(id) is the caller's kept copy of a store (a pointer, null when none) and
// facts_of(kept) its list facts: a kept store is tested on them (listed_in), any other is
// read by the scan. Candidates come in the scan's order until limit + 1 are listed; fewer,
// and that is the list. Otherwise the list is cut: next_nearest() gives the candidates by
// increasing lower bound of their key, and the search stops once `limit` listed stores are
// nearer than the next bound (a later one cannot come before them, ties included).
template <typename FindKept, typename FactsOf>
auto list_bbox(BboxScan& scan, const BoundingBox& box, const StoreFilters& f, std::size_t limit,
               const FindKept& find_kept, const FactsOf& facts_of)
    -> Result<BboxList<std::remove_cvref_t<decltype(*find_kept(StoreId{}))>>> {
  using Kept = std::remove_cvref_t<decltype(*find_kept(StoreId{}))>;
  BboxList<Kept> out;
  auto& listed = out.stores;
  listed.reserve(std::min(limit, static_cast<std::size_t>(kMaxStoreLimit)) + 1);
  while (listed.size() <= limit) {  // one more than the limit: is the list cut?
    auto id = scan.next();
    if (!id) return std::unexpected(id.error());
    if (!*id) return out;
    if (const Kept* kept = find_kept(**id)) {
      if (listed_in(facts_of(*kept), box, f)) listed.push_back({**id, kept, nullptr});
      continue;
    }
    auto store = scan.read_listed(**id);
    if (!store) return std::unexpected(store.error());
    if (*store) listed.push_back({**id, nullptr, std::make_unique<Store>(std::move(**store))});
  }

  out.cut = true;
  listed.clear();
  if (limit == 0) return out;
  const BoxOrder order(box);
  struct Keyed {
    double key;
    StoreId id;
    std::size_t at;  // into `listed`
  };
  const auto nearer = [](const Keyed& a, const Keyed& b) { return BoxOrder::before(a.key, a.id, b.key, b.id); };
  std::vector<Keyed> keyed;
  std::vector<Keyed> nearest;  // the `limit` nearest so far: a heap, the farthest on top
  nearest.reserve(limit + 1);
  for (;;) {
    auto next = scan.next_nearest(limit);
    if (!next) return std::unexpected(next.error());
    if (!*next) break;
    if (nearest.size() == limit && (*next)->bound > nearest.front().key) break;
    const StoreId id = (*next)->id;
    double key = 0;
    if (const Kept* kept = find_kept(id)) {
      const auto& facts = facts_of(*kept);
      if (!listed_in(facts, box, f)) continue;
      key = order.key(facts.location);
      listed.push_back({id, kept, nullptr});
    } else {
      auto store = scan.read_listed(id);
      if (!store) return std::unexpected(store.error());
      if (!*store) continue;
      key = order.key((*store)->location);
      listed.push_back({id, nullptr, std::make_unique<Store>(std::move(**store))});
    }
    const Keyed k{key, id, listed.size() - 1};
    keyed.push_back(k);
    if (nearest.size() < limit || nearer(k, nearest.front())) {
      nearest.push_back(k);
      std::ranges::push_heap(nearest, nearer);
      if (nearest.size() > limit) {
        std::ranges::pop_heap(nearest, nearer);
        nearest.pop_back();
      }
    }
  }
  std::ranges::sort(keyed, nearer);
  if (keyed.size() > limit) keyed.resize(limit);
  std::vector<BboxListed<Kept>> ordered;
  ordered.reserve(keyed.size());
  for (const auto& k : keyed) ordered.push_back(std::move(listed[k.at]));
  listed = std::move(ordered);
  return out;
}

}  // namespace pokeca
