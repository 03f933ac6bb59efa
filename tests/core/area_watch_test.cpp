// Area watches: the input rules (area, radius bounds, narrowing), the one matching rule,
// the grid that replaces a scan, quiet hours, the per-user limit, the alerts a report or a
// shown lottery entry makes (one per user, never to the author), and the one-click off.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "auth_fakes.hpp"
#include "mock_store_repository.hpp"
#include "pokeca/personal/area_watch.hpp"
#include "pokeca/personal/watch_alerts.hpp"
#include "pokeca/personal/watch_messages.hpp"
#include "pokeca/shared/base64url.hpp"
#include "pokeca/shared/messages.hpp"
#include "push_fakes.hpp"
#include "watch_fakes.hpp"

namespace pokeca {
namespace {

using testing::FakeTokenCrypto;
using testing::FakeWatches;
using testing::MockStores;
using testing::SettableClock;

// 2026-11-23 12:00 JST (03:00 UTC).
constexpr UnixSeconds kNoonJst = 1'795'402'800;
constexpr LatLng kTokyoStation{35.6812, 139.7671};

// The point `km` from `from` towards `bearing_deg` (0 = north).
LatLng moved(LatLng from, double km, double bearing_deg) {
  const double b = bearing_deg * std::numbers::pi / 180;
  const double dlat = km * std::cos(b) / 111.195;
  const double dlng = km * std::sin(b) / (111.195 * std::cos(from.lat * std::numbers::pi / 180));
  return {from.lat + dlat, from.lng + dlng};
}

WatchInput point_input(double lat, double lng, std::int64_t radius) {
  WatchInput in;
  in.lat = lat;
  in.lng = lng;
  in.radius_km = radius;
  return in;
}

std::string bad_message(const WatchInput& in) {
  auto r = checked_watch(in);
  EXPECT_FALSE(r);
  if (r) return "";
  EXPECT_EQ(r.error().code, ErrorCode::kBadRequest);
  return r.error().message;
}

TEST(AreaWatchRules, APrefectureOrAPointWithAWholeRadiusFromOneToTwentyKm) {
  WatchInput pref;
  pref.prefecture = "tokyo";
  const auto p = checked_watch(pref).value();
  EXPECT_EQ(p.prefecture, "tokyo");
  EXPECT_FALSE(p.centre);
  EXPECT_EQ(p.events, kAllWatchEvents);
  EXPECT_TRUE(p.active);
  pref.prefecture = "atlantis";
  EXPECT_EQ(bad_message(pref), msg::kWatchBadPrefecture);

  EXPECT_EQ(checked_watch(point_input(35.68, 139.76, kMinWatchRadiusKm)).value().radius_km, 1);
  EXPECT_EQ(checked_watch(point_input(35.68, 139.76, kMaxWatchRadiusKm)).value().radius_km, 20);
  EXPECT_EQ(bad_message(point_input(35.68, 139.76, kMinWatchRadiusKm - 1)), msg::kWatchBadRadius);
  EXPECT_EQ(bad_message(point_input(35.68, 139.76, kMaxWatchRadiusKm + 1)), msg::kWatchBadRadius);
  EXPECT_EQ(bad_message(point_input(48.85, 2.35, 5)), msg::kWatchBadPoint);  // Paris
  EXPECT_EQ(bad_message(point_input(std::nan(""), 139.76, 5)), msg::kWatchBadPoint);
  WatchInput no_radius = point_input(35.68, 139.76, 5);
  no_radius.radius_km.reset();
  EXPECT_EQ(bad_message(no_radius), msg::kWatchBadRadius);

  WatchInput both = point_input(35.68, 139.76, 5);
  both.prefecture = "tokyo";
  EXPECT_EQ(bad_message(both), msg::kWatchAreaRequired);
  EXPECT_EQ(bad_message(WatchInput{}), msg::kWatchAreaRequired);
  // The messages name the limits.
  EXPECT_NE(msg::kWatchBadRadius.find(std::to_string(kMinWatchRadiusKm) + "〜" + std::to_string(kMaxWatchRadiusKm)),
            std::string_view::npos);
  EXPECT_NE(msg::kWatchesLimit.find(std::to_string(kMaxWatchesPerUser) + "件"), std::string_view::npos);
}

TEST(AreaWatchRules, NarrowingByProductKindCatalogueProductAndEvent) {
  auto in = point_input(35.68, 139.76, 5);
  in.product_kinds = {"box", "pack"};
  in.product_id = 12;
  in.events = std::vector<std::string>{"lottery"};
  const auto w = checked_watch(in).value();
  EXPECT_EQ(w.product_kinds, product_bit(Product::kBox) | product_bit(Product::kPack));
  EXPECT_EQ(w.catalog_product, 12);
  EXPECT_EQ(w.events, static_cast<unsigned>(WatchEvent::kLottery));
  in.product_kinds = {"sleeve"};
  EXPECT_EQ(bad_message(in), msg::kWatchBadProductKind);
  in.product_kinds = {};
  in.product_id = 0;
  EXPECT_EQ(bad_message(in), msg::kWatchBadProductId);
  in.product_id.reset();
  in.events = std::vector<std::string>{};
  EXPECT_EQ(bad_message(in), msg::kWatchBadEvents);
  in.events = std::vector<std::string>{"sold_out"};
  EXPECT_EQ(bad_message(in), msg::kWatchBadEvents);
}

AreaWatch point_watch(LatLng c, int radius) {
  AreaWatch w;
  w.centre = c;
  w.radius_km = radius;
  return w;
}

WatchedEvent bought_at(LatLng where, std::string pref = "tokyo", Product product = Product::kPack) {
  return WatchedEvent{.kind = WatchEvent::kBought,
                      .store_id = 1,
                      .prefecture = std::move(pref),
                      .location = where,
                      .product = product,
                      .catalog_product = std::nullopt};
}

TEST(AreaWatchMatching, APointWatchHearsStoresWithinItsRadius) {
  const auto w = point_watch(kTokyoStation, 5);
  EXPECT_TRUE(watch_matches(w, bought_at(moved(kTokyoStation, 4.9, 45))));
  EXPECT_FALSE(watch_matches(w, bought_at(moved(kTokyoStation, 5.1, 45))));
  AreaWatch pref;
  pref.prefecture = "tokyo";
  EXPECT_TRUE(watch_matches(pref, bought_at({43.06, 141.35})));  // the store's prefecture decides
  EXPECT_FALSE(watch_matches(pref, bought_at(kTokyoStation, "kanagawa")));
  auto off = w;
  off.active = false;
  EXPECT_FALSE(watch_matches(off, bought_at(kTokyoStation)));
}

TEST(AreaWatchMatching, EventsAndProductsNarrow) {
  auto w = point_watch(kTokyoStation, 5);
  w.events = static_cast<unsigned>(WatchEvent::kLottery);
  EXPECT_FALSE(watch_matches(w, bought_at(kTokyoStation)));
  w.events = kAllWatchEvents;
  w.product_kinds = product_bit(Product::kBox);
  EXPECT_FALSE(watch_matches(w, bought_at(kTokyoStation, "tokyo", Product::kPack)));
  EXPECT_TRUE(watch_matches(w, bought_at(kTokyoStation, "tokyo", Product::kBox)));
  // A catalogue narrowing: lottery entries of that product only; a report (no catalogue
  // product) is narrowed by its kind alone.
  w.product_kinds = 0;
  w.catalog_product = 7;
  WatchedEvent lottery{.kind = WatchEvent::kLottery,
                       .store_id = 1,
                       .prefecture = "tokyo",
                       .location = kTokyoStation,
                       .product = std::nullopt,
                       .catalog_product = 7};
  EXPECT_TRUE(watch_matches(w, lottery));
  lottery.catalog_product = 8;
  EXPECT_FALSE(watch_matches(w, lottery));
  lottery.catalog_product.reset();
  EXPECT_FALSE(watch_matches(w, lottery));
  EXPECT_TRUE(watch_matches(w, bought_at(kTokyoStation)));
  auto report_with_product = bought_at(kTokyoStation);
  report_with_product.catalog_product = 8;
  EXPECT_FALSE(watch_matches(w, report_with_product));
}

TEST(AreaWatchGrid, EveryWatchThatCanReachAPointIsInItsNineCells) {
  static_assert(kWatchCellLatDeg * 111.195 >= kMaxWatchRadiusKm);
  for (double lat = 24.0; lat <= 45.6; lat += 0.37) {
    for (double lng = 123.0; lng <= 146.0; lng += 0.53) {
      const LatLng store{lat, lng};
      const auto around = watch_cells_around(store);
      for (double bearing = 0; bearing < 360; bearing += 22.5) {
        const auto centre = moved(store, kMaxWatchRadiusKm - 0.05, bearing);
        ASSERT_LE(haversine_km(centre, store), kMaxWatchRadiusKm);
        ASSERT_NE(std::ranges::find(around, watch_cell(centre)), around.end())
            << lat << "," << lng << " bearing " << bearing;
      }
    }
  }
}

TEST(AreaWatchQuietHours, AnAlertInsideTheQuietHoursWaitsForTheirEnd) {
  const QuietHours night;  // 23:00–7:00
  EXPECT_EQ(alert_send_time(kNoonJst, night), kNoonJst);
  const auto at_2330 = kNoonJst + 11 * 3600 + 1800;
  const auto next_7 = kNoonJst + 19 * 3600;
  EXPECT_EQ(alert_send_time(at_2330, night), next_7);
  EXPECT_EQ(alert_send_time(kNoonJst + 11 * 3600, night), next_7);                              // 23:00 sharp is quiet
  EXPECT_EQ(alert_send_time(next_7 - 60, night), next_7);                                       // 06:59
  EXPECT_EQ(alert_send_time(next_7, night), next_7);                                            // 07:00 is not
  EXPECT_EQ(alert_send_time(kNoonJst + 10 * 3600 + 3599, night), kNoonJst + 10 * 3600 + 3599);  // 22:59:59
  const QuietHours afternoon{13, 15};
  EXPECT_EQ(alert_send_time(kNoonJst + 3600, afternoon), kNoonJst + 3 * 3600);
  EXPECT_EQ(alert_send_time(kNoonJst, afternoon), kNoonJst);
  EXPECT_EQ(alert_send_time(at_2330, QuietHours{0, 0}), at_2330);  // none
  EXPECT_FALSE(checked_quiet_hours(24, 7));
  EXPECT_FALSE(checked_quiet_hours(-1, 7));
  EXPECT_FALSE(checked_quiet_hours(std::nullopt, 7));
  EXPECT_EQ(checked_quiet_hours(22, 6).value().end_hour, 6);
}

class WatchAlertsTest : public ::testing::Test {
 protected:
  WatchAlertsTest() {
    alice.id = 1;
    bob.id = 2;
    carol.id = 3;
    store.id = 42;
    store.name = "カードショップ東京";
    store.prefecture = "tokyo";
    store.city = "千代田区";
    store.location = moved(kTokyoStation, 2, 90);
  }
  PurchaseReport report_by(UserId author, ReportKind kind = ReportKind::kBought) {
    PurchaseReport r;
    r.id = 900;
    r.store_id = store.id;
    r.user_id = author;
    r.kind = kind;
    r.product = Product::kBox;
    r.product_name = "テラスタルフェス";
    r.purchased_at = clock.now();
    return r;
  }
  AreaWatch watch_of(const User& u, const WatchInput& in) { return service.create(u, in).value(); }

