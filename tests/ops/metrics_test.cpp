// --metrics-bind: the real binary serves GET /metrics on a listener of its own, scraped
// here after real requests and read by a strict parser of the exposition format (and by
// Debian's promtool when it is installed); the public port answers 404 there. The
// registry's own rules (escaping, omitted zero series, histograms) without a server.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>

#include "exposition_format.hpp"
#include "pokeca/metrics/registry.hpp"
#include "pokeca/testing/temp_dir.hpp"
#include "server_process.hpp"

namespace pokeca {
namespace {
namespace fs = std::filesystem;
using testing::http_exchange;
using testing::http_get;
using testing::parse_exposition;
using testing::run_server_command;
using testing::ServerProcess;
using testing::TempDir;

std::string body_of(const std::string& reply) {
  const auto at = reply.find("\r\n\r\n");
  return at == std::string::npos ? "" : reply.substr(at + 4);
}

// promtool's own check when Debian's `prometheus` package is installed (or POKECA_PROMTOOL
// names the program); nullopt otherwise.
std::optional<int> promtool_check(const fs::path& page) {
  const char* configured = std::getenv("POKECA_PROMTOOL");
  for (const char* candidate : {configured ? configured : "", "/usr/bin/promtool", "/usr/local/bin/promtool"})
    if (*candidate != '\0' && fs::exists(candidate)) {
      const auto command = std::string(candidate) + " check metrics < '" + page.string() + "' >/dev/null 2>&1";
      const int status = std::system(command.c_str());
      return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
  return std::nullopt;
}

TEST(Metrics, TheMetricsListenerServesAValidPageOfWhatTheServerDid) {
  TempDir dir;
  const auto data = dir.path() / "data";
  ASSERT_EQ(run_server_command(
                {"import", std::string(POKECA_SAMPLES_DIR) + "/import_sample.csv", "--data-dir", data.string()}),
            0);
  // A built frontend: the public port must not answer /metrics with its page.
  const auto dist = dir.path() / "dist";
  fs::create_directories(dist);
  std::ofstream(dist / "index.html") << "<!doctype html><title>x</title>";
  ServerProcess server(data, dir.path() / "server.out",
                       {"--static-dir", dist.string(), "--metrics-bind", "127.0.0.1:0"});
  ASSERT_NE(server.port(), 0);
  const int metrics_port = server.event_port("metrics_listening");
  ASSERT_NE(metrics_port, 0);
  ASSERT_NE(metrics_port, server.port());

  for (int i = 0; i < 3; ++i) ASSERT_FALSE(server.get("/api/v1/healthz").empty());
  const std::string bbox = "/api/v1/stores?bbox=139.0,35.0,140.5,36.0";
  ASSERT_FALSE(server.get(bbox).empty());
  ASSERT_FALSE(server.get(bbox).empty());  // the same URL again: a response-cache hit
  EXPECT_TRUE(http_get(server.port(), "/api/v1/stores/987654").starts_with("HTTP/1.1 404"));
  EXPECT_TRUE(http_get(server.port(), "/metrics").starts_with("HTTP/1.1 404"));

  const auto reply = http_get(metrics_port, "/metrics");
  ASSERT_TRUE(reply.starts_with("HTTP/1.1 200")) << reply.substr(0, 200);
  EXPECT_NE(reply.find("Content-Type: text/plain; version=0.0.4"), std::string::npos);
  const auto page = body_of(reply);
  const auto parsed = parse_exposition(page);
  ASSERT_EQ(parsed.error, "") << page;

  // Requests by route template, method and status class; never a path with an id.
  EXPECT_GE(
      parsed.value("pokeca_http_requests_total", {{"route", "/api/v1/healthz"}, {"method", "GET"}, {"status", "2xx"}}),
      3.0);
  EXPECT_EQ(
      parsed.value("pokeca_http_requests_total", {{"route", "/api/v1/stores"}, {"method", "GET"}, {"status", "2xx"}}),
      2.0);
  EXPECT_EQ(parsed.value("pokeca_http_requests_total",
                         {{"route", "/api/v1/stores/{id}"}, {"method", "GET"}, {"status", "4xx"}}),
            1.0);
  EXPECT_GE(parsed.value("pokeca_http_requests_total", {{"route", "other"}, {"method", "GET"}, {"status", "4xx"}}),
            1.0);
  EXPECT_EQ(page.find("987654"), std::string::npos);
  EXPECT_EQ(parsed.value("pokeca_http_request_duration_seconds_count", {{"route", "/api/v1/stores"}}), 2.0);
  EXPECT_GT(parsed.value("pokeca_http_response_bytes_total", {{"route", "/api/v1/stores"}}).value_or(0), 0.0);
  // The caches: the second bbox list was a hit; the first assembled its stores from rows.
  EXPECT_GE(parsed.value("pokeca_response_cache_hits_total").value_or(0), 1.0);
  EXPECT_GE(parsed.value("pokeca_response_cache_misses_total").value_or(0), 1.0);
  EXPECT_GE(parsed.value("pokeca_store_fragment_misses_total").value_or(0), 1.0);
  // The database: the bbox lists read the store repository; the pool gave its connections back.
  EXPECT_GE(parsed.value("pokeca_db_call_seconds_count", {{"repository", "stores"}}).value_or(0), 1.0);
  EXPECT_EQ(parsed.types.at("pokeca_db_call_seconds"), "histogram");
  const auto pool_size = parsed.value("pokeca_db_pool_connections").value_or(0);
  EXPECT_GE(pool_size, 1.0);
  EXPECT_GE(parsed.value("pokeca_db_pool_leases_total").value_or(0), 1.0);
  EXPECT_LE(parsed.value("pokeca_db_pool_in_use").value_or(-1), pool_size);
  EXPECT_GE(parsed.value("pokeca_db_pool_in_use").value_or(-1), 0.0);
  EXPECT_TRUE(parsed.value("pokeca_db_pool_waits_total").has_value());
  EXPECT_TRUE(parsed.value("pokeca_db_pool_wait_seconds_count").has_value());
  // Lanes, connections, limits, mail, photos, the process.
  EXPECT_GE(parsed.value("pokeca_lane_requests_total", {{"lane", "normal"}}).value_or(0), 4.0);
  EXPECT_EQ(parsed.value("pokeca_lane_rejected_total", {{"lane", "slow"}}), 0.0);
  EXPECT_GE(parsed.value("pokeca_http_connections_accepted_total").value_or(0), 7.0);
  EXPECT_EQ(parsed.value("pokeca_http_connections_refused_total"), 0.0);
  EXPECT_EQ(parsed.value("pokeca_rate_limit_refusals_total", {{"limit", "login_ip"}}), 0.0);
  EXPECT_EQ(parsed.value("pokeca_mail_queue_depth"), 0.0);
  EXPECT_EQ(parsed.value("pokeca_photo_decodes_total"), 0.0);
  EXPECT_GT(parsed.value("process_resident_memory_bytes").value_or(0), 0.0);
  EXPECT_GT(parsed.value("process_open_fds").value_or(0), 0.0);
  EXPECT_GT(parsed.value("process_threads").value_or(0), 1.0);
  EXPECT_TRUE(parsed.value("pokeca_uptime_seconds").has_value());
  EXPECT_EQ(parsed.value("pokeca_build_info", {{"version", "0.1.0"}}), 1.0);
  EXPECT_EQ(parsed.types.at("pokeca_http_request_duration_seconds"), "histogram");

  // The metrics listener serves nothing else.
  EXPECT_TRUE(http_get(metrics_port, "/api/v1/healthz").starts_with("HTTP/1.1 404"));
  EXPECT_TRUE(http_exchange(metrics_port,
                            "POST /metrics HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n"
                            "Connection: close\r\n\r\n")
                  .starts_with("HTTP/1.1 405"));

  // Every series the shipped dashboard graphs is on the page (a renamed series would leave
  // its panel empty without a word).
  std::ifstream dashboard_file(POKECA_GRAFANA_DASHBOARD);
  const std::string dashboard((std::istreambuf_iterator<char>(dashboard_file)), std::istreambuf_iterator<char>());
  ASSERT_FALSE(dashboard.empty());
  const std::regex series_name(R"((pokeca|process)_[a-z_]+)");
  int graphed = 0;
  for (auto it = std::sregex_iterator(dashboard.begin(), dashboard.end(), series_name); it != std::sregex_iterator();
       ++it, ++graphed) {
    auto family = it->str();
    for (const std::string_view suffix : {"_bucket", "_count", "_sum"})
      if (family.ends_with(suffix) && !parsed.types.contains(family)) family.resize(family.size() - suffix.size());
    EXPECT_TRUE(parsed.types.contains(family)) << "the dashboard graphs " << it->str() << ", which the page lacks";
  }
  EXPECT_GT(graphed, 20);

  const auto saved = dir.path() / "metrics.txt";
  std::ofstream(saved) << page;
  if (const auto promtool = promtool_check(saved))
    EXPECT_EQ(*promtool, 0) << "promtool check metrics refused the page";
  else
    GTEST_LOG_(INFO) << "promtool not installed: the page was checked by the test's own parser only";
}

TEST(Metrics, AMetricsAddressWithoutAPortIsRefusedAtStart) {
  EXPECT_EQ(run_server_command({"serve", "--metrics-bind", "127.0.0.1"}), 2);
  EXPECT_EQ(run_server_command({"serve", "--metrics-bind", "::1:9464"}), 2);
  EXPECT_EQ(run_server_command({"serve", "--metrics-bind", "127.0.0.1:99999"}), 2);
}

TEST(MetricsRegistry, LabelValuesAreEscapedAndZeroSeriesLeftOutOnlyWhenAsked) {
  metrics::Registry registry;
  registry.counter("t_shown_total", "Shown even at zero.");
  auto& omitted = registry.counter("t_omitted_total", "Left out at zero.", {{"route", "a"}}, metrics::Zero::kOmit);
  registry.gauge("t_gauge", "Help with a \\ backslash\nand a line feed.", {{"v", "q\"uo\\te\nline"}}).set(-3);
  auto page = registry.render();
  auto parsed = parse_exposition(page);
  ASSERT_EQ(parsed.error, "") << page;
  EXPECT_EQ(parsed.value("t_shown_total"), 0.0);
  EXPECT_FALSE(parsed.value("t_omitted_total", {{"route", "a"}}).has_value());
  EXPECT_EQ(parsed.value("t_gauge", {{"v", "q\"uo\\te\nline"}}), -3.0);
  omitted.add(2);
  parsed = parse_exposition(registry.render());
  EXPECT_EQ(parsed.value("t_omitted_total", {{"route", "a"}}), 2.0);
}

TEST(MetricsRegistry, HistogramBucketsAreCumulativeWithTheirSumInSeconds) {
  metrics::Registry registry;
  auto& h = registry.histogram("t_seconds", "Latency.");
  h.observe(std::chrono::microseconds(50));   // ≤ 0.1 ms
  h.observe(std::chrono::microseconds(100));  // ≤ 0.1 ms: bounds are inclusive
  h.observe(std::chrono::milliseconds(3));    // ≤ 5 ms
  h.observe(std::chrono::seconds(2));         // +Inf only
  const auto parsed = parse_exposition(registry.render());
  ASSERT_EQ(parsed.error, "");
  EXPECT_EQ(parsed.value("t_seconds_bucket", {{"le", "0.0001"}}), 2.0);
  EXPECT_EQ(parsed.value("t_seconds_bucket", {{"le", "0.0025"}}), 2.0);
  EXPECT_EQ(parsed.value("t_seconds_bucket", {{"le", "0.005"}}), 3.0);
  EXPECT_EQ(parsed.value("t_seconds_bucket", {{"le", "1"}}), 3.0);
  EXPECT_EQ(parsed.value("t_seconds_bucket", {{"le", "+Inf"}}), 4.0);
  EXPECT_EQ(parsed.value("t_seconds_count"), 4.0);
  EXPECT_NEAR(parsed.value("t_seconds_sum").value_or(0), 2.00315, 1e-9);
}

TEST(MetricsRegistry, ProgrammingErrorsAreRefusedAtRegistration) {
  metrics::Registry registry;
  registry.counter("t_total", "A counter.");
  EXPECT_THROW(registry.gauge("t_total", "Same name, another type."), std::invalid_argument);
  EXPECT_THROW(registry.counter("t-bad", "A name the format refuses."), std::invalid_argument);
  EXPECT_THROW(registry.counter("t2_total", "A reserved label.", {{"__name", "x"}}), std::invalid_argument);
  EXPECT_THROW(registry.histogram("t3", "An le label.", {{"le", "1"}}), std::invalid_argument);
}

TEST(ExpositionParser, RefusesWhatTheFormatDoesNotAllow) {
  EXPECT_EQ(parse_exposition("# TYPE a counter\na 1\n").error, "");
  EXPECT_NE(parse_exposition("a 1\n").error, "");                                       // no TYPE
  EXPECT_NE(parse_exposition("# TYPE a counter\na{x=\"1} 1\n").error, "");              // unclosed
  EXPECT_NE(parse_exposition("# TYPE a counter\na 1\na 2\n").error, "");                // twice
  EXPECT_NE(parse_exposition("# TYPE a counter\na -1\n").error, "");                    // negative counter
  EXPECT_NE(parse_exposition("# TYPE a gauge\n# TYPE b gauge\nb 1\na 1\n").error, "");  // not together
  EXPECT_NE(parse_exposition("# TYPE h histogram\nh_bucket{le=\"1\"} 2\nh_bucket{le=\"+Inf\"} 1\nh_count 1\n").error,
            "");  // decreasing
  EXPECT_NE(parse_exposition("# TYPE h histogram\nh_bucket{le=\"+Inf\"} 2\nh_count 1\n").error, "");
  EXPECT_NE(parse_exposition("# TYPE a counter\na 1").error, "");  // no final line feed
}

}  // namespace
}  // namespace pokeca
