#pragma once
// The map's read model: every cache the public map reads are answered from, in one
// place, kept current by one change signal (core's DataChanges port), and the bbox
// list's assembly from them. Nothing else keeps a copy of stored data between requests,
// so a write path never has to know which caches it empties: the storage behind the
// port reports what changed, this component drops what depended on it.
//
// - The response cache (response_cache.hpp): whole answers of public, anonymous GETs,
//   served while DataChanges::generation() is unchanged and for kResponseCacheTtl at
//   most (answers such as "reported within 24 h" move with time).
// - The store fragments (store_fragments.hpp): each store's list JSON and list facts,
//   dropped when the signal names the store; a fragment built from a snapshot older
//   than such a change is never kept (their epoch).
//
// A bbox list that misses the response cache goes one way: core parses the query and
// opens a scan of the box's candidate ids in the list's order (storage), this component
// copies the kept stores' JSON and asks the scan for the rows of the others.
// (The storage's own index copy, e.g. SQLite's R*Tree in memory, is the storage's
// business: it is kept current by the storage's own hooks, not by this model.)
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "pokeca/map/store_query.hpp"
#include "pokeca/map/store_service.hpp"
#include "pokeca/shared/data_changes.hpp"
#include "pokeca/shared/errors.hpp"

namespace pokeca::http {

class ResponseCache;   // response_cache.hpp
class StoreFragments;  // store_fragments.hpp

struct MapReadModelOptions {
  bool response_cache = true;   // whole answers of the public map reads
  bool store_fragments = true;  // each store's list JSON, for bbox lists
};

class MapReadModel {
 public:
  // Subscribes to `changes`, which must outlive this; build it before serving.
  explicit MapReadModel(DataChanges& changes, MapReadModelOptions options = {});
  ~MapReadModel();
  MapReadModel(const MapReadModel&) = delete;
  MapReadModel& operator=(const MapReadModel&) = delete;

  // The data generation an answer read now is cached under.
  [[nodiscard]] std::uint64_t generation() const { return changes_.generation(); }
  // The response cache, or null when the options leave it out.
  [[nodiscard]] ResponseCache* responses() const { return responses_.get(); }

  // GET /stores's body for a bbox query from the kept fragments and the rows the scan
  // reads (the same bytes as from full rows); nullopt when the query is not a bbox or
  // no fragments are kept (the handler writes it from full rows).
  [[nodiscard]] std::optional<Result<std::string>> bbox_list(StoreService& stores, const StoreQueryInput& input) const;

  // How many stores' fragments are kept.
  [[nodiscard]] std::size_t kept_store_count() const;

  // For the operator's metrics (counts since start): the response cache's looks and
  // evictions, and the stores bbox lists took from their kept fragments (hits) or had to
  // read (misses), and fragments dropped.
  struct Stats {
    std::uint64_t response_hits = 0;
    std::uint64_t response_misses = 0;
    std::uint64_t response_evictions = 0;
    std::uint64_t fragment_hits = 0;
    std::uint64_t fragment_misses = 0;
    std::uint64_t fragment_evictions = 0;
    std::uint64_t kept_stores = 0;
  };
  [[nodiscard]] Stats stats() const;

 private:
  DataChanges& changes_;
  std::unique_ptr<ResponseCache> responses_;
  std::shared_ptr<StoreFragments> fragments_;  // shared with the change listener
  // Counted once a list, not once a store: two relaxed additions a bbox miss.
  mutable std::atomic<std::uint64_t> fragment_hits_{0};
  mutable std::atomic<std::uint64_t> fragment_misses_{0};
};

}  // namespace pokeca::http
