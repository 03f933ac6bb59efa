#pragma once
// The public map reads: read the query, call one StoreService method, map its result to
// the JSON of docs/API.md.
#include "api_call.hpp"
#include "pokeca/store_service.hpp"

namespace pokeca::http {

class StoreHandlers {
 public:
  explicit StoreHandlers(StoreService& stores) : stores_(stores) {}

  [[nodiscard]] ApiResult get_healthz(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_prefectures(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_stores(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_store_clusters(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_store(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_stats_summary(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_purchase_timeline(const ApiCall& call) const;

 private:
  StoreService& stores_;
};

}  // namespace pokeca::http
