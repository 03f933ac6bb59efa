// Key-value settings through core's MetaRepository port: a backend contract test
// (backend.hpp), run once per storage backend.
#include <gtest/gtest.h>

#include "backend.hpp"

namespace pokeca::storage {
namespace {

template <class Backend>
class MetaRepositoryContract : public testing::BackendTest<Backend> {};
TYPED_TEST_SUITE(MetaRepositoryContract, testing::MetaBackends, testing::BackendName);

TYPED_TEST(MetaRepositoryContract, GetSetAndOverwrite) {
  MetaRepository& repo = this->meta;
  EXPECT_EQ(repo.get("demo_loaded").value(), std::nullopt);
  ASSERT_TRUE(repo.set("demo_loaded", "2025-11-21"));
  EXPECT_EQ(repo.get("demo_loaded").value(), "2025-11-21");
  ASSERT_TRUE(repo.set("demo_loaded", ""));
  EXPECT_EQ(repo.get("demo_loaded").value(), "");
}

}  // namespace
}  // namespace pokeca::storage
