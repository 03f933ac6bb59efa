#include "pokeca/http/map_read_model.hpp"

#include <algorithm>
#include <vector>

#include "api/json_mapping.hpp"
#include "cache/response_cache.hpp"
#include "pokeca/http/store_fragments.hpp"

namespace pokeca::http {
MapReadModel::MapReadModel(DataChanges& changes, MapReadModelOptions options)
    : changes_(changes),
      responses_(options.response_cache ? std::make_unique<ResponseCache>() : nullptr),
      fragments_(options.store_fragments ? std::make_shared<StoreFragments>() : nullptr) {
  // The listener runs before the generation moves for the commit: a fragment it has not
  // dropped yet can only end up in an answer cached under the old generation.
  if (fragments_)
    changes_.subscribe([fragments = fragments_](std::span<const StoreId> ids) { fragments->forget(ids); });
}

MapReadModel::~MapReadModel() = default;

std::size_t MapReadModel::kept_store_count() const { return fragments_ ? fragments_->size() : 0; }

std::optional<Result<std::string>> MapReadModel::bbox_list(StoreService& stores, const StoreQueryInput& input) const {
  if (!fragments_) return std::nullopt;
  // One listed store: kept (its JSON copied) or read from its row by the scan.
  struct Listed {
    const StoreFragments::KeptStore* kept;
    std::unique_ptr<Store> store;
  };
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
    std::vector<Listed> listed;
    listed.reserve(std::min(list.limit, static_cast<std::size_t>(kMaxStoreLimit)) + 1);
    while (listed.size() <= list.limit) {  // one more than the limit: was the list cut?
      auto id = list.scan->next();
      if (!id) return Result<std::string>(std::unexpected(id.error()));
      if (!*id) break;
      if (const auto* kept = reader.find_kept(**id)) {
        if (listed_in(*kept->facts, list.box, list.filters)) listed.push_back({kept, nullptr});
        continue;
      }
      auto store = list.scan->read_listed(**id);
      if (!store) return Result<std::string>(std::unexpected(store.error()));
      if (*store) listed.push_back({nullptr, std::make_unique<Store>(std::move(**store))});
    }
    list.scan.reset();  // the snapshot ends here
    const bool truncated = listed.size() > list.limit;
    if (truncated) listed.resize(list.limit);
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
  }
  for (auto& f : fresh) fragments_->put(f.id, epoch, body.substr(f.begin, f.end - f.begin), std::move(f.facts));
  return Result<std::string>(std::move(body));
}

}  // namespace pokeca::http
