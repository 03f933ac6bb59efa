#pragma once
// The public map reads: read the query, call one StoreService method, map its result to
// the JSON of docs/API.md.
#include "api/api_call.hpp"
#include "pokeca/http/map_read_model.hpp"
#include "pokeca/map/store_service.hpp"

namespace pokeca::http {

class StoreHandlers {
 public:
  // read_model: where bbox lists are assembled from kept store JSON; null = from full rows.
  explicit StoreHandlers(StoreService& stores, const MapReadModel* read_model = nullptr)
      : stores_(stores), read_model_(read_model) {}

  [[nodiscard]] ApiResult get_healthz(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_prefectures(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_stores(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_store_clusters(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_store(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_stats_summary(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_purchase_timeline(const ApiCall& call) const;

 private:
  StoreService& stores_;
  const MapReadModel* read_model_;
};

}  // namespace pokeca::http
