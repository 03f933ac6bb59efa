#pragma once
// The one place tests build the router's services (`http::ApiServices`): in-memory fakes of
// every service a test does not exercise (the router needs every service it routes to), the
// real ones it names. A new service: its fake here, its pointer in RealServices, its line in
// FakeContributions::services, and its SQLite construction in sqlite_services.hpp.
#include "auth_fakes.hpp"
#include "pokeca/admin/admin_service.hpp"
#include "pokeca/analytics/analytics.hpp"
#include "pokeca/contributions/confirmation_service.hpp"
#include "pokeca/contributions/lottery.hpp"
#include "pokeca/contributions/product_catalog.hpp"
#include "pokeca/contributions/purchase_service.hpp"
#include "pokeca/contributions/ranking_service.hpp"
#include "pokeca/contributions/submission_service.hpp"
#include "pokeca/http/router.hpp"
#include "pokeca/map/gazetteer.hpp"
#include "pokeca/map/ip_location.hpp"
#include "pokeca/personal/lottery_calendar.hpp"
#include "pokeca/personal/push_subscriptions.hpp"
#include "pokeca/personal/trip_service.hpp"
#include "pokeca/personal/watch_alerts.hpp"
#include "submission_fakes.hpp"
#include "trip_fakes.hpp"
#include "watch_fakes.hpp"

namespace pokeca::testing {

class FakeRankingRepository final : public RankingRepository {
 public:
  std::vector<ContributorTotals> totals;
  Result<std::vector<ContributorTotals>> contributor_totals(UnixSeconds) override { return totals; }
};

// The personal ports, empty: favourites, search, stats and alerts for routers that do not
// exercise them (tests/http/personal_flow_test.cpp runs them on SQLite).
class NoFavorites final : public FavoriteRepository {
 public:
  Result<FavoriteAdded> add(UserId, StoreId s, UnixSeconds at, int) override {
    return FavoriteAdded{FavoriteAddOutcome::kNoSuchStore, s, at};
  }
  Result<void> remove(UserId, StoreId) override { return {}; }
  Result<std::vector<Favorite>> list(UserId, int) override { return std::vector<Favorite>{}; }
  Result<std::int64_t> count(UserId) override { return 0; }
  Result<std::vector<AlertRecipient>> alert_recipients(StoreId, UserId) override {
    return std::vector<AlertRecipient>{};
  }
};
class NoAlertQueue final : public FavoriteAlertQueue {
 public:
  Result<int> queue_alerts(std::span<const AlertMail>, const AlertLimits&, UnixSeconds) override { return 0; }
};
class NoSearch final : public StoreSearchRepository {
 public:
  Result<std::vector<Store>> search(const NameSearch&) override { return std::vector<Store>{}; }
};
class NoUserStats final : public UserStatsRepository {
 public:
  Result<UserActivity> activity(UserId, UnixSeconds) override { return UserActivity{}; }
};

// The admin port, empty: no stores, users, reports or audit rows to administer.
class NoAdmin final : public AdminRepository {
 public:
  Result<AdminPage<AdminStore>> search_stores(const AdminStoreFilter&) override { return AdminPage<AdminStore>{}; }
  Result<std::optional<AdminStore>> find_store(StoreId) override { return std::optional<AdminStore>{}; }
  Result<std::vector<AdminPhoto>> store_photos(StoreId, int) override { return std::vector<AdminPhoto>{}; }
  Result<AdminStore> change_store(StoreId, const StoreDecision&) override { return not_found(); }
  Result<void> delete_store(StoreId, const std::function<AuditRecord(const AdminStore&)>&) override {
    return not_found();
  }
  Result<std::vector<SubmissionPhoto>> unlink_photo(StoreId, std::string_view, const AuditRecord&) override {
    return not_found();
  }
  Result<AdminPage<AdminUser>> search_users(std::string_view, int, std::int64_t) override {
    return AdminPage<AdminUser>{};
  }
  Result<std::optional<AdminUser>> find_user(UserId) override { return std::optional<AdminUser>{}; }
  Result<std::vector<AdminUserSubmission>> user_submissions(UserId, int) override {
    return std::vector<AdminUserSubmission>{};
  }
  Result<UserChangeOutcome> change_user(UserId, const UserDecision&) override { return not_found(); }
  Result<AdminPage<AdminReport>> list_reports(const AdminReportFilter&) override { return AdminPage<AdminReport>{}; }
  Result<std::optional<PurchaseReport>> delete_report(
      ReportId, const std::function<AuditRecord(const PurchaseReport&)>&) override {
    return std::optional<PurchaseReport>{};
  }
  Result<std::int64_t> delete_reports_of(UserId, UnixSeconds, UnixSeconds,
                                         const std::function<AuditRecord(std::int64_t)>&) override {
    return 0;
  }
  Result<AdminPage<AuditEntry>> list_audit(const AuditFilter&) override { return AdminPage<AuditEntry>{}; }

