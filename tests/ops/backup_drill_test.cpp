// The backup drill: `pokeca-server backup` while writers write, `restore` into a fresh
// directory, a server started on it. The real binary, real files, real HTTP.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "pokeca/crypto/key_file.hpp"
#include "pokeca/crypto/sodium_token_crypto.hpp"
#include "pokeca/media/file_photo_store.hpp"
#include "pokeca/storage/backup.hpp"
#include "pokeca/storage/database.hpp"
#include "pokeca/storage/sqlite_report_repository.hpp"
#include "pokeca/testing/temp_dir.hpp"

extern char** environ;

namespace pokeca {
namespace {
namespace fs = std::filesystem;
using testing::TempDir;

// Runs the server binary with ARGS; its exit status (-1 when it did not exit normally).
int run_server_command(const std::vector<std::string>& args) {
  std::string command = POKECA_SERVER_BIN;
  for (const auto& a : args) command += " '" + a + "'";
  command += " >/dev/null 2>&1";
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string read_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::int64_t count_of(const fs::path& db, std::string_view table) {
  for (const auto& [name, n] : storage::table_counts(db))
    if (name == table) return n;
  return -1;
}

// A server on a free port, its output in a pipe until it says where it listens.
class ServerProcess {
 public:
  explicit ServerProcess(const fs::path& data_dir) {
    int out[2];
    EXPECT_EQ(::pipe(out), 0);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDERR_FILENO);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    const std::string data = data_dir.string(), static_dir = (data_dir / "no-frontend").string();
    std::vector<std::string> args{POKECA_SERVER_BIN, "serve", "--data-dir",   data,      "--port", "0",
                                  "--demo-data",     "false", "--static-dir", static_dir};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    EXPECT_EQ(posix_spawn(&pid_, POKECA_SERVER_BIN, &actions, nullptr, argv.data(), environ), 0);
    posix_spawn_file_actions_destroy(&actions);
    ::close(out[1]);
    output_ = ::fdopen(out[0], "r");
    const std::regex listening(R"re("event":"listening".*"port":"([0-9]+)")re");
    char line[4096];
    while (port_ == 0 && std::fgets(line, sizeof line, output_) != nullptr) {
      std::cmatch m;
      if (std::regex_search(line, m, listening)) port_ = std::stoi(m[1].str());
    }
  }
  ~ServerProcess() {
    ::kill(pid_, SIGTERM);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    if (output_ != nullptr) std::fclose(output_);
  }
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  [[nodiscard]] int port() const { return port_; }

  // GET PATH over a fresh connection: the body, or "" when the status is not 200.
  [[nodiscard]] std::string get(const std::string& path) const {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<std::uint16_t>(port_));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) return ::close(fd), "";
    const std::string request = "GET " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
    (void)::send(fd, request.data(), request.size(), 0);
    std::string reply;
    char buf[65536];
    for (ssize_t n; (n = ::recv(fd, buf, sizeof buf, 0)) > 0;) reply.append(buf, static_cast<std::size_t>(n));
    ::close(fd);
    if (!reply.starts_with("HTTP/1.1 200")) return "";
    const auto body = reply.find("\r\n\r\n");
    return body == std::string::npos ? "" : reply.substr(body + 4);
  }

 private:
  pid_t pid_ = 0;
  int port_ = 0;
  FILE* output_ = nullptr;
};

class BackupDrill : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(run_server_command(
                  {"import", std::string(POKECA_SAMPLES_DIR) + "/import_sample.csv", "--data-dir", live.string()}),
              0);
    key = crypto::load_or_create_key_file(live / std::string(crypto::kSigningKeyFileName), crypto::kSigningKeyBytes);
    media::FilePhotoStore photos(live / "photos", crypto::sha256_hex);
    const std::string jpeg = "\xFF\xD8\xFF\xE0 a photo's bytes \xFF\xD9";
    auto stored = photos.put(std::as_bytes(std::span(jpeg)));
    ASSERT_TRUE(stored);
    photo_hash = *stored;
    photo_bytes = jpeg;
  }

  TempDir dir;
  fs::path live = dir.path() / "live";
  std::string key, photo_hash, photo_bytes;
};

