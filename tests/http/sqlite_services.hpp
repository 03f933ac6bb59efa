#pragma once
// Every service the router takes, on one real SQLite file and libsodium: the storage
// adapter's repositories, the accounts of real_accounts.hpp, the embedded gazetteer.
// Photo decoding and photo files are fakes (no image work here). Hand it to the router
// through the one place tests build `http::ApiServices`: FakeContributions::services
// (contribution_fakes.hpp), as `real()`.
#include <filesystem>

#include "contribution_fakes.hpp"
#include "pokeca/admin/admin_service.hpp"
#include "pokeca/analytics/analytics.hpp"
#include "pokeca/contributions/purchase_service.hpp"
#include "pokeca/contributions/ranking_service.hpp"
#include "pokeca/contributions/submission_service.hpp"
#include "pokeca/crypto/sodium_analytics_keys.hpp"
#include "pokeca/embedded_data.hpp"
#include "pokeca/map/gazetteer.hpp"
#include "pokeca/map/store_search.hpp"
#include "pokeca/map/store_service.hpp"
#include "pokeca/personal/favorite_alerts.hpp"
#include "pokeca/personal/favorites.hpp"
#include "pokeca/personal/trip_service.hpp"
#include "pokeca/personal/user_stats.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/sqlite_activity_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_admin_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_analytics_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_confirmation_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_favorite_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_lottery_calendar_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_lottery_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_mail_queue.hpp"
#include "pokeca/storage/sqlite/sqlite_product_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_push_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_ranking_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_report_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_saved_trip_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_store_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_store_search.hpp"
#include "pokeca/storage/sqlite/sqlite_submission_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_watch_repository.hpp"
#include "real_accounts.hpp"
#include "submission_fakes.hpp"

namespace pokeca::testing {

struct SqliteServices {
  // `limits` for the accounts, the purchase and submission limits included; the write
  // limits of the other services are the accounts' (one limiter).
  SqliteServices(const std::filesystem::path& file, const Clock& clock, RateLimits limits = {},
                 std::string base_url = "http://localhost:8080")
      : db(file),
        store_repo(db),
        reports(db),
        stores(store_repo, reports, clock),
        accounts(db, clock, base_url, limits),
        ranking_repository(db),
        // product_repo is made further down; the service keeps only its address.
        purchases({store_repo, reports, accounts.limiter, clock, &confirmations, &product_repo},
                  limits.purchase_account),
        ranking(ranking_repository, clock),
        submission_repo(db),
        submissions({submission_repo, store_repo, processor, photos, gazetteer, accounts.limiter, clock},
                    {limits.submission_account}),
        favorite_repo(db),
        mail_queue(db),
        activity(db),
        search_repo(db),
        favorites(favorite_repo, clock),
        alerts({favorite_repo, mail_queue, accounts.users, accounts.crypto, clock}, base_url),
        search(search_repo, gazetteer),
        user_stats(activity, ranking_repository, clock),
        saved_trips(db),
        trips({store_repo, saved_trips, accounts.crypto, clock}),
        admin_repo(db),
        admin({admin_repo, submission_repo, photos, gazetteer, clock}),
        analytics_repo(db),
        analytics({analytics_repo, analytics_keys, accounts.limiter, clock}),
        product_repo(db),
        products(product_repo, clock),
        lottery_repo(db),
        lotteries(lottery_repo, clock),
        confirmation_repo(db),
        confirmations(confirmation_repo, accounts.limiter, clock),
        watch_repo(db),
        watches(watch_repo, accounts.crypto, clock),
        push_repo(db),
        push({push_repo, push_repo, clock}, {.vapid_public_key = "BTestKey", .allow_insecure_loopback = true}),
        calendar_repo(db),
        calendar({calendar_repo, accounts.crypto, accounts.limiter, clock}, base_url) {}

  // The services beyond stores and accounts, for FakeContributions::services.
  [[nodiscard]] RealServices real() {
    return {.purchases = &purchases,
            .ranking = &ranking,
            .submissions = &submissions,
            .favorites = &favorites,
            .search = &search,
            .user_stats = &user_stats,
            .alerts = &alerts,
            .trips = &trips,
            .admin = &admin,
            .analytics = &analytics,
            .products = &products,
            .lotteries = &lotteries,
            .confirmations = &confirmations,
            .watches = &watches,
            .push = &push,
            .calendar = &calendar};
  }

  storage::Database db;
  storage::SqliteStoreRepository store_repo;
  storage::SqliteReportRepository reports;
  StoreService stores;
  RealAccounts accounts;
  storage::SqliteRankingRepository ranking_repository;
  PurchaseService purchases;
  RankingService ranking;
  storage::SqliteSubmissionRepository submission_repo;
  Gazetteer gazetteer = *Gazetteer::from_tsv(data::kGazetteerTsv);
  FakePhotoProcessor processor;
  FakePhotoStore photos;
  SubmissionService submissions;
  storage::SqliteFavoriteRepository favorite_repo;
  storage::SqliteMailQueue mail_queue;
  storage::SqliteActivityRepository activity;
  storage::SqliteStoreSearch search_repo;
  FavoriteService favorites;
  FavoriteAlerts alerts;
  StoreSearchService search;
  UserStatsService user_stats;
  storage::SqliteSavedTripRepository saved_trips;
  TripService trips;
  storage::SqliteAdminRepository admin_repo;
  AdminService admin;
  storage::SqliteAnalyticsRepository analytics_repo;
  crypto::SodiumAnalyticsKeys analytics_keys;
  AnalyticsService analytics;
  storage::SqliteProductRepository product_repo;
  ProductCatalogService products;
  storage::SqliteLotteryRepository lottery_repo;
  LotteryService lotteries;
  storage::SqliteConfirmationRepository confirmation_repo;
  ConfirmationService confirmations;
  storage::SqliteWatchRepository watch_repo;
  WatchService watches;
  storage::SqlitePushRepository push_repo;
  PushService push;
  storage::SqliteLotteryCalendarRepository calendar_repo;
  LotteryCalendarService calendar;
};

}  // namespace pokeca::testing
