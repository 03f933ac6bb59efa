// Lottery entries' repository, typed over every backend: the daily quota, the store and
// catalogue checks, duplicates by store, product and overlapping window, trust from
// approved contributions, the open list's filters and order, and a review with its audit row.
#include "backend.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::make_store;

// 2026-11-28T00:00:00Z
constexpr UnixSeconds kNow = 1'795'824'000;
constexpr UnixSeconds kHour = 3600;

template <class Backend>
class LotteryRepositoryContract : public testing::BackendTest<Backend> {
 protected:
  LotteryRepositoryContract() {
    auto shinjuku = make_store(1, "カードラボ 新宿店", "card_shop", "tokyo", {35.6896, 139.7006});
    auto umeda = make_store(2, "ヨドバシ梅田", "electronics", "osaka", {34.7043, 135.4959});
    auto closed = make_store(3, "閉店した店", "card_shop", "tokyo", {35.70, 139.71});
    closed.status = StoreStatus::kClosed;
    EXPECT_TRUE(this->stores.insert_many(std::vector<Store>{shinjuku, umeda, closed}));
    author = this->users.create({"a@example.com", "サトシ", "", "hash", kNow - 100 * kHour}).value().id;
    other = this->users.create({"b@example.com", "カスミ", "", "hash", kNow - 100 * kHour}).value().id;
    product = this->products
                  .insert({.id = 0,
                           .name = "ブラックボルト",
                           .kind = CatalogProductKind::kPack,
                           .release_date = "2025-06-06",
                           .official_url = {},
                           .listed = true,
                           .demo = false,
                           .created_at = kNow,
                           .updated_at = kNow},
                          AuditRecord{.at = kNow,
                                      .actor = 1,
                                      .action = "product.create",
                                      .target = AuditTarget::kProduct,
                                      .target_id = {},
                                      .changes = {},
                                      .note = {}},
                          10)
                  .value()
                  .id;
  }

  LotteryEntry entry(StoreId store, UnixSeconds start, UnixSeconds end, std::string name = "熱風のアリーナ") {
    LotteryEntry e;
    e.store_id = store;
    e.product_name = std::move(name);
    e.methods = static_cast<unsigned>(LotteryMethod::kWeb);
    e.apply_start = start;
    e.apply_end = end;
    e.author_id = author;
    e.created_at = e.updated_at = kNow;
    return e;
  }
  static LotteryInsertRules rules(std::int64_t trusted = 3, std::int64_t per_day = 20) {
    return {.now = kNow, .max_per_day = per_day, .trusted_approvals = trusted, .points = 1};
  }
  std::vector<LotteryId> open_ids(const LotteryFilter& filter = {}, UnixSeconds now = kNow) {
    std::vector<LotteryId> out;
    const auto list = this->lotteries.list_open(filter, now).value();
    for (const auto& l : list) out.push_back(l.entry.id);
    return out;
  }
  Result<std::optional<LotteryEntry>> set_status(LotteryId id, LotteryStatus to) {
    return this->lotteries.change(id, [&](const LotteryEntry& current) -> Result<LotteryChange> {
      auto after = current;
      after.status = to;
      after.points_awarded = to == LotteryStatus::kApproved ? 1 : 0;
      after.reviewed_at = kNow;
      return LotteryChange{after, AuditRecord{.at = kNow,
                                              .actor = 9,
                                              .action = "lottery.approve",
                                              .target = AuditTarget::kLottery,
                                              .target_id = std::to_string(id),
                                              .changes = {},
                                              .note = {}}};
    });
  }

  UserId author = 0, other = 0;
  CatalogProductId product = 0;
};
TYPED_TEST_SUITE(LotteryRepositoryContract, testing::LotteryBackends, testing::BackendName);

TYPED_TEST(LotteryRepositoryContract, ANewAuthorWaitsForReviewAndATrustedOneIsShownAtOnce) {
  auto pending = this->lotteries.insert(this->entry(1, kNow - kHour, kNow + 48 * kHour), this->rules());
  ASSERT_TRUE(pending) << pending.error().message;
  EXPECT_GT(pending->id, 0);
  EXPECT_EQ(pending->status, LotteryStatus::kPending);
  EXPECT_EQ(pending->points_awarded, 0);
  EXPECT_TRUE(this->open_ids().empty());  // pending entries are not public

  // Trusted from one approved contribution (the threshold is the caller's).
  ASSERT_TRUE(this->set_status(pending->id, LotteryStatus::kApproved).value());
  auto shown = this->lotteries.insert(this->entry(2, kNow, kNow + 24 * kHour), this->rules(1));
  ASSERT_TRUE(shown) << shown.error().message;
  EXPECT_EQ(shown->status, LotteryStatus::kApproved);
  EXPECT_EQ(shown->points_awarded, 1);
  EXPECT_EQ(shown->reviewed_at, kNow);
  // Soonest deadline first.
  EXPECT_EQ(this->open_ids(), (std::vector<LotteryId>{shown->id, pending->id}));
  const auto stored = this->lotteries.find(shown->id).value();
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->product_name, "熱風のアリーナ");
  EXPECT_EQ(stored->apply_end, kNow + 24 * kHour);
}

