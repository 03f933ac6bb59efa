// The admin console: AdminService over each backend's AdminRepository (a backend
// contract test, backend.hpp). Hiding, moving and unhiding keep the map's aggregates right;
// hard deletes, self and last-admin rules (two admins at once too); blocking ends
// sessions; every action leaves an audit row with before/after; the audit table refuses
// UPDATE and DELETE; a re-import keeps what an admin edited; approvals and rejections are
// audited too.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <thread>
#include <utility>
#include <vector>

#include "backend.hpp"
#include "pokeca/admin/admin_service.hpp"
#include "pokeca/map/clustering.hpp"
#include "storage_fixture.hpp"
#include "submission_fakes.hpp"

namespace pokeca::storage {
namespace {

using testing::kNow;
using testing::make_report;
using testing::make_store;

constexpr LatLng kShinjuku{35.6938, 139.7036};
constexpr LatLng kShibuya{35.6580, 139.7016};
constexpr LatLng kUmeda{34.7025, 135.4959};
constexpr int kFineLevel = 12;

class FixedClock final : public Clock {
 public:
  UnixSeconds now() const override { return now_; }
  UnixSeconds now_ = kNow;
};

std::string hash_of(char c) { return std::string(kPhotoHashHexChars, c); }

template <class Backend>
class AdminRepositoryTest : public testing::BackendTest<Backend> {
 protected:
  AdminRepositoryTest() {
    this->admin_id = this->users.create({"admin@example.com", "管理者", "", "hash", kNow}).value().id;
    EXPECT_TRUE(this->users.set_admin(this->admin_id, true));
    this->user_id = this->users.create({"user@example.com", "ピカ", "東京都", "hash", kNow}).value().id;
    this->admin = this->users.find_by_id(this->admin_id).value().value();
    std::vector<Store> all{make_store(1, "カードショップ新宿", "card_shop", "tokyo", kShinjuku),
                           make_store(2, "トイショップ渋谷", "toy", "tokyo", kShibuya),
                           make_store(3, "カードラボ梅田", "card_shop", "osaka", kUmeda)};
    all[2].city = "大阪市北区";
    all[0].sells.packs = true;
    EXPECT_TRUE(this->stores.insert_many(all));
  }

  // The stored aggregates against a brute-force count of the active stores.
  void expect_aggregates_match() {
    std::vector<LatLng> points;
    std::map<std::string, std::int64_t> per_prefecture;
    for (StoreId id = 1; id <= 3; ++id) {
      auto s = this->stores.find(id).value();
      if (!s || s->status != StoreStatus::kActive) continue;
      points.push_back(s->location);
      ++per_prefecture[s->prefecture];
    }
    EXPECT_EQ(this->stores.count_active().value(), static_cast<std::int64_t>(points.size()));
    std::map<std::string, std::int64_t> stored;
    const auto counted = this->stores.count_by_prefecture().value();
    for (const auto& p : counted) stored[p.code] = p.count;
    EXPECT_EQ(stored, per_prefecture);
    const auto last = cells_per_axis(kFineLevel) - 1;
    auto cells = this->stores.cells({kFineLevel, 0, last, 0, last}, {}).value();
    std::map<std::pair<std::int64_t, std::int64_t>, std::int64_t> got, want;
    for (const auto& c : cells)
      if (c.count > 0) got[{c.key.x, c.key.y}] += c.count;
    for (const auto& c : aggregate_points(points, kFineLevel)) want[{c.key.x, c.key.y}] += c.count;
    EXPECT_EQ(got, want);
  }

  std::vector<AuditEntry> audit_of(std::string_view type, std::string_view id) {
    return this->service.audit({std::string(type), std::string(id), std::nullopt, std::nullopt, std::nullopt})
        .value()
        .items;
  }

  Result<void> exec(std::string_view sql) { return this->backend.exec_sql(sql); }

