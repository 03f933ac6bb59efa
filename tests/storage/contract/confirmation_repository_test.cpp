// Confirmations of purchase reports through core's ConfirmationRepository port: an answer
// is kept once per account and report, moves its store's latest state like a report, is
// counted per report and per reporter, survives its author's withdrawal without them, and
// goes with its report. A backend contract test (backend.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>

#include "backend.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::kNow;
using testing::make_report;
using testing::make_store;
using testing::reported_since;

template <class Backend>
class Confirmations : public testing::BackendTest<Backend> {
 protected:
  void SetUp() override {
    ASSERT_TRUE(
        this->stores.insert_many(std::vector{make_store(1, "新宿の店", "card_shop", "tokyo", {35.69, 139.70})}));
    reporter = user("reporter@example.com");
    a = user("a@example.com");
    b = user("b@example.com");
  }
  std::int64_t user(std::string email) {
    auto u = this->users.create({std::move(email), "サトシ", "東京都", "$argon2id$fake", kNow});
    EXPECT_TRUE(u);
    return u ? u->id : 0;
  }
  PurchaseReport report(UnixSeconds at, ReportKind kind = ReportKind::kBought, Product product = Product::kPack) {
    auto r = make_report(1, at, kind);
    r.user_id = reporter;
    r.product = product;
    auto stored = this->reports.insert(r);
    EXPECT_TRUE(stored);
    return stored.value_or(PurchaseReport{});
  }
  void answer(ReportId id, std::int64_t who, ConfirmationAnswer ans, UnixSeconds at) {
    auto ok = this->confirmations.answer({id, who, ans, at});
    ASSERT_TRUE(ok) << ok.error().detail << " " << ok.error().log_detail;
  }
  ReportTally tally(ReportId id, std::optional<std::int64_t> viewer = std::nullopt) {
    const ReportId ids[] = {id};
    auto t = this->confirmations.tallies(ids, viewer).value();
    EXPECT_EQ(t.size(), 1u);
    return t.empty() ? ReportTally{} : t.front();
  }
  Store store() { return this->stores.find(1).value().value(); }

  std::int64_t reporter = 0, a = 0, b = 0;
};
TYPED_TEST_SUITE(Confirmations, testing::ConfirmationBackends, testing::BackendName);

TYPED_TEST(Confirmations, AnswersAreCountedOncePerAccountAndCanChange) {
  const auto r = this->report(kNow - 3600);
  EXPECT_EQ(this->confirmations.answer_of(r.id, this->a).value(), std::nullopt);
  this->answer(r.id, this->a, ConfirmationAnswer::kStill, kNow - 600);
  this->answer(r.id, this->b, ConfirmationAnswer::kStill, kNow - 500);
  auto t = this->tally(r.id, this->a);
  EXPECT_EQ(t.still, 2);
  EXPECT_EQ(t.gone, 0);
  EXPECT_EQ(t.latest_at, kNow - 500);
  EXPECT_EQ(t.mine, ConfirmationAnswer::kStill);
  EXPECT_EQ(t.reporter_id, this->reporter);
  EXPECT_EQ(t.purchased_at, kNow - 3600);
  // a changes their answer: still one answer of a's.
  this->answer(r.id, this->a, ConfirmationAnswer::kGone, kNow - 60);
  t = this->tally(r.id, this->a);
  EXPECT_EQ(t.still, 1);
  EXPECT_EQ(t.gone, 1);
  EXPECT_EQ(t.latest_at, kNow - 60);
  EXPECT_EQ(t.mine, ConfirmationAnswer::kGone);
  EXPECT_EQ(this->confirmations.answer_of(r.id, this->a).value(), ConfirmationAnswer::kGone);
  EXPECT_EQ(this->tally(r.id).mine, std::nullopt);  // no viewer
  // A report without answers, and an unknown one.
  const auto quiet = this->report(kNow - 100);
  EXPECT_EQ(this->tally(quiet.id).still, 0);
  EXPECT_EQ(this->tally(quiet.id).latest_at, std::nullopt);
  const ReportId unknown[] = {9999};
  EXPECT_TRUE(this->confirmations.tallies(unknown, std::nullopt).value().empty());
}

