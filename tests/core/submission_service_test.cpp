// SubmissionService against fakes of its ports.
#include "pokeca/contributions/submission_service.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mock_store_repository.hpp"

#include "auth_fakes.hpp"
#include "pokeca/embedded_data.hpp"
#include "pokeca/shared/messages.hpp"
#include "submission_fakes.hpp"

namespace pokeca::testing {
namespace {

using ::testing::_;
using ::testing::Return;

constexpr UnixSeconds kNow = 1795240800;

std::vector<std::byte> bytes(std::string_view s) {
  std::vector<std::byte> out;
  for (char c : s) out.push_back(static_cast<std::byte>(c));
  return out;
}

class SubmissionServiceTest : public ::testing::Test {
 protected:
  SubmissionServiceTest() {
    user.id = 7;
    admin.id = 1;
    admin.admin = true;
  }

  SubmissionForm form() {
    SubmissionForm f;
    f.store_name = "カードショップ東京";
    f.latitude = "35.6852";
    f.longitude = "139.7528";
    f.comment = "駅前です";
    return f;
  }

  Result<Submission> submit(const SubmissionForm& f, std::vector<std::vector<std::byte>> images = {}) {
    std::vector<Upload> spans(images.begin(), images.end());
    return service.submit(user, f, spans);
  }

  Gazetteer gazetteer = *Gazetteer::from_tsv(data::kGazetteerTsv);
  FakeSubmissionRepository repo;
  ::testing::NiceMock<MockStores> stores;
  FakePhotoProcessor processor;
  FakePhotoStore photos;
  RateLimiter limiter;
  SettableClock clock{kNow};
  SubmissionService service{{repo, stores, processor, photos, gazetteer, limiter, clock}};
  User user;
  User admin;
};

TEST_F(SubmissionServiceTest, SubmitStoresAPendingSubmissionWithItsPhotos) {
  const auto s = submit(form(), {bytes("a"), bytes("b")});
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_EQ(s->id, 1);
  EXPECT_EQ(s->status, SubmissionStatus::kPending);
  EXPECT_EQ(s->user_id, 7);
  EXPECT_EQ(s->prefecture, "tokyo");
  EXPECT_EQ(s->created_at, kNow);
  ASSERT_EQ(s->photos.size(), 2u);
  EXPECT_EQ(s->photos[0].width, 1600);
  EXPECT_EQ(photos.files.at(s->photos[0].photo_hash), "photo:a");
  EXPECT_EQ(photos.files.at(s->photos[1].thumb_hash), "thumb:b");
  EXPECT_EQ(processor.calls, 2);
}

TEST_F(SubmissionServiceTest, BadFormIsRefusedBeforeAnyPhotoIsDecoded) {
  auto f = form();
  f.store_name = "";
  EXPECT_EQ(submit(f, {bytes("a")}).error().code, ErrorCode::kBadRequest);
  EXPECT_EQ(processor.calls, 0);
  EXPECT_TRUE(repo.rows.empty());
}

TEST_F(SubmissionServiceTest, MoreThanThreeImagesIs413) {
  const auto r = submit(form(), {bytes("a"), bytes("b"), bytes("c"), bytes("d")});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kPayloadTooLarge);
  EXPECT_EQ(r.error().message, "画像は3枚までアップロードできます。");
}

TEST_F(SubmissionServiceTest, APhotoThatFailsFailsTheSubmission) {
  processor.failure =
      DomainError{ErrorCode::kUnsupportedMedia, std::string(msg::kPhotoProcessingFailed), "photo/processing-failed"};
  const auto r = submit(form(), {bytes("a")});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().detail, "photo/processing-failed");
  EXPECT_TRUE(repo.rows.empty());
  processor.failure.reset();
  photos.fail_writes = true;
  EXPECT_EQ(submit(form(), {bytes("a")}).error().code, ErrorCode::kInternal);
}

TEST_F(SubmissionServiceTest, TenSubmissionsAnHourPerAccount) {
  EXPECT_EQ(kSubmissionPerAccount, (RateLimit{10, 3600}));
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(submit(form())) << i;
  const auto refused = submit(form());
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::kRateLimited);
  EXPECT_GT(refused.error().retry_after_seconds.value_or(0), 0);
  user.id = 8;  // another account is not affected
  EXPECT_TRUE(submit(form()));
}

