// The cache of public map answers: served while the data is unchanged and fresh,
// refetched after a write or once the TTL has passed; never for personal calls.
#include "cache/response_cache.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <thread>

#include "pokeca/http/http_server.hpp"
#include "router_fixture.hpp"
#include "test_client.hpp"

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
  EXPECT_EQ(cache.get("/api/v1/stores?prefecture=tokyo", 7, t0 + http::kResponseCacheTtl + seconds(1)), std::nullopt);
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
    config.read_model = response_cache_over(changes);
    make_router(std::move(config));
  }
  std::atomic<std::uint64_t> generation{1};
  FakeDataChanges changes{generation};
};

// A balancer takes a server out when its database is gone: the health answer is never
// one kept from before.
TEST_F(CachedRouterTest, HealthzAsksTheDatabaseEveryTime) {
  ASSERT_EQ(get("/api/v1/healthz").result(), http::Status::ok);
  stores.failure = DomainError{ErrorCode::kUnavailable, std::string(msg::kBusy)};
  EXPECT_EQ(get("/api/v1/healthz").result(), http::Status::service_unavailable);
  stores.failure.reset();
  EXPECT_EQ(get("/api/v1/healthz").result(), http::Status::ok);
}

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
  EXPECT_FALSE(ready_answer(*router, req).has_value());  // nothing cached yet: the pool builds it
  const auto built = serve(*router, req);
  ASSERT_EQ(built.result(), http::Status::ok);
  const auto ready = ready_answer(*router, req);
  ASSERT_TRUE(ready.has_value());
  EXPECT_EQ(ready->body(), built.body());
  EXPECT_EQ((*ready)[http::bhttp::field::content_type], built[http::bhttp::field::content_type]);
  EXPECT_EQ((*ready)["X-Content-Type-Options"], "nosniff");  // finished like any answer
  generation.fetch_add(1);
  EXPECT_FALSE(ready_answer(*router, req).has_value());
  // Personal calls are never ready-made.
  http::Request mine{http::bhttp::verb::get, "/api/v1/auth/me", 11};
  EXPECT_FALSE(ready_answer(*router, mine).has_value());
}

TEST(ResponseCache, KeepsTheBufferItIsGiven) {
  ResponseCache cache;
  auto body = std::make_shared<const std::string>("body");
  cache.put("/k", 1, t0, body);
  EXPECT_EQ(cache.find("/k", 1, t0), body);  // the same buffer, not a copy
  auto gzip = std::make_shared<const std::string>("gz");
  cache.put_gzip("/k", 1, gzip);
  EXPECT_EQ(cache.find_gzip("/k", 1, t0), gzip);
  EXPECT_EQ(cache.find("/k", 2, t0), nullptr);
  cache.put("/k", 2, t0, std::make_shared<const std::string>("newer"));
  EXPECT_EQ(*body, "body");  // a reply still sending the old entry keeps its bytes
  EXPECT_EQ(cache.find_gzip("/k", 2, t0), nullptr);
}

// The reply that builds a cached answer and every hit after it send one
// buffer, the cache entry's; HEAD gets the length and no body.
TEST_F(CachedRouterTest, AMissAndItsHitsShareOneBody) {
  http::Request req{http::bhttp::verb::get, "/api/v1/prefectures", 11};
  const auto plan = router->plan(req.base());
  const auto miss = router->serve(req, http::RequestContext{{}, "r1", plan});
  ASSERT_EQ(miss.response.result(), http::Status::ok);
  ASSERT_NE(miss.shared_body, nullptr);
  EXPECT_TRUE(miss.response.body().empty());
  EXPECT_EQ(miss.response[http::bhttp::field::content_length], std::to_string(miss.shared_body->size()));
  http::RequestContext hit_context{{}, "r2", plan};
  const auto hit = router->ready(req, hit_context);
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->shared_body, miss.shared_body);  // the same bytes, not a copy
  EXPECT_EQ(hit->response[http::bhttp::field::content_length], std::to_string(miss.shared_body->size()));
  EXPECT_EQ(serve(*router, req).body(), *miss.shared_body);  // the test helper puts them in the body
  EXPECT_EQ(ready_answer(*router, req)->body(), *miss.shared_body);

  http::Request head{http::bhttp::verb::head, "/api/v1/prefectures", 11};
  http::RequestContext head_context{{}, "r3", router->plan(head.base())};
  const auto head_hit = router->ready(head, head_context);
  ASSERT_TRUE(head_hit.has_value());
  EXPECT_EQ(head_hit->shared_body, nullptr);
  EXPECT_TRUE(head_hit->response.body().empty());
  EXPECT_EQ(head_hit->response[http::bhttp::field::content_length], std::to_string(miss.shared_body->size()));
  // Not kept (an error, a personal call): the body is the response's own.
  http::Request bad{http::bhttp::verb::get, "/api/v1/stores?prefecture=atlantis", 11};
  const auto refused = router->serve(bad, http::RequestContext{{}, "r4", router->plan(bad.base())});
  EXPECT_EQ(refused.shared_body, nullptr);
  EXPECT_FALSE(refused.response.body().empty());
}

