// The store catalogue through core's StoreCatalog (a backend contract test, backend.hpp):
// active stores by id range, page by page, and the largest active id (the sitemap and the
// open data export walk every store this way).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "backend.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::make_store;

template <class Backend>
class StoreCatalogTest : public testing::BackendTest<Backend> {
 protected:
  std::vector<StoreId> ids(StoreId after, StoreId up_to, std::size_t limit) {
    const auto page = this->catalog.active_between(after, up_to, limit).value();
    std::vector<StoreId> out;
    for (const auto& s : page) out.push_back(s.id);
    return out;
  }
};
TYPED_TEST_SUITE(StoreCatalogTest, testing::CatalogBackends, testing::BackendName);

TYPED_TEST(StoreCatalogTest, AnEmptyCatalogHasNoLargestId) {
  EXPECT_EQ(this->catalog.max_active_id().value(), 0);
  EXPECT_TRUE(this->catalog.active_between(0, 100, 10).value().empty());
}

TYPED_TEST(StoreCatalogTest, PagesWalkTheActiveStoresByIdRange) {
  std::vector<Store> all;
  for (StoreId id = 1; id <= 6; ++id) {
    all.push_back(make_store(id, "店" + std::to_string(id), "card_shop", "tokyo", {35.69, 139.70}));
  }
  all[2].status = StoreStatus::kHidden;  // 3
  all[5].status = StoreStatus::kClosed;  // 6: the largest id, yet not active
  ASSERT_TRUE(this->stores.insert_many(all));

  EXPECT_EQ(this->catalog.max_active_id().value(), 5);
  EXPECT_EQ(this->ids(0, 100, 100), (std::vector<StoreId>{1, 2, 4, 5}));
  EXPECT_EQ(this->ids(0, 100, 2), (std::vector<StoreId>{1, 2}));  // the limit keeps the lowest ids
  EXPECT_EQ(this->ids(2, 4, 100), (std::vector<StoreId>{4}));     // after is excluded, up_to included
  EXPECT_TRUE(this->ids(5, 100, 100).empty());

  const auto page = this->catalog.active_between(3, 4, 10).value();
  ASSERT_EQ(page.size(), 1U);
  EXPECT_EQ(page[0].name, "店4");
  EXPECT_EQ(page[0].prefecture, "tokyo");
  EXPECT_EQ(page[0].status, StoreStatus::kActive);
}

}  // namespace
}  // namespace pokeca::storage