TEST_F(SubmissionServiceTest, ApproveCreatesAnActiveStoreAndAwardsPoints) {
  ASSERT_TRUE(submit(form()));
  ASSERT_TRUE(submit(form(), {bytes("a")}));
  clock.advance(60);
  const auto plain = service.approve(admin, 1, {});
  ASSERT_TRUE(plain) << plain.error().message;
  EXPECT_EQ(plain->submission.status, SubmissionStatus::kApproved);
  EXPECT_EQ(plain->submission.points_awarded, 1);
  EXPECT_EQ(plain->submission.reviewed_at, kNow + 60);
  EXPECT_EQ(plain->submission.reviewed_by, 1);
  ASSERT_EQ(repo.created_stores.size(), 1u);
  const auto& store = repo.created_stores[0];
  EXPECT_EQ(store.name, "カードショップ東京");
  EXPECT_EQ(store.store_type, "other");
  EXPECT_EQ(store.source, StoreSource::kSubmission);
  EXPECT_EQ(store.status, StoreStatus::kActive);
  EXPECT_EQ(store.precision, LocationPrecision::kExact);
  EXPECT_EQ(store.city, "千代田区");

  const auto with_photo = service.approve(
      admin, 2, {.name = "カードショップ新宿", .store_type = "card_shop", .location = LatLng{35.6938, 139.7036}});
  ASSERT_TRUE(with_photo) << with_photo.error().message;
  EXPECT_EQ(with_photo->submission.points_awarded, 5);
  EXPECT_EQ(with_photo->store.name, "カードショップ新宿");
  EXPECT_EQ(with_photo->store.store_type, "card_shop");
  EXPECT_EQ(with_photo->store.city, "新宿区");  // re-derived from the moved marker
}

TEST_F(SubmissionServiceTest, AddressSubmissionKeepsGazetteerPrecisionUnlessTheMarkerMoves) {
  auto f = form();
  f.latitude.reset();
  f.longitude.reset();
  f.address = "東京都新宿区西新宿2-8-1";
  ASSERT_TRUE(submit(f));
  ASSERT_TRUE(submit(f));
  const auto kept = service.approve(admin, 1, {});
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->store.precision, LocationPrecision::kMunicipality);
  EXPECT_EQ(kept->store.address, "東京都新宿区西新宿2-8-1");
  const auto moved = service.approve(admin, 2, {.location = LatLng{35.6896, 139.6917}});
  ASSERT_TRUE(moved);
  EXPECT_EQ(moved->store.precision, LocationPrecision::kExact);
}

TEST_F(SubmissionServiceTest, ApproveRefusals) {
  ASSERT_TRUE(submit(form()));
  EXPECT_EQ(service.approve(admin, 99, {}).error().code, ErrorCode::kNotFound);
  EXPECT_EQ(service.approve(admin, 1, {.store_type = "castle"}).error().message, msg::kBadStoreType);
  EXPECT_EQ(service.approve(admin, 1, {.name = " "}).error().message, msg::kSubmissionNameRequired);
  EXPECT_EQ(service.approve(admin, 1, {.location = LatLng{48.85, 2.35}}).error().message, msg::kSubmissionOutsideJapan);
  EXPECT_CALL(stores, find(42)).WillOnce(Return(std::optional<Store>()));
  EXPECT_EQ(service.approve(admin, 1, {.merge_into_store_id = 42}).error().message, msg::kMergeStoreNotFound);
  ASSERT_TRUE(service.approve(admin, 1, {}));
  const auto again = service.approve(admin, 1, {});
  EXPECT_EQ(again.error().code, ErrorCode::kConflict);
  EXPECT_EQ(again.error().message, msg::kSubmissionAlreadyReviewed);
  EXPECT_EQ(service.reject(admin, 1, "重複").error().code, ErrorCode::kConflict);
}

TEST_F(SubmissionServiceTest, MergeLinksToTheExistingStore) {
  ASSERT_TRUE(submit(form()));
  Store existing;
  existing.id = 42;
  EXPECT_CALL(stores, find(42)).WillOnce(Return(std::optional<Store>(existing)));
  const auto merged = service.approve(admin, 1, {.name = "無視される", .merge_into_store_id = 42});
  ASSERT_TRUE(merged) << merged.error().message;
  EXPECT_EQ(merged->submission.store_id, 42);
  EXPECT_TRUE(repo.created_stores.empty());
}

// A plain duplicate merged into the existing store earns nothing (the form warned it was
// already on the map); one whose photos are added to that store earns the photo part.
TEST_F(SubmissionServiceTest, MergingADuplicatePaysOnlyForAddedPhotos) {
  EXPECT_EQ(kPointsPerMergedSubmission, 0);
  EXPECT_EQ(kPointsPerMergedPhotos, 4);
  ASSERT_TRUE(submit(form()));
  ASSERT_TRUE(submit(form(), {bytes("a")}));
  Store existing;
  existing.id = 42;
  EXPECT_CALL(stores, find(42)).Times(2).WillRepeatedly(Return(std::optional<Store>(existing)));
  const auto plain = service.approve(admin, 1, {.merge_into_store_id = 42});
  ASSERT_TRUE(plain) << plain.error().message;
  EXPECT_EQ(plain->submission.points_awarded, 0);
  const auto with_photo = service.approve(admin, 2, {.merge_into_store_id = 42});
  ASSERT_TRUE(with_photo) << with_photo.error().message;
  EXPECT_EQ(with_photo->submission.points_awarded, 4);
}

