// Many servers, one database: two real server processes on one throw-away PostgreSQL
// (pg_virtualenv, see CMakeLists.txt), nginx in front with deploy/'s proxy rules. An account
// made on one server logs in on the other and its mail goes out once; a write through one is
// served by the other within a second, a store written by another session in the next box
// list miss of either; a login budget is one budget across both; killing one
// server with SIGKILL during writes and reads through nginx loses no acknowledged write and
// no read, and the restarted server rejoins.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
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
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using testing::capture;
using testing::free_port;
using testing::get;
using testing::kNginx;
using testing::Nginx;
using testing::post_json;
using testing::read_whole_file;
using testing::run_server_command;
using testing::send_request;
using testing::ServerProcess;
using testing::sign_up_and_log_in;
using testing::TempDir;
using testing::ThrowAwayDatabase;

const fs::path kDeployDir = POKECA_DEPLOY_DIR;

std::size_t mails_in(const fs::path& outbox) {
  std::error_code ec;
  if (!fs::is_directory(outbox, ec)) return 0;
  return static_cast<std::size_t>(std::ranges::count_if(fs::directory_iterator(outbox),
                                                        [](const auto& e) { return e.path().extension() == ".eml"; }));
}

class ManyServers : public ::testing::Test {
 protected:
  ManyServers() {
    EXPECT_EQ(run_server_command({"import", std::string(POKECA_SAMPLES_DIR) + "/import_sample.csv", "--data-dir",
                                  (dir.path() / "import").string(), "--database-url", db.url()}),
              0);
    start(a, "a");
    start(b, "b");
  }

  void start(std::unique_ptr<ServerProcess>& server, const std::string& name) {
    server.reset();
    server = std::make_unique<ServerProcess>(
        dir.path() / name, dir.path() / (name + ".out"),
        std::vector<std::string>{
            "--database-url", db.url(), "--trusted-proxy", "true", "--base-url", "http://localhost", "--rate-limits",
            "login_ip=3/60,write_ip=100000/60,write_account=100000/60,purchase_account=100000/60"});
  }

  // The two servers behind nginx on a free port, with deploy/'s proxy rules.
  std::unique_ptr<Nginx> nginx_in_front(int port) const {
    const auto block = "  proxy_cache_path " + (dir.path() / "cache").string() + " keys_zone=pokeca_static:1m;\n" +
                       "  upstream pokeca {\n    server 127.0.0.1:" + std::to_string(a->port()) +
                       " max_fails=1 fail_timeout=30s;\n    server 127.0.0.1:" + std::to_string(b->port()) +
                       " max_fails=1 fail_timeout=30s;\n    keepalive 8;\n  }\n  server {\n    listen 127.0.0.1:" +
                       std::to_string(port) + ";\n    include " +
                       (kDeployDir / "nginx" / "pokeca-proxy.conf").string() + ";\n  }\n";
    return std::make_unique<Nginx>(dir.path() / "nginx", block);
  }

  // Signs up on A, follows the mail's link on B, logs in on B: the access token.
  std::string account_made_on_a_and_logged_in_on_b() const {
    const auto token =
        sign_up_and_log_in("alice@example.com", a->port(), b->port(), {dir.path() / "a.out", dir.path() / "b.out"});
    EXPECT_FALSE(token.empty());
    return token;
  }

  std::size_t mails_sent() const {
    return mails_in(dir.path() / "a" / "outbox") + mails_in(dir.path() / "b" / "outbox");
  }

  // The id of the first sample store (imported in file order).
  std::string a_store_id() const {
    const auto list = get(a->port(), "/api/v1/stores?prefecture=tokyo").body;
    return capture(list, R"re(\{"id":([0-9]+),)re");
  }

  ThrowAwayDatabase db{"pokeca_many_"};
  TempDir dir;
  std::unique_ptr<ServerProcess> a, b;
};

