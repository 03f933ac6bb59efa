#include "pokeca/http/map_read_model.hpp"

#include <algorithm>
#include <vector>

#include "api/json_mapping.hpp"
#include "cache/response_cache.hpp"
#include "pokeca/http/store_fragments.hpp"
#include "pokeca/map/bbox_list.hpp"

namespace pokeca::http {
MapReadModel::MapReadModel(DataChanges& changes, MapReadModelOptions options)
    : changes_(changes),
      responses_(options.response_cache ? std::make_unique<ResponseCache>() : nullptr),
      fragments_(options.store_fragments ? std::make_shared<StoreFragments>() : nullptr) {
  // The listener runs before the generation moves for the commit: a fragment it has not
  // dropped yet can only end up in an answer cached under the old generation.
  if (fragments_)
    changes_.subscribe([fragments = fragments_](std::span<const StoreId> ids) {
      if (ids.empty())
        fragments->forget_all();  // any store may have changed
      else
        fragments->forget(ids);
    });
}

MapReadModel::~MapReadModel() = default;

std::size_t MapReadModel::kept_store_count() const { return fragments_ ? fragments_->size() : 0; }

MapReadModel::Stats MapReadModel::stats() const {
  Stats stats;
  if (responses_) {
    const auto r = responses_->stats();
    stats.response_hits = r.hits;
    stats.response_misses = r.misses;
    stats.response_evictions = r.evictions;
  }
  stats.fragment_hits = fragment_hits_.load(std::memory_order_relaxed);
  stats.fragment_misses = fragment_misses_.load(std::memory_order_relaxed);
  if (fragments_) {
    stats.fragment_evictions = fragments_->evictions();
    stats.kept_stores = fragments_->size();
  }
  return stats;
}

std::optional<Result<std::string>> MapReadModel::bbox_list(StoreService& stores, const StoreQueryInput& input) const {
  if (!fragments_) return std::nullopt;
  // Stores read from their rows: their JSON's place in the body, kept once the Reader ends.
  struct Fresh {
    StoreId id;
    StoreListFacts facts;
    std::size_t begin, end;
  };
  std::vector<Fresh> fresh;
  std::uint64_t epoch = 0;
  std::string body;
  {
    // The Reader's epoch is read before the scan's snapshot begins: a fragment built from
    // that snapshot is kept only if no store changed since. What the Reader finds stays
    // valid until it ends.
    const StoreFragments::Reader reader(*fragments_);
    epoch = reader.epoch();
    auto opened = stores.scan_bbox(input);
    if (!opened) return Result<std::string>(std::unexpected(opened.error()));
    if (!*opened) return std::nullopt;
    auto& list = **opened;
    // The stop rule and the cut (nearest the centre when more than the limit are listed)
    // are core's; kept stores are tested on their kept facts, the others read by the scan.
    auto assembled = list_bbox(
        *list.scan, list.box, list.filters, list.limit, [&](StoreId id) { return reader.find_kept(id); },
        [](const StoreFragments::KeptStore& kept) -> const StoreListFacts& { return *kept.facts; });
    if (!assembled) return Result<std::string>(std::unexpected(assembled.error()));
    list.scan.reset();  // the snapshot ends here
    const bool truncated = assembled->cut;
    const auto& listed = assembled->stores;
    body = R"({"success":true,"data":[)";
    body.reserve(listed.size() * kStoreJsonBytesHint + 64);
    for (std::size_t i = 0; i < listed.size(); ++i) {
      if (i) body += ',';
      if (listed[i].kept) {
        body += listed[i].kept->json;
      } else {
        const auto& store = *listed[i].store;
        const auto begin = body.size();
        append_store_json(body, store, std::nullopt);
        fresh.push_back({store.id, list_facts(store), begin, body.size()});
      }
    }
    body += truncated ? R"(],"truncated":true})" : R"(],"truncated":false})";
    fragment_hits_.fetch_add(listed.size() - fresh.size(), std::memory_order_relaxed);
    fragment_misses_.fetch_add(fresh.size(), std::memory_order_relaxed);
  }
  for (auto& f : fresh) fragments_->put(f.id, epoch, body.substr(f.begin, f.end - f.begin), std::move(f.facts));
  return Result<std::string>(std::move(body));
}

}  // namespace pokeca::http