// The mail queue, as the review mails see it: what was queued, once per key.
class RecordingMailQueue final : public MailQueue {
 public:
  Result<bool> enqueue(const MailMessage& m, UnixSeconds) override {
    for (const auto& q : queued)
      if (q.idempotency_key == m.idempotency_key) return false;
    queued.push_back(m);
    return true;
  }
  Result<std::optional<QueuedMail>> claim_next(UnixSeconds, UnixSeconds) override {
    return std::optional<QueuedMail>{};
  }
  Result<void> mark_sent(MailId, UnixSeconds) override { return {}; }
  Result<void> mark_retry(MailId, UnixSeconds, std::string_view) override { return {}; }
  Result<void> mark_failed(MailId, std::string_view) override { return {}; }
  Result<std::int64_t> purge_sent(UnixSeconds) override { return 0; }
  std::vector<MailMessage> queued;
};

// One mail per decision to the poster: approved (with the points), merged, or rejected
// with the admin's reason; none for an account that turned it off.
TEST_F(SubmissionServiceTest, EachReviewMailsThePosterOnceUnlessTurnedOff) {
  FakeUserRepository users;
  RecordingMailQueue queue;
  SubmissionReviewMails mails({users, queue, clock}, "https://pokeca.example/");
  int woken = 0;
  mails.on_queued = [&] { ++woken; };
  service.observe_reviews(&mails);
  user = *users.create({"poster@example.com", "投稿者", "", "h", kNow});

  ASSERT_TRUE(submit(form(), {bytes("a")}));
  ASSERT_TRUE(submit(form()));
  ASSERT_TRUE(submit(form()));
  ASSERT_TRUE(service.approve(admin, 1, {}));
  ASSERT_TRUE(service.reject(admin, 2, "販売店ではないため"));
  ASSERT_EQ(queue.queued.size(), 2u);
  EXPECT_EQ(woken, 2);
  const auto& approved = queue.queued[0];
  EXPECT_EQ(approved.kind, kSubmissionReviewMailKind);
  EXPECT_EQ(approved.user_id, user.id);
  EXPECT_EQ(approved.mail.to, "poster@example.com");
  EXPECT_EQ(approved.mail.subject, "【ポケカ販売店マップ】「カードショップ東京」の投稿が承認されました");
  EXPECT_NE(approved.mail.text_body.find("獲得ポイント：5pt"), std::string::npos);
  EXPECT_NE(approved.mail.text_body.find("https://pokeca.example/my-stats"), std::string::npos);
  EXPECT_NE(approved.mail.text_body.find("https://pokeca.example/profile"), std::string::npos);
  const auto& rejected = queue.queued[1];
  EXPECT_EQ(rejected.mail.subject, "【ポケカ販売店マップ】「カードショップ東京」の投稿について");
  EXPECT_NE(rejected.mail.text_body.find("理由：販売店ではないため"), std::string::npos);

  // The same decision never mails twice (the key is the submission).
  EXPECT_FALSE(*mails.queue_for(repo.rows[0], false));

  // Turned off in the profile: the third review sends nothing.
  ASSERT_TRUE(users.set_review_mail(user.id, false));
  ASSERT_TRUE(service.reject(admin, 3, "重複"));
  EXPECT_EQ(queue.queued.size(), 2u);
}

TEST_F(SubmissionServiceTest, AMergedSubmissionsMailSaysItWasMergedAndWhatItEarned) {
  FakeUserRepository users;
  RecordingMailQueue queue;
  SubmissionReviewMails mails({users, queue, clock}, "https://pokeca.example");
  service.observe_reviews(&mails);
  user = *users.create({"poster@example.com", "投稿者", "", "h", kNow});
  ASSERT_TRUE(submit(form()));
  Store existing;
  existing.id = 42;
  EXPECT_CALL(stores, find(42)).WillOnce(Return(std::optional<Store>(existing)));
  ASSERT_TRUE(service.approve(admin, 1, {.merge_into_store_id = 42}));
  ASSERT_EQ(queue.queued.size(), 1u);
  EXPECT_NE(queue.queued[0].mail.text_body.find("すでに地図にある店舗と同じお店"), std::string::npos);
  EXPECT_NE(queue.queued[0].mail.text_body.find("獲得ポイント：0pt"), std::string::npos);
}