  FixedClock clock;
  AdminRepository& repo = this->admin_repo;
  pokeca::testing::FakePhotoStore photos;
  Gazetteer gazetteer = *Gazetteer::from_tsv(
      "prefecture_code\tprefecture_name\tcity\tlat\tlng\n"
      "tokyo\t東京都\t新宿区\t35.6938\t139.7036\n"
      "tokyo\t東京都\t渋谷区\t35.6640\t139.6982\n"
      "osaka\t大阪府\t大阪市北区\t34.7055\t135.4983\n");
  AdminService service{{repo, this->submissions, photos, gazetteer, clock}};
  UserId admin_id = 0;
  UserId user_id = 0;
  User admin;
};
TYPED_TEST_SUITE(AdminRepositoryTest, testing::AdminBackends, testing::BackendName);

TYPED_TEST(AdminRepositoryTest, HideMoveAndUnhideKeepClusterCellsAndPrefectureCounts) {
  this->expect_aggregates_match();
  ASSERT_TRUE(this->service.hide_store(this->admin, 1));
  EXPECT_EQ(this->stores.find(1).value()->status, StoreStatus::kHidden);
  EXPECT_EQ(this->stores.count_active().value(), 2);
  this->expect_aggregates_match();

  AdminStoreEdit move;
  move.location = kUmeda;  // Tokyo → Osaka: prefecture and city follow the pin
  auto moved = this->service.update_store(this->admin, 2, move);
  ASSERT_TRUE(moved) << moved.error().message;
  EXPECT_EQ(moved->store.prefecture, "osaka");
  EXPECT_EQ(moved->store.city, "大阪市北区");
  EXPECT_EQ(moved->store.precision, LocationPrecision::kExact);
  EXPECT_EQ(moved->admin_edited, (std::vector<std::string>{"lat", "lng"}));
  this->expect_aggregates_match();
  EXPECT_EQ(this->stores.in_bbox({135.4, 34.6, 135.6, 34.8}, {}, 10).value().size(), 2u);  // the R*Tree moved too

  AdminStoreEdit unhide;
  unhide.status = StoreStatus::kActive;
  unhide.status_note = "再開を確認";
  auto shown = this->service.update_store(this->admin, 1, unhide);
  ASSERT_TRUE(shown);
  EXPECT_EQ(shown->status_note, "再開を確認");
  EXPECT_EQ(this->stores.count_active().value(), 3);
  this->expect_aggregates_match();
}

TYPED_TEST(AdminRepositoryTest, EditsAreValidatedAndEveryChangeIsAuditedWithBeforeAndAfter) {
  AdminStoreEdit bad;
  bad.store_type = "castle";
  EXPECT_EQ(this->service.update_store(this->admin, 1, bad).error().code, ErrorCode::kBadRequest);
  bad = {};
  bad.status_note = std::string(kMaxStatusNoteChars + 1, 'x');
  EXPECT_EQ(this->service.update_store(this->admin, 1, bad).error().code, ErrorCode::kBadRequest);
  bad = {};
  bad.name = "  ";
  EXPECT_EQ(this->service.update_store(this->admin, 1, bad).error().code, ErrorCode::kBadRequest);
  EXPECT_EQ(this->service.update_store(this->admin, 999, {}).error().code, ErrorCode::kNotFound);
  EXPECT_TRUE(this->audit_of("store", "1").empty());  // refusals leave no row

  AdminStoreEdit edit;
  edit.name = "カードショップ新宿本店";
  edit.sells_packs = std::optional<bool>{};  // known → unknown
  edit.sells_singles = true;
  this->clock.now_ = kNow + 100;
  auto edited = this->service.update_store(this->admin, 1, edit);
  ASSERT_TRUE(edited);
  EXPECT_EQ(edited->admin_edited, (std::vector<std::string>{"name", "sells"}));
  EXPECT_EQ(edited->store.updated_at, kNow + 100);

  const auto rows = this->audit_of("store", "1");
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].action, "store.update");
  EXPECT_EQ(rows[0].actor_id, this->admin_id);
  EXPECT_EQ(rows[0].actor_nickname, "管理者");
  EXPECT_EQ(rows[0].at, kNow + 100);
  EXPECT_EQ(rows[0].changes_json,
            R"({"name":{"before":"カードショップ新宿","after":"カードショップ新宿本店"},)"
            R"("sells.packs":{"before":true,"after":null},"sells.singles":{"before":null,"after":true}})");

