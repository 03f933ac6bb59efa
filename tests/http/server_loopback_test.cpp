// HttpServer over a real loopback socket: endpoints, keep-alive, limits, timeouts,
// malformed input and graceful stop.
#include <atomic>
#include <chrono>
#include <future>
#include <mutex>
#include <thread>

#include "common/http_messages.hpp"
#include "pokeca/http/error_log.hpp"
#include "pokeca/http/http_server.hpp"
#include "pokeca/shared/messages.hpp"
#include "router_fixture.hpp"
#include "test_client.hpp"

namespace pokeca::testing {
namespace {

namespace json = boost::json;
using http::Status;
using http::bhttp::field;
using http::bhttp::verb;
using namespace std::chrono_literals;

class Loopback : public RouterTest {
 protected:
  ~Loopback() override {
    if (server) server->stop();
  }

  void start(http::HttpServerConfig config = {}) {
    config.port = 0;
    config.io_threads = 2;
    config.worker_threads = 2;
    config.access_log = [this](std::string_view line) {
      std::lock_guard lock(log_mutex);
      log_lines.emplace_back(line);
    };
    server = std::make_unique<http::HttpServer>(*router, std::move(config));
    server->start();
  }

  TestClient client() { return TestClient(server->port()); }

  std::vector<std::string> logged() {
    std::lock_guard lock(log_mutex);
    return log_lines;
  }