TYPED_TEST(LotteryRepositoryContract, TheStoreMustBeActiveAndAProductListedInTheCatalogue) {
  const auto closed = this->lotteries.insert(this->entry(3, kNow, kNow + kHour), this->rules());
  ASSERT_FALSE(closed);
  EXPECT_EQ(closed.error().code, ErrorCode::kNotFound);
  const auto missing = this->lotteries.insert(this->entry(99, kNow, kNow + kHour), this->rules());
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, ErrorCode::kNotFound);

  auto named = this->entry(1, kNow, kNow + kHour, "");
  named.product_id = this->product;
  const auto with_product = this->lotteries.insert(named, this->rules());
  ASSERT_TRUE(with_product) << with_product.error().message;
  EXPECT_EQ(with_product->product_name, "ブラックボルト");  // the catalogue's name
  named.product_id = this->product + 100;
  const auto unknown = this->lotteries.insert(named, this->rules());
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().code, ErrorCode::kBadRequest);
}

TYPED_TEST(LotteryRepositoryContract, TheSameStoreProductAndAnOverlappingWindowIsADuplicate) {
  ASSERT_TRUE(this->lotteries.insert(this->entry(1, kNow, kNow + 10 * kHour), this->rules()));
  const auto twice = this->lotteries.insert(this->entry(1, kNow + 5 * kHour, kNow + 20 * kHour), this->rules());
  ASSERT_FALSE(twice);
  EXPECT_EQ(twice.error().code, ErrorCode::kConflict);
  // A window that starts as the other ends, another product, another store: not duplicates.
  EXPECT_TRUE(this->lotteries.insert(this->entry(1, kNow + 10 * kHour, kNow + 20 * kHour), this->rules()));
  EXPECT_TRUE(this->lotteries.insert(this->entry(1, kNow, kNow + 10 * kHour, "別の商品"), this->rules()));
  EXPECT_TRUE(this->lotteries.insert(this->entry(2, kNow, kNow + 10 * kHour), this->rules()));
  // A rejected entry does not block a corrected one.
  auto first = this->lotteries.insert(this->entry(2, kNow, kNow + 10 * kHour, "三つ目"), this->rules()).value();
  ASSERT_TRUE(this->set_status(first.id, LotteryStatus::kRejected));
  EXPECT_TRUE(this->lotteries.insert(this->entry(2, kNow, kNow + 10 * kHour, "三つ目"), this->rules()));
}

TYPED_TEST(LotteryRepositoryContract, AnAuthorHasADailyQuotaAndMayRetryWhenTheOldestLeavesIt) {
  for (int i = 0; i < 2; ++i) {
    auto e = this->entry(1, kNow, kNow + kHour, "商品" + std::to_string(i));
    e.created_at = kNow - (10 - i) * kHour;
    ASSERT_TRUE(this->lotteries.insert(e, this->rules(3, 2)));
  }
  const auto third = this->lotteries.insert(this->entry(1, kNow, kNow + kHour, "商品3"), this->rules(3, 2));
  ASSERT_FALSE(third);
  EXPECT_EQ(third.error().code, ErrorCode::kRateLimited);
  // The oldest (10 h ago) leaves the 24-hour window in 14 h.
  EXPECT_EQ(third.error().retry_after_seconds, 14 * kHour);
  // Another author is not counted against it.
  auto theirs = this->entry(1, kNow, kNow + kHour, "商品3");
  theirs.author_id = this->other;
  EXPECT_TRUE(this->lotteries.insert(theirs, this->rules(3, 2)));
}