  // The same edit again changes nothing and records nothing.
  ASSERT_TRUE(this->service.update_store(this->admin, 1, edit));
  EXPECT_EQ(this->audit_of("store", "1").size(), 1u);
  ASSERT_TRUE(this->service.hide_store(this->admin, 1));
  const auto after_hide = this->audit_of("store", "1");
  ASSERT_EQ(after_hide.size(), 2u);
  EXPECT_EQ(after_hide[0].action, "store.hide");  // newest first
  EXPECT_EQ(after_hide[0].changes_json, R"({"status":{"before":"active","after":"hidden"}})");
}

TYPED_TEST(AdminRepositoryTest, HardDeleteOnlyForAStoreNothingRefersTo) {
  ASSERT_TRUE(this->reports.insert(make_report(1, kNow)));
  const auto refused = this->service.delete_store(this->admin, 1);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::kConflict);
  EXPECT_EQ(refused.error().message, msg::kAdminStoreInUse);
  EXPECT_TRUE(this->stores.find(1).value());

  ASSERT_TRUE(this->service.delete_store(this->admin, 2));
  EXPECT_FALSE(this->stores.find(2).value());
  EXPECT_EQ(this->service.delete_store(this->admin, 2).error().code, ErrorCode::kNotFound);
  this->expect_aggregates_match();
  const auto rows = this->audit_of("store", "2");
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].action, "store.delete");
}

TYPED_TEST(AdminRepositoryTest, SelfAndLastAdminRules) {
  const auto self = this->service.revoke_admin(this->admin, this->admin_id);
  ASSERT_FALSE(self);
  EXPECT_EQ(self.error().code, ErrorCode::kConflict);
  EXPECT_EQ(self.error().message, msg::kAdminCannotRevokeSelf);
  EXPECT_EQ(this->service.block(this->admin, this->admin_id, "理由", false).error().message,
            msg::kAdminCannotBlockSelf);

  // Another admin cannot revoke the last one either.
  const auto other = this->users.create({"other@example.com", "別の管理者", "", "hash", kNow}).value();
  ASSERT_TRUE(this->service.grant_admin(this->admin, other.id));
  ASSERT_TRUE(this->service.revoke_admin(this->admin, other.id));  // two admins: allowed
  ASSERT_TRUE(this->users.set_admin(other.id, true));
  ASSERT_TRUE(this->users.set_admin(this->admin_id, false));  // `other` is now the only admin
  const auto last = this->service.revoke_admin(this->admin, other.id);
  ASSERT_FALSE(last);
  EXPECT_EQ(last.error().message, msg::kAdminCannotRevokeLast);
  EXPECT_TRUE(this->users.find_by_id(other.id).value()->admin);

  ASSERT_TRUE(this->service.block(this->admin, this->user_id, "スパム", false));
  EXPECT_EQ(this->service.grant_admin(this->admin, this->user_id).error().code, ErrorCode::kConflict);  // blocked
  EXPECT_EQ(this->service.grant_admin(this->admin, 999).error().code, ErrorCode::kNotFound);

  const auto rows = this->audit_of("user", std::to_string(other.id));
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].action, "user.revoke_admin");
  EXPECT_EQ(rows[0].changes_json, R"({"admin":{"before":true,"after":false}})");
  EXPECT_EQ(rows[1].action, "user.grant_admin");
}

// Each revocation sees two admins when it starts; the decision must be taken on what the
// other one committed, or both go through and nobody is left to administer the site.
TYPED_TEST(AdminRepositoryTest, TwoAdminsRevokingEachOtherAtOnceLeaveOneAdmin) {
  const auto other_id = this->users.create({"other@example.com", "別の管理者", "", "hash", kNow}).value().id;
  ASSERT_TRUE(this->users.set_admin(other_id, true));
  const User other = this->users.find_by_id(other_id).value().value();
  const std::vector<std::pair<const User*, UserId>> moves{{&this->admin, other_id}, {&other, this->admin_id}};
  constexpr int kRounds = 10;
  for (int round = 0; round < kRounds; ++round) {
    std::atomic<int> won{0}, refused{0};
    std::atomic<bool> go{false};
    std::vector<std::thread> admins;
    for (const auto& move : moves)
      admins.emplace_back([&, move] {
        while (!go) std::this_thread::yield();
        const auto r = this->service.revoke_admin(*move.first, move.second);
        if (r)
          ++won;
        else if (r.error().message == msg::kAdminCannotRevokeLast)
          ++refused;
      });
    go = true;
    for (auto& t : admins) t.join();
    EXPECT_EQ(won, 1);
    EXPECT_EQ(refused, 1);
    EXPECT_NE(this->users.find_by_id(this->admin_id).value()->admin, this->users.find_by_id(other_id).value()->admin);
    ASSERT_TRUE(this->users.set_admin(this->admin_id, true));  // two admins again
    ASSERT_TRUE(this->users.set_admin(other_id, true));
  }
  AuditQuery revocations;
  revocations.action = std::string(audit_action::kUserRevokeAdmin);
  EXPECT_EQ(this->service.audit(revocations).value().total, kRounds);  // a refusal leaves no row
}

