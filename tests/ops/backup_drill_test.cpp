// The backup drill: `pokeca-server backup` while a server runs and two writers report
// purchases to it over HTTP, `restore` into a fresh
// directory, a server started on it. The real binary, real files, real HTTP.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "pokeca/crypto/key_file.hpp"
#include "pokeca/crypto/sodium_token_crypto.hpp"
#include "pokeca/media/file_photo_store.hpp"
#include "pokeca/storage/sqlite/backup.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/testing/temp_dir.hpp"
#include "server_process.hpp"

namespace pokeca {
namespace {
namespace fs = std::filesystem;
using testing::http_exchange;
using testing::post_json;
using testing::read_whole_file;
using testing::run_server_command;
using testing::ServerProcess;
using testing::TempDir;
using testing::wait_for_match;

std::int64_t count_of(const fs::path& db, std::string_view table) {
  for (const auto& [name, n] : storage::table_counts(db))
    if (name == table) return n;
  return -1;
}

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

// POST PATH with a JSON body (and a bearer token): the status and the body.
// An account made the way a visitor makes one, over HTTP (sign-up, the link in the mail
// the outbox logs, login): its access token.
std::string signed_in_token(const ServerProcess& server, const fs::path& output) {
  const auto [made, made_body] = post_json(
      server.port(), "/api/v1/users",
      R"({"user":{"email":"drill@example.com","password":"drill-passw0rd-2026","username":"drill","prefecture":""}})");
  EXPECT_EQ(made, 201) << made_body;
  const auto verify = wait_for_match(output, std::regex(R"(mode=verifyEmail&token=([A-Za-z0-9_\-]+))"));
  EXPECT_FALSE(verify.empty());
  const auto [verified, verified_body] =
      post_json(server.port(), "/api/v1/auth/verify-email", R"({"token":")" + verify + R"("})");
  EXPECT_EQ(verified, 200) << verified_body;
  const auto [logged_in, session] = post_json(server.port(), "/api/v1/auth/login",
                                              R"({"email":"drill@example.com","password":"drill-passw0rd-2026"})");
  EXPECT_EQ(logged_in, 200) << session;
  std::smatch m;
  return std::regex_search(session, m, std::regex(R"re("access_token":"([^"]+)")re")) ? m[1].str() : "";
}

TEST_F(BackupDrill, ABackupTakenWhileWritersWriteRestoresIntoAServerThatServesIt) {
  const auto live_db = live / "pokeca.db";
  // The live server, with limits wide enough for two writers reporting as fast as they can.
  const auto live_output = dir.path() / "live.out";
  ServerProcess live_server(
      live, live_output, {"--rate-limits", "write_ip=1000000/60,write_account=1000000/60,purchase_account=1000000/60"});
  ASSERT_NE(live_server.port(), 0);
  const auto token = signed_in_token(live_server, live_output);
  ASSERT_FALSE(token.empty());

  std::atomic<bool> stop{false};
  std::atomic<int> written{0};
  std::atomic<int> refused{0};
  std::vector<std::thread> writers;
  for (int w = 0; w < 2; ++w)
    writers.emplace_back([&, w] {
      for (int i = 0; !stop; ++i) {
        const auto store = std::to_string(1 + (i + w) % 6);  // the sample's stores
        const auto kind = i % 3 == 0 ? "sold_out" : "bought";
        const auto [status, body] =
            post_json(live_server.port(), "/api/v1/purchases",
                      R"({"store_id":)" + store + R"(,"kind":")" + kind + R"(","product":"pack"})", token);
        if (status == 201)
          ++written;
        else
          ++refused;
      }
    });
  while (written < 50 && refused == 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ASSERT_EQ(refused, 0);
  const int before_backup = written;
  const auto backup = dir.path() / "backup";
  const int backed_up = run_server_command({"backup", backup.string(), "--data-dir", live.string()});
  const int after_backup = written;
  while (written < after_backup + 50) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  stop = true;
  for (auto& t : writers) t.join();
  ASSERT_EQ(backed_up, 0);
  EXPECT_EQ(refused, 0);

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
  EXPECT_EQ(read_whole_file(restored / std::string(crypto::kSigningKeyFileName)), key);

  ServerProcess server(restored, dir.path() / "server.out");
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
  EXPECT_EQ(read_whole_file(taken / "something"), "x");
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