TEST_F(ManyServers, AnAccountMadeOnOneServerLogsInOnTheOtherAndItsMailGoesOutOnce) {
  ASSERT_NE(a->port(), 0);
  ASSERT_NE(b->port(), 0);
  const auto token = account_made_on_a_and_logged_in_on_b();
  ASSERT_FALSE(token.empty());
  // A token B signed is accepted by A: the signing key is the database's, not a server's.
  const auto me = send_request(a->port(), "GET /api/v1/auth/me HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " +
                                              token + "\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(me.status, 200) << me.body;
  EXPECT_NE(me.body.find("alice@example.com"), std::string::npos);
  // Both servers poll the one mail queue: the verification mail is sent exactly once.
  std::this_thread::sleep_for(std::chrono::seconds(2));
  EXPECT_EQ(mails_sent(), 1u);
}

TEST_F(ManyServers, AWriteThroughOneIsServedByTheOtherWithinASecondAndLimitsAddUp) {
  ASSERT_NE(a->port(), 0);
  ASSERT_NE(b->port(), 0);
  const auto token = account_made_on_a_and_logged_in_on_b();
  const auto store = a_store_id();
  ASSERT_FALSE(store.empty());
  std::vector<double> delays_ms;
  for (int i = 0; i < 20; ++i) {
    // B keeps the store's answer in its caches first.
    ASSERT_EQ(get(b->port(), "/api/v1/stores/" + store).status, 200);
    ASSERT_EQ(get(b->port(), "/api/v1/stores?prefecture=tokyo").status, 200);
    const auto [status, body] = post_json(
        a->port(), "/api/v1/purchases",
        R"({"store_id":)" + store + R"(,"kind":")" + (i % 2 == 0 ? "sold_out" : "bought") + R"(","product":"box"})",
        token);
    ASSERT_EQ(status, 201) << body;
    const auto acknowledged = Clock::now();
    const auto report = capture(body, R"re("report":\{"id":([0-9]+))re");
    ASSERT_FALSE(report.empty()) << body;
    bool seen = false;
    while (!seen && Clock::now() - acknowledged < std::chrono::seconds(1)) {
      seen = get(b->port(), "/api/v1/stores/" + store).body.find(R"("id":)" + report + ",") != std::string::npos;
      if (!seen) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    ASSERT_TRUE(seen) << "report " << report << " written through A not served by B within 1 s";
    delays_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - acknowledged).count());
  }
  std::ranges::sort(delays_ms);
  std::printf("[ delays   ] a write through A served by B after p50 %.1f ms, p99 %.1f ms (%zu writes)\n",
              delays_ms[delays_ms.size() / 2], delays_ms[delays_ms.size() * 99 / 100], delays_ms.size());

  // login_ip=3/60: wrong passwords from one address, spread over both servers, are refused on
  // the fourth as on one server.
  std::vector<int> statuses;
  for (int i = 0; i < 4; ++i) {
    const std::string login = R"({"email":"alice@example.com","password":"wrong-password-1"})";
    statuses.push_back(send_request((i % 2 == 0 ? a : b)->port(),
                                    "POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: "
                                    "203.0.113.9\r\nContent-Type: application/json\r\nContent-Length: " +
                                        std::to_string(login.size()) + "\r\nConnection: close\r\n\r\n" + login)
                           .status);
  }
  EXPECT_EQ(statuses, (std::vector<int>{401, 401, 401, 429}));
}