 private:
  static std::unexpected<DomainError> not_found() { return fail(ErrorCode::kNotFound, "not found"); }
};
// Page views go nowhere; the dashboard is all zeros.
class NoAnalytics final : public AnalyticsRepository {
 public:
  Result<std::string> day_secret(AnalyticsDay, std::string_view candidate) override { return std::string(candidate); }
  Result<void> drop_secrets_before(AnalyticsDay) override { return {}; }
  Result<void> record(const PageView&) override { return {}; }
  Result<AnalyticsReport> report(AnalyticsDay from, AnalyticsDay to, std::size_t) override {
    AnalyticsReport out{from, to, {}, {}, {}, {}, {}, {}, 0, std::nullopt};
    for (auto d = from; d <= to; ++d) out.days.push_back({.day = d});
    return out;
  }
};
class FakeAnalyticsKeys final : public AnalyticsKeys {
 public:
  std::string random_secret() override { return std::string(kAnalyticsSecretBytes, 's'); }
  std::string hmac_sha256(std::string_view key, std::string_view message) const override {
    std::string out(32, '\0');
    std::size_t i = 0;
    for (const char c : std::string(key) + "|" + std::string(message)) out[i++ % out.size()] ^= c;
    return out;
  }
};

// An empty catalogue that refuses writes (tests that need products run the SQLite one).
class NoProducts final : public ProductRepository {
 public:
  Result<std::vector<CatalogProduct>> list(bool) override { return std::vector<CatalogProduct>{}; }
  Result<std::optional<CatalogProduct>> find(CatalogProductId) override { return std::nullopt; }
  Result<CatalogProduct> insert(const CatalogProduct&, AuditRecord, std::size_t) override { return refused(); }
  Result<std::optional<CatalogProduct>> update(CatalogProductId, const ProductDecision&) override {
    return std::optional<CatalogProduct>{};
  }
  Result<bool> remove(CatalogProductId, const std::function<AuditRecord(const CatalogProduct&)>&) override {
    return false;
  }
  Result<void> insert_demo(const std::vector<CatalogProduct>&) override { return {}; }

