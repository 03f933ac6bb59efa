#pragma once
// A bbox list assembled from a BboxScan (StoreRepository::scan_bbox) by a caller that keeps
// some stores' list facts: the one place of the list's stop rule and of its cut.
//
// Every list comes in BoxOrder (store_query.hpp), nearest the box's centre first: a list of at
// most `limit` stores is the whole set, sorted; a cut list is the `limit` nearest, in that
// order. One order on every backend, so a site answers byte for byte the same after a move
// (the scans' own orders differ), for a sort of at most `limit` keys.
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

// Sorts a whole (uncut) list in `order`.
template <typename Kept, typename FactsOf>
void sort_listed(std::vector<BboxListed<Kept>>& listed, const BoxOrder& order, const FactsOf& facts_of) {
  std::vector<std::pair<double, std::size_t>> keyed;
  keyed.reserve(listed.size());
  for (std::size_t i = 0; i < listed.size(); ++i)
    keyed.emplace_back(order.key(listed[i].kept ? facts_of(*listed[i].kept).location : listed[i].store->location), i);
  std::ranges::sort(keyed, [&](const auto& a, const auto& b) {
    return BoxOrder::before(a.first, listed[a.second].id, b.first, listed[b.second].id);
  });
  std::vector<BboxListed<Kept>> sorted;
  sorted.reserve(listed.size());
  for (const auto& k : keyed) sorted.push_back(std::move(listed[k.second]));
  listed = std::move(sorted);
}

// Up to `limit` listed stores of `scan`, which was opened for more than `limit` (limit + 1).
// find_kept(id) is the caller's kept copy of a store (a pointer, null when none) and
// facts_of(kept) its list facts: a kept store is tested on them (listed_in), any other is
// read by the scan. Candidates come in the scan's order until limit + 1 are listed; fewer,
// and that is the list, sorted. Otherwise the list is cut: next_nearest() gives the candidates by
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
    if (!*id) {
      sort_listed(listed, BoxOrder(box), facts_of);
      return out;
    }
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
