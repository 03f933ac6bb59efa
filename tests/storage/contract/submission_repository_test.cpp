// The SubmissionRepository port (a backend contract test, backend.hpp): submissions with photos, the
// moderation queue, approval as one transaction that puts the store on the map (rows,
// R*Tree, cells, prefecture counts), merges, rejections and two admins at once.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "backend.hpp"
#include "pokeca/contributions/photo_store.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage {
namespace {

using testing::kNow;
using testing::make_store;
using testing::whole_world;

constexpr LatLng kShinjuku{35.6938, 139.7036};

std::string hash_of(char c) { return std::string(kPhotoHashHexChars, c); }

template <class Backend>
class SubmissionRepositoryTest : public testing::BackendTest<Backend> {
 protected:
  SubmissionRepositoryTest() {
    this->submitter = this->users.create({"user@example.com", "ピカ", "東京都", "hash", kNow}).value().id;
    this->admin = this->users.create({"admin@example.com", "管理者", "", "hash", kNow}).value().id;
  }

  Submission draft(std::string name = "カードショップ新宿", int photos = 0) {
    Submission s;
    s.user_id = this->submitter;
    s.store_name = std::move(name);
    s.comment = "駅前";
    s.method = LocationMethod::kGps;
    s.location = kShinjuku;
    s.prefecture = "tokyo";
    s.city = "新宿区";
    s.created_at = kNow;
    for (int i = 0; i < photos; ++i)
      s.photos.push_back({hash_of(static_cast<char>('a' + i)), hash_of(static_cast<char>('d' + i)), 1600, 1200});
    return s;
  }

  Store new_store(std::string name = "カードショップ新宿") {
    auto s = make_store(0, std::move(name), "card_shop", "tokyo", kShinjuku);
    s.source = StoreSource::kSubmission;
    return s;
  }

  ApprovalRequest approval(SubmissionId id, int points = 1) {
    return {id, this->admin, kNow + 60, points, this->new_store(), std::nullopt};
  }