 private:
  static std::unexpected<DomainError> refused() { return fail(ErrorCode::kUnavailable, "no catalogue in this test"); }
};

// No lottery entries; a submission is refused (tests that need entries run the SQLite one).
class NoLotteries final : public LotteryRepository {
 public:
  Result<LotteryEntry> insert(LotteryEntry, const LotteryInsertRules&) override {
    return fail(ErrorCode::kUnavailable, "no lotteries in this test");
  }
  Result<std::vector<LotteryListing>> list_open(const LotteryFilter&, UnixSeconds) override {
    return std::vector<LotteryListing>{};
  }
  Result<AdminPage<LotteryListing>> list_for_review(std::optional<LotteryStatus>, int, std::int64_t) override {
    return AdminPage<LotteryListing>{};
  }
  Result<std::optional<LotteryEntry>> find(LotteryId) override { return std::nullopt; }
  Result<std::optional<LotteryEntry>> change(LotteryId, const LotteryDecision&) override {
    return std::optional<LotteryEntry>{};
  }
  Result<void> insert_demo(const std::vector<LotteryEntry>&) override { return {}; }
};

// No reports to answer (tests that answer reports run the SQLite one).
class NoConfirmations final : public ConfirmationRepository {
 public:
  Result<std::optional<PurchaseReport>> find_report(ReportId) override { return std::nullopt; }
  Result<std::optional<ConfirmationAnswer>> answer_of(ReportId, std::int64_t) override { return std::nullopt; }
  Result<void> answer(const Confirmation&) override { return {}; }
  Result<std::vector<ReportTally>> tallies(std::span<const ReportId>, std::optional<std::int64_t>) override {
    return std::vector<ReportTally>{};
  }
  Result<std::vector<ReporterStanding>> standings(std::span<const std::int64_t>, UnixSeconds) override {
    return std::vector<ReporterStanding>{};
  }
};

// No devices, nothing queued: the push routes answer from empty storage.
class NoPush final : public PushSubscriptionRepository, public PushQueue {
 public:
  Result<PushSubscription> save_subscription(UserId, const PushTarget&, std::string_view, UnixSeconds, int) override {
    return fail(ErrorCode::kUnavailable, "no push in this test");
  }
  Result<std::vector<PushSubscription>> subscriptions_of(UserId) override { return std::vector<PushSubscription>{}; }
  Result<bool> delete_subscription(UserId, PushSubscriptionId) override { return false; }
  Result<void> mark_subscription_used(PushSubscriptionId, UnixSeconds) override { return {}; }
  Result<int> pushes_queued_since(UserId, std::string_view, UnixSeconds) override { return 0; }
  Result<AlertChannels> alert_channels(UserId) override { return AlertChannels{}; }
  Result<void> set_alert_channels(UserId, const AlertChannels&) override { return {}; }
  Result<int> enqueue_for_user(const PushNotice&, UnixSeconds) override { return 0; }
  Result<bool> enqueue_for_device(const PushNotice&, std::int64_t, UnixSeconds) override { return false; }
  Result<std::optional<QueuedPush>> claim_next_push(UnixSeconds, UnixSeconds) override { return std::nullopt; }
  Result<void> mark_push_sent(PushId, UnixSeconds) override { return {}; }
  Result<void> mark_push_retry(PushId, UnixSeconds, std::string_view) override { return {}; }
  Result<void> mark_push_failed(PushId, UnixSeconds, std::string_view) override { return {}; }
  Result<void> drop_subscription(std::int64_t) override { return {}; }
  Result<std::int64_t> purge_finished_pushes(UnixSeconds) override { return 0; }
};

// No calendar feeds: settings are empty, every token names nobody.
class NoCalendars final : public LotteryCalendarRepository {
 public:
  Result<CalendarSettings> settings(UserId) override { return CalendarSettings{}; }
  Result<void> set_prefectures(UserId, const std::vector<std::string>&) override { return {}; }
  Result<void> set_token(UserId, std::string_view, UnixSeconds) override { return {}; }
  Result<void> revoke_token(UserId) override { return {}; }
  Result<std::optional<CalendarOwner>> find_by_token(std::string_view) override {
    return std::optional<CalendarOwner>{};
  }
  Result<std::vector<LotteryListing>> feed_entries(UserId, UnixSeconds, int) override {
    return std::vector<LotteryListing>{};
  }
};

// The services a test runs for real, by name (`{.admin = &admin_service}`); null = the fake.
struct RealServices {
  PurchaseService* purchases = nullptr;
  RankingService* ranking = nullptr;
  SubmissionService* submissions = nullptr;
  FavoriteService* favorites = nullptr;
  StoreSearchService* search = nullptr;
  UserStatsService* user_stats = nullptr;
  FavoriteAlerts* alerts = nullptr;
  TripService* trips = nullptr;
  AdminService* admin = nullptr;
  AnalyticsService* analytics = nullptr;
  ProductCatalogService* products = nullptr;
  LotteryService* lotteries = nullptr;
  ConfirmationService* confirmations = nullptr;
  WatchService* watches = nullptr;
  PushService* push = nullptr;
  LotteryCalendarService* calendar = nullptr;
  const IpLocator* ip_locator = nullptr;  // null = kNoIpLocator (every lookup finds nothing)
};

struct FakeContributions {
  template <class Service>
  static Service& either(Service* real, Service& fake) {
    return real != nullptr ? *real : fake;
  }

