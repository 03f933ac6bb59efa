// The product catalogue's repository, typed over every backend: the list's order and
// filter, one audit row per write in the same transaction, names unique, the cap, the
// decision made on the current row, and the demo catalogue only into an empty one.
#include "backend.hpp"

namespace pokeca::storage {
namespace {

template <class Backend>
class ProductRepositoryContract : public testing::BackendTest<Backend> {
 protected:
  static CatalogProduct product(std::string name, std::string date, bool listed = true) {
    return {.id = 0,
            .name = std::move(name),
            .kind = CatalogProductKind::kPack,
            .release_date = std::move(date),
            .official_url = {},
            .listed = listed,
            .demo = false,
            .created_at = 100,
            .updated_at = 100};
  }
  static AuditRecord audit(std::string_view action) {
    return {.at = 100,
            .actor = 1,
            .action = std::string(action),
            .target = AuditTarget::kProduct,
            .target_id = {},
            .changes = {},
            .note = {}};
  }
  std::vector<std::string> names(bool listed_only) {
    std::vector<std::string> out;
    const auto list = this->products.list(listed_only).value();
    for (const auto& p : list) out.push_back(p.name);
    return out;
  }
};
TYPED_TEST_SUITE(ProductRepositoryContract, testing::ProductBackends, testing::BackendName);

TYPED_TEST(ProductRepositoryContract, ListsNewestReleaseFirstAndListedOnlyWhenAsked) {
  auto& repo = this->products;
  const auto a = repo.insert(this->product("古い", "2024-01-01"), this->audit(audit_action::kProductCreate), 10);
  ASSERT_TRUE(a) << a.error().message;
  EXPECT_GT(a->id, 0);
  ASSERT_TRUE(repo.insert(this->product("新しい", "2025-06-06"), this->audit(audit_action::kProductCreate), 10));
  ASSERT_TRUE(repo.insert(this->product("同じ日", "2025-06-06", false), this->audit(audit_action::kProductCreate), 10));
  // Same day: the newer id first.
  EXPECT_EQ(this->names(false), (std::vector<std::string>{"同じ日", "新しい", "古い"}));
  EXPECT_EQ(this->names(true), (std::vector<std::string>{"新しい", "古い"}));
  const auto found = repo.find(a->id).value();
  ASSERT_TRUE(found);
  EXPECT_EQ(found->name, "古い");
  EXPECT_EQ(found->created_at, 100);
  EXPECT_FALSE(repo.find(a->id + 100).value());
  // Each insert wrote its audit row with the new id.
  EXPECT_EQ(this->backend.audit_of("product").back(), "product.create " + std::to_string(a->id));
  EXPECT_EQ(this->backend.audit_of("product").size(), 3u);
}

TYPED_TEST(ProductRepositoryContract, NamesAreUniqueAndTheCatalogueHasACap) {
  auto& repo = this->products;
  ASSERT_TRUE(repo.insert(this->product("一つ目", "2025-01-01"), this->audit(audit_action::kProductCreate), 2));
  const auto same = repo.insert(this->product("一つ目", "2025-02-01"), this->audit(audit_action::kProductCreate), 2);
  ASSERT_FALSE(same);
  EXPECT_EQ(same.error().code, ErrorCode::kConflict);
  const auto two = repo.insert(this->product("二つ目", "2025-02-01"), this->audit(audit_action::kProductCreate), 2);
  ASSERT_TRUE(two);
  const auto full = repo.insert(this->product("三つ目", "2025-03-01"), this->audit(audit_action::kProductCreate), 2);
  ASSERT_FALSE(full);
  EXPECT_EQ(full.error().code, ErrorCode::kConflict);
  // Renaming onto another product's name is refused, and writes neither row nor audit.
  const auto clash = repo.update(two->id, [&](const CatalogProduct& current) -> Result<ProductChange> {
    auto after = current;
    after.name = "一つ目";
    return ProductChange{after, this->audit(audit_action::kProductUpdate)};
  });
  ASSERT_FALSE(clash);
  EXPECT_EQ(clash.error().code, ErrorCode::kConflict);
  EXPECT_EQ(this->names(false), (std::vector<std::string>{"二つ目", "一つ目"}));
  EXPECT_EQ(this->backend.audit_of("product").size(), 2u);
}

TYPED_TEST(ProductRepositoryContract, AChangeIsDecidedOnTheCurrentRowAndAuditedWithIt) {
  auto& repo = this->products;
  const auto p = repo.insert(this->product("名前", "2025-01-01"), this->audit(audit_action::kProductCreate), 10);
  ASSERT_TRUE(p);
  std::optional<CatalogProduct> seen;
  const auto changed = repo.update(p->id, [&](const CatalogProduct& current) -> Result<ProductChange> {
    seen = current;
    auto after = current;
    after.kind = CatalogProductKind::kBox;
    after.official_url = "https://example.jp/";
    after.listed = false;
    after.updated_at = 200;
    auto record = this->audit(audit_action::kProductUpdate);
    record.target_id = std::to_string(current.id);
    return ProductChange{after, record};
  });
  ASSERT_TRUE(changed) << changed.error().message;
  ASSERT_TRUE(*changed);
  ASSERT_TRUE(seen);
  EXPECT_EQ(seen->kind, CatalogProductKind::kPack);
  EXPECT_EQ((*changed)->kind, CatalogProductKind::kBox);
  EXPECT_EQ((*changed)->official_url, "https://example.jp/");
  EXPECT_FALSE((*changed)->listed);
  EXPECT_EQ((*changed)->created_at, 100);
  EXPECT_EQ((*changed)->updated_at, 200);
  EXPECT_EQ(this->backend.audit_of("product").front(), "product.update " + std::to_string(p->id));

  // A refusing decision writes nothing.
  const auto refused = repo.update(
      p->id, [](const CatalogProduct&) -> Result<ProductChange> { return fail(ErrorCode::kBadRequest, "no"); });
  EXPECT_FALSE(refused);
  EXPECT_EQ(this->backend.audit_of("product").size(), 2u);
  // No such product: nullopt, and the decision is not asked.
  bool asked = false;
  const auto none = repo.update(p->id + 1, [&](const CatalogProduct& c) -> Result<ProductChange> {
    asked = true;
    return ProductChange{c, this->audit(audit_action::kProductUpdate)};
  });
  ASSERT_TRUE(none);
  EXPECT_FALSE(*none);
  EXPECT_FALSE(asked);
}

TYPED_TEST(ProductRepositoryContract, ARemovalIsAuditedFromTheRowItRemoved) {
  auto& repo = this->products;
  const auto p = repo.insert(this->product("消える", "2025-01-01"), this->audit(audit_action::kProductCreate), 10);
  ASSERT_TRUE(p);
  std::string audited_name;
  const auto removed = repo.remove(p->id, [&](const CatalogProduct& gone) {
    audited_name = gone.name;
    auto record = this->audit(audit_action::kProductDelete);
    record.target_id = std::to_string(gone.id);
    return record;
  });
  ASSERT_TRUE(removed);
  EXPECT_TRUE(*removed);
  EXPECT_EQ(audited_name, "消える");
  EXPECT_TRUE(this->names(false).empty());
  EXPECT_EQ(this->backend.audit_of("product").front(), "product.delete " + std::to_string(p->id));
  const auto again =
      repo.remove(p->id, [&](const CatalogProduct&) { return this->audit(audit_action::kProductDelete); });
  ASSERT_TRUE(again);
  EXPECT_FALSE(*again);
  EXPECT_EQ(this->backend.audit_of("product").size(), 2u);
}

TYPED_TEST(ProductRepositoryContract, TheDemoCatalogueGoesOnlyIntoAnEmptyCatalogue) {
  auto& repo = this->products;
  auto demo = this->product("デモ", "2025-01-01");
  demo.demo = true;
  ASSERT_TRUE(repo.insert_demo({demo}));
  const auto listed = repo.list(false).value();
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_TRUE(listed.at(0).demo);
  EXPECT_TRUE(this->backend.audit_of("product").empty());  // nobody did it
  auto other = this->product("また", "2025-02-01");
  ASSERT_TRUE(repo.insert_demo({other}));
  EXPECT_EQ(this->names(false), (std::vector<std::string>{"デモ"}));
}

}  // namespace
}  // namespace pokeca::storage
