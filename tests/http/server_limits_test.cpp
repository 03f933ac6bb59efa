// What one client may hold of the server, over real loopback sockets:
// the bytes of request bodies held at once, the number of open connections, and the
// counters behind them (request_budget.hpp).
#include <atomic>
#include <mutex>
#include <thread>

#include "pokeca/accounts/access_token.hpp"
#include "pokeca/http/error_log.hpp"
#include "pokeca/http/http_server.hpp"
#include "pokeca/shared/messages.hpp"
#include "router_fixture.hpp"
#include "server/request_budget.hpp"
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

TEST(BodyBudget, ALeaseGrowsWhileTheBytesFit) {
  http::BodyBudget budget(1000);
  auto a = budget.try_take(0);
  ASSERT_TRUE(a);
  EXPECT_TRUE(a.grow_to(300));
  EXPECT_TRUE(a.grow_to(100));  // never shrinks
  EXPECT_EQ(a.bytes(), 300u);
  auto b = budget.try_take(600);
  EXPECT_FALSE(a.grow_to(500));  // 300 + 600 + 200 > 1000: keeps its 300
  EXPECT_EQ(budget.in_use(), 900u);
  EXPECT_TRUE(a.grow_to(400));
  a = {};
  EXPECT_EQ(budget.in_use(), 600u);
}

TEST(ConnectionShares, EachAddressItsShareAndTheHeadroomForNewAddresses) {
  http::ConnectionShares shares({.total = 10, .per_address = 4, .headroom = 2, .small_client = 1});
  std::vector<http::ConnectionShares::Hold> held;
  for (int i = 0; i < 4; ++i) held.push_back(shares.try_take("a"));
  EXPECT_FALSE(shares.try_take("a"));  // at its share
  for (int i = 0; i < 4; ++i) held.push_back(shares.try_take("b"));
  for (const auto& h : held) EXPECT_TRUE(h);
  held.push_back(shares.try_take("c"));  // 8 open = the cap less the headroom: a new address still
  EXPECT_TRUE(held.back());
  EXPECT_FALSE(shares.try_take("c"));  // but only while it is small
  held.push_back(shares.try_take("d"));
  EXPECT_TRUE(held.back());
  EXPECT_FALSE(shares.try_take("e"));  // the cap
  EXPECT_EQ(shares.open(), 10u);
  held.clear();
  EXPECT_EQ(shares.open(), 0u);
  EXPECT_EQ(shares.held("a"), 0u);
  EXPECT_TRUE(shares.try_take(""));  // unattributed (a trusted proxy): only the cap
}