TEST_F(ManyServers, ABoxListMissShowsAnotherSessionsStoreWritesWithinASecondAsAFreshServerWould) {
  ASSERT_NE(a->port(), 0);
  ASSERT_NE(b->port(), 0);
  // Every sample store, and a URL never asked before each time: the response cache misses,
  // and the list is assembled from the stores' kept JSON and the box's ids.
  const std::string list = "/api/v1/stores?bbox=122,20,154,46&limit=300";
  int asked = 0;
  const auto miss = [&](const ServerProcess& server) {
    return get(server.port(), list + "&_=" + std::to_string(++asked)).body;
  };
  const auto before = miss(*b);
  ASSERT_EQ(before, miss(*a));  // both keep every listed store now
  // Another session, as psql's.
  storage::postgres::Connection session(db.url());
  const auto ids = session.query("SELECT id FROM stores WHERE status = 'active' ORDER BY id LIMIT 2");
  ASSERT_TRUE(ids);
  ASSERT_EQ(ids->size(), 2);
  const std::string renamed(ids->text(0, 0)), moved_out(ids->text(1, 0));
  ASSERT_NE(before.find(R"({"id":)" + moved_out + ","), std::string::npos);
  const std::string new_name = "箱リスト改名テスト店";
  ASSERT_TRUE(session.exec("BEGIN; UPDATE stores SET name = '" + new_name + "' WHERE id = " + renamed +
                           "; UPDATE stores SET lat = 10.0 WHERE id = " + moved_out + "; COMMIT"));
  const auto written = Clock::now();
  for (const auto* server : {b.get(), a.get()}) {
    std::string body;
    bool seen = false;
    while (!seen && Clock::now() - written < std::chrono::seconds(1)) {
      body = miss(*server);
      seen = body.find(new_name) != std::string::npos;
      if (!seen) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    ASSERT_TRUE(seen) << "a rename by another session not in a box list of port " << server->port()
                      << " within 1 s: " << body;
    EXPECT_EQ(body.find(R"({"id":)" + moved_out + ","), std::string::npos) << "moved out of the box: " << body;
  }
  // The kept JSON after the change, byte for byte what a server that keeps nothing yet reads.
  const auto warm = miss(*a);
  start(b, "b-fresh");
  ASSERT_NE(b->port(), 0);
  EXPECT_EQ(miss(*b), warm);
}

TEST_F(ManyServers, KillingOneServerLosesNoAcknowledgedWriteAndNoReadAndItRejoins) {
  ASSERT_TRUE(fs::exists(kNginx)) << "Debian's nginx-light (scripts/install-deps.sh --with-browser)";
  ASSERT_NE(a->port(), 0);
  ASSERT_NE(b->port(), 0);
  const auto token = account_made_on_a_and_logged_in_on_b();
  const auto store = a_store_id();
  ASSERT_FALSE(store.empty());
  const int port = free_port();
  const auto nginx = nginx_in_front(port);
  ASSERT_TRUE(Nginx::answers(port)) << nginx->errors();

  std::atomic<bool> stop{false};
  std::atomic<int> acknowledged_count{0};
  std::vector<std::string> acknowledged;  // the writer's alone until joined
  int unacknowledged = 0, reads = 0, failed_reads = 0;
  std::thread traffic([&] {
    for (int i = 0; !stop; ++i) {
      const auto [status, body] = post_json(port, "/api/v1/purchases",
                                            R"({"store_id":)" + store + R"(,"kind":"bought","product":"pack"})", token);
      if (status == 201) {
        acknowledged.push_back(capture(body, R"re("report":\{"id":([0-9]+))re"));
        ++acknowledged_count;
      } else {
        ++unacknowledged;  // the write A held when it died: its client saw the failure
      }
      ++reads;
      if (get(port, "/api/v1/stores/" + store).status != 200) ++failed_reads;
    }
  });
  while (acknowledged_count < 60) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  a->signal(SIGKILL);
  const int at_kill = acknowledged_count;
  while (acknowledged_count < at_kill + 60) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  stop = true;
  traffic.join();

  EXPECT_EQ(failed_reads, 0) << "of " << reads << " reads through nginx";
  EXPECT_LE(unacknowledged, 2);
  storage::postgres::Connection check(db.url());
  const auto rows = check.query("SELECT id FROM purchase_reports");
  ASSERT_TRUE(rows);
  std::set<std::string> stored;
  for (int r = 0; r < rows->size(); ++r) stored.emplace(rows->text(r, 0));
  for (const auto& id : acknowledged) EXPECT_TRUE(stored.contains(id)) << "acknowledged report " << id << " lost";

  // A restarted on its data directory serves again, the writes made while it was down included.
  start(a, "a-restarted");
  ASSERT_NE(a->port(), 0);
  EXPECT_EQ(get(a->port(), "/api/v1/healthz").status, 200);
  EXPECT_NE(get(a->port(), "/api/v1/stores/" + store).body.find(R"("id":)" + acknowledged.back() + ","),
            std::string::npos);
  EXPECT_EQ(mails_sent() + mails_in(dir.path() / "a-restarted" / "outbox"), 1u);  // nothing sent twice
}

}  // namespace
}  // namespace pokeca
