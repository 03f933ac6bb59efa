// The open data export is written to disk page by page, rebuilt (in the
// background) only when the data changed and the file is due, and sent from the file in pieces (with its gzip
// copy, ETag, 304 and HEAD) over a real socket, on real SQLite.
#include <atomic>
#include <fstream>
#include <sstream>

#include <boost/json/parse.hpp>

#include "contribution_fakes.hpp"
#include "endpoints/export/open_data_export.hpp"
#include "gunzip.hpp"
#include "loopback_server.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/sqlite_report_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_store_catalog.hpp"
#include "pokeca/storage/sqlite/sqlite_store_repository.hpp"
#include "real_accounts.hpp"
#include "router_fixture.hpp"
#include "test_client.hpp"

namespace pokeca::testing {
namespace {

namespace fs = std::filesystem;
using http::Status;
using http::bhttp::field;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return std::move(out).str();
}

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

void hide_store(storage::Database& db, StoreId id) {
  auto lease = db.acquire();
  ASSERT_TRUE(lease.connection().exec("UPDATE stores SET status = 'hidden' WHERE id = " + std::to_string(id)));
}

TEST(OpenDataExport, RebuildsOnlyWhenTheDataChangedAndTheFileIsDue) {
  TempDir dir;
  storage::Database db(dir.path() / "pokeca.db");
  storage::SqliteStoreRepository stores(db);
  ASSERT_TRUE(stores.insert_many(sample_stores()));
  storage::SqliteStoreCatalog catalog(db);
  UnixSeconds now = kTestNow;
  http::OpenDataExport open_data(
      catalog, dir.path() / "export", [&db] { return db.write_generation(); }, [&now] { return now; });

  auto first = open_data.files(ExportFormat::kCsv);
  ASSERT_TRUE(first) << first.error().cause();
  const auto text = read_file(first->plain);
  EXPECT_TRUE(contains(text, "カードショップ新宿"));
  EXPECT_FALSE(contains(text, "非公開の店"));  // hidden stores are not open data
  EXPECT_TRUE(contains(text, "ODbL-1.0"));
  EXPECT_EQ(gunzip(read_file(first->gzip)), text);
  EXPECT_EQ(first->generated_at, kTestNow);
  EXPECT_FALSE(fs::is_empty(dir.path() / "export"));
  for (const auto& entry : fs::directory_iterator(dir.path() / "export"))
    EXPECT_NE(entry.path().extension(), ".tmp") << entry.path();  // no partial file left

  // A write: the files are kept until they are due; then a request starts a rebuild in
  // the background and is still answered at once with the files there are.
  hide_store(db, 1);
  now += kOpenDataRefreshSeconds - 1;
  auto kept = open_data.files(ExportFormat::kCsv);
  ASSERT_TRUE(kept);
  open_data.wait_idle();
  EXPECT_EQ(open_data.files(ExportFormat::kCsv)->generated_at, kTestNow);  // not due: no rebuild started
  EXPECT_TRUE(contains(read_file(kept->plain), "カードショップ新宿"));
  now += 1;
  auto due = open_data.files(ExportFormat::kCsv);
  ASSERT_TRUE(due);
  EXPECT_EQ(due->generated_at, kTestNow);
  open_data.wait_idle();
  auto rebuilt = open_data.files(ExportFormat::kCsv);
  ASSERT_TRUE(rebuilt);
  EXPECT_EQ(rebuilt->generated_at, now);
  EXPECT_FALSE(contains(read_file(rebuilt->plain), "カードショップ新宿"));
  EXPECT_FALSE(contains(gunzip(read_file(rebuilt->gzip)), "カードショップ新宿"));

  // No write since: never rebuilt, however old.
  now += 10 * kOpenDataRefreshSeconds;
  (void)open_data.files(ExportFormat::kCsv);
  open_data.wait_idle();
  auto same = open_data.files(ExportFormat::kCsv);
  ASSERT_TRUE(same);
  EXPECT_EQ(same->generated_at, rebuilt->generated_at);

  // Each format has its own file.
  auto geojson = open_data.files(ExportFormat::kGeoJson);
  ASSERT_TRUE(geojson);
  EXPECT_NE(geojson->plain, same->plain);
  EXPECT_EQ(boost::json::parse(read_file(geojson->plain)).at("features").as_array().size(), 2u);
}

TEST(OpenDataExport, AFailedBuildIsAnInternalErrorWithItsCause) {
  TempDir dir;
  storage::Database db(dir.path() / "pokeca.db");
  storage::SqliteStoreRepository stores(db);
  ASSERT_TRUE(stores.insert_many(sample_stores()));
  storage::SqliteStoreCatalog catalog(db);
  const auto blocked = dir.path() / "not-a-dir";
  std::ofstream(blocked) << "a file where the export directory should be";
  http::OpenDataExport open_data(
      catalog, blocked / "export", [&db] { return db.write_generation(); }, [] { return kTestNow; });
  auto files = open_data.files(ExportFormat::kCsv);
  ASSERT_FALSE(files);
  EXPECT_EQ(files.error().code, ErrorCode::kInternal);
  EXPECT_TRUE(contains(files.error().cause(), "export dir")) << files.error().cause();
}

// Enough stores for a file of several hundred KB, so the server sends it in many pieces.
std::vector<Store> many_stores(int count) {
  std::vector<Store> out;
  out.reserve(static_cast<std::size_t>(count));
  for (int i = 1; i <= count; ++i)
    out.push_back(sample_store(i, "テスト店" + std::to_string(i), "card_shop", "tokyo", "千代田区",
                               35.6 + (i % 1000) * 1e-4, 139.7 + (i / 1000) * 1e-4));
  return out;
}

TEST(OpenDataExportLoopback, SendsTheFileAndItsGzipCopyInPiecesWithTagsAndHead) {
  constexpr int kStores = 5'000;
  TempDir dir;
  storage::Database db(dir.path() / "pokeca.db");
  storage::SqliteStoreRepository stores(db);
  storage::SqliteReportRepository reports(db);
  ASSERT_TRUE(stores.insert_many(many_stores(kStores)));
  storage::SqliteStoreCatalog catalog(db);
  FakeClock clock;
  StoreService service(stores, reports, clock);
  RealAccounts accounts(db, clock);
  FakeContributions fakes(stores, reports, accounts.limiter, clock);
  http::RouterConfig router_config;
  router_config.read_model = response_cache_over(db);
  router_config.catalog = &catalog;
  router_config.export_dir = dir.path() / "export";
  LoopbackServer server(fakes.services(service, accounts.auth), router_config);

  TestClient c(server.port());  // one keep-alive connection: each reply must end cleanly
  const auto csv = c.get("/api/v1/export/stores.csv");
  ASSERT_EQ(csv.result(), Status::ok);
  EXPECT_EQ(csv[field::content_type], "text/csv; charset=utf-8");
  EXPECT_EQ(csv[field::content_disposition], "attachment; filename=\"pokeca-stores.csv\"");
  EXPECT_EQ(csv[field::vary], "Accept-Encoding");
  EXPECT_EQ(csv[field::cache_control], "no-cache");
  EXPECT_FALSE(csv[field::last_modified].empty());
  EXPECT_EQ(csv.body(), read_file(dir.path() / "export" / "stores.csv"));
  EXPECT_GT(csv.body().size(), 100u * 4096);  // over a hundred of file_body's 4 KiB pieces
  EXPECT_TRUE(csv.body().starts_with("# © ポケカ販売店マップ"));
  EXPECT_TRUE(contains(csv.body(), "\r\n5000,テスト店5000,card_shop,"));
  const auto etag = std::string(csv[field::etag]);
  ASSERT_FALSE(etag.empty());

  http::Request gz_req{http::bhttp::verb::get, "/api/v1/export/stores.csv", 11};
  gz_req.set(field::accept_encoding, "gzip, deflate, br");
  ASSERT_FALSE(c.send(gz_req));
  auto [gz_ec, gz] = c.receive();
  ASSERT_FALSE(gz_ec);
  EXPECT_EQ(gz[field::content_encoding], "gzip");
  EXPECT_LT(gz.body().size(), csv.body().size() / 3);
  EXPECT_EQ(gunzip(gz.body()), csv.body());
  EXPECT_NE(gz[field::etag], etag);  // each encoding its own tag

  http::Request again{http::bhttp::verb::get, "/api/v1/export/stores.csv", 11};
  again.set(field::if_none_match, etag);
  ASSERT_FALSE(c.send(again));
  auto [again_ec, not_modified] = c.receive();
  ASSERT_FALSE(again_ec);
  EXPECT_EQ(not_modified.result(), Status::not_modified);
  EXPECT_TRUE(not_modified.body().empty());

  const auto head = c.get("/api/v1/export/stores.csv", http::bhttp::verb::head);
  EXPECT_EQ(head.result(), Status::ok);
  EXPECT_EQ(head[field::content_length], std::to_string(csv.body().size()));

  const auto geojson = c.get("/api/v1/export/stores.geojson");
  ASSERT_EQ(geojson.result(), Status::ok);
  EXPECT_EQ(geojson[field::content_type], "application/geo+json");
  EXPECT_EQ(boost::json::parse(geojson.body()).at("features").as_array().size(), static_cast<std::size_t>(kStores));
}

}  // namespace
}  // namespace pokeca::testing