TYPED_TEST(AdminRepositoryTest, BlockEndsSessionsAndCanHideTheUsersContent) {
  ASSERT_TRUE(this->sessions.create({0, this->user_id, "family", "token-hash", kNow, kNow + 3600, {}, {}}));
  const auto epoch = this->users.find_by_id(this->user_id).value()->session_epoch;
  // Content: a pending submission with a photo, and the store's only report.
  Submission pending;
  pending.user_id = this->user_id;
  pending.store_name = "新しい店";
  pending.prefecture = "tokyo";
  pending.city = "新宿区";
  pending.location = kShinjuku;
  pending.created_at = kNow;
  pending.photos.push_back({hash_of('a'), hash_of('b'), 1600, 1200});
  this->photos.files[hash_of('a')] = "photo";
  this->photos.files[hash_of('b')] = "thumb";
  const auto sub = this->submissions.create(pending).value();
  auto report = make_report(2, kNow - 60);
  report.user_id = this->user_id;
  ASSERT_TRUE(this->reports.insert(report));
  ASSERT_TRUE(this->stores.find(2).value()->last_report_at);

  EXPECT_EQ(this->service.block(this->admin, this->user_id, " ", false).error().code,
            ErrorCode::kBadRequest);  // reason required
  EXPECT_EQ(
      this->service.block(this->admin, this->user_id, std::string(kMaxBlockReasonChars + 1, 'x'), false).error().code,
      ErrorCode::kBadRequest);
  auto blocked = this->service.block(this->admin, this->user_id, "スパム投稿", true);
  ASSERT_TRUE(blocked) << blocked.error().message;
  EXPECT_TRUE(blocked->user.blocked);
  EXPECT_EQ(blocked->blocked_reason, "スパム投稿");
  EXPECT_EQ(blocked->user.session_epoch, epoch + 1);  // every access token dies
  EXPECT_TRUE(this->sessions.find_by_hash("token-hash").value()->revoked_at);
  const auto rejected = this->submissions.find(sub.id).value().value();
  EXPECT_EQ(rejected.status, SubmissionStatus::kRejected);
  EXPECT_EQ(rejected.reject_reason, "スパム投稿");
  EXPECT_TRUE(this->photos.files.empty());  // no other submission used the files
  EXPECT_EQ(blocked->report_count, 0);
  EXPECT_FALSE(this->stores.find(2).value()->last_report_at);  // recomputed: none left

  const auto rows = this->audit_of("user", std::to_string(this->user_id));
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].action, "user.block");
  EXPECT_EQ(rows[0].note, "スパム投稿");
  EXPECT_EQ(rows[0].changes_json,
            R"({"blocked":{"before":false,"after":true},"blocked_reason":{"before":null,"after":"スパム投稿"},)"
            R"("hide_content":{"before":false,"after":true},"deleted_reports":{"before":0,"after":1}})");

  auto unblocked = this->service.unblock(this->admin, this->user_id, "");
  ASSERT_TRUE(unblocked);
  EXPECT_FALSE(unblocked->user.blocked);
  EXPECT_EQ(unblocked->blocked_reason, "");
  EXPECT_EQ(this->audit_of("user", std::to_string(this->user_id))[0].action, "user.unblock");
}

TYPED_TEST(AdminRepositoryTest, TheAuditTableRefusesUpdateAndDelete) {
  ASSERT_TRUE(this->service.hide_store(this->admin, 3));
  const auto update = this->exec("UPDATE admin_audit SET note = 'changed'");
  ASSERT_FALSE(update);
  EXPECT_NE(update.error().cause().find("append-only"), std::string::npos) << update.error().cause();
  EXPECT_FALSE(this->exec("DELETE FROM admin_audit"));
  EXPECT_EQ(this->audit_of("store", "3").size(), 1u);
}

