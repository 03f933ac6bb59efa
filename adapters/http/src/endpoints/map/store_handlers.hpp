#pragma once
// The public map reads: read the query, call one StoreService method, map its result to
// the JSON of docs/API.md.
#include "api/api_call.hpp"
#include "pokeca/http/store_fragments.hpp"
#include "pokeca/store_service.hpp"

namespace pokeca::http {

class StoreHandlers {
 public:
  // fragments: each store's list JSON kept between requests (bbox lists); null = none.
  explicit StoreHandlers(StoreService& stores, StoreFragments* fragments = nullptr)
      : stores_(stores), fragments_(fragments) {}

  [[nodiscard]] ApiResult get_healthz(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_prefectures(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_stores(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_store_clusters(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_store(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_stats_summary(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_purchase_timeline(const ApiCall& call) const;

 private:
  // The bbox list from kept fragments and the stores the repository read; nullopt when
  // the query is not a bbox.
  [[nodiscard]] std::optional<ApiResult> bbox_from_fragments(const ApiCall& call) const;

  StoreService& stores_;
  StoreFragments* fragments_;
};

}  // namespace pokeca::http
