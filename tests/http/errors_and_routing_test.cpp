// Domain errors → status and envelope; unknown paths, wrong methods, HEAD.
#include "api/error_mapping.hpp"
#include "common/http_messages.hpp"
#include "pokeca/http/error_log.hpp"
#include "pokeca/shared/messages.hpp"
#include "router_fixture.hpp"

namespace pokeca::testing {
namespace {

namespace json = boost::json;
using http::Status;
using http::bhttp::verb;

TEST(ErrorMapping, EachCodeHasItsStatusAndMachineCode) {
  const std::pair<ErrorCode, std::pair<Status, std::string_view>> table[] = {
      {ErrorCode::kBadRequest, {Status::bad_request, "bad_request"}},
      {ErrorCode::kUnauthorized, {Status::unauthorized, "unauthorized"}},
      {ErrorCode::kForbidden, {Status::forbidden, "forbidden"}},
      {ErrorCode::kBlocked, {Status::forbidden, "blocked"}},
      {ErrorCode::kNotFound, {Status::not_found, "not_found"}},
      {ErrorCode::kConflict, {Status::conflict, "conflict"}},
      {ErrorCode::kPayloadTooLarge, {Status::payload_too_large, "payload_too_large"}},
      {ErrorCode::kUnsupportedMedia, {Status::unsupported_media_type, "unsupported_media_type"}},
      {ErrorCode::kRateLimited, {Status::too_many_requests, "rate_limited"}},
      {ErrorCode::kUnavailable, {Status::service_unavailable, "unavailable"}},
      {ErrorCode::kInternal, {Status::internal_server_error, "internal"}},
  };
  for (const auto& [code, expected] : table) {
    const auto mapped = http::error_status(code);
    EXPECT_EQ(mapped.status, expected.first);
    EXPECT_EQ(mapped.code, expected.second);
  }
}

TEST(ErrorMapping, DetailOverridesTheMachineCode) {
  const auto reply =
      http::error_reply({ErrorCode::kBadRequest, "メールアドレスが正しくありません。", "auth/invalid-email"});
  EXPECT_EQ(reply.status, Status::bad_request);
  EXPECT_EQ(
      json::parse(reply.body),
      json::parse(R"({"success":false,"error":"メールアドレスが正しくありません。","code":"auth/invalid-email"})"));
}

TEST(ErrorMapping, InternalErrorsNeverShowTheirMessageOrDetail) {
  const auto reply =
      http::error_reply({ErrorCode::kInternal, "SQL error near 'stores' in /var/lib/x.db", "sqlite/corrupt"});
  EXPECT_EQ(reply.status, Status::internal_server_error);
  EXPECT_EQ(reply.body.find("SQL"), std::string::npos);
  EXPECT_EQ(str(json::parse(reply.body).at("error")), msg::kInternal);
  EXPECT_EQ(json::parse(reply.body).at("code"), "internal");
}

// DomainError's two details: `detail` is the client's code, `log_detail` never leaves
// the server, and a 5xx answers with its status's own code whatever `detail` says.
TEST(ErrorMapping, TheLogDetailNeverReachesTheClient) {
  DomainError limit{ErrorCode::kConflict, "上限です。", "favorites_limit"};
  limit.log_detail = "user 42 has 500 rows in favorites";
  const auto conflict = http::error_reply(limit);
  EXPECT_EQ(conflict.status, Status::conflict);
  EXPECT_EQ(json::parse(conflict.body).at("code"), "favorites_limit");
  EXPECT_EQ(conflict.body.find("user 42"), std::string::npos);

  const auto busy = http::error_reply(logged_error(ErrorCode::kUnavailable, msg::kBusy, "sqlite: database is locked"));
  EXPECT_EQ(busy.status, Status::service_unavailable);
  EXPECT_EQ(json::parse(busy.body).at("code"), "unavailable");
  EXPECT_EQ(busy.body.find("sqlite"), std::string::npos);

  // An old-style 503 that put its cause where the client's code goes still shows none of it.
  const auto old_style = http::error_reply({ErrorCode::kUnavailable, std::string(msg::kBusy), "smtp: 554 refused"});
  EXPECT_EQ(json::parse(old_style.body).at("code"), "unavailable");
  EXPECT_EQ(old_style.body.find("smtp"), std::string::npos);
}

TEST(ErrorMapping, TheLogSeesTheCause) {
  EXPECT_EQ(logged_error(ErrorCode::kInternal, msg::kInternal, "sqlite: disk I/O error").cause(),
            "sqlite: disk I/O error");
  EXPECT_EQ(DomainError({ErrorCode::kInternal, std::string(msg::kInternal), "photo/internal"}).cause(),
            "photo/internal");
  EXPECT_EQ(DomainError({ErrorCode::kInternal, "boom"}).cause(), "boom");
}

TEST(ErrorMapping, EnvelopeEscapesText) {
  EXPECT_EQ(http::error_envelope("a\"b\\c\n", "x"), R"({"success":false,"error":"a\"b\\c\n","code":"x"})");
}

using Routing = RouterTest;

TEST_F(Routing, RepositoryFailureBecomes500WithoutInternals) {
  stores.failure = DomainError{ErrorCode::kInternal, "sqlite3_step: disk I/O error (SELECT * FROM stores)"};
  for (const auto* target : {"/api/v1/healthz", "/api/v1/stores?prefecture=tokyo", "/api/v1/stores/1",
                             "/api/v1/prefectures", "/api/v1/stats/summary"}) {
    const auto res = get(target);
    EXPECT_EQ(res.result(), Status::internal_server_error) << target;
    EXPECT_EQ(res.body().find("sqlite"), std::string::npos);
    // The envelope, plus the request id that names the error log's line (error_log_test.cpp).
    auto body = json(res).as_object();
    EXPECT_EQ(str(body.at("request_id")), std::string(res[http::kRequestIdHeader])) << target;
    body.erase("request_id");
    EXPECT_EQ(json::value(body),
              json::parse(R"({"success":false,"error":")" + std::string(msg::kInternal) + R"(","code":"internal"})"));
  }
}

TEST_F(Routing, BusyDatabaseIs503) {
  reports.failure = DomainError{ErrorCode::kUnavailable, std::string(msg::kBusy)};
  const auto res = get("/api/v1/purchases/timeline");
  EXPECT_EQ(res.result(), Status::service_unavailable);
  EXPECT_EQ(json(res).at("code"), "unavailable");
  EXPECT_EQ(str(json(res).at("error")), msg::kBusy);
}

TEST_F(Routing, UnknownApiPathsAre404Envelopes) {
  for (const auto* target : {"/api/v1/nothing", "/api", "/api/", "/api/v2/healthz", "/api/v1/stores/",
                             "/api/v1/stores/1/extra", "/api/v1/healthz/", "/api/v1//healthz", "/api/v1/HEALTHZ"}) {
    const auto res = get(target);
    EXPECT_EQ(res.result(), Status::not_found) << target;
    EXPECT_EQ(json(res), json::parse(R"({"success":false,"error":")" + std::string(msg::kApiNotFound) +
                                     R"(","code":"not_found"})"))
        << target;
  }
}