TYPED_TEST(Confirmations, TheStoresLatestStateFollowsTheLatestAnswer) {
  const auto r = this->report(kNow - 3600, ReportKind::kBought, Product::kBox);
  EXPECT_EQ(this->store().last_report_at, kNow - 3600);
  std::atomic<int> heard{0};
  this->changes.subscribe([&](std::span<const StoreId> ids) {
    if (std::ranges::find(ids, StoreId{1}) != ids.end()) ++heard;
  });
  const auto generation = this->changes.generation();
  this->answer(r.id, this->a, ConfirmationAnswer::kStill, kNow - 600);
  EXPECT_GT(this->changes.generation(), generation);
  EXPECT_GE(heard.load(), 1);
  EXPECT_EQ(this->store().last_report_at, kNow - 600);
  EXPECT_EQ(this->store().last_report_kind, ReportKind::kBought);
  // 売り切れだった: the store reads sold out from then on, in the "bought recently" lists too.
  this->answer(r.id, this->b, ConfirmationAnswer::kGone, kNow - 60);
  const auto s = this->store();
  EXPECT_EQ(s.last_report_at, kNow - 60);
  EXPECT_EQ(s.last_report_kind, ReportKind::kSoldOut);
  EXPECT_EQ(s.latest_by_product[product_index(Product::kBox)], (LatestReport{kNow - 60, ReportKind::kSoldOut}));
  EXPECT_EQ(s.latest_by_product[product_index(Product::kPack)], std::nullopt);
  EXPECT_TRUE(this->stores.in_prefecture("tokyo", reported_since(kNow - 7200), 10).value().empty());
  // An answer older than the store's latest fact leaves it.
  this->answer(r.id, this->a, ConfirmationAnswer::kStill, kNow - 300);
  EXPECT_EQ(this->store().last_report_kind, ReportKind::kSoldOut);
  EXPECT_EQ(this->store().last_report_at, kNow - 60);
}

TYPED_TEST(Confirmations, DeletingAReportRecomputesFromTheAnswersLeft) {
  const auto older = this->report(kNow - 7200, ReportKind::kBought);
  this->answer(older.id, this->a, ConfirmationAnswer::kGone, kNow - 3000);
  const auto newer = this->report(kNow - 1000, ReportKind::kBought);
  this->answer(newer.id, this->a, ConfirmationAnswer::kStill, kNow - 100);
  EXPECT_EQ(this->store().last_report_at, kNow - 100);
  ASSERT_TRUE(this->reports.remove(newer.id).value());
  // The newer report and its answer are gone: the older report's denial is the latest.
  EXPECT_EQ(this->store().last_report_at, kNow - 3000);
  EXPECT_EQ(this->store().last_report_kind, ReportKind::kSoldOut);
  EXPECT_EQ(this->store().latest_by_product[product_index(Product::kPack)],
            (LatestReport{kNow - 3000, ReportKind::kSoldOut}));
  EXPECT_EQ(this->confirmations.answer_of(newer.id, this->a).value(), std::nullopt);
}

TYPED_TEST(Confirmations, StandingsCountEachReportersConfirmedAndDeniedReports) {
  const auto confirmed = this->report(kNow - 5000);
  const auto denied = this->report(kNow - 4000);
  const auto tied = this->report(kNow - 3000);
  const auto old = this->report(kNow - 40 * 86'400);
  this->answer(confirmed.id, this->a, ConfirmationAnswer::kStill, kNow);
  this->answer(confirmed.id, this->b, ConfirmationAnswer::kStill, kNow);
  this->answer(denied.id, this->a, ConfirmationAnswer::kGone, kNow);
  this->answer(tied.id, this->a, ConfirmationAnswer::kGone, kNow);
  this->answer(tied.id, this->b, ConfirmationAnswer::kStill, kNow);
  this->answer(old.id, this->a, ConfirmationAnswer::kGone, kNow);
  const std::int64_t ids[] = {this->reporter, this->a};
  const auto rows = this->confirmations.standings(ids, kNow - 30 * 86'400).value();
  ASSERT_EQ(rows.size(), 1u);  // a filed no reports
  const auto& s = rows.front();
  EXPECT_EQ(s.user_id, this->reporter);
  EXPECT_EQ(s.reports, 3);  // the old one is outside the window
  EXPECT_EQ(s.confirmed_reports, 1);
  EXPECT_EQ(s.denied_reports, 1);
  EXPECT_EQ(s.confirmations, 3);
  EXPECT_EQ(s.denials, 2);
  EXPECT_EQ(s.last_report_at, kNow - 3000);  // created_at of the newest in the window
}

TYPED_TEST(Confirmations, AWithdrawnAccountsAnswersStayAsAnonymousCounts) {
  const auto r = this->report(kNow - 600);
  this->answer(r.id, this->a, ConfirmationAnswer::kStill, kNow - 60);
  ASSERT_TRUE(this->users.withdraw(this->a, "", kNow));
  EXPECT_EQ(this->confirmations.answer_of(r.id, this->a).value(), std::nullopt);
  const auto t = this->tally(r.id, this->a);
  EXPECT_EQ(t.still, 1);
  EXPECT_EQ(t.mine, std::nullopt);
}

}  // namespace
}  // namespace pokeca::storage