// A request looks in the cache once, on the I/O thread (ready()): serve() builds what
// ready() did not find from the data, without looking again, even when another request
// has kept an answer meanwhile.
TEST_F(CachedRouterTest, ServeBuildsWhatReadyDidNotFindWithoutLookingAgain) {
  const auto req = get_request("/api/v1/stores?prefecture=tokyo");
  http::RequestContext context{{}, "r1", router->plan(req.base())};
  ASSERT_FALSE(router->ready(req, context).has_value());  // nothing kept yet
  const auto kept = serve(*router, req);                  // another request keeps its answer
  ASSERT_EQ(kept.result(), http::Status::ok);
  stores.stores[0].name = "名前が変わった店";          // the data changes behind the cache's back
  EXPECT_EQ(serve(*router, req).body(), kept.body());  // a new request gets the kept answer
  const auto built = with_body(router->serve(req, context));
  EXPECT_NE(built.body().find("名前が変わった店"), std::string::npos);  // the first one builds its own
}

// The same over a socket: the miss, the hit (sent from the I/O thread) and HEAD carry the
// same bytes and the right Content-Length, in step on one keep-alive connection.
TEST_F(CachedRouterTest, SharedBodiesGoOutWholeOverASocket) {
  http::HttpServerConfig config;
  config.port = 0;
  config.worker_threads = 1;
  config.access_log = [](std::string_view) {};
  http::HttpServer server(*router, config);
  server.start();
  TestClient c(server.port());
  const auto built = c.get("/api/v1/prefectures");
  ASSERT_EQ(built.result(), http::Status::ok);
  EXPECT_EQ(built.body(), serve(*router, get_request("/api/v1/prefectures")).body());
  EXPECT_EQ(built[http::bhttp::field::content_length], std::to_string(built.body().size()));
  for (int i = 0; i < 3; ++i) {
    const auto again = c.get("/api/v1/prefectures");
    EXPECT_EQ(again.body(), built.body());
    EXPECT_FALSE(again["X-Request-Id"].empty());
  }
  const auto head = c.get("/api/v1/prefectures", http::bhttp::verb::head);
  EXPECT_EQ(head[http::bhttp::field::content_length], std::to_string(built.body().size()));
  EXPECT_TRUE(head.body().empty());
  EXPECT_EQ(c.get("/api/v1/prefectures").body(), built.body());  // still in step after HEAD
  server.stop();
}

TEST(WorkerThreads, DefaultIsOnePerUsableCpuUpToFour) {
  EXPECT_EQ(http::default_worker_threads(0), 1u);
  EXPECT_EQ(http::default_worker_threads(1), 1u);  // pinned to one core: no threads taking turns on it
  EXPECT_EQ(http::default_worker_threads(2), 2u);
  EXPECT_EQ(http::default_worker_threads(64), http::kMaxDefaultWorkerThreads);
  EXPECT_GE(http::usable_cpus(), 1u);
  EXPECT_LE(http::usable_cpus(), std::max(1u, std::thread::hardware_concurrency()));
  EXPECT_EQ(http::HttpServerConfig{}.worker_threads, http::default_worker_threads(http::usable_cpus()));
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