TEST_F(Routing, WrongMethodIs405WithAllow) {
  for (const auto method : {verb::post, verb::put, verb::delete_, verb::patch}) {
    const auto res = send("/api/v1/stores?prefecture=tokyo", method, "{}");
    EXPECT_EQ(res.result(), Status::method_not_allowed);
    EXPECT_EQ(res[http::bhttp::field::allow], "GET, HEAD");
    EXPECT_EQ(json(res).at("code"), "method_not_allowed");
    EXPECT_EQ(str(json(res).at("error")), msg::kMethodNotAllowed);
  }
  const auto page = send("/index.html", verb::post, "x=1");
  EXPECT_EQ(page.result(), Status::method_not_allowed);
  EXPECT_EQ(page[http::bhttp::field::allow], "GET, HEAD");
}

TEST_F(Routing, HeadIsGetWithoutBody) {
  const auto full = get("/api/v1/healthz");
  const auto head = send("/api/v1/healthz", verb::head);
  EXPECT_EQ(head.result(), Status::ok);
  EXPECT_TRUE(head.body().empty());
  EXPECT_EQ(head[http::bhttp::field::content_length], std::to_string(full.body().size()));
}

TEST_F(Routing, NonOriginFormTargetsAreRefused) {
  for (const auto* target : {"http://example.com/api/v1/healthz", "*", "api/v1/healthz"}) {
    const auto res = get(target);
    EXPECT_EQ(res.result(), Status::bad_request) << target;
    EXPECT_EQ(str(json(res).at("error")), msg::kMalformedRequest);
  }
}

TEST_F(Routing, ResponsesKeepTheRequestsVersionAndKeepAlive) {
  http::Request req{verb::get, "/api/v1/healthz", 10};
  const auto res = serve(*router, req);
  EXPECT_EQ(res.version(), 10u);
  EXPECT_FALSE(res.keep_alive());
}

TEST_F(Routing, ErrorResponseForTheServerUsesTheEnvelope) {
  const auto res = router->error_response(Status::payload_too_large, "payload_too_large", msg::kBodyTooLarge);
  EXPECT_EQ(res.result(), Status::payload_too_large);
  EXPECT_EQ(json(res), json::parse(R"({"success":false,"error":")" + std::string(msg::kBodyTooLarge) +
                                   R"(","code":"payload_too_large"})"));
  EXPECT_EQ(res[http::bhttp::field::content_length], std::to_string(res.body().size()));
}

}  // namespace
}  // namespace pokeca::testing
