// The access log is buffered off the I/O threads, and still loses no line on a
// clean stop.
#include "server/log_buffer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <mutex>
#include <thread>
#include <vector>

#include "pokeca/http/http_server.hpp"
#include "router_fixture.hpp"
#include "test_client.hpp"

namespace pokeca::testing {
namespace {

using namespace std::chrono_literals;

struct Collected {
  std::mutex mutex;
  std::string text;
  int writes = 0;
  http::LogBuffer::Writer writer() {
    return [this](std::string_view chunk) {
      std::lock_guard lock(mutex);
      text.append(chunk);
      ++writes;
    };
  }
  std::string get() {
    std::lock_guard lock(mutex);
    return text;
  }
};

TEST(LogBuffer, WritesWholeLinesInOrderOnFlushAndOnTheTimer) {
  Collected out;
  http::LogBuffer log(out.writer(), 20ms);
  log.append("one");
  log.append("two");
  log.flush();
  EXPECT_EQ(out.get(), "one\ntwo\n");
  log.append("three");
  for (int i = 0; i < 200 && out.get().size() < 14; ++i) std::this_thread::sleep_for(5ms);
  EXPECT_EQ(out.get(), "one\ntwo\nthree\n");  // the timer wrote it
}

TEST(LogBuffer, LosesNoLineFromManyThreadsAndFlushesWhenDestroyed) {
  Collected out;
  constexpr int kThreads = 4;
  constexpr int kLines = 2000;
  {
    http::LogBuffer log(out.writer(), 1h, 512);  // only the size bound and the destructor write
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
      threads.emplace_back([&log, t] {
        for (int i = 0; i < kLines; ++i) log.append("thread " + std::to_string(t) + " line " + std::to_string(i));
      });
    for (auto& th : threads) th.join();
  }
  const auto text = out.get();
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), kThreads * kLines);
  EXPECT_GT(out.writes, 1);  // the size bound wrote before the end
  // Each thread's lines in its own order, none cut.
  for (int t = 0; t < kThreads; ++t) {
    std::size_t at = 0;
    for (int i = 0; i < kLines; i += 250) {
      const auto line = "thread " + std::to_string(t) + " line " + std::to_string(i) + "\n";
      const auto found = text.find(line, at);
      ASSERT_NE(found, std::string::npos) << line;
      at = found;
    }
  }
}

class ServerAccessLogTest : public RouterTest {};

TEST_F(ServerAccessLogTest, TheStderrAccessLogIsCompleteWhenStopReturns) {
  http::HttpServerConfig config;
  config.port = 0;  // no access_log sink: the buffered stderr log
  ::testing::internal::CaptureStderr();
  {
    http::HttpServer server(*router, config);
    server.start();
    TestClient c(server.port());
    for (int i = 0; i < 25; ++i) EXPECT_EQ(c.get("/api/v1/healthz").result(), http::Status::ok);
    server.stop();
    const auto captured = ::testing::internal::GetCapturedStderr();
    std::size_t lines = 0;
    for (std::size_t at = 0; (at = captured.find("\"path\":\"/api/v1/healthz\"", at)) != std::string::npos; ++at)
      ++lines;
    EXPECT_EQ(lines, 25u) << captured;
  }
}

}  // namespace
}  // namespace pokeca::testing
