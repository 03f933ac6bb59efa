#pragma once
// The contribution services (purchases, ranking, submissions, routes) over in-memory fakes, for
// router tests that do not exercise them: the router needs every service it routes to.
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

struct FakeContributions {
  FakeContributions(StoreRepository& stores, ReportRepository& reports, RateLimiter& limiter, const Clock& clock)
      : purchases({stores, reports, limiter, clock}, {1'000'000, 1}),
        ranking(ranking_repository, clock),
        submissions({submission_repo, stores, processor, photos, gazetteer, limiter, clock}),
        routes({stores, saved_routes, tokens, clock}) {}

  // Every service the router takes: the given store and account services, these fakes.
  http::ApiServices services(StoreService& stores, AuthService& auth) {
    return {stores, auth, purchases, ranking, submissions, routes};
  }
  // The same, with the test's own (real) route service.
  http::ApiServices services(StoreService& stores, AuthService& auth, RouteService& real_routes) {
    return {stores, auth, purchases, ranking, submissions, real_routes};
  }

  FakeRankingRepository ranking_repository;
  FakeSubmissionRepository submission_repo;
  FakePhotoProcessor processor;
  FakePhotoStore photos;
  Gazetteer gazetteer = *Gazetteer::from_tsv("prefecture_code\tprefecture_name\tcity\tlat\tlng\n");
  PurchaseService purchases;
  RankingService ranking;
  SubmissionService submissions;
  FakeSavedRouteRepository saved_routes;
  FakeTokenCrypto tokens;
  RouteService routes;
};

}  // namespace pokeca::testing
