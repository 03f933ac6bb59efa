// A site moved to PostgreSQL answers as it did on SQLite: the demo site (12,000 stores, their
// reports, lotteries) is served from its SQLite file, copied with `migrate-data` into a
// throw-away PostgreSQL database (pg_virtualenv, see CMakeLists.txt) and served from there by
// a second server; the map's reads — box lists, clusters at zoom 5, 10 and 14 with and
// without filters, store details — must be byte-identical. Both servers run at once and each
// URL is asked of both back to back, so the 24 h filter's cut-off is the same second on both.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "pokeca/testing/temp_dir.hpp"
#include "postgres_drill.hpp"
#include "server_process.hpp"

namespace pokeca {
namespace {
namespace fs = std::filesystem;
using testing::run_server_command;
using testing::ServerProcess;
using testing::TempDir;
using testing::ThrowAwayDatabase;

// The views a phone's map asks for: all Japan, the Kantō plain, a part of Tokyo, a few
// streets of Shinjuku (markers), and the cut lists of a city and of a wide box.
const std::vector<std::string> kViews = {
    "/api/v1/stores/clusters?bbox=122.0,24.0,154.0,46.0&zoom=5",
    "/api/v1/stores/clusters?bbox=138.9,35.2,140.6,36.2&zoom=10",
    "/api/v1/stores/clusters?bbox=139.60,35.62,139.80,35.74&zoom=12",
    "/api/v1/stores/clusters?bbox=139.69,35.685,139.71,35.695&zoom=14",
    "/api/v1/stores?bbox=139.60,35.62,139.80,35.74",
    "/api/v1/stores?bbox=135.0,34.0,140.0,37.0",
    "/api/v1/stores?prefecture=osaka",
    "/api/v1/prefectures",
};
const std::vector<std::string> kFilters = {"", "&reported_within_hours=24", "&type=card_shop",
                                           "&product=boxes&reported_within_hours=72", "&lottery=open"};

// Where two answers part, briefly: a whole answer is up to 100 kB.
std::string first_difference(const std::string& a, const std::string& b) {
  std::size_t at = 0;
  while (at < a.size() && at < b.size() && a[at] == b[at]) ++at;
  const auto from = at < 80 ? 0 : at - 80;
  return "sizes " + std::to_string(a.size()) + " / " + std::to_string(b.size()) + ", first difference at " +
         std::to_string(at) + ":\n  " + a.substr(from, 200) + "\n  " + b.substr(from, 200);
}

std::string with_filter(const std::string& view, const std::string& filter) {
  if (filter.empty() || view.ends_with("/prefectures")) return view;
  return view + filter;
}

TEST(MovedSite, ServesTheSameMapAndDetailsFromPostgres) {
  TempDir dir;
  ThrowAwayDatabase db("pokeca_moved_");
  ServerProcess sqlite(dir.path() / "sqlite", dir.path() / "sqlite.out", {"--demo-data", "true"});
  ASSERT_NE(sqlite.port(), 0) << testing::read_whole_file(dir.path() / "sqlite.out");
  ASSERT_EQ(
      run_server_command({"migrate-data", "--from", (dir.path() / "sqlite" / "pokeca.db").string(), "--to", db.url()}),
      0);
  ServerProcess postgres(dir.path() / "pg", dir.path() / "pg.out", {"--database-url", db.url()});
  ASSERT_NE(postgres.port(), 0) << testing::read_whole_file(dir.path() / "pg.out");

  std::set<std::string> store_ids;
  const std::regex store_id(R"re(\{"id":([0-9]+),"name")re");
  int compared = 0;
  for (const auto& view : kViews)
    for (const auto& filter : kFilters) {
      const auto url = with_filter(view, filter);
      const auto from_sqlite = sqlite.get(url);
      const auto from_postgres = postgres.get(url);
      ASSERT_FALSE(from_sqlite.empty()) << url;
      EXPECT_TRUE(from_postgres == from_sqlite) << url << ": " << first_difference(from_sqlite, from_postgres);
      ++compared;
      for (std::sregex_iterator m(from_sqlite.begin(), from_sqlite.end(), store_id), end;
           m != end && store_ids.size() < 60; ++m)
        store_ids.insert((*m)[1].str());
    }
  // The details of stores the views showed (with reports, sale terms and lotteries among them).
  ASSERT_GE(store_ids.size(), 20U);
  for (const auto& id : store_ids) {
    const auto url = "/api/v1/stores/" + id;
    const auto from_sqlite = sqlite.get(url);
    ASSERT_FALSE(from_sqlite.empty()) << url;
    const auto from_postgres = postgres.get(url);
    EXPECT_TRUE(from_postgres == from_sqlite) << url << ": " << first_difference(from_sqlite, from_postgres);
  }
  // The views were not empty: the demo site was moved, not an empty one.
  EXPECT_NE(sqlite.get(kViews[0]).find("\"clusters\":[{"), std::string::npos);
  EXPECT_EQ(compared, static_cast<int>(kViews.size() * kFilters.size()));
}

}  // namespace
}  // namespace pokeca