  SettableClock clock{kNoonJst};
  FakeTokenCrypto crypto;
  FakeWatches watches;
  MockStores stores;
  WatchAlerts alerts{{watches, watches, stores, crypto, clock}, "https://pokeca.example/"};
  WatchService service{watches, crypto, clock};
  User alice, bob, carol;
  Store store;
};

TEST_F(WatchAlertsTest, AtMostFiveWatchesPerUser) {
  WatchInput tokyo;
  tokyo.prefecture = "tokyo";
  for (int i = 0; i < kMaxWatchesPerUser; ++i) ASSERT_TRUE(service.create(alice, tokyo));
  const auto sixth = service.create(alice, tokyo);
  ASSERT_FALSE(sixth);
  EXPECT_EQ(sixth.error().code, ErrorCode::kConflict);
  EXPECT_EQ(sixth.error().detail, kWatchesLimitCode);
  EXPECT_TRUE(service.create(bob, tokyo));
  const auto mine = service.list(alice).value();
  EXPECT_EQ(service.update(bob, mine[0].id, tokyo).error().code, ErrorCode::kNotFound);
  EXPECT_EQ(service.remove(bob, mine[0].id).error().code, ErrorCode::kNotFound);
  EXPECT_EQ(service.remove(alice, 0).error().code, ErrorCode::kBadRequest);
  EXPECT_TRUE(service.remove(alice, mine[0].id));
}

TEST_F(WatchAlertsTest, AReportInsideAWatchAlertsItsOwnerOnceAndNeverTheAuthor) {
  const auto near = watch_of(alice, point_input(kTokyoStation.lat, kTokyoStation.lng, 5));
  WatchInput tokyo;
  tokyo.prefecture = "tokyo";
  watch_of(alice, tokyo);  // a second match for alice: still one alert
  watch_of(bob, tokyo);    // the author's own watch
  auto far = point_input(kTokyoStation.lat, kTokyoStation.lng, 1);
  watch_of(carol, far);  // 2 km away: outside 1 km
  EXPECT_EQ(alerts.queue_for_report(report_by(bob.id), store).value(), 1);
  ASSERT_EQ(watches.queued.size(), 1U);
  const auto& m = watches.queued[0];
  EXPECT_EQ(m.user_id, alice.id);
  EXPECT_EQ(m.watch_id, near.id);
  EXPECT_EQ(m.store_id, store.id);
  EXPECT_EQ(m.send_at, kNoonJst);
  EXPECT_EQ(m.message.kind, kWatchAlertKind);
  EXPECT_EQ(m.message.idempotency_key, "watch_alert:report:900:user:1");
  EXPECT_EQ(m.message.mail.to, "user1@example.com");
  EXPECT_NE(m.message.mail.subject.find("カードショップ東京"), std::string::npos);
  EXPECT_NE(m.message.mail.text_body.find("ボックス・テラスタルフェス・11月23日 12:00の購入"), std::string::npos);
  EXPECT_NE(m.message.mail.text_body.find("https://pokeca.example/map?store=42"), std::string::npos);
  EXPECT_NE(m.message.mail.text_body.find("https://pokeca.example/alerts/watch-off?token="), std::string::npos);
  EXPECT_TRUE(m.message.mail.list_unsubscribe_url.starts_with("https://pokeca.example/api/v1/watches/off?token="));
  // The same limits as the favourite-store alerts.
  EXPECT_EQ(watches.last_limits.per_store_since, kNoonJst - kAlertPerStoreIntervalSeconds);
  EXPECT_EQ(watches.last_limits.max_per_day, kMaxAlertsPerUserPerDay);
  // The nine cells around the store were asked, not every watch.
  EXPECT_EQ(watches.asked_cells.size(), 9U);
  // A sell-out or a report without an account alerts nobody.
  watches.queued.clear();
  EXPECT_EQ(alerts.queue_for_report(report_by(bob.id, ReportKind::kSoldOut), store).value(), 0);
  auto anonymous = report_by(bob.id);
  anonymous.user_id.reset();
  EXPECT_EQ(alerts.queue_for_report(anonymous, store).value(), 0);
  EXPECT_TRUE(watches.queued.empty());
}

TEST_F(WatchAlertsTest, QuietHoursHoldTheAlertUntilTheirEnd) {
  watch_of(alice, point_input(kTokyoStation.lat, kTokyoStation.lng, 5));
  clock.set(kNoonJst + 12 * 3600);  // 00:00 JST
  ASSERT_EQ(alerts.queue_for_report(report_by(bob.id), store).value(), 1);
  EXPECT_EQ(watches.queued[0].send_at, kNoonJst + 19 * 3600);
  ASSERT_TRUE(service.set_quiet_hours(alice, 0, 0));
  watches.queued.clear();
  auto later = report_by(bob.id);
  later.id = 901;
  ASSERT_EQ(alerts.queue_for_report(later, store).value(), 1);
  EXPECT_EQ(watches.queued[0].send_at, clock.now());
  EXPECT_EQ(service.set_quiet_hours(alice, 24, 0).error().code, ErrorCode::kBadRequest);
}

TEST_F(WatchAlertsTest, WithPushEachRecipientsChannelsDecideAndThePushWaitsOutTheQuietHours) {
  testing::FakePushStore push_store;
  PushService push({push_store, push_store, clock}, {});
  alerts.send_push_through(&push);
  watch_of(alice, point_input(kTokyoStation.lat, kTokyoStation.lng, 5));
  watch_of(carol, point_input(kTokyoStation.lat, kTokyoStation.lng, 5));
  // Alice has a phone and switched mail off; Carol switched both channels off.
  ASSERT_TRUE(push.subscribe(
      alice.id, {"https://fcm.googleapis.com/fcm/send/alice", base64url_encode("\x04" + std::string(64, 'k')),
                 base64url_encode(std::string(16, 'a')), "phone"}));
  ASSERT_TRUE(push.set_channels(alice.id, {.push = true, .mail = false}));
  ASSERT_TRUE(push.set_channels(carol.id, {.push = false, .mail = false}));
  clock.set(kNoonJst + 12 * 3600);  // 00:00 JST, inside the default quiet hours
  EXPECT_EQ(alerts.queue_for_report(report_by(bob.id), store).value(), 1);
  ASSERT_EQ(watches.queued.size(), 1U);  // Carol is not even checked
  EXPECT_EQ(watches.queued[0].user_id, alice.id);
  EXPECT_FALSE(watches.queued[0].send_mail);  // counted against the limits, no mail
  ASSERT_EQ(push_store.rows.size(), 1U);
  const auto& row = push_store.rows[0];
  EXPECT_EQ(row.next, kNoonJst + 19 * 3600);  // held until 07:00 JST like the mail
  EXPECT_EQ(row.push.notice.idempotency_key, "watch_alert:report:900:user:1");
  EXPECT_EQ(row.push.notice.kind, kWatchAlertKind);
  EXPECT_EQ(row.push.notice.title, "通知エリアのカードショップ東京で購入報告がありました");
  EXPECT_EQ(
      row.push.notice.body,
      "「購入できた」の報告がありました（ボックス・テラスタルフェス・11月24日 00:00の購入）。タップで店舗を開きます。");
  EXPECT_EQ(row.push.notice.url, "/map?store=42");
  // The notification's 通知をオフ stops this watch, as the mail's first link does.
  const std::string off_prefix = "/alerts/watch-off?token=";
  const auto& off = row.push.notice.off_url;
  ASSERT_TRUE(off.starts_with(off_prefix)) << off;
  const auto target = read_watch_off_token(off.substr(off_prefix.size()), crypto, clock.now());
  ASSERT_TRUE(target);
  EXPECT_EQ(target->user_id, alice.id);
  EXPECT_EQ(target->watch_id, watches.queued[0].watch_id);
}

TEST_F(WatchAlertsTest, AReportNamingACatalogueProductAlertsWatchesOfThatProductOnly) {
  WatchInput of_seven;
  of_seven.prefecture = "tokyo";
  of_seven.product_id = 7;
  watch_of(alice, of_seven);
  auto of_eight = of_seven;
  of_eight.product_id = 8;
  watch_of(carol, of_eight);
  auto report = report_by(bob.id);
  report.product_id = 7;
  EXPECT_EQ(watched_event_of(report, store).catalog_product, 7);
  EXPECT_EQ(alerts.queue_for_report(report, store).value(), 1);
  ASSERT_EQ(watches.queued.size(), 1U);
  EXPECT_EQ(watches.queued[0].user_id, alice.id);
}

TEST_F(WatchAlertsTest, AShownLotteryEntryAlertsWatchesOfItsProduct) {
  auto in = point_input(kTokyoStation.lat, kTokyoStation.lng, 5);
  in.product_id = 7;
  watch_of(alice, in);
  auto bought_only = point_input(kTokyoStation.lat, kTokyoStation.lng, 5);
  bought_only.events = std::vector<std::string>{"bought"};
  watch_of(carol, bought_only);
  EXPECT_CALL(stores, find(store.id)).WillRepeatedly(::testing::Return(std::optional<Store>{store}));
  LotteryEntry entry;
  entry.id = 55;
  entry.store_id = store.id;
  entry.product_id = 7;
  entry.product_name = "テラスタルフェス";
  entry.status = LotteryStatus::kApproved;
  entry.author_id = bob.id;
  EXPECT_EQ(alerts.queue_for_lottery(entry).value(), 1);
  ASSERT_EQ(watches.queued.size(), 1U);
  EXPECT_EQ(watches.queued[0].message.idempotency_key, "watch_alert:lottery:55:user:1");
  EXPECT_NE(watches.queued[0].message.mail.subject.find("抽選"), std::string::npos);
  entry.id = 56;
  entry.product_id = 8;
  EXPECT_EQ(alerts.queue_for_lottery(entry).value(), 0);
  entry.status = LotteryStatus::kPending;
  entry.product_id = 7;
  EXPECT_EQ(alerts.queue_for_lottery(entry).value(), 0);  // not shown yet
}

TEST_F(WatchAlertsTest, TheOffLinkTurnsOneWatchOrAllOff) {
  const auto a = watch_of(alice, point_input(kTokyoStation.lat, kTokyoStation.lng, 5));
  WatchInput tokyo;
  tokyo.prefecture = "tokyo";
  const auto b = watch_of(alice, tokyo);
  const auto one = make_watch_off_token({alice.id, a.id}, clock.now(), crypto);
  EXPECT_EQ(service.switch_off(one).value(), 1);
  auto list = service.list(alice).value();
  EXPECT_FALSE(list[0].active);
  EXPECT_TRUE(list[1].active);
  EXPECT_EQ(service.switch_off(make_watch_off_token({alice.id, std::nullopt}, clock.now(), crypto)).value(), 1);
  list = service.list(alice).value();
  EXPECT_FALSE(list[1].active);
  EXPECT_EQ(list[1].id, b.id);
  // Tampered, expired, or a favourite-alert token: refused.
  auto tampered = one;
  tampered[2] = tampered[2] == 'A' ? 'B' : 'A';
  EXPECT_EQ(service.switch_off(tampered).error().code, ErrorCode::kBadRequest);
  EXPECT_EQ(service.switch_off(tampered).error().message, msg::kBadWatchOffToken);
  clock.advance(kUnsubscribeTokenLifetimeSeconds + 1);
  EXPECT_FALSE(service.switch_off(one));
  EXPECT_FALSE(read_watch_off_token(make_unsubscribe_token(alice.id, clock.now(), crypto), crypto, clock.now()));
  const auto read = read_watch_off_token(make_watch_off_token({alice.id, 9}, clock.now(), crypto), crypto, clock.now());
  ASSERT_TRUE(read);
  EXPECT_EQ(read->user_id, alice.id);
  EXPECT_EQ(read->watch_id, 9);
}

}  // namespace
}  // namespace pokeca

