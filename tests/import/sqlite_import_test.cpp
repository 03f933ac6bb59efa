// The import against the real SQLite repository (a file in a temporary directory).
#include <gtest/gtest.h>

#include "import_fixture.hpp"
#include "pokeca/import/file_import.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/sqlite_store_repository.hpp"

namespace pokeca::importer {
namespace {

using testing::FixedClock;
using testing::japan;
using testing::TempDir;

constexpr std::string_view kGeoJson = R"({"type": "FeatureCollection", "features": [
  {"type": "Feature", "id": "node/1",
   "properties": {"name": "テストマート 新宿店", "shop": "convenience"},
   "geometry": {"type": "Point", "coordinates": [139.7003, 35.6909]}},
  {"type": "Feature", "id": "way/2",
   "properties": {"name": "テスト電機 梅田店", "shop": "electronics"},
   "geometry": {"type": "Polygon", "coordinates": [[[135.49, 34.70], [135.50, 34.70], [135.50, 34.71], [135.49, 34.70]]]}},
  {"type": "Feature", "id": "node/3",
   "properties": {"shop": "toys"},
   "geometry": {"type": "Point", "coordinates": [139.7, 35.69]}}
]})";

}  // namespace

TEST(SqliteImport, ImportsOnceThenReportsUnchangedThenUpdated) {
  TempDir dir;
  storage::Database db(dir.path() / "pokeca.db");
  storage::SqliteStoreRepository stores(db);
  const auto file = dir.write("shops.geojson", kGeoJson);

  auto first = import_file(file, stores, japan(), FixedClock{});
  ASSERT_TRUE(first) << first.error().message;
  EXPECT_EQ(first->inserted, 2u);
  EXPECT_EQ(first->skipped, 1u);
  ASSERT_EQ(first->skipped_rows.size(), 1u);
  EXPECT_EQ(first->skipped_rows[0].reason, "店名がありません。");

  auto second = import_file(file, stores, japan(), FixedClock{testing::kNow + 3600});
  ASSERT_TRUE(second) << second.error().message;
  EXPECT_EQ(second->inserted, 0u);
  EXPECT_EQ(second->updated, 0u);
  EXPECT_EQ(second->unchanged, 2u);

  auto count = stores.count_active();
  ASSERT_TRUE(count);
  EXPECT_EQ(*count, 2);
  auto tokyo = stores.in_prefecture("tokyo", {}, 10);
  ASSERT_TRUE(tokyo);
  ASSERT_EQ(tokyo->size(), 1u);
  EXPECT_EQ((*tokyo)[0].external_id, "osm:node/1");
  EXPECT_EQ((*tokyo)[0].store_type, "convenience");
  EXPECT_EQ((*tokyo)[0].source, StoreSource::kImport);
  EXPECT_EQ((*tokyo)[0].created_at, testing::kNow);

  std::string changed(kGeoJson);
  changed.replace(changed.find("テスト電機 梅田店"), std::string_view("テスト電機 梅田店").size(),
                  "テスト電機 梅田新店");
  auto third = import_file(dir.write("changed.geojson", changed), stores, japan(), FixedClock{});
  ASSERT_TRUE(third) << third.error().message;
  EXPECT_EQ(third->updated, 1u);
  EXPECT_EQ(third->unchanged, 1u);
  auto osaka = stores.in_prefecture("osaka", {}, 10);
  ASSERT_TRUE(osaka);
  ASSERT_EQ(osaka->size(), 1u);
  EXPECT_EQ((*osaka)[0].name, "テスト電機 梅田新店");
}

}  // namespace pokeca::importer
