// The FTS5 trigram index on store names, queried directly (no port method yet).
#include <gtest/gtest.h>

#include "pokeca/storage/sqlite/statement.hpp"
#include "sqlite_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::make_store;

class NameSearch : public testing::StorageTest {
 protected:
  std::vector<StoreId> search(std::string_view text) {
    auto lease = db.acquire();
    Statement st(lease.connection(), "SELECT rowid FROM stores_fts WHERE stores_fts MATCH :q ORDER BY rowid");
    // A quoted phrase: trigram matches it as a substring anywhere in the name.
    std::vector<StoreId> ids;
    auto ok =
        st.bind_text(":q", "\"" + std::string(text) + "\"").each([&](const Row& row) { ids.push_back(row.int64(0)); });
    EXPECT_TRUE(ok) << (ok ? "" : ok.error().detail);
    return ids;
  }
};

TEST_F(NameSearch, FindsAJapaneseSubstring) {
  auto seven = make_store(1, "セブン-イレブン新宿駅前店", "convenience", "tokyo", {35.69, 139.70});
  seven.external_id = "osm:1";
  ASSERT_TRUE(stores.insert_many(
      std::vector{seven, make_store(2, "ファミリーマート渋谷店", "convenience", "tokyo", {35.66, 139.70}),
                  make_store(3, "カードショップ新宿本店", "card_shop", "tokyo", {35.69, 139.70})}));
  EXPECT_EQ(search("セブン"), (std::vector<StoreId>{1}));
  EXPECT_EQ(search("新宿"), std::vector<StoreId>{});  // two characters: below a trigram
  EXPECT_EQ(search("新宿駅"), (std::vector<StoreId>{1}));
  EXPECT_EQ(search("ショップ新宿"), (std::vector<StoreId>{3}));
  EXPECT_EQ(search("マート"), (std::vector<StoreId>{2}));

  // A rename through the import moves the index with it.
  seven.name = "ローソン新宿駅前店";
  ASSERT_EQ(stores.upsert_by_external_id(seven).value(), UpsertOutcome::kUpdated);
  EXPECT_TRUE(search("セブン").empty());
  EXPECT_EQ(search("ローソン"), (std::vector<StoreId>{1}));
}

}  // namespace
}  // namespace pokeca::storage
