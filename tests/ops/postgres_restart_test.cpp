// PostgreSQL restarted under a serving server: a write loop and reads over HTTP go on while
// the cluster is restarted twice with `pg_ctlcluster … restart -m fast` (every session cut,
// as an operator's restart or a fail-over does). What a client sees is a 503 with
// Retry-After or a success, never a 500 or a dropped connection; the server reconnects by
// itself; and every write it acknowledged is in the database afterwards.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "nginx_process.hpp"
#include "pokeca/storage/postgres/connection.hpp"
#include "pokeca/testing/temp_dir.hpp"
#include "postgres_drill.hpp"
#include "server_process.hpp"

namespace pokeca {
namespace {
using Clock = std::chrono::steady_clock;
using testing::capture;
using testing::get;
using testing::post_json;
using testing::run_server_command;
using testing::send_request;
using testing::ServerProcess;
using testing::sign_up_and_log_in;
using testing::TempDir;
using testing::ThrowAwayDatabase;

// Restarts the cluster the environment names, fast (sessions cut, not waited for). The
// cluster's version and name come from pg_lsclusters: pg_virtualenv makes one of its own.
bool restart_cluster() {
  const char* command =
      "pg_lsclusters -h | awk 'NR==1 {print $1, $2}' | "
      "{ read version name && pg_ctlcluster \"$version\" \"$name\" restart -m fast; } >/dev/null 2>&1";
  return std::system(command) == 0;
}

// What the traffic saw, by status; and the ids of the reports acknowledged with a 201.
struct Traffic {
  std::map<int, int> statuses;
  int unavailable_without_retry_after = 0;
  std::vector<std::string> acknowledged;
};

class PostgresRestart : public ::testing::Test {
 protected:
  PostgresRestart() {
    EXPECT_EQ(run_server_command({"import", std::string(POKECA_SAMPLES_DIR) + "/import_sample.csv", "--data-dir",
                                  (dir.path() / "import").string(), "--database-url", db.url()}),
              0);
    server = std::make_unique<ServerProcess>(
        dir.path() / "server", dir.path() / "server.out",
        std::vector<std::string>{"--database-url", db.url(), "--rate-limits",
                                 "write_ip=100000/60,write_account=100000/60,purchase_account=100000/60"});
  }

  ThrowAwayDatabase db{"pokeca_restart_"};
  TempDir dir;
  std::unique_ptr<ServerProcess> server;
};

TEST_F(PostgresRestart, TwoFastRestartsUnderAWriteLoopLoseNoAcknowledgedWriteAndAnswerNo500) {
  ASSERT_NE(server->port(), 0) << testing::read_whole_file(dir.path() / "server.out");
  const int port = server->port();
  const auto token = sign_up_and_log_in("restart@example.com", port, port, {dir.path() / "server.out"});
  ASSERT_FALSE(token.empty());
  const auto store = capture(get(port, "/api/v1/stores?prefecture=tokyo").body, R"re(\{"id":([0-9]+),)re");
  ASSERT_FALSE(store.empty());

  std::atomic<bool> stop{false};
  std::atomic<int> acknowledged_count{0};
  Traffic seen;  // the traffic thread's alone until joined
  std::thread traffic([&] {
    const auto note = [&](const testing::Reply& reply) {
      ++seen.statuses[reply.status];
      if (reply.status == 503 && reply.header("Retry-After").empty()) ++seen.unavailable_without_retry_after;
    };
    while (!stop) {
      const std::string body = R"({"store_id":)" + store + R"(,"kind":"bought","product":"pack"})";
      const auto wrote = send_request(port,
                                      "POST /api/v1/purchases HTTP/1.1\r\nHost: localhost\r\n"
                                      "Content-Type: application/json\r\nAuthorization: Bearer " +
                                          token + "\r\nContent-Length: " + std::to_string(body.size()) +
                                          "\r\nConnection: close\r\n\r\n" + body);
      note(wrote);
      if (wrote.status == 201) {
        seen.acknowledged.push_back(capture(wrote.body, R"re("report":\{"id":([0-9]+))re"));
        ++acknowledged_count;
      }
      note(get(port, "/api/v1/stores/" + store));
      note(get(port, "/api/v1/healthz"));
    }
  });
  // Each restart happens after writes have been acknowledged, and the next waits until the
  // server acknowledges writes again on its own (at most 30 s).
  const auto acknowledged_after = [&](int more) {
    const int target = acknowledged_count + more;
    const auto deadline = Clock::now() + std::chrono::seconds(30);
    while (acknowledged_count < target && Clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    return acknowledged_count >= target;
  };
  EXPECT_TRUE(acknowledged_after(30));
  EXPECT_TRUE(restart_cluster());
  EXPECT_TRUE(acknowledged_after(30)) << "no write acknowledged within 30 s of the first restart";
  EXPECT_TRUE(restart_cluster());
  EXPECT_TRUE(acknowledged_after(30)) << "no write acknowledged within 30 s of the second restart";
  stop = true;
  traffic.join();

  std::string summary;
  for (const auto& [status, count] : seen.statuses)
    summary += " " + std::to_string(status) + "×" + std::to_string(count);
  std::printf("[ answers  ]%s\n", summary.c_str());
  for (const auto& [status, count] : seen.statuses)
    EXPECT_TRUE(status == 200 || status == 201 || status == 503) << count << " answers of status " << status;
  EXPECT_EQ(seen.unavailable_without_retry_after, 0);

  storage::postgres::Connection check(db.url());
  const auto rows = check.query("SELECT id FROM purchase_reports");
  ASSERT_TRUE(rows);
  std::set<std::string> stored;
  for (int r = 0; r < rows->size(); ++r) stored.emplace(rows->text(r, 0));
  for (const auto& id : seen.acknowledged) EXPECT_TRUE(stored.contains(id)) << "acknowledged report " << id << " lost";
  // A write answered 503 may still have committed (the answer to COMMIT was cut): the
  // stored rows are the acknowledged ones plus at most the writes that failed.
  EXPECT_LE(stored.size(), seen.acknowledged.size() + static_cast<std::size_t>(seen.statuses[503]));
}

}  // namespace
}  // namespace pokeca
