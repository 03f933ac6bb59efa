// What one client may hold of the server, over real loopback sockets:
// the bytes of request bodies held at once, the number of open connections, and the
// counters behind them (request_budget.hpp).
#include <atomic>
#include <mutex>
#include <thread>

#include "pokeca/http/error_log.hpp"
#include "pokeca/http/http_server.hpp"
#include "pokeca/messages.hpp"
#include "request_budget.hpp"
#include "router_fixture.hpp"
#include "test_client.hpp"

namespace pokeca::testing {
namespace {

namespace json = boost::json;
using http::Status;
using http::bhttp::field;
using namespace std::chrono_literals;

TEST(BodyBudget, LeasesUpToTheCapacityAndGivesTheBytesBack) {
  http::BodyBudget budget(1000);
  auto a = budget.try_take(600);
  ASSERT_TRUE(a);
  EXPECT_FALSE(budget.try_take(401));
  auto b = budget.try_take(400);
  ASSERT_TRUE(b);
  EXPECT_EQ(budget.in_use(), 1000u);
  EXPECT_FALSE(budget.try_take(1));
  {
    auto gone = std::move(a);
  }
  EXPECT_EQ(budget.in_use(), 400u);
  EXPECT_FALSE(budget.try_take(1001));  // never, even when empty
  EXPECT_FALSE(budget.try_take(~std::uint64_t{0}));
  b = budget.try_take(600);  // the old lease of 400 goes back first
  EXPECT_EQ(budget.in_use(), 600u);
}

TEST(PerKeySlots, BoundsEachKeyOnItsOwn) {
  http::PerKeySlots slots(1);
  auto alice = slots.try_take("1");
  ASSERT_TRUE(alice);
  EXPECT_FALSE(slots.try_take("1"));
  EXPECT_TRUE(slots.try_take("2"));
  EXPECT_EQ(slots.held("1"), 1u);
  alice = {};
  EXPECT_EQ(slots.held("1"), 0u);
  EXPECT_TRUE(slots.try_take("1"));
}

TEST(RefusalTally, OneLineAnIntervalWithTheCountSinceTheLast) {
  http::RefusalTally tally(10s);
  const auto t0 = std::chrono::steady_clock::time_point{} + 100s;
  EXPECT_EQ(tally.count(t0), 1u);
  EXPECT_EQ(tally.count(t0 + 1s), std::nullopt);
  EXPECT_EQ(tally.count(t0 + 9s), std::nullopt);
  EXPECT_EQ(tally.count(t0 + 10s), 3u);
  EXPECT_EQ(tally.count(t0 + 11s), std::nullopt);
}

class ServerLimits : public RouterTest {
 protected:
  ServerLimits()
      : previous_sink(http::set_error_log_sink([this](std::string_view line) {
          std::lock_guard lock(mutex);
          error_lines.emplace_back(line);
        })) {}
  ~ServerLimits() override {
    if (server) server->stop();
    http::set_error_log_sink(std::move(previous_sink));
  }

  void start(http::HttpServerConfig config) {
    config.port = 0;
    config.io_threads = 2;
    config.worker_threads = 2;
    config.access_log = [](std::string_view) {};
    server = std::make_unique<http::HttpServer>(*router, std::move(config));
    server->start();
  }

  std::vector<std::string> errors() {
    std::lock_guard lock(mutex);
    return error_lines;
  }

  static void expect_busy(const http::Response& res) {
    EXPECT_EQ(res.result(), Status::service_unavailable);
    EXPECT_EQ(res[field::retry_after], "1");
    EXPECT_EQ(str(json::parse(res.body()).at("error")), msg::kBusy);
    EXPECT_FALSE(res.keep_alive());
  }

  std::mutex mutex;
  std::vector<std::string> error_lines;
  http::ErrorLogSink previous_sink;
  std::unique_ptr<http::HttpServer> server;
};

std::string post_head(std::uint64_t length) {
  return "POST /api/v1/stores HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: " +
         std::to_string(length) + "\r\n\r\n";
}

TEST_F(ServerLimits, ABodyBeyondTheBudgetIs503BeforeItIsRead) {
  http::HttpServerConfig config;
  config.max_buffered_body_bytes = 1000;
  start(config);
  auto holder = std::make_unique<TestClient>(server->port());
  ASSERT_FALSE(holder->write_raw(post_head(800) + "{\"partial"));  // holds 800 bytes of budget
  std::this_thread::sleep_for(200ms);

  TestClient second(server->port());
  ASSERT_FALSE(second.write_raw(post_head(800)));  // not a byte of the body: answered anyway
  const auto [ec, res] = second.receive();
  ASSERT_FALSE(ec) << ec.message();
  expect_busy(res);

  // Once the first body is given up, its bytes are free again.
  holder.reset();
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  Status status = Status::service_unavailable;
  while (status == Status::service_unavailable && std::chrono::steady_clock::now() < deadline) {
    TestClient third(server->port());
    ASSERT_FALSE(third.write_raw(post_head(800) + std::string(800, ' ')));
    status = third.receive().second.result();
    if (status == Status::service_unavailable) std::this_thread::sleep_for(50ms);
  }
  EXPECT_EQ(status, Status::method_not_allowed);  // reached the router
}

TEST_F(ServerLimits, AConnectionBeyondTheCapGets503AndIsClosed) {
  http::HttpServerConfig config;
  config.max_connections = 2;
  start(config);
  auto first = std::make_unique<TestClient>(server->port());
  TestClient second(server->port());
  EXPECT_EQ(first->get("/api/v1/healthz").result(), Status::ok);  // both are open and served
  EXPECT_EQ(second.get("/api/v1/healthz").result(), Status::ok);

  TestClient third(server->port());
  const auto [ec, res] = third.receive();  // answered without asking
  ASSERT_FALSE(ec) << ec.message();
  expect_busy(res);
  EXPECT_TRUE(third.wait_closed());
  TestClient fourth(server->port());
  EXPECT_EQ(fourth.receive().second.result(), Status::service_unavailable);
  // One log line sums the refusals up (then one an interval at most).
  const auto lines = errors();
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_NE(lines[0].find("\"error\":\"connections_refused\""), std::string::npos) << lines[0];
  EXPECT_NE(lines[0].find("\"status\":503"), std::string::npos) << lines[0];

  first.reset();  // a place is free again
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  bool served = false;
  while (!served && std::chrono::steady_clock::now() < deadline) {
    TestClient again(server->port());
    http::Request req{http::bhttp::verb::get, "/api/v1/healthz", 11};
    served = !again.send(req) && again.receive().second.result() == Status::ok;
    if (!served) std::this_thread::sleep_for(50ms);
  }
  EXPECT_TRUE(served);
}

}  // namespace
}  // namespace pokeca::testing