namespace pokeca {
namespace {

// Lottery entries for the observer test: insert answers with the status the test sets
// (a trusted author's entry is approved at once); change applies the service's decision.
class FakeLotteries final : public LotteryRepository {
 public:
  Result<LotteryEntry> insert(LotteryEntry entry, const LotteryInsertRules&) override {
    entry.id = ++last_id;
    entry.status = insert_status;
    stored = entry;
    return entry;
  }
  Result<std::vector<LotteryListing>> list_open(const LotteryFilter&, UnixSeconds) override {
    return std::vector<LotteryListing>{};
  }
  Result<AdminPage<LotteryListing>> list_for_review(std::optional<LotteryStatus>, int, std::int64_t) override {
    return AdminPage<LotteryListing>{};
  }
  Result<std::optional<LotteryEntry>> find(LotteryId) override { return std::optional<LotteryEntry>{stored}; }
  Result<std::optional<LotteryEntry>> change(LotteryId, const LotteryDecision& decide) override {
    auto changed = decide(stored);
    if (!changed) return std::unexpected(changed.error());
    stored = changed->after;
    return std::optional<LotteryEntry>{stored};
  }
  Result<void> insert_demo(const std::vector<LotteryEntry>&) override { return {}; }

  LotteryStatus insert_status = LotteryStatus::kPending;
  LotteryEntry stored;
  LotteryId last_id = 0;
};

class ShownEntries final : public LotteryObserver {
 public:
  void lottery_shown(const LotteryEntry& entry) noexcept override { shown.push_back(entry.id); }
  std::vector<LotteryId> shown;
};

LotteryInput lottery_input() {
  return {.store_id = 7,
          .product_id = std::nullopt,
          .product_name = "テラスタルフェスex",
          .methods = {"web"},
          .apply_start = "2026-11-27T10:00:00+09:00",
          .apply_end = "2026-12-01T23:59:00+09:00",
          .result_at = std::nullopt,
          .purchase_start = std::nullopt,
          .purchase_end = std::nullopt,
          .conditions = {},
          .condition_note = "",
          .source_url = ""};
}

TEST(LotteryShown, AnEntryIsShownOnceWhenATrustedAuthorSubmitsOrAnAdminApprovesItFromPending) {
  FakeLotteries lotteries;
  ShownEntries observer;
  SettableClock clock{kNoonJst};
  LotteryService service(lotteries, clock, &observer);
  User author;
  author.id = 5;
  User admin;
  admin.id = 1;
  admin.admin = true;
  // Pending: not shown yet; its approval shows it.
  const auto pending = service.submit(author, lottery_input()).value();
  EXPECT_TRUE(observer.shown.empty());
  ASSERT_TRUE(service.approve(admin, pending.id));
  EXPECT_EQ(observer.shown, std::vector<LotteryId>{pending.id});
  // Hidden and approved again: not new.
  ASSERT_TRUE(service.hide(admin, pending.id));
  ASSERT_TRUE(service.approve(admin, pending.id));
  EXPECT_EQ(observer.shown.size(), 1U);
  // A trusted author's entry is shown at once.
  lotteries.insert_status = LotteryStatus::kApproved;
  const auto trusted = service.submit(author, lottery_input()).value();
  EXPECT_EQ(observer.shown, (std::vector<LotteryId>{pending.id, trusted.id}));
}

}  // namespace
}  // namespace pokeca
