// Database::write_generation: moves on every committed write, never on reads, so the
// HTTP response cache can trust it.
#include <gtest/gtest.h>

#include "sqlite_fixture.hpp"

namespace pokeca::storage::testing {
namespace {

TEST(WriteGeneration, MovesOnWritesNotOnReads) {
  TempDir dir;
  Database db(dir.path() / "pokeca.db");
  SqliteStoreRepository stores(db);
  const auto before = db.write_generation();
  ASSERT_TRUE(stores.count_active());
  ASSERT_TRUE(stores.in_prefecture("tokyo", {}, 10));
  EXPECT_EQ(db.write_generation(), before);
  const std::vector<Store> one{make_store(1, "カードショップ新宿", "card_shop", "tokyo", {35.69, 139.70})};
  ASSERT_TRUE(stores.insert_many(one));
  EXPECT_GT(db.write_generation(), before);
}

}  // namespace
}  // namespace pokeca::storage::testing