TEST_F(BackupDrill, ABackupTakenWhileWritersWriteRestoresIntoAServerThatServesIt) {
  const auto live_db = live / "pokeca.db";
  std::atomic<bool> stop{false};
  std::atomic<int> written{0};
  std::vector<std::thread> writers;
  storage::Database db(live_db, {.connections = 2});
  for (int w = 0; w < 2; ++w)
    writers.emplace_back([&, w] {
      storage::SqliteReportRepository reports(db);
      for (int i = 0; !stop; ++i) {
        PurchaseReport r;
        r.store_id = 1 + (i + w) % 6;  // the sample's stores
        r.kind = i % 3 == 0 ? ReportKind::kSoldOut : ReportKind::kBought;
        r.purchased_at = r.created_at = 1'790'000'000 + i;
        if (reports.insert(r)) ++written;
      }
    });
  while (written < 50) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  const int before_backup = written;
  const auto backup = dir.path() / "backup";
  const int backed_up = run_server_command({"backup", backup.string(), "--data-dir", live.string()});
  const int after_backup = written;
  while (written < after_backup + 50) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  stop = true;
  for (auto& t : writers) t.join();
  ASSERT_EQ(backed_up, 0);

  // The copy is one moment of the live file: no fewer reports than were written before it
  // began, no more than by its end, and fewer than the live file holds now.
  const auto in_backup = count_of(backup / "pokeca.db", "purchase_reports");
  EXPECT_GE(in_backup, before_backup);
  EXPECT_LE(in_backup, after_backup + 2);  // each writer may have committed one it has not counted yet
  EXPECT_LT(in_backup, count_of(live_db, "purchase_reports"));
  EXPECT_EQ(storage::integrity_check(backup / "pokeca.db"), "ok");

  const auto restored = dir.path() / "restored";
  ASSERT_EQ(run_server_command({"restore", backup.string(), "--data-dir", restored.string()}), 0);
  EXPECT_EQ(storage::integrity_check(restored / "pokeca.db"), "ok");
  EXPECT_EQ(storage::table_counts(restored / "pokeca.db"), storage::table_counts(backup / "pokeca.db"));
  const auto stores = count_of(restored / "pokeca.db", "stores");
  EXPECT_GT(stores, 0);
  EXPECT_EQ(read_file(restored / std::string(crypto::kSigningKeyFileName)), key);

  ServerProcess server(restored);
  ASSERT_NE(server.port(), 0);
  EXPECT_NE(server.get("/api/v1/healthz").find(R"("stores":)" + std::to_string(stores) + "}"), std::string::npos);
  EXPECT_EQ(server.get("/photos/" + photo_hash + ".jpg"), photo_bytes);
}

TEST_F(BackupDrill, RestoreRefusesADirectoryThatIsNotEmpty) {
  const auto backup = dir.path() / "backup";
  ASSERT_EQ(run_server_command({"backup", backup.string(), "--data-dir", live.string()}), 0);
  const auto taken = dir.path() / "taken";
  fs::create_directories(taken);
  std::ofstream(taken / "something") << "x";
  EXPECT_EQ(run_server_command({"restore", backup.string(), "--data-dir", taken.string()}), 2);
  EXPECT_EQ(read_file(taken / "something"), "x");
  EXPECT_FALSE(fs::exists(taken / "pokeca.db"));
  // A backup is taken only into a new or empty directory too.
  EXPECT_EQ(run_server_command({"backup", taken.string(), "--data-dir", live.string()}), 2);
}

TEST_F(BackupDrill, ACorruptedBackupIsRefusedBeforeAnythingIsWritten) {
  const auto backup = dir.path() / "backup";
  ASSERT_EQ(run_server_command({"backup", backup.string(), "--data-dir", live.string()}), 0);
  const auto photo = backup / "photos" / photo_hash.substr(0, 2) / (photo_hash + ".jpg");
  ASSERT_TRUE(fs::exists(photo));
  std::ofstream(photo, std::ios::binary | std::ios::trunc) << "not the photo";
  const auto target = dir.path() / "target";
  EXPECT_EQ(run_server_command({"restore", backup.string(), "--data-dir", target.string()}), 1);
  EXPECT_FALSE(fs::exists(target / "pokeca.db"));

  // Without its manifest (an unfinished backup) nothing is restored either.
  fs::remove(backup / "manifest.tsv");
  EXPECT_EQ(run_server_command({"restore", backup.string(), "--data-dir", target.string()}), 1);
  EXPECT_FALSE(fs::exists(target / "pokeca.db"));
}

}  // namespace
}  // namespace pokeca
