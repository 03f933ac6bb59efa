#include <gtest/gtest.h>

#include "pokeca/storage/sqlite_meta_repository.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

TEST(MetaRepository, GetSetAndOverwrite) {
  testing::TempDir dir;
  Database db(dir.path() / "meta.db");
  SqliteMetaRepository meta(db);
  EXPECT_EQ(meta.get("demo_loaded").value(), std::nullopt);
  ASSERT_TRUE(meta.set("demo_loaded", "2025-11-21"));
  EXPECT_EQ(meta.get("demo_loaded").value(), "2025-11-21");
  ASSERT_TRUE(meta.set("demo_loaded", ""));
  EXPECT_EQ(meta.get("demo_loaded").value(), "");
}

}  // namespace
}  // namespace pokeca::storage
