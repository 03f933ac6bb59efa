// Store search through core's StoreSearchRepository port (a backend contract test,
// backend.hpp): every word group must match the name in one of its spellings, words of 3+
// characters through the backend's index, shorter ones through the bounded scan, places as a
// municipality or an area around a point; hidden stores never, and the limit holds.
#include <gtest/gtest.h>

#include <algorithm>

#include "backend.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::ids_of;
using testing::make_store;

template <class Backend>
class StoreSearchContract : public testing::BackendTest<Backend> {
 protected:
  StoreSearchContract() {
    auto ikebukuro = make_store(1, "ポケモンセンターメガトウキョー", "pokemon_center", "tokyo", {35.7289, 139.7193});
    ikebukuro.city = "豊島区";
    auto umeda = make_store(2, "ヨドバシカメラ マルチメディア梅田", "electronics", "osaka", {34.7040, 135.4960});
    umeda.city = "大阪市";
    auto shinjuku = make_store(3, "カードラボ新宿店", "card_shop", "tokyo", {35.6938, 139.7036});
    auto mejiro = make_store(4, "ポケモンカード専門店 目白", "card_shop", "tokyo", {35.7210, 139.7066});
    mejiro.city = "豊島区";
    auto far = make_store(5, "ポケモンカード館 渋谷", "card_shop", "tokyo", {35.6580, 139.7016});
    far.city = "渋谷区";
    EXPECT_TRUE(this->stores.insert_many(std::vector{ikebukuro, umeda, shinjuku, mejiro, far}));
  }

  void sql(const std::string& text) { ASSERT_TRUE(this->backend.exec_sql(text)); }
};
TYPED_TEST_SUITE(StoreSearchContract, testing::SearchBackends, testing::BackendName);

TYPED_TEST(StoreSearchContract, SearchUsesTheTrigramIndexShortWordsAndPlaces) {
  const auto names = [&](NameSearch q) {
    auto found = this->search.search(q).value();
    auto ids = ids_of(found);
    std::sort(ids.begin(), ids.end());
    return ids;
  };
  NameSearch q;
  q.name_groups = {{"ポケモン"}};
  EXPECT_EQ(names(q), (std::vector<StoreId>{1, 4, 5}));
  q.name_groups = {{"ぽけもん", "ポケモン"}, {"カード"}};  // two words narrow; spellings widen
  EXPECT_EQ(names(q), (std::vector<StoreId>{4, 5}));
  q.name_groups = {{"梅田"}};  // two characters: no trigram, still found
  EXPECT_EQ(names(q), (std::vector<StoreId>{2}));
  q.name_groups = {{"ヨドバシ"}};
  EXPECT_EQ(names(q), (std::vector<StoreId>{2}));
  // Short words only: the scan looks through the first short_query_scan_rows active stores.
  q.name_groups = {{"梅田"}};
  const auto first_two = this->backend.search_scanning(2);  // stores 1 and 2
  EXPECT_EQ(ids_of(first_two->search(q).value()), (std::vector<StoreId>{2}));
  const auto first_one = this->backend.search_scanning(1);  // store 1 only
  EXPECT_TRUE(first_one->search(q).value().empty());
  // In a municipality.
  q.name_groups = {{"ポケモン"}};
  q.place = SearchPlace{"豊島区", "tokyo", "豊島区", {35.7362, 139.7142}, false};
  EXPECT_EQ(names(q), (std::vector<StoreId>{1, 4}));
  // Near an area (2 km): 目白 is 1.3 km from 池袋 station, 渋谷 is not.
  q.place = SearchPlace{"池袋", "tokyo", "豊島区", {35.7295, 139.7109}, true};
  EXPECT_EQ(names(q), (std::vector<StoreId>{1, 4}));
  // Hidden stores are never found; the limit holds.
  this->sql("UPDATE stores SET status = 'hidden' WHERE id = 4");
  EXPECT_EQ(names(q), (std::vector<StoreId>{1}));
  q.place.reset();
  q.limit = 1;
  EXPECT_EQ(names(q).size(), 1U);
}

TYPED_TEST(StoreSearchContract, AsciiCaseIsIgnoredAndPatternCharactersAreLiteral) {
  std::vector<Store> more;
  more.push_back(make_store(6, "Card Shop (100%) TOKYO", "card_shop", "tokyo", {35.68, 139.76}));
  more.push_back(make_store(7, "ＴＳＵＴＡＹＡ 上野店", "other", "tokyo", {35.71, 139.77}));
  ASSERT_TRUE(this->stores.insert_many(more));
  const auto ids = [&](std::vector<std::vector<std::string>> groups) {
    NameSearch q;
    q.name_groups = std::move(groups);
    return ids_of(this->search.search(q).value());
  };
  EXPECT_EQ(ids({{"card shop"}}), (std::vector<StoreId>{6}));
  EXPECT_EQ(ids({{"(100%)"}}), (std::vector<StoreId>{6}));
  EXPECT_EQ(ids({{"tokyo"}, {"card"}}), (std::vector<StoreId>{6}));
  EXPECT_TRUE(ids({{"c.rd"}}).empty());      // "." is a dot, not any character
  EXPECT_TRUE(ids({{"100_"}}).empty());      // "_" is an underscore
  EXPECT_TRUE(ids({{"shop|xyz"}}).empty());  // "|" is a bar, not an alternative
  // Only ASCII letters fold: full-width ones are matched as written, on every backend.
  EXPECT_EQ(ids({{"ＴＳＵＴＡＹＡ"}}), (std::vector<StoreId>{7}));
  EXPECT_TRUE(ids({{"ｔｓｕｔａｙａ"}}).empty());
}

}  // namespace
}  // namespace pokeca::storage