TEST_F(ServerLimits, ABodyBeyondTheBudgetIs503AndItsConnectionClosed) {
  http::HttpServerConfig config;
  config.max_small_body_bytes = 1000;
  start(config);
  auto holder = std::make_unique<TestClient>(server->port());
  ASSERT_FALSE(holder->write_raw(post_head(800) + "{\"partial"));  // its first read holds 800 bytes of budget
  std::this_thread::sleep_for(200ms);

  TestClient second(server->port());
  ASSERT_FALSE(second.write_raw(post_head(800)));
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

// One address at twice its share of connections, all of them silent: a second
// address's requests are all answered, and the silent ones are cut at the header timeout.
TEST_F(ServerLimits, OneAddressCannotFillTheConnectionCap) {
  http::HttpServerConfig config;
  config.max_connections = 20;
  config.max_connections_per_address = 10;
  config.connection_headroom = 4;
  config.header_timeout = 1500ms;
  start(config);
  std::vector<std::unique_ptr<TestClient>> silent;  // as many as the whole cap
  for (int i = 0; i < 20; ++i) silent.push_back(std::make_unique<TestClient>(server->port(), "127.0.0.1"));
  std::this_thread::sleep_for(200ms);
  for (int i = 0; i < 10; ++i) {
    TestClient other(server->port(), "127.0.0.2");
    EXPECT_EQ(other.get("/api/v1/healthz").result(), Status::ok) << i;
  }
  // The ones beyond the share were turned away at once; the others are cut once the
  // header timeout has passed, well before the read timeout.
  const auto started = std::chrono::steady_clock::now();
  for (auto& client : silent) EXPECT_TRUE(client->wait_closed());
  EXPECT_LT(std::chrono::steady_clock::now() - started, 5s);
}

// Behind a trusted proxy every connection comes from the proxy: the share is counted per
// forwarded address, for requests being read or run.
TEST_F(ServerLimits, BehindATrustedProxyEachForwardedAddressHasItsShare) {
  http::HttpServerConfig config;
  config.trust_forwarded_for = true;
  config.max_connections_per_address = 2;
  start(config);
  const auto held = [](std::string_view client) {
    return "POST /api/v1/stores HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: " + std::string(client) +
           "\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{";
  };
  std::vector<std::unique_ptr<TestClient>> proxy;  // more connections than the share, all from the proxy
  for (int i = 0; i < 2; ++i) {
    proxy.push_back(std::make_unique<TestClient>(server->port()));
    ASSERT_FALSE(proxy.back()->write_raw(held("198.51.100.1")));
  }
  std::this_thread::sleep_for(200ms);
  TestClient third(server->port());
  ASSERT_FALSE(third.write_raw(held("198.51.100.1")));
  const auto [ec, res] = third.receive();
  ASSERT_FALSE(ec) << ec.message();
  expect_busy(res);
  for (int i = 0; i < 3; ++i) {
    TestClient other(server->port());
    ASSERT_FALSE(other.write_raw("GET /api/v1/healthz HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 198.51.100.2\r\n\r\n"));
    EXPECT_EQ(other.receive().second.result(), Status::ok) << i;
  }
}

TEST_F(ServerLimits, AHeaderSentInPiecesMustBeCompleteByTheHeaderTimeout) {
  http::HttpServerConfig config;
  config.header_timeout = 600ms;
  start(config);
  TestClient slow(server->port());
  const auto started = std::chrono::steady_clock::now();
  for (const auto* piece : {"GET /api/v1/healthz HTTP/1.1\r\n", "Host: x\r\n", "X-A: 1\r\n", "X-B: 2\r\n"}) {
    if (slow.write_raw(piece)) break;
    std::this_thread::sleep_for(250ms);
  }
  EXPECT_TRUE(slow.wait_closed());
  EXPECT_LT(std::chrono::steady_clock::now() - started, 3s);
}

// RFC 9112: framing the server cannot be sure of is refused with 400, and the connection
// closed, so nothing after it is read as another request.
TEST_F(ServerLimits, UnsafeFramingIs400AndClosed) {
  start({});
  const auto refused = [this](const std::string& raw, Status expected) {
    TestClient client(server->port());
    ASSERT_FALSE(client.write_raw(raw));
    const auto [ec, res] = client.receive();
    ASSERT_FALSE(ec) << ec.message() << " for " << raw.substr(0, 80);
    EXPECT_EQ(res.result(), expected) << raw.substr(0, 80);
    EXPECT_FALSE(res.keep_alive());
    EXPECT_TRUE(client.wait_closed());
  };
  const std::string smuggled = "GET /api/v1/healthz HTTP/1.1\r\nHost: x\r\n\r\n";
  refused("POST /api/v1/stores HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n" + smuggled, Status::bad_request);
  refused("POST /api/v1/stores HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n" + smuggled,
          Status::bad_request);
  refused("POST /api/v1/stores HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: gzip\r\n\r\n" +
              smuggled,
          Status::bad_request);
  refused("GET /api/v1/healthz HTTP/1.1\r\nHost: x\r\nX-Folded: a\r\n b\r\n\r\n", Status::bad_request);
  refused("GET /api/v1/healthz HTTP/1.1\r\nHost: x\r\nX-Folded: a\r\n\tb\r\n\r\n", Status::bad_request);
  // 8 KiB in all, not per line: twenty lines of 1 KiB in one write.
  std::string many = "GET /api/v1/healthz HTTP/1.1\r\nHost: x\r\n";
  for (int i = 0; i < 20; ++i) many += "X-Pad-" + std::to_string(i) + ": " + std::string(1000, 'a') + "\r\n";
  refused(many + "\r\n", Status::request_header_fields_too_large);

  // A chunked body is still read, and a header just under the limit still served.
  TestClient fine(server->port());
  std::string ok = "GET /api/v1/healthz HTTP/1.1\r\nHost: x\r\nX-Pad: " + std::string(7000, 'a') + "\r\n\r\n";
  ASSERT_FALSE(fine.write_raw(ok));
  EXPECT_EQ(fine.receive().second.result(), Status::ok);
  ASSERT_FALSE(
      fine.write_raw("POST /api/v1/favorites HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     "Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"));
  EXPECT_EQ(fine.receive().second.result(), Status::unauthorized);
}

// A body slower than the floor rate is cut after the grace period, long before the read
// timeout would end it.
TEST_F(ServerLimits, ABodySlowerThanTheFloorIsCut) {
  http::HttpServerConfig config;
  config.min_body_bytes_per_second = 1000;
  config.body_rate_grace = 300ms;
  start(config);
  TestClient slow(server->port());
  const auto started = std::chrono::steady_clock::now();
  ASSERT_FALSE(slow.write_raw(post_head(20'000) + "{"));
  for (int i = 0; i < 20 && !slow.write_raw(" "); ++i) std::this_thread::sleep_for(100ms);
  EXPECT_TRUE(slow.wait_closed());
  EXPECT_LT(std::chrono::steady_clock::now() - started, 4s);
}

// Eight accounts (from eight addresses) open 32 MiB uploads and send nothing: logins and
// reports from others are all answered. And one address has at most two uploads on the way.
TEST_F(ServerLimits, SilentUploadsCannotStarveLoginsAndReports) {
  start({});
  const auto token_of = [this](int i) {
    const auto user =
        users.create({"uploader" + std::to_string(i) + "@example.com", "u" + std::to_string(i), "", "hash", kTestNow});
    EXPECT_TRUE(user);
    EXPECT_TRUE(users.mark_email_verified(user->id, kTestNow));
    return encode_access_token({user->id, user->session_epoch, kTestNow, kTestNow + 900, {}}, crypto);
  };
  const auto upload_head = [](const std::string& token) {
    return "POST /api/v1/store_submissions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token +
           "\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: " + std::to_string(32 * 1024 * 1024) +
           "\r\n\r\n";
  };
  std::vector<std::unique_ptr<TestClient>> uploads;
  for (int i = 0; i < 8; ++i) {
    uploads.push_back(std::make_unique<TestClient>(server->port(), "127.0.1." + std::to_string(i + 1)));
    ASSERT_FALSE(uploads.back()->write_raw(upload_head(token_of(i))));
  }
  std::this_thread::sleep_for(300ms);
  const auto reporter = token_of(100);
  for (int i = 0; i < 10; ++i) {
    TestClient login(server->port(), "127.0.0.3");
    http::Request req{http::bhttp::verb::post, "/api/v1/auth/login", 11};
    req.set(field::content_type, "application/json");
    req.body() = R"({"email":"nobody@example.com","password":"wrong-password"})";
    ASSERT_FALSE(login.send(req));
    EXPECT_NE(login.receive().second.result(), Status::service_unavailable) << i;

    TestClient report(server->port(), "127.0.0.4");
    http::Request post{http::bhttp::verb::post, "/api/v1/purchases", 11};
    post.set(field::content_type, "application/json");
    post.set(field::authorization, "Bearer " + reporter);
    post.body() = R"({"store_id":1,"kind":"bought","product":"pack"})";
    ASSERT_FALSE(report.send(post));
    const auto status = report.receive().second.result();
    EXPECT_NE(status, Status::service_unavailable) << i;
    EXPECT_NE(status, Status::unauthorized) << i;
  }

  // One address, three accounts: the third upload is refused at once.
  std::vector<std::unique_ptr<TestClient>> same;
  for (int i = 0; i < 2; ++i) {
    same.push_back(std::make_unique<TestClient>(server->port(), "127.0.0.5"));
    ASSERT_FALSE(same.back()->write_raw(upload_head(token_of(200 + i))));
  }
  std::this_thread::sleep_for(300ms);
  TestClient third(server->port(), "127.0.0.5");
  ASSERT_FALSE(third.write_raw(upload_head(token_of(300))));
  const auto [ec, res] = third.receive();
  ASSERT_FALSE(ec) << ec.message();
  expect_busy(res);
}

}  // namespace
}  // namespace pokeca::testing
