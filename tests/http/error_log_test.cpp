// Every 5xx is logged once, as one JSON line with the request id and the error's log
// detail (SQL context, exception text); the client sees only the envelope, the request id
// in a 500's body and X-Request-Id on every response, so a report can be matched to the log.
#include <atomic>
#include <mutex>
#include <stdexcept>

#include "api/error_mapping.hpp"
#include "pokeca/http/error_log.hpp"
#include "pokeca/http/http_server.hpp"
#include "pokeca/shared/messages.hpp"
#include "router_fixture.hpp"
#include "test_client.hpp"

namespace pokeca::testing {
namespace {

namespace json = boost::json;
using http::Status;

constexpr std::string_view kSqlDetail = "sqlite3_step: no such table: stores in: SELECT id FROM stores WHERE …";

class ErrorLog : public RouterTest {
 protected:
  ErrorLog()
      : previous(http::set_error_log_sink([this](std::string_view line) {
          std::lock_guard lock(mutex);
          captured.emplace_back(line);
        })) {}
  ~ErrorLog() override { http::set_error_log_sink(std::move(previous)); }
  std::vector<json::object> logged() {
    std::lock_guard lock(mutex);
    std::vector<json::object> out;
    for (const auto& line : captured) out.push_back(json::parse(line).as_object());
    return out;
  }
  std::mutex mutex;
  std::vector<std::string> captured;
  http::ErrorLogSink previous;
};

TEST_F(ErrorLog, AnInternalErrorIsLoggedOnceWithItsDetailAndTheRequestIdGoesToTheClient) {
  stores.failure = DomainError{ErrorCode::kInternal, std::string(msg::kInternal), std::string(kSqlDetail)};
  const auto res = get("/api/v1/stores?prefecture=tokyo&limit=10");
  ASSERT_EQ(res.result(), Status::internal_server_error);
  const auto body = json(res).as_object();
  const std::string id(body.at("request_id").as_string());
  EXPECT_FALSE(id.empty());
  EXPECT_EQ(std::string(res[http::kRequestIdHeader]), id);
  EXPECT_EQ(body.at("code"), "internal");
  EXPECT_EQ(res.body().find("no such table"), std::string::npos);  // the detail stays in the log

  const auto lines = logged();
  ASSERT_EQ(lines.size(), 1U);
  EXPECT_EQ(str(lines[0].at("request_id")), id);
  EXPECT_EQ(lines[0].at("level"), "error");
  EXPECT_EQ(lines[0].at("method"), "GET");
  EXPECT_EQ(lines[0].at("path"), "/api/v1/stores");  // never the query (it can hold a position)
  EXPECT_EQ(lines[0].at("status"), 500);
  EXPECT_EQ(lines[0].at("error"), "internal");
  EXPECT_EQ(str(lines[0].at("detail")), kSqlDetail);
}

TEST_F(ErrorLog, ABusyDatabaseIsLoggedAsUnavailable) {
  reports.failure = DomainError{ErrorCode::kUnavailable, std::string(msg::kBusy), "database is locked"};
  const auto res = get("/api/v1/purchases/timeline");
  ASSERT_EQ(res.result(), Status::service_unavailable);
  EXPECT_EQ(res[http::bhttp::field::retry_after], std::to_string(http::kUnavailableRetryAfterSeconds));
  const auto lines = logged();
  ASSERT_EQ(lines.size(), 1U);
  EXPECT_EQ(lines[0].at("error"), "unavailable");
  EXPECT_EQ(lines[0].at("detail"), "database is locked");
  EXPECT_EQ(str(lines[0].at("request_id")), std::string(res[http::kRequestIdHeader]));
}

// The storage adapter's errors carry the SQL in log_detail: the log gets it, the client
// gets the envelope with the status's code only.
TEST_F(ErrorLog, TheLogDetailGoesToTheLogAndNeverToTheClient) {
  reports.failure = logged_error(ErrorCode::kUnavailable, msg::kBusy, std::string(kSqlDetail));
  const auto busy = get("/api/v1/purchases/timeline");
  ASSERT_EQ(busy.result(), Status::service_unavailable);
  EXPECT_EQ(json(busy).at("code"), "unavailable");
  EXPECT_EQ(busy.body().find("no such table"), std::string::npos);

  stores.failure = logged_error(ErrorCode::kInternal, msg::kInternal, std::string(kSqlDetail));
  const auto internal = get("/api/v1/stores?prefecture=tokyo");
  ASSERT_EQ(internal.result(), Status::internal_server_error);
  EXPECT_EQ(internal.body().find("no such table"), std::string::npos);

  const auto lines = logged();
  ASSERT_EQ(lines.size(), 2U);
  EXPECT_EQ(lines[0].at("error"), "unavailable");
  EXPECT_EQ(str(lines[0].at("detail")), kSqlDetail);
  EXPECT_EQ(str(lines[0].at("request_id")), std::string(busy[http::kRequestIdHeader]));
  EXPECT_EQ(lines[1].at("error"), "internal");
  EXPECT_EQ(str(lines[1].at("detail")), kSqlDetail);
  EXPECT_EQ(lines[1].at("request_id"), json(internal).at("request_id"));
}

TEST_F(ErrorLog, TheCatchAllLogsTheExceptionAndAnswersTheEnvelope) {
  stores.on_read = [] { throw std::runtime_error("vector::_M_range_check: boom"); };
  const auto res = get("/api/v1/stores?prefecture=tokyo");
  ASSERT_EQ(res.result(), Status::internal_server_error);
  EXPECT_EQ(res.body().find("boom"), std::string::npos);
  EXPECT_EQ(str(json(res).at("error")), msg::kInternal);
  const auto lines = logged();
  ASSERT_EQ(lines.size(), 1U);
  EXPECT_EQ(lines[0].at("error"), "exception");
  EXPECT_EQ(lines[0].at("detail"), "vector::_M_range_check: boom");
  EXPECT_EQ(lines[0].at("request_id"), json(res).at("request_id"));
}

TEST_F(ErrorLog, ClientErrorsAndSuccessesAreNotLoggedButCarryARequestId) {
  for (const auto* target :
       {"/api/v1/stores?prefecture=tokyo", "/api/v1/stores?prefecture=atlantis", "/api/v1/nothing", "/index.html"}) {
    const auto res = get(target);
    EXPECT_LT(res.result_int(), 500U) << target;
    EXPECT_FALSE(std::string(res[http::kRequestIdHeader]).empty()) << target;
    EXPECT_FALSE(json::parse(res.body().empty() || res.body().front() != '{' ? "{}" : res.body())
                     .as_object()
                     .contains("request_id"))
        << target;
  }
  EXPECT_TRUE(logged().empty());
}

// Over a socket: the id in the 500's body, its X-Request-Id header, the access log and
// the error log are the same.
TEST_F(ErrorLog, OverLoopbackOneIdLinksTheResponseTheAccessLogAndTheErrorLog) {
  std::mutex access_mutex;
  std::vector<std::string> access;
  http::HttpServerConfig config;
  config.port = 0;
  config.access_log = [&](std::string_view line) {
    std::lock_guard lock(access_mutex);
    access.emplace_back(line);
  };
  http::HttpServer server(*router, config);
  server.start();
  stores.failure = DomainError{ErrorCode::kInternal, std::string(msg::kInternal), std::string(kSqlDetail)};
  TestClient client(server.port());
  const auto res = client.get("/api/v1/stores?prefecture=tokyo");
  server.stop();
  ASSERT_EQ(res.result(), Status::internal_server_error);
  const std::string id(json::parse(res.body()).at("request_id").as_string());
  EXPECT_EQ(std::string(res[http::kRequestIdHeader]), id);
  const auto lines = logged();
  ASSERT_EQ(lines.size(), 1U);
  EXPECT_EQ(str(lines[0].at("request_id")), id);
  std::lock_guard lock(access_mutex);
  ASSERT_EQ(access.size(), 1U);
  EXPECT_EQ(str(json::parse(access[0]).at("request_id")), id);
}

}  // namespace
}  // namespace pokeca::testing
