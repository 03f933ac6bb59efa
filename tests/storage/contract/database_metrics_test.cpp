// What the metrics page reads of either engine (a backend contract test, backend.hpp): each
// repository call is timed under the repository's name, and the pool counts its leases and
// the connections leased now.
#include <gtest/gtest.h>

#include <cstdint>

#include "backend.hpp"

namespace pokeca::storage {
namespace {

std::uint64_t calls_of(const RepositoryTimes& times, std::string_view repository) {
  for (const auto* entry : times.entries())
    if (entry->name == repository) return entry->seconds.count();
  return 0;
}

template <class Backend>
class DatabaseMetricsContract : public testing::BackendTest<Backend> {};
TYPED_TEST_SUITE(DatabaseMetricsContract, testing::MetaBackends, testing::BackendName);

TYPED_TEST(DatabaseMetricsContract, EachRepositoryCallIsTimedUnderItsNameAndLeasesAreCounted) {
  const auto& times = this->backend.repository_times();
  const auto& pool = this->backend.pool_use();
  const auto meta_before = calls_of(times, "meta");
  const auto stores_before = calls_of(times, "stores");
  const auto leases_before = pool.leases.value();

  ASSERT_TRUE(this->meta.set("k", "v"));
  ASSERT_TRUE(this->meta.get("k"));

  EXPECT_EQ(calls_of(times, "meta"), meta_before + 2);
  EXPECT_EQ(calls_of(times, "stores"), stores_before);
  EXPECT_EQ(pool.leases.value(), leases_before + 2);
  EXPECT_EQ(pool.in_use.value(), 0);  // every lease was given back
  EXPECT_EQ(pool.waits.value(), 0U);  // one thread never waits for itself
}

}  // namespace
}  // namespace pokeca::storage
