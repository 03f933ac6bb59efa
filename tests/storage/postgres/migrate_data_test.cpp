// Moving a site from SQLite to PostgreSQL (migrate-data): the rows, the photo files and the
// key file arrive and PostgreSQL's repositories read them; a target that is not empty is
// refused; a failure halfway leaves the target empty. Needs a server (pg_virtualenv).
#include "pokeca/storage/postgres/migrate_data.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <fstream>
#include <span>
#include <string>
#include <vector>

#include "backend.hpp"
#include "pokeca/crypto/sodium_token_crypto.hpp"
#include "pokeca/storage/postgres/shared_secret.hpp"
#include "pokeca/storage/sqlite/connection.hpp"
#include "pokeca/storage/sqlite/storage_error.hpp"
#include "pokeca/testing/temp_dir.hpp"
#include "postgres_backend.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage::postgres {
namespace {

using storage::testing::kNow;
using storage::testing::make_report;
using storage::testing::make_store;
namespace fs = std::filesystem;

constexpr std::size_t kKeyBytes = 32;

std::span<const std::byte> bytes_of(const std::string& s) { return std::as_bytes(std::span(s.data(), s.size())); }

// A small site on SQLite: two stores, a report, an account, a photo and a key file.
struct SqliteSite {
  explicit SqliteSite(const fs::path& dir) : dir_(dir) {
    storage::testing::SqliteBackend site(dir);
    EXPECT_TRUE(site.stores().insert_many(
        std::vector{make_store(1, "カードラボ新宿店", "card_shop", "tokyo", {35.6938, 139.7036}),
                    make_store(7, "ヨドバシカメラ マルチメディア梅田", "electronics", "osaka", {34.7040, 135.4960})}));
    const auto report = site.reports().insert(make_report(7, kNow - 600)).value();
    user = site.users().create({"alice@example.com", "ピカ", "東京都", "hash", kNow}).value().id;
    EXPECT_TRUE(site.confirmations().answer({report.id, user, ConfirmationAnswer::kGone, kNow - 60}));
    photo = site.photos().put(bytes_of(photo_bytes)).value();
    std::ofstream(dir / "signing.key", std::ios::binary) << key;
    std::ofstream(dir / "vapid.key", std::ios::binary) << vapid;
  }
  [[nodiscard]] MigrationSource source() const {
    return {.database = dir_ / "pokeca.db",
            .photo_dir = dir_ / "photos",
            .signing_key = dir_ / "signing.key",
            .vapid_key = dir_ / "vapid.key"};
  }
  fs::path dir_;
  std::string photo_bytes = std::string("\xff\xd8\xff\xe0 not really a JPEG \x00\x01\xff\xd9", 26);
  std::string key = std::string(kKeyBytes, '\x5a');
  std::string vapid = std::string(32, '\x3c');
  UserId user = 0;
  std::string photo;
};

const CopiedTable& table(const MigrationReport& report, std::string_view name) {
  const auto it = std::ranges::find(report.tables, name, &CopiedTable::name);
  EXPECT_NE(it, report.tables.end()) << name;
  return *it;
}

std::int64_t rows_in(const std::string& conninfo, const std::string& table) {
  Connection c(conninfo);
  return c.query("SELECT count(*) FROM " + table).value().int64(0, 0);
}

TEST(PostgresMigrateData, EveryRowPhotoAndTheKeyArriveAndPostgresRepositoriesReadThem) {
  pokeca::testing::TempDir from, to;
  const SqliteSite site(from.path());
  const auto conninfo = storage::testing::postgres_conninfo_for(to.path());

  const auto report = migrate_data(site.source(), conninfo, crypto::sha256_hex);
  for (const auto& t : report.tables) {
    EXPECT_EQ(t.source_rows, t.target_rows) << t.name;
    EXPECT_EQ(t.source_checksum, t.target_checksum) << t.name;
  }
  EXPECT_EQ(table(report, "stores").target_rows, 2);
  EXPECT_EQ(table(report, "purchase_reports").target_rows, 1);
  EXPECT_EQ(table(report, "users").target_rows, 1);
  EXPECT_EQ(table(report, "report_confirmations").target_rows, 1);
  EXPECT_EQ(table(report, "photos").target_rows, 1);
  EXPECT_EQ(table(report, "server_secrets").target_rows, 2);  // the signing key and the VAPID key
  EXPECT_NE(table(report, "stores").target_checksum, table(report, "users").target_checksum);

  storage::testing::PostgresBackend moved(to.path());  // the same schema, as a server opens it
  const auto umeda = moved.stores().find(7).value();
  ASSERT_TRUE(umeda);
  EXPECT_EQ(umeda->name, "ヨドバシカメラ マルチメディア梅田");
  EXPECT_DOUBLE_EQ(umeda->location.lat, 34.7040);
  EXPECT_EQ(umeda->last_report_at, kNow - 60);  // derived columns come as they were (the answer's)
  EXPECT_EQ(umeda->last_report_kind, ReportKind::kSoldOut);
  const auto alice = moved.users().find_by_email("alice@example.com").value();
  ASSERT_TRUE(alice);
  EXPECT_EQ(alice->id, site.user);
  EXPECT_EQ(moved.photos().read(site.photo).value(), site.photo_bytes);
  // Tokens signed before the move stay valid: the servers read the same key.
  Database db(conninfo);
  EXPECT_EQ(
      load_or_create_secret(db, kSigningKeySecret, kKeyBytes, [](std::size_t n) { return std::string(n, '\x01'); }),
      site.key);
  // Push subscriptions stay valid: the servers sign with the same VAPID key.
  EXPECT_EQ(load_or_create_secret(db, kVapidKeySecret, 32, [](std::size_t n) { return std::string(n, '\x01'); }),
            site.vapid);
  // New rows get ids after the copied ones.
  const auto bob = moved.users().create({"bob@example.com", "ピカ", "大阪府", "hash", kNow}).value();
  EXPECT_GT(bob.id, site.user);
}

TEST(PostgresMigrateData, ATargetThatIsNotEmptyIsRefusedAndLeftAsItWas) {
  pokeca::testing::TempDir from, to;
  const SqliteSite site(from.path());
  const auto conninfo = storage::testing::postgres_conninfo_for(to.path());
  (void)migrate_data(site.source(), conninfo, crypto::sha256_hex);
  try {
    (void)migrate_data(site.source(), conninfo, crypto::sha256_hex);
    FAIL() << "a second copy was accepted";
  } catch (const StorageError& e) {
    EXPECT_NE(std::string(e.what()).find("not empty"), std::string::npos) << e.what();
  }
  EXPECT_EQ(rows_in(conninfo, "stores"), 2);
  EXPECT_EQ(rows_in(conninfo, "photos"), 1);
}

TEST(PostgresMigrateData, AFailureHalfwayLeavesTheTargetEmpty) {
  pokeca::testing::TempDir from, to;
  const SqliteSite site(from.path());
  // A photo damaged on disk: found after every table is copied, inside the same transaction.
  const auto file = site.source().photo_dir / site.photo.substr(0, 2) / (site.photo + ".jpg");
  ASSERT_TRUE(fs::exists(file));
  std::ofstream(file, std::ios::binary | std::ios::app) << "x";
  const auto conninfo = storage::testing::postgres_conninfo_for(to.path());
  try {
    (void)migrate_data(site.source(), conninfo, crypto::sha256_hex);
    FAIL() << "a damaged photo was copied";
  } catch (const StorageError& e) {
    EXPECT_NE(std::string(e.what()).find("does not match"), std::string::npos) << e.what();
  }
  EXPECT_EQ(rows_in(conninfo, "stores"), 0);
  EXPECT_EQ(rows_in(conninfo, "users"), 0);
  EXPECT_EQ(rows_in(conninfo, "photos"), 0);
  // Fixed, the same target takes the copy.
  fs::remove(file);
  EXPECT_EQ(table(migrate_data(site.source(), conninfo, crypto::sha256_hex), "stores").target_rows, 2);
}

TEST(PostgresMigrateData, ASqliteFileOfAnotherSchemaOrNoneIsRefused) {
  pokeca::testing::TempDir from, to;
  const auto conninfo = storage::testing::postgres_conninfo_for(to.path());
  MigrationSource missing{.database = from.path() / "none.db", .photo_dir = {}, .signing_key = {}, .vapid_key = {}};
  EXPECT_THROW((void)migrate_data(missing, conninfo, crypto::sha256_hex), StorageError);
  const SqliteSite site(from.path());
  {
    storage::Connection old(from.path() / "pokeca.db", {});
    ASSERT_TRUE(old.exec("PRAGMA user_version = 3"));
  }
  try {
    (void)migrate_data(site.source(), conninfo, crypto::sha256_hex);
    FAIL() << "an old schema was copied";
  } catch (const StorageError& e) {
    EXPECT_NE(std::string(e.what()).find("start this program's server on it once"), std::string::npos) << e.what();
  }
  // Refused before the target was touched: not even its schema was made.
  EXPECT_EQ(rows_in(conninfo, "information_schema.tables WHERE table_schema = current_schema()"), 0);
}

}  // namespace
}  // namespace pokeca::storage::postgres