  SubmissionRepository& repo = this->submissions;
  UserId submitter = 0;
  UserId admin = 0;
};
TYPED_TEST_SUITE(SubmissionRepositoryTest, testing::SubmissionBackends, testing::BackendName);

TYPED_TEST(SubmissionRepositoryTest, CreateAndFindKeepEveryFieldAndThePhotosInOrder) {
  const auto created = this->repo.create(this->draft("店", 3));
  ASSERT_TRUE(created) << created.error().detail;
  EXPECT_GT(created->id, 0);
  const auto found = this->repo.find(created->id).value();
  ASSERT_TRUE(found);
  EXPECT_EQ(found->store_name, "店");
  EXPECT_EQ(found->comment, "駅前");
  EXPECT_EQ(found->status, SubmissionStatus::kPending);
  EXPECT_EQ(found->method, LocationMethod::kGps);
  EXPECT_EQ(found->precision, LocationPrecision::kExact);
  EXPECT_DOUBLE_EQ(found->location.lat, kShinjuku.lat);
  EXPECT_FALSE(found->store_id);
  EXPECT_FALSE(found->reviewed_at);
  ASSERT_EQ(found->photos.size(), 3u);
  EXPECT_EQ(found->photos[0].photo_hash, hash_of('a'));
  EXPECT_EQ(found->photos[2].thumb_hash, hash_of('f'));
  EXPECT_EQ(found->photos[1].width, 1600);
  EXPECT_FALSE(this->repo.find(999).value());
}

TYPED_TEST(SubmissionRepositoryTest, QueueIsPendingOldestFirstWithTheSubmitter) {
  for (const auto* name : {"一", "二", "三"}) ASSERT_TRUE(this->repo.create(this->draft(name)));
  const auto page = this->repo.list(SubmissionStatus::kPending, 2, 1).value();
  EXPECT_EQ(page.total, 3);
  ASSERT_EQ(page.items.size(), 2u);
  EXPECT_EQ(page.items[0].submission.store_name, "二");
  ASSERT_TRUE(page.items[0].user);
  EXPECT_EQ(page.items[0].user->nickname, "ピカ");
  EXPECT_EQ(page.items[0].user->prefecture, "東京都");
  ASSERT_TRUE(this->users.withdraw(this->submitter, "", kNow));
  EXPECT_FALSE(this->repo.list(SubmissionStatus::kPending, 10, 0).value().items[0].user);  // withdrawn: anonymous
  EXPECT_EQ(this->repo.list(SubmissionStatus::kApproved, 10, 0).value().total, 0);
}

TYPED_TEST(SubmissionRepositoryTest, ApprovalPutsTheStoreOnTheMapInOneGo) {
  const auto id = this->repo.create(this->draft("カードショップ新宿", 1)).value().id;
  const auto generation = this->changes.generation();
  const auto approved = this->repo.approve(this->approval(id, 5));
  ASSERT_TRUE(approved) << approved.error().message << approved.error().detail;
  EXPECT_GT(this->changes.generation(), generation);  // public caches see the write

  const auto& s = approved->submission;
  EXPECT_EQ(s.status, SubmissionStatus::kApproved);
  EXPECT_EQ(s.store_id, approved->store.id);
  EXPECT_EQ(s.reviewed_by, this->admin);
  EXPECT_EQ(s.reviewed_at, kNow + 60);
  EXPECT_EQ(s.points_awarded, 5);
  EXPECT_EQ(approved->store.source, StoreSource::kSubmission);

  const BoundingBox box{139.70, 35.69, 139.71, 35.70};
  const auto in_box = this->stores.in_bbox(box, {}, 10).value();
  ASSERT_EQ(in_box.size(), 1u);
  EXPECT_EQ(in_box[0].name, "カードショップ新宿");
  EXPECT_EQ(this->stores.count_active().value(), 1);
  const auto counts = this->stores.count_by_prefecture().value();
  ASSERT_EQ(counts.size(), 1u);
  EXPECT_EQ(counts[0].code, "tokyo");
  EXPECT_EQ(counts[0].count, 1);
  std::int64_t clustered = 0;
  const auto cells = this->stores.cells(whole_world(), {}).value();
  for (const auto& cell : cells) clustered += cell.count;
  EXPECT_EQ(clustered, 1);

  const auto photos = this->store_photos.photos_for_store(approved->store.id, 10).value();
  ASSERT_EQ(photos.size(), 1u);
  EXPECT_EQ(photos[0].photo_hash, hash_of('a'));
  EXPECT_EQ(this->repo.list(SubmissionStatus::kApproved, 10, 0).value().total, 1);
}

TYPED_TEST(SubmissionRepositoryTest, MergeLinksToTheExistingStoreWithoutANewOne) {
  ASSERT_TRUE(this->stores.insert_many(std::vector{make_store(42, "カードラボ", "card_shop", "tokyo", kShinjuku)}));
  const auto older = this->repo.create(this->draft("カードラボ", 1)).value().id;
  const auto newer = this->repo.create(this->draft("カードラボ新宿", 2)).value().id;
  for (const auto id : {older, newer}) {
    const auto merged = this->repo.approve({id, this->admin, kNow + id, 5, std::nullopt, StoreId{42}});
    ASSERT_TRUE(merged) << merged.error().message;
    EXPECT_EQ(merged->store.id, 42);
    EXPECT_EQ(merged->submission.store_id, 42);
  }
  EXPECT_EQ(this->stores.count_active().value(), 1);
  const auto photos = this->store_photos.photos_for_store(42, 10).value();
  ASSERT_EQ(photos.size(), 3u);
  EXPECT_EQ(photos[0].photo_hash, hash_of('a'));  // the newest approval first, upload order within it
  EXPECT_EQ(photos[1].photo_hash, hash_of('b'));
  EXPECT_EQ(photos[2].photo_hash, hash_of('a'));
  EXPECT_EQ(this->store_photos.photos_for_store(42, 2).value().size(), 2u);

  const auto missing = this->repo.create(this->draft()).value().id;
  const auto refused = this->repo.approve({missing, this->admin, kNow, 1, std::nullopt, StoreId{777}});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::kNotFound);
  EXPECT_EQ(this->repo.find(missing).value()->status, SubmissionStatus::kPending);  // rolled back
}