TYPED_TEST(AdminRepositoryTest, AReimportKeepsTheFieldsAnAdminEdited) {
  auto imported = make_store(0, "ローソン新宿", "convenience", "tokyo", kShinjuku);
  imported.source = StoreSource::kImport;
  imported.external_id = "osm:node/1";
  ASSERT_EQ(this->stores.upsert_by_external_id(imported).value(), UpsertOutcome::kInserted);
  const auto id =
      this->service
          .stores({std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::string("import"), std::nullopt})
          .value()
          .items.at(0)
          .store.id;
  AdminStoreEdit edit;
  edit.name = "ローソン新宿西口店";
  edit.status = StoreStatus::kClosed;
  ASSERT_TRUE(this->service.update_store(this->admin, id, edit));

  auto again = imported;
  again.address = "東京都新宿区西新宿2-2-2";  // the file changed a field nobody edited
  ASSERT_EQ(this->stores.upsert_by_external_id(again).value(), UpsertOutcome::kUpdated);
  const auto after = this->stores.find(id).value().value();
  EXPECT_EQ(after.name, "ローソン新宿西口店");
  EXPECT_EQ(after.status, StoreStatus::kClosed);
  EXPECT_EQ(after.address, "東京都新宿区西新宿2-2-2");
  // Re-importing the same file again changes nothing.
  EXPECT_EQ(this->stores.upsert_by_external_id(again).value(), UpsertOutcome::kUnchanged);
  this->expect_aggregates_match();
}

TYPED_TEST(AdminRepositoryTest, ApprovalsAndRejectionsAreAuditedInTheirTransaction) {
  Submission draft;
  draft.user_id = this->user_id;
  draft.store_name = "カードショップ池袋";
  draft.prefecture = "tokyo";
  draft.city = "新宿区";
  draft.location = kShinjuku;
  draft.created_at = kNow;
  const auto a = this->submissions.create(draft).value().id;
  const auto b = this->submissions.create(draft).value().id;
  auto store = make_store(0, "カードショップ池袋", "card_shop", "tokyo", kShinjuku);
  ASSERT_TRUE(this->submissions.approve({a, this->admin_id, kNow + 5, 1, store, std::nullopt}));
  ASSERT_TRUE(this->submissions.reject(b, this->admin_id, "重複", kNow + 6));
  const auto approved = this->audit_of("submission", std::to_string(a));
  ASSERT_EQ(approved.size(), 1u);
  EXPECT_EQ(approved[0].action, "submission.approve");
  EXPECT_NE(approved[0].changes_json.find(R"("status":{"before":"pending","after":"approved"})"), std::string::npos);
  const auto rejected = this->audit_of("submission", std::to_string(b));
  ASSERT_EQ(rejected.size(), 1u);
  EXPECT_EQ(rejected[0].action, "submission.reject");
  EXPECT_EQ(rejected[0].note, "重複");
  // A refused review (already reviewed) leaves no row.
  EXPECT_FALSE(this->submissions.reject(b, this->admin_id, "重複", kNow + 7));
  EXPECT_EQ(this->audit_of("submission", std::to_string(b)).size(), 1u);
}