  std::mutex log_mutex;
  std::vector<std::string> log_lines;
  std::unique_ptr<http::HttpServer> server;  // last: stopped before the router goes
};

TEST_F(Loopback, ServesApiAndStaticFilesOnAnEphemeralPort) {
  start();
  ASSERT_NE(server->port(), 0);
  auto c = client();
  const auto health = c.get("/api/v1/healthz");
  EXPECT_EQ(health.result(), Status::ok);
  EXPECT_EQ(json::parse(health.body()).at("data").at("stores"), 3);
  EXPECT_FALSE(health["X-Request-Id"].empty());
  EXPECT_EQ(health["X-Content-Type-Options"], "nosniff");

  EXPECT_EQ(json::parse(c.get("/api/v1/prefectures").body()).at("data").at("prefectures").as_array().size(), 47u);
  const auto bad = c.get("/api/v1/stores?prefecture=atlantis");
  EXPECT_EQ(bad.result(), Status::bad_request);
  EXPECT_EQ(str(json::parse(bad.body()).at("error")), msg::kUnknownPrefecture);
  const auto index = c.get("/");
  EXPECT_EQ(index.body(), kIndexHtml);
  EXPECT_EQ(index[field::content_type], "text/html; charset=utf-8");
  const auto head = c.get("/assets/app-3f9a1c.js", verb::head);
  EXPECT_EQ(head[field::content_length], std::to_string(kAppJs.size()));
  EXPECT_TRUE(head.body().empty());
  EXPECT_EQ(c.get("/api/v1/healthz").result(), Status::ok);  // still in step after HEAD
}

TEST_F(Loopback, KeepAliveServesSeveralRequestsOnOneConnection) {
  start();
  auto c = client();
  std::set<std::string> ids;
  for (int i = 0; i < 5; ++i) {
    const auto res = c.get(i % 2 ? "/api/v1/stats/summary" : "/api/v1/stores?prefecture=tokyo");
    EXPECT_EQ(res.result(), Status::ok);
    EXPECT_TRUE(res.keep_alive());
    ids.emplace(res["X-Request-Id"]);
  }
  EXPECT_EQ(ids.size(), 5u);
}

// Each answer after the first on a kept-alive connection once waited 40 ms for the client's
// delayed ACK (Nagle's algorithm held the body back): 20 answers took at least 760 ms. Without
// the wait they take a few milliseconds; the bound leaves a loaded machine a wide margin.
TEST_F(Loopback, KeptAliveAnswersDoNotWaitForTheClientsDelayedAck) {
  start();
  auto c = client();
  ASSERT_EQ(c.get("/api/v1/healthz").result(), Status::ok);
  const auto started = std::chrono::steady_clock::now();
  for (int i = 0; i < 20; ++i) ASSERT_EQ(c.get("/api/v1/healthz").result(), Status::ok);
  EXPECT_LT(std::chrono::steady_clock::now() - started, 400ms);
}

TEST_F(Loopback, PipelinedRequestsAreAnsweredInOrder) {
  start();
  auto c = client();
  ASSERT_FALSE(
      c.write_raw("GET /api/v1/healthz HTTP/1.1\r\nHost: x\r\n\r\n"
                  "GET /api/v1/stores/999 HTTP/1.1\r\nHost: x\r\n\r\n"));
  EXPECT_EQ(c.receive().second.result(), Status::ok);
  EXPECT_EQ(c.receive().second.result(), Status::not_found);
}

TEST_F(Loopback, RequestCapClosesTheConnection) {
  http::HttpServerConfig config;
  config.max_requests_per_connection = 3;
  start(config);
  auto c = client();
  EXPECT_TRUE(c.get("/api/v1/healthz").keep_alive());
  EXPECT_TRUE(c.get("/api/v1/healthz").keep_alive());
  EXPECT_FALSE(c.get("/api/v1/healthz").keep_alive());
  EXPECT_EQ(c.wait_closed(), boost::asio::error::eof);
}

TEST_F(Loopback, HttpOneZeroClosesAfterTheResponse) {
  start();
  auto c = client();
  ASSERT_FALSE(c.write_raw("GET /api/v1/healthz HTTP/1.0\r\n\r\n"));
  const auto [ec, res] = c.receive();
  ASSERT_FALSE(ec);
  EXPECT_EQ(res.result(), Status::ok);
  EXPECT_FALSE(res.keep_alive());
  EXPECT_EQ(c.wait_closed(), boost::asio::error::eof);
}

TEST_F(Loopback, OversizedBodyIs413) {
  http::HttpServerConfig config;
  config.body_limit = 1024;
  start(config);
  auto c = client();
  http::Request req{verb::post, "/api/v1/stores", 11};
  req.set(field::content_type, "application/json");
  req.body() = std::string(4096, 'x');
  ASSERT_FALSE(c.send(req));
  const auto [ec, res] = c.receive();
  ASSERT_FALSE(ec) << ec.message();
  EXPECT_EQ(res.result(), Status::payload_too_large);
  EXPECT_EQ(json::parse(res.body()), json::parse(R"({"success":false,"error":")" + std::string(msg::kBodyTooLarge) +
                                                 R"(","code":"payload_too_large"})"));
  EXPECT_FALSE(res.keep_alive());
  EXPECT_EQ(res["X-Frame-Options"], "DENY");
}

TEST_F(Loopback, OversizedChunkedBodyIs413) {
  http::HttpServerConfig config;
  config.body_limit = 1024;
  start(config);
  auto c = client();
  const std::string chunk(800, 'y');
  ASSERT_FALSE(
      c.write_raw("POST /api/v1/stores HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                  "320\r\n" +
                  chunk + "\r\n320\r\n" + chunk + "\r\n0\r\n\r\n"));
  const auto [ec, res] = c.receive();
  ASSERT_FALSE(ec) << ec.message();
  EXPECT_EQ(res.result(), Status::payload_too_large);
}

TEST_F(Loopback, BodyWithinTheLimitReachesTheRouter) {
  http::HttpServerConfig config;
  config.body_limit = 1024;
  start(config);
  auto c = client();
  http::Request req{verb::post, "/api/v1/stores", 11};
  req.body() = std::string(1024, 'x');
  ASSERT_FALSE(c.send(req));
  EXPECT_EQ(c.receive().second.result(), Status::method_not_allowed);
}

TEST_F(Loopback, ExpectContinueIsAnswered) {
  start();
  auto c = client();
  ASSERT_FALSE(
      c.write_raw("POST /api/v1/stores HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n"
                  "Expect: 100-continue\r\n\r\n"));
  EXPECT_EQ(c.receive().second.result(), Status::continue_);
  ASSERT_FALSE(c.write_raw("hello"));
  EXPECT_EQ(c.receive().second.result(), Status::method_not_allowed);
}

TEST_F(Loopback, HeaderOverTheLimitIs431) {
  http::HttpServerConfig config;
  config.header_limit = 1024;
  start(config);
  auto c = client();
  http::Request req{verb::get, "/api/v1/healthz", 11};
  req.set("X-Filler", std::string(4000, 'f'));
  ASSERT_FALSE(c.send(req));
  const auto [ec, res] = c.receive();
  ASSERT_FALSE(ec) << ec.message();
  EXPECT_EQ(res.result(), Status::request_header_fields_too_large);
  EXPECT_EQ(str(json::parse(res.body()).at("error")), msg::kHeaderTooLarge);
  EXPECT_EQ(json::parse(res.body()).at("code"), "header_too_large");
}

TEST_F(Loopback, GarbageIs400AndClosed) {
  start();
  auto c = client();
  ASSERT_FALSE(c.write_raw("THIS IS NOT HTTP\r\n\r\n"));
  const auto [ec, res] = c.receive();
  ASSERT_FALSE(ec) << ec.message();
  EXPECT_EQ(res.result(), Status::bad_request);
  EXPECT_EQ(str(json::parse(res.body()).at("error")), msg::kMalformedRequest);
  EXPECT_FALSE(res.keep_alive());
}

TEST_F(Loopback, SlowHeaderIsCutAtTheReadTimeout) {
  http::HttpServerConfig config;
  config.read_timeout = 200ms;
  start(config);
  auto c = client();
  ASSERT_FALSE(c.write_raw("GET /api/v1/healthz HTTP/1.1\r\nHost: x\r\n"));  // never finished
  const auto begin = std::chrono::steady_clock::now();
  const auto ec = c.wait_closed();
  const auto waited = std::chrono::steady_clock::now() - begin;
  EXPECT_TRUE(ec == boost::asio::error::eof || ec == boost::asio::error::connection_reset) << ec.message();
  EXPECT_GE(waited, 150ms);
  EXPECT_LT(waited, 5s);
}

TEST_F(Loopback, SlowBodyIsCutAtTheReadTimeout) {
  http::HttpServerConfig config;
  config.read_timeout = 200ms;
  start(config);
  auto c = client();
  ASSERT_FALSE(c.write_raw("POST /api/v1/stores HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nonly-some"));
  const auto ec = c.wait_closed();
  EXPECT_TRUE(ec == boost::asio::error::eof || ec == boost::asio::error::connection_reset) << ec.message();
}

TEST_F(Loopback, IdleKeepAliveConnectionIsCutAtTheReadTimeout) {
  http::HttpServerConfig config;
  config.read_timeout = 200ms;
  start(config);
  auto c = client();
  EXPECT_EQ(c.get("/api/v1/healthz").result(), Status::ok);
  EXPECT_EQ(c.wait_closed(), boost::asio::error::eof);
}

TEST_F(Loopback, GracefulStopFinishesTheRequestInFlight) {
  std::promise<void> entered;
  std::promise<void> release;
  auto released = release.get_future().share();
  std::atomic<bool> first{true};
  stores.on_read = [&] {
    if (first.exchange(false)) {
      entered.set_value();
      released.wait();
    }
  };
  start();
  auto c = client();
  ASSERT_FALSE(c.send(http::Request{verb::get, "/api/v1/healthz", 11}));
  ASSERT_EQ(entered.get_future().wait_for(5s), std::future_status::ready);

  auto stopped = std::async(std::launch::async, [&] { server->stop(); });
  EXPECT_EQ(stopped.wait_for(300ms), std::future_status::timeout) << "stop() must wait for the request";
  // No new connections once stopping.
  boost::asio::io_context ioc;
  boost::asio::ip::tcp::socket late(ioc);
  boost::system::error_code connect_ec;
  late.connect({boost::asio::ip::make_address("127.0.0.1"), server->port()}, connect_ec);
  EXPECT_TRUE(connect_ec) << "a connection was accepted after stop()";

  release.set_value();
  const auto [ec, res] = c.receive();
  ASSERT_FALSE(ec) << ec.message();
  EXPECT_EQ(res.result(), Status::ok);
  EXPECT_FALSE(res.keep_alive());
  EXPECT_EQ(stopped.wait_for(5s), std::future_status::ready);
}

TEST_F(Loopback, StopClosesIdleConnectionsAtOnce) {
  start();
  auto c = client();
  EXPECT_EQ(c.get("/api/v1/healthz").result(), Status::ok);
  const auto begin = std::chrono::steady_clock::now();
  server->stop();
  EXPECT_LT(std::chrono::steady_clock::now() - begin, 2s);  // far below the 10 s grace
  const auto ec = c.wait_closed();
  EXPECT_TRUE(ec == boost::asio::error::eof || ec == boost::asio::error::connection_reset) << ec.message();
}

// What a handler running a request sees as current_request_id(): the id the server sends.
class EchoRequestId final : public http::RequestHandler {
 public:
  [[nodiscard]] http::RoutePlan plan(const http::RequestHeader&) const override { return {}; }
  [[nodiscard]] http::Admission admit(const http::RequestHeader&, const http::RoutePlan&,
                                      const http::Peer&) const override {
    return {};
  }
  [[nodiscard]] std::optional<http::Reply> ready(const http::Request&, http::RequestContext&) const override {
    return std::nullopt;
  }
  [[nodiscard]] http::Reply serve(const http::Request& request, const http::RequestContext&) const override {
    http::Response res{Status::ok, request.version()};
    res.body() = std::string(http::current_request_id());
    res.prepare_payload();
    return {std::move(res)};
  }
  [[nodiscard]] http::Response error_response(Status status, std::string_view, std::string_view) const override {
    return http::Response{status, 11};
  }
};

TEST(RequestIdScope, AHandlerSeesItsRequestsIdAndNothingOutsideARequest) {
  EXPECT_EQ(http::current_request_id(), "");
  const EchoRequestId handler;
  http::HttpServer server(handler, {.port = 0, .access_log = [](std::string_view) {}});
  server.start();
  TestClient c(server.port());
  const auto first = c.get("/anything");
  const auto second = c.get("/anything");
  EXPECT_FALSE(first.body().empty());
  EXPECT_EQ(first.body(), first[http::kRequestIdHeader]);
  EXPECT_EQ(second.body(), second[http::kRequestIdHeader]);
  EXPECT_NE(first.body(), second.body());
  server.stop();
  EXPECT_EQ(http::current_request_id(), "");
}

TEST_F(Loopback, AccessLogHasOneLinePerRequestWithoutQueryValues) {
  start();
  {
    auto c = client();
    EXPECT_EQ(c.get("/api/v1/stores?lat=35.6581&lng=139.7017").result(), Status::ok);
  }  // closed: the server sees EOF, which must not use up a request id
  std::this_thread::sleep_for(50ms);
  auto other = client();
  EXPECT_EQ(other.get("/api/v1/nothing").result(), Status::not_found);
  server->stop();
  const auto lines = logged();
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].find("35.6581"), std::string::npos) << lines[0];
  const auto first = json::parse(lines[0]);
  EXPECT_EQ(first.at("method"), "GET");
  EXPECT_EQ(first.at("path"), "/api/v1/stores");
  EXPECT_EQ(first.at("status"), 200);
  EXPECT_GT(first.at("bytes").as_int64(), 0);
  EXPECT_GE(first.at("duration_ms").as_double(), 0.0);
  EXPECT_EQ(json::parse(lines[1]).at("status"), 404);
  // One id per request: the connection's end (EOF) does not use one up.
  const auto counter = [](const std::string& line) {
    const auto id = std::string(json::parse(line).at("request_id").as_string());
    return std::stoll(id.substr(id.find('-') + 1), nullptr, 16);
  };
  EXPECT_EQ(counter(lines[1]), counter(lines[0]) + 1);
}

TEST_F(Loopback, StartFailsClearlyWhenThePortIsTaken) {
  start();
  http::HttpServerConfig config;
  config.port = server->port();
  http::HttpServer second(*router, config);
  EXPECT_THROW(second.start(), std::system_error);
}

}  // namespace
}  // namespace pokeca::testing
