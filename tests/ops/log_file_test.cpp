// --log-file: every log line in the file, and SIGHUP opens the path again (logrotate's
// "move, then signal"). The real binary, real files.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <string>
#include <thread>

#include "pokeca/testing/temp_dir.hpp"
#include "server_process.hpp"

namespace pokeca {
namespace {
namespace fs = std::filesystem;
using testing::read_whole_file;
using testing::ServerProcess;
using testing::TempDir;

// Waits up to 10 s for `text` in `file` (the access log reaches its file in chunks).
bool appears(const fs::path& file, const std::string& text) {
  for (int i = 0; i < 200; ++i) {
    if (read_whole_file(file).find(text) != std::string::npos) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

TEST(LogFile, EveryLineGoesToTheFileAndAHangupOpensThePathAgain) {
  TempDir dir;
  const auto log = dir.path() / "server.log";
  const auto moved = dir.path() / "server.log.1";
  const auto output = dir.path() / "server.out";
  ServerProcess server(dir.path() / "data", output, {"--log-file", log.string()}, log);
  ASSERT_NE(server.port(), 0);
  ASSERT_FALSE(server.get("/api/v1/healthz").empty());
  ASSERT_TRUE(appears(log, R"("path":"/api/v1/healthz")"));

  fs::rename(log, moved);
  server.signal(SIGHUP);
  for (int i = 0; i < 200 && !fs::exists(log); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ASSERT_TRUE(fs::exists(log));
  ASSERT_FALSE(server.get("/api/v1/prefectures").empty());
  EXPECT_TRUE(appears(log, R"("path":"/api/v1/prefectures")"));

  const auto before = read_whole_file(moved);
  EXPECT_NE(before.find(R"("event":"listening")"), std::string::npos);
  EXPECT_EQ(before.find("/api/v1/prefectures"), std::string::npos);
  // Nothing went to the process's own stderr.
  EXPECT_EQ(read_whole_file(output).find(R"("event":"listening")"), std::string::npos);
}

}  // namespace
}  // namespace pokeca
