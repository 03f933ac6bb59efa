#pragma once
// The contribution services (purchases, ranking, submissions, routes) over in-memory fakes, for
// router tests that do not exercise them: the router needs every service it routes to.
#include "pokeca/analytics.hpp"
#include "pokeca/gazetteer.hpp"
#include "pokeca/http/router.hpp"
#include "pokeca/purchase_service.hpp"
#include "pokeca/ranking_service.hpp"
#include "pokeca/route_service.hpp"
#include "pokeca/submission_service.hpp"
#include "auth_fakes.hpp"
#include "route_fakes.hpp"
#include "submission_fakes.hpp"

namespace pokeca::testing {

class FakeRankingRepository final : public RankingRepository {
 public:
  std::vector<ContributorTotals> totals;
  Result<std::vector<ContributorTotals>> contributor_totals(UnixSeconds) override { return totals; }
};

// Issue 9's ports, empty: favourites, search, stats and alerts for routers that do not
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

// Issue 11 §5: page views go nowhere; the dashboard is all zeros.
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

struct FakeContributions {
  FakeContributions(StoreRepository& stores, ReportRepository& reports, RateLimiter& limiter, const Clock& clock)
      : purchases({stores, reports, limiter, clock}, {1'000'000, 1}),
        ranking(ranking_repository, clock),
        submissions({submission_repo, stores, processor, photos, gazetteer, limiter, clock}),
        favorites(favorite_repo, clock),
        search(search_repo, gazetteer),
        user_stats(stats_repo, ranking_repository, clock),
        alerts({favorite_repo, alert_queue, users, crypto, clock}, "http://localhost:8080"),
        routes({stores, saved_routes, crypto, clock}),
        analytics({analytics_repo, analytics_keys, limiter, clock}) {}

  // Every service the router takes: the given store and account services, these fakes.
  http::ApiServices services(StoreService& stores, AuthService& auth) {
    return {stores, auth, purchases, ranking, submissions, favorites, search, user_stats, alerts, routes, analytics};
  }
  // The same, with the test's own (real) route service.
  http::ApiServices services(StoreService& stores, AuthService& auth, RouteService& real_routes) {
    return {stores, auth, purchases, ranking, submissions, favorites, search, user_stats, alerts, real_routes,
            analytics};
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
  FakeSavedRouteRepository saved_routes;
  RouteService routes;
  NoAnalytics analytics_repo;
  FakeAnalyticsKeys analytics_keys;
  AnalyticsService analytics;
};

}  // namespace pokeca::testing
