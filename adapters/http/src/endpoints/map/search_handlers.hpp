#pragma once
// GET /stores/search (docs/API.md "Personal"): stores and places by name, nearest first.
#include "api/api_call.hpp"
#include "pokeca/map/store_search.hpp"

namespace pokeca::http {

class SearchHandlers {
 public:
  explicit SearchHandlers(StoreSearchService& search) : search_(search) {}
  [[nodiscard]] ApiResult get_stores_search(const ApiCall& call) const;

 private:
  StoreSearchService& search_;
};

}  // namespace pokeca::http