TEST_F(SubmissionServiceTest, RejectNeedsAReason) {
  ASSERT_TRUE(submit(form()));
  EXPECT_EQ(service.reject(admin, 1, "").error().message, msg::kRejectReasonRequired);
  EXPECT_EQ(service.reject(admin, 9, "理由").error().code, ErrorCode::kNotFound);
  const auto rejected = service.reject(admin, 1, " 場所が不明です ");
  ASSERT_TRUE(rejected);
  EXPECT_EQ(rejected->status, SubmissionStatus::kRejected);
  EXPECT_EQ(rejected->reject_reason, "場所が不明です");
  EXPECT_EQ(rejected->points_awarded, 0);
}

// A rejected submission's photos stayed downloadable by their URL. Files
// go when no pending or approved submission uses them (the same bytes share a file).
TEST_F(SubmissionServiceTest, RejectDeletesThePhotoFilesNothingElseUses) {
  ASSERT_TRUE(submit(form(), {bytes("a"), bytes("b")}));
  ASSERT_TRUE(submit(form(), {bytes("a")}));  // the same photo, still pending
  ASSERT_EQ(photos.files.size(), 4u);
  ASSERT_TRUE(service.reject(admin, 1, "場所が不明です"));
  EXPECT_EQ(photos.files.size(), 2u);
  for (const auto& [hash, content] : photos.files) EXPECT_TRUE(content.ends_with(":a")) << content;
}

// A withdrawn user's unapproved photos stayed downloadable. Withdrawal
// deletes their pending and rejected submissions and those files; approved ones stay.
TEST_F(SubmissionServiceTest, WithdrawalDeletesUnapprovedSubmissionsAndTheirFiles) {
  ASSERT_TRUE(submit(form(), {bytes("kept")}));
  repo.rows[0].status = SubmissionStatus::kApproved;  // on the map
  ASSERT_TRUE(submit(form(), {bytes("pending")}));
  ASSERT_TRUE(submit(form(), {bytes("rejected")}));
  ASSERT_TRUE(service.reject(admin, 3, "重複です"));
  User other;
  other.id = 8;
  ASSERT_TRUE(service.submit(other, form(), std::vector<Upload>{}));
  ASSERT_TRUE(service.forget_unapproved_of(user.id));
  EXPECT_EQ(repo.rows[0].status, SubmissionStatus::kApproved);
  EXPECT_EQ(repo.rows[1].id, 0);  // deleted
  EXPECT_EQ(repo.rows[2].id, 0);
  EXPECT_EQ(repo.rows[3].user_id, 8);  // someone else's stays
  ASSERT_EQ(photos.files.size(), 2u);
  for (const auto& [hash, content] : photos.files) EXPECT_TRUE(content.ends_with(":kept")) << content;
}

TEST_F(SubmissionServiceTest, AdminListValidatesAndFindsDuplicates) {
  ASSERT_TRUE(submit(form()));
  Store twin;
  twin.id = 5;
  twin.name = "カードショップ 東京";
  Store other;
  other.id = 6;
  other.name = "コンビニ";
  EXPECT_CALL(stores, nearest(_, kDuplicateRadiusMeters / 1000.0, _, kMaxDuplicateCandidates))
      .WillOnce(Return(std::vector<StoreWithDistance>{{twin, 0.05}, {other, 0.01}}))
      .WillRepeatedly(Return(std::vector<StoreWithDistance>{}));
  const auto page = service.list_for_admin({});
  ASSERT_TRUE(page) << page.error().message;
  EXPECT_EQ(page->total, 1);
  ASSERT_EQ(page->items.size(), 1u);
  ASSERT_EQ(page->items[0].duplicates.size(), 1u);
  EXPECT_EQ(page->items[0].duplicates[0].store.id, 5);
  EXPECT_NEAR(page->items[0].duplicates[0].distance_m, 50.0, 1e-9);

  EXPECT_EQ(service.list_for_admin({.status = "done"}).error().message, msg::kBadSubmissionStatus);
  EXPECT_EQ(service.list_for_admin({.limit = "0"}).error().code, ErrorCode::kBadRequest);
  EXPECT_EQ(service.list_for_admin({.limit = "101"}).error().code, ErrorCode::kBadRequest);
  EXPECT_TRUE(service.list_for_admin({.limit = "100"}));
  EXPECT_EQ(service.list_for_admin({.offset = "-1"}).error().message, msg::kBadOffset);
  const auto approved = service.list_for_admin({.status = "approved"});
  ASSERT_TRUE(approved);
  EXPECT_TRUE(approved->items.empty());
}

}  // namespace
}  // namespace pokeca::testing
