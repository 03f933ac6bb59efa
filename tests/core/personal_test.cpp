// The personal features' rules in core, against small fakes of the ports: favourites' refusals, the
// mail delivery (retry with backoff, give up), favourite alerts (only 購入できた, never
// the reporter, one key per report and user, the signed unsubscribe token, the mail's
// links and headers), my stats (Japan-time months, the ranking's ties), store search
// (query rules, places, spellings) and a store's activity by weekday and hour.
#include <gtest/gtest.h>

#include <map>

#include "auth_fakes.hpp"
#include "pokeca/embedded_data.hpp"
#include "pokeca/map/store_activity.hpp"
#include "pokeca/map/store_search.hpp"
#include "pokeca/personal/favorite_alerts.hpp"
#include "pokeca/personal/favorites.hpp"
#include "pokeca/personal/user_stats.hpp"
#include "pokeca/shared/base64url.hpp"
#include "pokeca/shared/mail_queue.hpp"
#include "pokeca/shared/messages.hpp"
#include "push_fakes.hpp"

namespace pokeca {
namespace {

using testing::CapturingMailer;
using testing::FakePushStore;
using testing::FakeTokenCrypto;
using testing::FakeUserRepository;
using testing::SettableClock;

// 2026-11-23 12:00 JST (03:00 UTC), a Monday.
constexpr UnixSeconds kNow = 1'795'402'800;

class FakeFavorites final : public FavoriteRepository {
 public:
  Result<FavoriteAdded> add(UserId, StoreId store, UnixSeconds at, int max) override {
    last_max = max;
    return FavoriteAdded{next, store, at};
  }
  Result<void> remove(UserId, StoreId) override { return {}; }
  Result<std::vector<Favorite>> list(UserId, int) override { return std::vector<Favorite>{}; }
  Result<std::int64_t> count(UserId) override { return 0; }
  Result<std::vector<AlertRecipient>> alert_recipients(StoreId, UserId except) override {
    last_except = except;
    return recipients;
  }
  FavoriteAddOutcome next = FavoriteAddOutcome::kAdded;
  int last_max = 0;
  UserId last_except = 0;
  std::vector<AlertRecipient> recipients;
};

class FakeAlertQueue final : public FavoriteAlertQueue {
 public:
  Result<int> queue_alerts(std::span<const AlertMail> mails, const AlertLimits& l, UnixSeconds) override {
    limits = l;
    queued.insert(queued.end(), mails.begin(), mails.end());
    return limit_reached ? 0 : static_cast<int>(mails.size());
  }
  std::vector<AlertMail> queued;
  AlertLimits limits;
  bool limit_reached = false;  // the limits say no to every alert
};

class FakeMailQueue final : public MailQueue {
 public:
  Result<bool> enqueue(const MailMessage& m, UnixSeconds) override {
    rows.push_back({++last_id, m, 0});
    return true;
  }
  Result<std::optional<QueuedMail>> claim_next(UnixSeconds, UnixSeconds) override {
    if (rows.empty()) return std::optional<QueuedMail>{};
    auto q = rows.front();
    ++q.attempts;
    rows.front().attempts = q.attempts;
    return std::optional<QueuedMail>{q};
  }
  Result<void> mark_sent(MailId id, UnixSeconds) override {
    log.push_back("sent " + std::to_string(id));
    rows.erase(rows.begin());
    return {};
  }
  Result<void> mark_retry(MailId id, UnixSeconds next, std::string_view) override {
    log.push_back("retry " + std::to_string(id) + " at " + std::to_string(next));
    return {};
  }
  Result<void> mark_failed(MailId id, std::string_view) override {
    log.push_back("failed " + std::to_string(id));
    rows.erase(rows.begin());
    return {};
  }
  Result<std::int64_t> purge_sent(UnixSeconds) override { return 0; }
  std::vector<QueuedMail> rows;
  std::vector<std::string> log;
  MailId last_id = 0;
};

TEST(Favorites, RefusalsMapToTheContractsErrors) {
  FakeFavorites repo;
  SettableClock clock(kNow);
  FavoriteService service(repo, clock);
  User u;
  u.id = 7;
  EXPECT_EQ(service.add(u, 0).error().code, ErrorCode::kBadRequest);
  EXPECT_TRUE(service.add(u, 3));
  EXPECT_EQ(repo.last_max, 500);
  EXPECT_EQ(kMaxFavoritesPerUser, 500);
  repo.next = FavoriteAddOutcome::kNoSuchStore;
  EXPECT_EQ(service.add(u, 3).error().code, ErrorCode::kNotFound);
  repo.next = FavoriteAddOutcome::kLimitReached;
  const auto full = service.add(u, 3).error();
  EXPECT_EQ(full.code, ErrorCode::kConflict);
  EXPECT_EQ(full.detail, "favorites_limit");
  EXPECT_NE(full.message.find("500件"), std::string::npos);
  repo.next = FavoriteAddOutcome::kAlreadyFavorite;
  EXPECT_FALSE(service.add(u, 3).value().added());
}

TEST(MailDelivery, SendsRetriesWithBackoffAndGivesUp) {
  FakeMailQueue queue;
  CapturingMailer mailer;
  SettableClock clock(kNow);
  MailDelivery delivery(queue, mailer, clock);
  EXPECT_EQ(delivery.deliver_one().value().outcome, DeliveryOutcome::kIdle);
  MailMessage m;
  m.mail = Mail{"a@example.com", "s", "b"};
  ASSERT_TRUE(queue.enqueue(m, kNow));
  mailer.failing = true;
  EXPECT_EQ(delivery.deliver_one().value().outcome, DeliveryOutcome::kRetryLater);
  EXPECT_EQ(queue.log.back(), "retry 1 at " + std::to_string(kNow + 60));
  EXPECT_EQ(delivery.deliver_one().value().outcome, DeliveryOutcome::kRetryLater);
  EXPECT_EQ(queue.log.back(), "retry 1 at " + std::to_string(kNow + 120));
  for (int i = 3; i < kMaxMailAttempts; ++i)
    ASSERT_EQ(delivery.deliver_one().value().outcome, DeliveryOutcome::kRetryLater);
  EXPECT_EQ(delivery.deliver_one().value().outcome, DeliveryOutcome::kGaveUp);
  EXPECT_EQ(queue.log.back(), "failed 1");
  mailer.failing = false;
  ASSERT_TRUE(queue.enqueue(m, kNow));
  EXPECT_EQ(delivery.deliver_one().value().outcome, DeliveryOutcome::kSent);
  EXPECT_EQ(mailer.sent().size(), 1U);
  EXPECT_EQ(mail_retry_delay(1), 60);
  EXPECT_EQ(mail_retry_delay(3), 240);
  EXPECT_EQ(mail_retry_delay(30), kMailRetryMaxSeconds);
}

class AlertsTest : public ::testing::Test {
 protected:
  AlertsTest() {
    store.id = 42;
    store.name = "カードラボ池袋店";
    store.prefecture = "tokyo";
    store.city = "豊島区";
    report.id = 9;
    report.store_id = 42;
    report.user_id = 1;
    report.kind = ReportKind::kBought;
    report.product = Product::kBox;
    report.product_name = "テラスタルフェス";
    report.purchased_at = kNow;
    favorites.recipients = {{2, "ash@example.com"}, {3, "misty@example.com"}};
  }
  FakeFavorites favorites;
  FakeAlertQueue queue;
  FakeUserRepository users;
  FakeTokenCrypto crypto;
  SettableClock clock{kNow};
  FavoriteAlerts alerts{{favorites, queue, users, crypto, clock}, "https://pokeca.example"};
  Store store;
  PurchaseReport report;
};

TEST_F(AlertsTest, ABoughtReportQueuesOneMailPerRecipientWithTheLimits) {
  EXPECT_EQ(alerts.queue_for_report(report, store).value(), 2);
  EXPECT_EQ(favorites.last_except, 1);  // never the reporter
  ASSERT_EQ(queue.queued.size(), 2U);
  EXPECT_EQ(queue.limits.per_store_since, kNow - 12 * 3600);
  EXPECT_EQ(queue.limits.per_day_since, kNow - 24 * 3600);
  EXPECT_EQ(queue.limits.max_per_day, 5);
  const auto& m = queue.queued[0].message;
  EXPECT_EQ(m.idempotency_key, "favorite_alert:report:9:user:2");
  EXPECT_EQ(m.user_id, 2);
  EXPECT_EQ(m.mail.to, "ash@example.com");
  EXPECT_NE(m.mail.subject.find("カードラボ池袋店"), std::string::npos);
  EXPECT_NE(m.mail.text_body.find("東京都豊島区"), std::string::npos);
  EXPECT_NE(m.mail.text_body.find("ボックス（テラスタルフェス）"), std::string::npos);
  EXPECT_NE(m.mail.text_body.find("11月23日 12:00"), std::string::npos);  // Japan time
  EXPECT_NE(m.mail.text_body.find("https://pokeca.example/map?store=42"), std::string::npos);
  EXPECT_NE(m.mail.text_body.find("https://pokeca.example/alerts/unsubscribe?token="), std::string::npos);
  EXPECT_TRUE(m.mail.list_unsubscribe_url.starts_with("https://pokeca.example/api/v1/alerts/unsubscribe?token="));
}

TEST_F(AlertsTest, WithPushEachRecipientsChannelsDecide) {
  FakePushStore push_store;
  PushService push({push_store, push_store, clock}, {});
  alerts.send_push_through(&push);
  // Ash has a phone and switched mail off; Misty never enabled push (mail, the fallback).
  ASSERT_TRUE(
      push.subscribe(2, {"https://fcm.googleapis.com/fcm/send/ash", base64url_encode("\x04" + std::string(64, 'k')),
                         base64url_encode(std::string(16, 'a')), "phone"}));
  ASSERT_TRUE(push.set_channels(2, {.push = true, .mail = false}));
  EXPECT_EQ(alerts.queue_for_report(report, store).value(), 2);
  ASSERT_EQ(queue.queued.size(), 2U);
  EXPECT_EQ(queue.queued[0].user_id, 2);
  EXPECT_FALSE(queue.queued[0].send_mail);  // counted against the limits, no mail
  EXPECT_EQ(queue.queued[1].user_id, 3);
  EXPECT_TRUE(queue.queued[1].send_mail);
  ASSERT_EQ(push_store.rows.size(), 1U);
  const auto& n = push_store.rows[0].push.notice;
  EXPECT_EQ(n.user_id, 2);
  EXPECT_EQ(n.idempotency_key, "favorite_alert:report:9:user:2");
  EXPECT_EQ(n.title, "カードラボ池袋店で購入できた報告");
  EXPECT_EQ(n.body, "ボックス（テラスタルフェス）・11月23日 12:00。タップで店舗を開きます。");
  EXPECT_EQ(n.url, "/map?store=42");
  // The notification's 通知をオフ opens the same signed off link as the mail's.
  const std::string off_prefix = "/alerts/unsubscribe?token=";
  ASSERT_TRUE(n.off_url.starts_with(off_prefix)) << n.off_url;
  EXPECT_EQ(read_unsubscribe_token(n.off_url.substr(off_prefix.size()), crypto, clock.now()), 2);
}

TEST_F(AlertsTest, APushWaitsForTheAlertLimitsAndBothChannelsOffSendNothing) {
  FakePushStore push_store;
  PushService push({push_store, push_store, clock}, {});
  alerts.send_push_through(&push);
  ASSERT_TRUE(
      push.subscribe(2, {"https://fcm.googleapis.com/fcm/send/ash", base64url_encode("\x04" + std::string(64, 'k')),
                         base64url_encode(std::string(16, 'a')), "phone"}));
  ASSERT_TRUE(push.set_channels(3, {.push = false, .mail = false}));
  queue.limit_reached = true;
  EXPECT_EQ(alerts.queue_for_report(report, store).value(), 0);
  EXPECT_TRUE(push_store.rows.empty());
  ASSERT_EQ(queue.queued.size(), 1U);  // Misty, with both channels off, is not even checked
  EXPECT_EQ(queue.queued[0].user_id, 2);
}

TEST_F(AlertsTest, SoldOutAndDemoReportsQueueNothing) {
  report.kind = ReportKind::kSoldOut;
  EXPECT_EQ(alerts.queue_for_report(report, store).value(), 0);
  report.kind = ReportKind::kBought;
  report.user_id.reset();
  EXPECT_EQ(alerts.queue_for_report(report, store).value(), 0);
  EXPECT_TRUE(queue.queued.empty());
}

TEST_F(AlertsTest, TheUnsubscribeTokenIsSignedScopedAndExpires) {
  const auto id = users.create({"ash@example.com", "サトシ", "", "h", kNow}).value().id;
  ASSERT_TRUE(users.set_favorite_alerts(id, true));
  const auto token = make_unsubscribe_token(id, kNow, crypto);
  EXPECT_EQ(read_unsubscribe_token(token, crypto, kNow + 10), id);
  EXPECT_FALSE(read_unsubscribe_token(token, crypto, kNow + kUnsubscribeTokenLifetimeSeconds + 1));
  EXPECT_FALSE(read_unsubscribe_token(token + "x", crypto, kNow));
  EXPECT_FALSE(read_unsubscribe_token("", crypto, kNow));
  // A signature over another payload (another user) does not carry over.
  const auto other = make_unsubscribe_token(id + 1, kNow, crypto);
  EXPECT_FALSE(read_unsubscribe_token(token.substr(0, token.find('.')) + other.substr(other.find('.')), crypto, kNow));
  EXPECT_EQ(alerts.unsubscribe("nonsense").error().code, ErrorCode::kBadRequest);
  ASSERT_TRUE(alerts.unsubscribe(token));
  EXPECT_FALSE(users.find_by_id(id).value()->favorite_alerts);
  ASSERT_TRUE(alerts.unsubscribe(token));  // twice: still fine
}

TEST(UserStats, MonthsAreJapanTimeOldestFirst) {
  // 2026-01-01 00:30 JST is still 2025-12-31 in UTC.
  const UnixSeconds new_year_jst = 1'767'195'000;
  EXPECT_EQ(japan_month_key(new_year_jst), "2026-01");
  EXPECT_EQ(japan_month_key(new_year_jst - 3600), "2025-12");
  const auto starts = stats_month_starts(new_year_jst);
  EXPECT_EQ(japan_month_key(starts.back()), "2026-01");
  EXPECT_EQ(japan_month_key(starts.front()), "2025-02");
  EXPECT_EQ(starts.back(), start_of_month_in_japan(new_year_jst));
}

class FakeStats final : public UserStatsRepository {
 public:
  Result<UserActivity> activity(UserId, UnixSeconds s) override {
    since = s;
    return data;
  }
  UserActivity data;
  UnixSeconds since = 0;
};

class FakeRanking final : public RankingRepository {
 public:
  Result<std::vector<ContributorTotals>> contributor_totals(UnixSeconds since) override {
    return since == 0 ? all : month;
  }
  std::vector<ContributorTotals> all, month;
};

TEST(UserStats, CountsPointsRanksWithTiesAndTheMonthlySeries) {
  FakeStats stats;
  FakeRanking ranking;
  const UnixSeconds new_year_jst = 1'767'195'000;  // 2026-01-01 00:30 JST
  SettableClock clock(new_year_jst);
  stats.data.submissions = {1, 3, 2};
  stats.data.purchase_reports = 4;
  stats.data.favorites = 6;
  const UnixSeconds month_start = new_year_jst - 1800;  // 2026-01-01 00:00 JST
  stats.data.approvals_since = {{month_start - 10, 5}, {month_start - 3600 * 24 * 40, 1}};
  stats.data.reports_since = {month_start - 1, month_start - 2, month_start};
  // All time: user 7 ties with user 8 on points and count, ranked 2 (user 9 first).
  ranking.all = {{9, "a", "", 20, 4, 10}, {8, "b", "", 6, 2, 50}, {7, "c", "", 6, 2, 40}};
  ranking.month = {};  // nothing approved this month yet
  UserStatsService service(stats, ranking, clock);
  User u;
  u.id = 7;
  const auto s = service.stats(u).value();
  EXPECT_EQ(s.points_all, 6);
  EXPECT_EQ(s.rank_all, 2);
  EXPECT_EQ(s.points_month, 0);
  EXPECT_FALSE(s.rank_month);
  EXPECT_EQ(s.submissions.approved, 3);
  EXPECT_EQ(s.purchase_reports, 4);
  EXPECT_EQ(s.favorites, 6);
  ASSERT_EQ(s.monthly.size(), 12U);
  EXPECT_EQ(s.monthly.back().month, "2026-01");
  EXPECT_EQ(s.monthly.back().reports, 1);  // 00:30 JST on the 1st
  EXPECT_EQ(s.monthly[10].month, "2025-12");
  EXPECT_EQ(s.monthly[10].points, 5);
  EXPECT_EQ(s.monthly[10].reports, 2);
  EXPECT_EQ(s.monthly[9].points, 1);  // 40 days earlier: November
  EXPECT_EQ(stats.since, stats_month_starts(new_year_jst).front());
}

TEST(StoreActivity, CountsByJapanWeekdayAndHour) {
  // kNow is Monday 12:00 JST; 15 hours earlier is Sunday 21:00 JST.
  const std::vector<UnixSeconds> times{kNow, kNow + 60, kNow - 15 * 3600};
  const auto a = count_report_activity(times);
  EXPECT_EQ(a.days, 30);
  EXPECT_EQ(a.by_weekday[1], 2);
  EXPECT_EQ(a.by_weekday[0], 1);
  EXPECT_EQ(a.by_hour[12], 2);
  EXPECT_EQ(a.by_hour[21], 1);
}

class FakeSearch final : public StoreSearchRepository {
 public:
  Result<std::vector<Store>> search(const NameSearch& q) override {
    queries.push_back(q);
    if (!answers.empty()) {
      auto a = answers.front();
      answers.erase(answers.begin());
      return a;
    }
    return std::vector<Store>{};
  }
  std::vector<NameSearch> queries;
  std::vector<std::vector<Store>> answers;
};

TEST(StoreSearch, QueryAndLimitRules) {
  FakeSearch repo;
  const auto gazetteer = Gazetteer::from_tsv(data::kGazetteerTsv).value();
  StoreSearchService service(repo, gazetteer);
  EXPECT_EQ(service.search(std::nullopt, std::nullopt).error().code, ErrorCode::kBadRequest);
  EXPECT_EQ(service.search("　 ", std::nullopt).error().code, ErrorCode::kBadRequest);
  EXPECT_EQ(service.search(std::string(51, 'a'), std::nullopt).error().code, ErrorCode::kBadRequest);
  std::string fifty;
  for (int i = 0; i < 50; ++i) fifty += "ア";
  EXPECT_TRUE(service.search(fifty, std::nullopt));
  EXPECT_EQ(repo.queries.back().limit, 10);
  EXPECT_EQ(service.search("ポケモン", "21").error().code, ErrorCode::kBadRequest);
  EXPECT_EQ(service.search("ポケモン", "0").error().code, ErrorCode::kBadRequest);
  EXPECT_TRUE(service.search("ポケモン", "20"));
  EXPECT_EQ(repo.queries.back().limit, 20);
}

TEST(StoreSearch, PlacesNarrowAndNameWordsMatchEverySpelling) {
  FakeSearch repo;
  const auto gazetteer = Gazetteer::from_tsv(data::kGazetteerTsv).value();
  StoreSearchService service(repo, gazetteer);
  auto r = service.search("池袋　ぽけもん", std::nullopt).value();
  ASSERT_EQ(r.places.size(), 1U);
  EXPECT_EQ(r.places[0].name, "池袋");
  EXPECT_EQ(r.places[0].city, "豊島区");
  const auto& q = repo.queries.back();
  ASSERT_TRUE(q.place);
  EXPECT_TRUE(q.place->is_area);
  ASSERT_EQ(q.name_groups.size(), 1U);
  EXPECT_NE(std::find(q.name_groups[0].begin(), q.name_groups[0].end(), "ポケモン"), q.name_groups[0].end());

  r = service.search("豊島", std::nullopt).value();  // 豊島区 by its name without 区
  ASSERT_FALSE(r.places.empty());
  EXPECT_EQ(r.places[0].name, "豊島区");

  // A place word alone: stores named after it first, else the stores in the place.
  repo.queries.clear();
  r = service.search("秋葉原", std::nullopt).value();
  ASSERT_EQ(repo.queries.size(), 2U);
  EXPECT_FALSE(repo.queries[0].place);
  EXPECT_TRUE(repo.queries[1].place);
  EXPECT_TRUE(repo.queries[1].name_groups.empty());
}

// あきはばら (typed before kana conversion) names 秋葉原 as its written form does.
TEST(StoreSearch, ShoppingAreasAreFoundByTheirReadingInKana) {
  const auto gazetteer = Gazetteer::from_tsv(data::kGazetteerTsv).value();
  for (const auto* word : {"あきはばら", "アキハバラ", "秋葉原"}) {
    const auto places = places_named(word, gazetteer);
    ASSERT_EQ(places.size(), 1U) << word;
    EXPECT_EQ(places[0].name, "秋葉原");
    EXPECT_TRUE(places[0].is_area);
  }
  EXPECT_EQ(places_named("いけぶくろ", gazetteer).at(0).name, "池袋");
  EXPECT_EQ(places_named("なんば", gazetteer).size(), 1U);  // 難波 and なんば are one place
}

Store store_at(StoreId id, double lat, double lng) {
  Store s;
  s.id = id;
  s.name = "ポケモンセンター" + std::to_string(id);
  s.location = {lat, lng};
  return s;
}

// On the Tokyo map, ポケモンセンター lists the Tokyo shops first, nearest first, then the
// rest of the country (nearest first), not Sapporo because it has the lowest id.
TEST(StoreSearch, WhereTheUserIsLookingRanksTheStores) {
  FakeSearch repo;
  const auto gazetteer = Gazetteer::from_tsv(data::kGazetteerTsv).value();
  StoreSearchService service(repo, gazetteer);
  const LatLng tokyo{35.6812, 139.7671};
  repo.answers.push_back({store_at(3, 35.7295, 139.7109), store_at(2, 35.6812, 139.7671)});  // around Tokyo
  repo.answers.push_back(
      {store_at(1, 43.0683, 141.3496), store_at(4, 34.7025, 135.4959), store_at(2, 35.6812, 139.7671)});  // anywhere
  const auto r = service.search("ポケモンセンター", "4", tokyo).value();
  ASSERT_EQ(repo.queries.size(), 2U);
  ASSERT_TRUE(repo.queries[0].place);
  EXPECT_DOUBLE_EQ(repo.queries[0].radius_km, kNearSearchRadiusKm);
  EXPECT_EQ(repo.queries[0].limit, kNearSearchCandidates);
  EXPECT_FALSE(repo.queries[1].place);
  std::vector<StoreId> ids;
  for (const auto& s : r.stores) ids.push_back(s.id);
  EXPECT_EQ(ids, (std::vector<StoreId>{2, 3, 4, 1}));  // Tokyo station, Ikebukuro, Osaka, Sapporo

  // Enough stores around: the rest of the country is not asked.
  repo.queries.clear();
  repo.answers.push_back({store_at(3, 35.7295, 139.7109), store_at(2, 35.6812, 139.7671)});
  EXPECT_EQ(service.search("ポケモンセンター", "1", tokyo).value().stores.at(0).id, 2);
  EXPECT_EQ(repo.queries.size(), 1U);

  EXPECT_FALSE(parse_search_near(std::nullopt, std::nullopt).value());
  EXPECT_EQ(parse_search_near("35.6", std::nullopt).error().message, msg::kSearchNearInvalid);
  EXPECT_EQ(parse_search_near("abc", "139").error().code, ErrorCode::kBadRequest);
  EXPECT_EQ(parse_search_near("35.6", "139.7").value()->lng, 139.7);
}

TEST(StoreSearch, Spellings) {
  EXPECT_EQ(romaji_to_katakana("pokemon"), "ポケモン");
  EXPECT_EQ(romaji_to_katakana("Yodobashi"), "ヨドバシ");
  EXPECT_EQ(romaji_to_katakana("kamera"), "カメラ");
  EXPECT_EQ(romaji_to_katakana("shinjuku"), "シンジュク");
  EXPECT_EQ(romaji_to_katakana("kitte"), "キッテ");
  EXPECT_FALSE(romaji_to_katakana("xyz"));
  const auto s = search_spellings("ﾎﾟｹﾓﾝ");
  EXPECT_NE(std::find(s.begin(), s.end(), "ポケモン"), s.end());
  EXPECT_NE(std::find(s.begin(), s.end(), "ぽけもん"), s.end());
  const auto d = search_spellings("ＤＸ");
  EXPECT_NE(std::find(d.begin(), d.end(), "dx"), d.end());
}

}  // namespace
}  // namespace pokeca
