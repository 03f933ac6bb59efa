#pragma once
// Walking every active store in id order, page by page (keyset pagination: each page is
// one primary-key range read). The sitemap and the open data export use it.
#include <cstddef>
#include <vector>

#include "pokeca/map/store.hpp"
#include "pokeca/shared/errors.hpp"

namespace pokeca {

class StoreCatalog {
 public:
  virtual ~StoreCatalog() = default;
  // Active stores with after < id <= up_to, by id, at most `limit`.
  virtual Result<std::vector<Store>> active_between(StoreId after, StoreId up_to, std::size_t limit) = 0;
  // The largest id of an active store; 0 when there is none.
  virtual Result<StoreId> max_active_id() = 0;
};

}  // namespace pokeca