TYPED_TEST(SubmissionRepositoryTest, RejectRecordsTheReasonAndEndsTheReview) {
  const auto id = this->repo.create(this->draft()).value().id;
  const auto rejected = this->repo.reject(id, this->admin, "場所が分かりません", kNow + 5);
  ASSERT_TRUE(rejected);
  EXPECT_EQ(rejected->status, SubmissionStatus::kRejected);
  EXPECT_EQ(rejected->reject_reason, "場所が分かりません");
  EXPECT_EQ(rejected->reviewed_at, kNow + 5);
  EXPECT_EQ(rejected->points_awarded, 0);
  EXPECT_EQ(this->repo.reject(id, this->admin, "again", kNow).error().code, ErrorCode::kConflict);
  EXPECT_EQ(this->repo.approve(this->approval(id)).error().code, ErrorCode::kConflict);
  EXPECT_EQ(this->repo.reject(999, this->admin, "x", kNow).error().code, ErrorCode::kNotFound);
  EXPECT_EQ(this->stores.count_active().value(), 0);
}

TYPED_TEST(SubmissionRepositoryTest, APhotoIsInUseWhilePendingOrApprovedNotOnceRejected) {
  const auto pending = this->repo.create(this->draft("一", 1)).value().id;  // photo a, thumbnail d
  EXPECT_TRUE(this->repo.photo_in_use(hash_of('a')).value());
  EXPECT_TRUE(this->repo.photo_in_use(hash_of('d')).value());
  EXPECT_FALSE(this->repo.photo_in_use(hash_of('b')).value());
  ASSERT_TRUE(this->repo.reject(pending, this->admin, "重複", kNow));
  EXPECT_FALSE(this->repo.photo_in_use(hash_of('a')).value());  // its file may go
  const auto approved = this->repo.create(this->draft("二", 1)).value().id;
  ASSERT_TRUE(this->repo.approve(this->approval(approved)));
  EXPECT_TRUE(this->repo.photo_in_use(hash_of('a')).value());  // the same bytes, now on the map
}

TYPED_TEST(SubmissionRepositoryTest, WithdrawalDeletesPendingAndRejectedAndKeepsTheApproved) {
  const auto pending = this->repo.create(this->draft("保留", 2)).value().id;
  const auto rejected = this->repo.create(this->draft("却下", 1)).value().id;
  const auto approved = this->repo.create(this->draft("承認", 3)).value().id;
  ASSERT_TRUE(this->repo.reject(rejected, this->admin, "x", kNow));
  ASSERT_TRUE(this->repo.approve(this->approval(approved)));
  const auto other = this->users.create({"other@example.com", "別", "", "hash", kNow}).value().id;
  auto others = this->draft("他人", 1);
  others.user_id = other;
  const auto kept = this->repo.create(others).value().id;

  const auto photos = this->repo.delete_unapproved_of(this->submitter).value();
  EXPECT_EQ(photos.size(), 3u);  // the pending one's two and the rejected one's one
  EXPECT_FALSE(this->repo.find(pending).value());
  EXPECT_FALSE(this->repo.find(rejected).value());
  ASSERT_TRUE(this->repo.find(approved).value());
  EXPECT_EQ(this->repo.find(approved).value()->photos.size(), 3u);
  EXPECT_TRUE(this->repo.find(kept).value());
  EXPECT_EQ(this->backend.sql_int("SELECT count(*) FROM submission_photos"), 4);  // their photo rows went too
  EXPECT_TRUE(this->repo.delete_unapproved_of(this->submitter).value().empty());
}

TYPED_TEST(SubmissionRepositoryTest, TwoAdminsApprovingAtOnceOnlyOneWins) {
  constexpr int kRounds = 10;
  for (int round = 0; round < kRounds; ++round) {
    const auto id = this->repo.create(this->draft("同時" + std::to_string(round))).value().id;
    std::atomic<int> won{0}, conflicts{0};
    std::atomic<bool> go{false};
    std::vector<std::thread> admins;
    for (int a = 0; a < 2; ++a)
      admins.emplace_back([&] {
        while (!go) std::this_thread::yield();
        const auto r = this->repo.approve(this->approval(id));
        if (r)
          ++won;
        else if (r.error().code == ErrorCode::kConflict)
          ++conflicts;
      });
    go = true;
    for (auto& t : admins) t.join();
    EXPECT_EQ(won, 1);
    EXPECT_EQ(conflicts, 1);
  }
  EXPECT_EQ(this->stores.count_active().value(), kRounds);  // one store per submission, never two
}

}  // namespace
}  // namespace pokeca::storage