TYPED_TEST(LotteryRepositoryContract, TheOpenListFiltersAndLeavesOutEndedHiddenAndClosedStores) {
  auto web = this->entry(1, kNow - kHour, kNow + 5 * kHour, "A");
  web.conditions = static_cast<unsigned>(LotteryCondition::kIdCheck);
  auto store_only = this->entry(2, kNow + 24 * kHour, kNow + 48 * kHour, "B");  // upcoming
  store_only.methods = static_cast<unsigned>(LotteryMethod::kStore);
  store_only.conditions = static_cast<unsigned>(LotteryCondition::kMembersOnly);
  auto ended = this->entry(1, kNow - 5 * kHour, kNow - kHour, "C");
  auto with_product = this->entry(1, kNow, kNow + 10 * kHour, "");
  with_product.product_id = this->product;
  std::vector<LotteryId> ids;
  for (auto e : {web, store_only, ended, with_product}) {
    auto in = this->lotteries.insert(e, this->rules(0));  // trusted: approved at once
    ASSERT_TRUE(in) << in.error().message;
    ids.push_back(in->id);
  }
  EXPECT_EQ(this->open_ids(), (std::vector<LotteryId>{ids[0], ids[3], ids[1]}));
  EXPECT_EQ(this->open_ids({.store_id = 1}), (std::vector<LotteryId>{ids[0], ids[3]}));  // not the ended one
  EXPECT_EQ(this->open_ids({.store_id = 2}), (std::vector<LotteryId>{ids[1]}));
  EXPECT_TRUE(this->open_ids({.store_id = 3}).empty());
  EXPECT_EQ(this->open_ids({.prefecture = "osaka"}), (std::vector<LotteryId>{ids[1]}));
  EXPECT_EQ(this->open_ids({.product_id = this->product}), (std::vector<LotteryId>{ids[3]}));
  EXPECT_EQ(this->open_ids({.method = LotteryMethod::kStore}), (std::vector<LotteryId>{ids[1]}));
  EXPECT_EQ(this->open_ids({.loose = true}), (std::vector<LotteryId>{ids[0], ids[3]}));
  EXPECT_EQ(this->open_ids({.limit = 1}), (std::vector<LotteryId>{ids[0]}));
  // Near Shinjuku: Osaka is 400 km away; the distance comes with each row.
  const auto near = this->lotteries.list_open({.near = LatLng{35.6900, 139.7000}, .radius_km = 5}, kNow).value();
  ASSERT_EQ(near.size(), 2u);
  ASSERT_TRUE(near[0].distance_km);
  EXPECT_LT(*near[0].distance_km, 0.1);
  EXPECT_EQ(near[0].store_name, "カードラボ 新宿店");
  EXPECT_EQ(near[0].prefecture, "tokyo");
  // Hidden entries leave the list; a later `now` drops what has ended by then.
  ASSERT_TRUE(this->set_status(ids[0], LotteryStatus::kHidden));
  EXPECT_EQ(this->open_ids(), (std::vector<LotteryId>{ids[3], ids[1]}));
  EXPECT_EQ(this->open_ids({}, kNow + 11 * kHour), (std::vector<LotteryId>{ids[1]}));
}

TYPED_TEST(LotteryRepositoryContract, AReviewIsDecidedOnTheCurrentRowAndAudited) {
  const auto e = this->lotteries.insert(this->entry(1, kNow, kNow + kHour), this->rules()).value();
  const auto approved = this->set_status(e.id, LotteryStatus::kApproved);
  ASSERT_TRUE(approved);
  ASSERT_TRUE(*approved);
  EXPECT_EQ((*approved)->status, LotteryStatus::kApproved);
  EXPECT_EQ(this->lotteries.find(e.id).value()->points_awarded, 1);
  EXPECT_EQ(this->backend.audit_of("lottery"), (std::vector<std::string>{"lottery.approve " + std::to_string(e.id)}));
  // A refusing decision writes nothing; an unknown id is nullopt.
  const auto refused = this->lotteries.change(
      e.id, [](const LotteryEntry&) -> Result<LotteryChange> { return fail(ErrorCode::kConflict, "no"); });
  EXPECT_FALSE(refused);
  EXPECT_EQ(this->backend.audit_of("lottery").size(), 1u);
  EXPECT_FALSE(this->set_status(e.id + 100, LotteryStatus::kApproved).value());

  const auto page = this->lotteries.list_for_review(LotteryStatus::kApproved, 50, 0).value();
  EXPECT_EQ(page.total, 1);
  ASSERT_EQ(page.items.size(), 1u);
  EXPECT_EQ(page.items[0].entry.id, e.id);
  EXPECT_EQ(this->lotteries.list_for_review(LotteryStatus::kPending, 50, 0).value().total, 0);
  EXPECT_EQ(this->lotteries.list_for_review(std::nullopt, 50, 0).value().total, 1);
}

TYPED_TEST(LotteryRepositoryContract, TheDemoEntriesGoOnlyIntoAnEmptyTableWithoutAnAuthor) {
  auto demo = this->entry(2, kNow - kHour, kNow + 5 * kHour, "デモの抽選");
  demo.author_id = 0;
  demo.status = LotteryStatus::kApproved;
  ASSERT_TRUE(this->lotteries.insert_demo({demo}));
  const auto open = this->lotteries.list_open({}, kNow).value();
  ASSERT_EQ(open.size(), 1u);
  EXPECT_EQ(open[0].entry.author_id, 0);
  EXPECT_EQ(open[0].entry.product_name, "デモの抽選");
  ASSERT_TRUE(this->lotteries.insert_demo({this->entry(1, kNow, kNow + kHour, "また")}));
  EXPECT_EQ(this->lotteries.list_for_review(std::nullopt, 50, 0).value().total, 1);
}

}  // namespace
}  // namespace pokeca::storage