TYPED_TEST(AdminRepositoryTest, ReportDeletionsRecomputeTheLastReportAndAreAudited) {
  auto mine = [&](StoreId store, UnixSeconds at) {
    auto r = make_report(store, at);
    r.user_id = this->user_id;
    return this->reports.insert(r).value();
  };
  const auto older = make_report(1, kNow - 7200, ReportKind::kSoldOut);
  ASSERT_TRUE(this->reports.insert(older));
  const auto spam1 = mine(1, kNow - 60);
  const auto spam2 = mine(2, kNow - 30);
  mine(3, kNow - 10 * kSecondsPerDay);  // outside the window below

  const auto listed = this->service.reports({std::nullopt, std::to_string(this->user_id), std::nullopt, std::nullopt,
                                             std::nullopt, std::nullopt, std::nullopt});
  ASSERT_TRUE(listed);
  EXPECT_EQ(listed->total, 3);
  EXPECT_EQ(listed->items.at(0).report.id, spam2.id);  // newest first
  EXPECT_EQ(listed->items.at(0).store_name, "トイショップ渋谷");
  EXPECT_EQ(listed->items.at(0).user_nickname, "ピカ");
  ASSERT_TRUE(this->service.delete_report(this->admin, spam2.id));
  EXPECT_FALSE(this->stores.find(2).value()->last_report_at);  // recomputed: none left

  const auto deleted =
      this->service.delete_reports_of(this->admin, this->user_id, format_iso8601(kNow - 3600), format_iso8601(kNow));
  ASSERT_TRUE(deleted);
  EXPECT_EQ(*deleted, 1);
  EXPECT_EQ(this->stores.find(1).value()->last_report_kind, ReportKind::kSoldOut);  // back to the older report
  // And each product's latest too (the reports here are packs).
  EXPECT_EQ(this->stores.find(1).value()->latest_by_product[product_index(Product::kPack)],
            (LatestReport{kNow - 7200, ReportKind::kSoldOut}));
  EXPECT_EQ(this->stores.find(2).value()->latest_by_product, LatestByProduct{});
  EXPECT_EQ(this->service.delete_report(this->admin, spam1.id).error().code, ErrorCode::kNotFound);
  EXPECT_EQ(
      this->service.delete_reports_of(this->admin, 999, format_iso8601(kNow - 60), format_iso8601(kNow)).error().code,
      ErrorCode::kNotFound);
  EXPECT_EQ(this->service.delete_reports_of(this->admin, this->user_id, format_iso8601(kNow), format_iso8601(kNow))
                .error()
                .code,
            ErrorCode::kBadRequest);
  EXPECT_EQ(this->service
                .delete_reports_of(this->admin, this->user_id, format_iso8601(kNow - 400 * kSecondsPerDay),
                                   format_iso8601(kNow))
                .error()
                .code,
            ErrorCode::kBadRequest);
  const auto bulk = this->audit_of("user", std::to_string(this->user_id));
  ASSERT_EQ(bulk.size(), 1u);
  EXPECT_EQ(bulk[0].action, "purchase.bulk_delete");
  EXPECT_EQ(bulk[0].changes_json, R"({"deleted_reports":{"before":0,"after":1}})");
  const auto all = this->service.audit({}).value();
  EXPECT_EQ(all.total, 2);  // purchase.delete + purchase.bulk_delete
}

TYPED_TEST(AdminRepositoryTest, StoreSearchFiltersAndPages) {
  std::vector<Store> more;
  for (StoreId id = 10; id < 10 + kAdminPageSize + 5; ++id)
    more.push_back(make_store(id, "ファミリーマート" + std::to_string(id), "convenience", "tokyo", kShibuya));
  ASSERT_TRUE(this->stores.insert_many(more));
  auto page = [&](AdminStoreQuery q) { return this->service.stores(q).value(); };
  AdminStoreQuery q;
  q.q = "ファミリー";
  const auto first = page(q);
  EXPECT_EQ(first.total, kAdminPageSize + 5);
  ASSERT_EQ(first.items.size(), static_cast<std::size_t>(kAdminPageSize));
  EXPECT_EQ(first.items[0].store.id, 10 + kAdminPageSize + 4);  // newest id first
  q.page = "2";
  EXPECT_EQ(page(q).items.size(), 5u);
  EXPECT_FALSE(first.total_capped);
  // The count stops one past its cap: exactly at the cap it is still exact.
  AdminStoreFilter capped;
  capped.name = "ファミリー";
  capped.count_cap = kAdminPageSize + 5;
  const auto at_cap = this->repo.search_stores(capped).value();
  EXPECT_EQ(at_cap.total, kAdminPageSize + 5);
  EXPECT_FALSE(at_cap.total_capped);
  capped.count_cap = kAdminPageSize + 4;
  const auto over_cap = this->repo.search_stores(capped).value();
  EXPECT_EQ(over_cap.total, kAdminPageSize + 4);
  EXPECT_TRUE(over_cap.total_capped);
  EXPECT_EQ(over_cap.items.size(), static_cast<std::size_t>(kAdminPageSize));  // the page itself is not cut
  AdminStoreFilter everything;  // unfiltered: the table's count, capped the same way
  everything.count_cap = 3;
  const auto all = this->repo.search_stores(everything).value();
  EXPECT_EQ(all.total, 3);
  EXPECT_TRUE(all.total_capped);
  everything.count_cap = kAdminStoreCountCap;
  EXPECT_EQ(this->repo.search_stores(everything).value().total, 3 + kAdminPageSize + 5);
  AdminStoreQuery two;
  two.q = "梅田";  // two characters: no trigram, still found
  EXPECT_EQ(page(two).total, 1);
  AdminStoreQuery typed;
  typed.type = "card_shop";
  typed.prefecture = "osaka";
  EXPECT_EQ(page(typed).total, 1);
  ASSERT_TRUE(this->service.hide_store(this->admin, 3));
  AdminStoreQuery hidden;
  hidden.status = "hidden";
  EXPECT_EQ(page(hidden).items.at(0).store.id, 3);
  for (auto bad : {AdminStoreQuery{std::string(kMaxAdminQueryChars + 1, 'x'), {}, {}, {}, {}, {}},
                   AdminStoreQuery{{}, std::string("atlantis"), {}, {}, {}, {}},
                   AdminStoreQuery{{}, {}, {}, std::string("gone"), {}, {}},
                   AdminStoreQuery{{}, {}, {}, {}, std::string("scraped"), {}},
                   AdminStoreQuery{{}, {}, {}, {}, {}, std::string("0")}})
    EXPECT_EQ(this->service.stores(bad).error().code, ErrorCode::kBadRequest);
}