  FakeContributions(StoreRepository& stores, ReportRepository& reports, RateLimiter& limiter, const Clock& clock)
      : purchases({stores, reports, limiter, clock}, {1'000'000, 1}),
        ranking(ranking_repository, clock),
        submissions({submission_repo, stores, processor, photos, gazetteer, limiter, clock}),
        favorites(favorite_repo, clock),
        search(search_repo, gazetteer),
        user_stats(stats_repo, ranking_repository, clock),
        alerts({favorite_repo, alert_queue, users, crypto, clock}, "http://localhost:8080"),
        trips({stores, saved_trips, crypto, clock}),
        admin({admin_repo, submission_repo, photos, gazetteer, clock}),
        analytics({analytics_repo, analytics_keys, limiter, clock}),
        products(product_repo, clock),
        lotteries(lottery_repo, clock),
        confirmations(confirmation_repo, limiter, clock),
        watches(watch_repo, crypto, clock),
        push({push_repo, push_repo, clock}, {}),
        calendar({calendar_repo, crypto, limiter, clock}, "http://localhost:8080") {}

  // Every service the router takes: the given store and account services, the real ones
  // named in `real`, these fakes for the rest.
  http::ApiServices services(StoreService& stores, AuthService& auth, const RealServices& real = {}) {
    return {.stores = stores,
            .auth = auth,
            .purchases = either(real.purchases, purchases),
            .ranking = either(real.ranking, ranking),
            .submissions = either(real.submissions, submissions),
            .favorites = either(real.favorites, favorites),
            .search = either(real.search, search),
            .user_stats = either(real.user_stats, user_stats),
            .alerts = either(real.alerts, alerts),
            .trips = either(real.trips, trips),
            .admin = either(real.admin, admin),
            .analytics = either(real.analytics, analytics),
            .products = either(real.products, products),
            .lotteries = either(real.lotteries, lotteries),
            .confirmations = either(real.confirmations, confirmations),
            .watches = either(real.watches, watches),
            .push = either(real.push, push),
            .calendar = either(real.calendar, calendar),
            .ip_locator = real.ip_locator != nullptr ? *real.ip_locator : kNoIpLocator};
  }

  FakeRankingRepository ranking_repository;
  FakeSubmissionRepository submission_repo;
  FakePhotoProcessor processor;
  FakePhotoStore photos;
  Gazetteer gazetteer = *Gazetteer::from_tsv("prefecture_code\tprefecture_name\tcity\tlat\tlng\n");
  PurchaseService purchases;
  RankingService ranking;
  SubmissionService submissions;
  NoFavorites favorite_repo;
  NoAlertQueue alert_queue;
  NoSearch search_repo;
  NoUserStats stats_repo;
  FakeUserRepository users;
  FakeTokenCrypto crypto;
  FavoriteService favorites;
  StoreSearchService search;
  UserStatsService user_stats;
  FavoriteAlerts alerts;
  FakeSavedTripRepository saved_trips;
  TripService trips;
  NoAdmin admin_repo;
  AdminService admin;
  NoAnalytics analytics_repo;
  FakeAnalyticsKeys analytics_keys;
  AnalyticsService analytics;
  NoProducts product_repo;
  ProductCatalogService products;
  NoLotteries lottery_repo;
  LotteryService lotteries;
  NoConfirmations confirmation_repo;
  ConfirmationService confirmations;
  FakeWatches watch_repo;
  WatchService watches;
  NoPush push_repo;
  PushService push;
  NoCalendars calendar_repo;
  LotteryCalendarService calendar;
};

}  // namespace pokeca::testing
