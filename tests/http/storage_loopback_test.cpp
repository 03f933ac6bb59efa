// The whole read path on real parts: HttpServer → Router → StoreService → SQLite
// repositories in a temp dir, over a loopback socket.
#include <algorithm>

#include "contribution_fakes.hpp"
#include "loopback_server.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/sqlite_report_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_store_repository.hpp"
#include "real_accounts.hpp"
#include "router_fixture.hpp"
#include "test_client.hpp"

namespace pokeca::testing {
namespace {

namespace json = boost::json;
using http::Status;

TEST(StorageLoopback, ReadApiOverRealSqlite) {
  TempDir dir;
  storage::Database db(dir.path() / "pokeca.db");
  storage::SqliteStoreRepository stores(db);
  storage::SqliteReportRepository reports(db);
  const auto seed = sample_stores();
  ASSERT_TRUE(stores.insert_many(seed));
  const auto seeded_reports = sample_reports();
  ASSERT_TRUE(reports.insert_many(seeded_reports));

  FakeClock clock;
  StoreService service(stores, reports, clock);
  RealAccounts accounts(db, clock);
  FakeContributions fakes(stores, reports, accounts.limiter, clock);
  LoopbackServer server(fakes.services(service, accounts.auth));

  TestClient c(server.port());  // one keep-alive connection for every call
  const auto data = [&](std::string_view target) {
    const auto res = c.get(target);
    EXPECT_EQ(res.result(), Status::ok) << target << " " << res.body();
    return json::parse(res.body()).at("data");
  };
  EXPECT_EQ(data("/api/v1/healthz").at("stores"), 3);

  const auto tokyo = data("/api/v1/stores?prefecture=tokyo").as_array();
  ASSERT_EQ(tokyo.size(), 2u);
  EXPECT_EQ(tokyo[0].at("prefecture_name"), "東京都");

  const auto near = data("/api/v1/stores?lat=35.658&lng=139.7016&radius_km=5").as_array();
  ASSERT_FALSE(near.empty());
  EXPECT_EQ(near[0].at("id"), 2);
  EXPECT_TRUE(near[0].as_object().contains("distance_km"));

  const auto detail = data("/api/v1/stores/1");
  EXPECT_EQ(detail.at("name"), "カードショップ新宿");
  ASSERT_EQ(detail.at("recent_reports").as_array().size(), 2u);
  EXPECT_EQ(detail.at("recent_reports").as_array()[0].at("limit_note"), "1人5パックまで");

  const auto timeline = data("/api/v1/purchases/timeline").as_array();
  ASSERT_EQ(timeline.size(), 2u);
  EXPECT_EQ(timeline[0].at("store").at("prefecture"), "東京都");

  const auto prefectures = data("/api/v1/prefectures").at("prefectures").as_array();
  const auto osaka = std::find_if(prefectures.begin(), prefectures.end(),
                                  [](const json::value& p) { return p.at("code") == "osaka"; });
  ASSERT_NE(osaka, prefectures.end());
  EXPECT_EQ(osaka->at("store_count"), 1);

  EXPECT_EQ(data("/api/v1/stores/clusters?bbox=139.6,35.6,139.8,35.7&zoom=16").at("stores").as_array().size(), 2u);
  EXPECT_EQ(data("/api/v1/stats/summary").at("store_count"), 3);
  EXPECT_EQ(c.get("/api/v1/stores/4").result(), Status::not_found);  // hidden
}

}  // namespace
}  // namespace pokeca::testing