TYPED_TEST(AdminRepositoryTest, PhotoDeletionUnlinksAndRemovesUnusedFiles) {
  Submission draft;
  draft.user_id = this->user_id;
  draft.store_name = "カードショップ新宿";
  draft.prefecture = "tokyo";
  draft.city = "新宿区";
  draft.location = kShinjuku;
  draft.created_at = kNow;
  draft.photos.push_back({hash_of('a'), hash_of('b'), 1600, 1200});
  const auto sub = this->submissions.create(draft).value().id;
  ASSERT_TRUE(this->submissions.approve({sub, this->admin_id, kNow, 1, std::nullopt, StoreId{1}}));
  this->photos.files[hash_of('a')] = "photo";
  this->photos.files[hash_of('b')] = "thumb";
  const auto detail = this->service.store(1);
  ASSERT_TRUE(detail) << detail.error().detail;
  EXPECT_EQ(detail->photos.size(), 1u);
  EXPECT_EQ(detail->store.photo_count, 1);

  EXPECT_EQ(this->service.delete_photo(this->admin, 1, "nothex").error().code, ErrorCode::kBadRequest);
  EXPECT_EQ(this->service.delete_photo(this->admin, 2, hash_of('a')).error().code,
            ErrorCode::kNotFound);  // not this store's
  ASSERT_TRUE(this->service.delete_photo(this->admin, 1, hash_of('a')));
  EXPECT_TRUE(this->service.store(1).value().photos.empty());
  EXPECT_TRUE(this->photos.files.empty());
  const auto rows = this->audit_of("photo", hash_of('a'));
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].action, "photo.delete");
}

TYPED_TEST(AdminRepositoryTest, LoginSetsLastLoginAtButARefreshDoesNot) {
  EXPECT_FALSE(this->service.user(this->user_id).value().user.last_login_at);
  ASSERT_TRUE(this->sessions.create({0, this->user_id, "login-1", "h1", kNow + 10, kNow + 3600, {}, {}}));
  EXPECT_EQ(this->service.user(this->user_id).value().user.last_login_at, kNow + 10);
  ASSERT_TRUE(
      this->sessions.rotate("h1", {0, this->user_id, "login-1", "h2", kNow + 20, kNow + 3600, {}, {}}, kNow + 20));
  EXPECT_EQ(this->service.user(this->user_id).value().user.last_login_at, kNow + 10);
  const auto found = this->service.users(std::string("PIKA"), std::nullopt);  // nickname is ピカ: no match
  EXPECT_EQ(found.value().total, 0);
  EXPECT_EQ(this->service.users(std::string("USER@"), std::nullopt).value().total, 1);  // e-mail, any case
  EXPECT_EQ(this->service.users(std::nullopt, std::nullopt).value().items.at(0).user.id,
            this->user_id);  // newest first
}

}  // namespace
}  // namespace pokeca::storage
