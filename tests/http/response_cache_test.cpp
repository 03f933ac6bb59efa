// The cache of public map answers: served while the data is unchanged and fresh,
// refetched after a write or once the TTL has passed; never for personal calls.
#include "response_cache.hpp"

#include <gtest/gtest.h>

#include <atomic>

#include "router_fixture.hpp"

namespace pokeca::testing {
namespace {

using http::ResponseCache;
using std::chrono::seconds;

const auto t0 = ResponseCache::Clock::time_point{} + seconds(1000);

TEST(ResponseCache, HitsOnlyForTheSameGenerationWithinTheTtl) {
  ResponseCache cache;
  cache.put("/api/v1/stores?prefecture=tokyo", 7, t0, "body");
  EXPECT_EQ(cache.get("/api/v1/stores?prefecture=tokyo", 7, t0 + seconds(1)), "body");
  EXPECT_EQ(cache.get("/api/v1/stores?prefecture=osaka", 7, t0), std::nullopt);
  EXPECT_EQ(cache.get("/api/v1/stores?prefecture=tokyo", 8, t0), std::nullopt);  // a write happened
  EXPECT_EQ(cache.get("/api/v1/stores?prefecture=tokyo", 7, t0 + http::kResponseCacheTtl + seconds(1)),
            std::nullopt);
}

TEST(ResponseCache, StaysWithinItsByteBudgetOldestOut) {
  ResponseCache cache;
  const std::string body(http::kResponseCacheMaxBodyBytes, 'x');
  const std::size_t entries = 2 * http::kResponseCacheMaxBytes / body.size();
  for (std::size_t i = 0; i < entries; ++i) cache.put("/k" + std::to_string(i), 1, t0, body);
  std::size_t kept = 0;
  for (std::size_t i = 0; i < entries; ++i) kept += cache.get("/k" + std::to_string(i), 1, t0).has_value();
  EXPECT_LE(kept * body.size(), http::kResponseCacheMaxBytes);
  EXPECT_GT(kept, 0u);
  EXPECT_TRUE(cache.get("/k" + std::to_string(entries - 1), 1, t0).has_value());  // the newest stays
  cache.put("/too-big", 1, t0, std::string(http::kResponseCacheMaxBodyBytes + 1, 'y'));
  EXPECT_FALSE(cache.get("/too-big", 1, t0).has_value());
}

class CachedRouterTest : public RouterTest {
 protected:
  CachedRouterTest() {
    http::RouterConfig config;
    config.data_generation = [this] { return generation.load(); };
    make_router(std::move(config));
  }
  std::atomic<std::uint64_t> generation{1};
};

TEST_F(CachedRouterTest, SameDataAnswersFromTheCacheUntilAWrite) {
  const auto first = get("/api/v1/stores?prefecture=tokyo");
  ASSERT_EQ(first.result(), http::Status::ok);
  // Change the data behind the router's back: without a write generation the
  // cached answer is still served...
  stores.stores[0].name = "名前が変わった店";
  EXPECT_EQ(get("/api/v1/stores?prefecture=tokyo").body(), first.body());
  // ...and after a write it is built afresh.
  generation.fetch_add(1);
  const auto after = get("/api/v1/stores?prefecture=tokyo");
  EXPECT_NE(after.body(), first.body());
  EXPECT_NE(after.body().find("名前が変わった店"), std::string::npos);
}

TEST_F(CachedRouterTest, ReadyAnswersSkipThePoolOnlyWhenCached) {
  http::Request req{http::bhttp::verb::get, "/api/v1/prefectures", 11};
  EXPECT_FALSE(router->try_ready(req).has_value());  // nothing cached yet: the pool builds it
  const auto built = router->handle(req);
  ASSERT_EQ(built.result(), http::Status::ok);
  const auto ready = router->try_ready(req);
  ASSERT_TRUE(ready.has_value());
  EXPECT_EQ(ready->body(), built.body());
  EXPECT_EQ((*ready)[http::bhttp::field::content_type], built[http::bhttp::field::content_type]);
  EXPECT_EQ((*ready)["X-Content-Type-Options"], "nosniff");  // finished like any answer
  generation.fetch_add(1);
  EXPECT_FALSE(router->try_ready(req).has_value());
  // Personal calls are never ready-made.
  http::Request mine{http::bhttp::verb::get, "/api/v1/auth/me", 11};
  EXPECT_FALSE(router->try_ready(mine).has_value());
}

TEST_F(CachedRouterTest, ErrorAnswersAreNotKept) {
  // A store that does not exist yet: 404...
  EXPECT_EQ(get("/api/v1/stores/99").result(), http::Status::not_found);
  // ...appears (without a generation bump, to prove the 404 was not cached).
  stores.stores.push_back(sample_store(99, "新しい店", "card_shop", "tokyo", "新宿区", 35.69, 139.70));
  EXPECT_EQ(get("/api/v1/stores/99").result(), http::Status::ok);
}

}  // namespace
}  // namespace pokeca::testing
