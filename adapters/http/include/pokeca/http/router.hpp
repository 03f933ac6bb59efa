#pragma once
// The request → reply function behind HttpServer: API routes (thin handlers over core's
// services), static files of the built frontend, the JSON error envelope and security
// headers. Tests run it without a socket through tests/http/serve.hpp (plan, ready, serve).
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "pokeca/accounts/auth_service.hpp"
#include "pokeca/admin/admin_service.hpp"
#include "pokeca/analytics/analytics.hpp"
#include "pokeca/contributions/confirmation_service.hpp"
#include "pokeca/contributions/lottery.hpp"
#include "pokeca/contributions/photo_store.hpp"
#include "pokeca/contributions/product_catalog.hpp"
#include "pokeca/contributions/purchase_service.hpp"
#include "pokeca/contributions/ranking_service.hpp"
#include "pokeca/contributions/submission_service.hpp"
#include "pokeca/http/request_handler.hpp"
#include "pokeca/http/site_config.hpp"
#include "pokeca/map/ip_location.hpp"
#include "pokeca/map/store_catalog.hpp"
#include "pokeca/map/store_search.hpp"
#include "pokeca/map/store_service.hpp"
#include "pokeca/personal/favorite_alerts.hpp"
#include "pokeca/personal/favorites.hpp"
#include "pokeca/personal/lottery_calendar.hpp"
#include "pokeca/personal/push_subscriptions.hpp"
#include "pokeca/personal/trip_service.hpp"
#include "pokeca/personal/user_stats.hpp"
#include "pokeca/personal/watch_alerts.hpp"

namespace pokeca::http {

class OpenDataExport;  // open_data_export.hpp
class MapReadModel;    // map_read_model.hpp

struct RouterConfig {
  std::filesystem::path static_dir;  // the built frontend (index.html, assets/); empty = none
  // Submission photos, served at /photos/<hash>.jpg through core's port (where the files
  // are is the media adapter's business); null = none.
  const PhotoStore* photos = nullptr;
  // GET /config's data: tiles, contact, analytics tag, demo flag.
  SiteConfig site;
  // The map's caches, current by the data's change signal (map_read_model.hpp): public
  // map reads are answered from it until the next write; null = every answer is built.
  std::shared_ptr<MapReadModel> read_model;
  // The refresh cookie gets `Secure` (set it when the public base URL is https).
  bool secure_cookies = false;
  // Take the client address from the last X-Forwarded-For entry (the one our reverse
  // proxy appended). Only with a trusted proxy in front: anyone can send the header.
  bool trust_forwarded_for = false;
  // Sitemaps and share cards (site_pages.hpp): every active store, page by
  // page; null = no store sitemaps. The public URL they link to; empty = http://{Host}.
  StoreCatalog* catalog = nullptr;
  std::string public_base_url;
  // Where the open data export's files are written (<data-dir>/export); empty = no
  // export (its routes answer 500). With a catalog, the Router makes `open_data`
  // (shared by the copies of this config).
  std::filesystem::path export_dir;
  std::shared_ptr<OpenDataExport> open_data;
};

// The use cases the API calls. All are required (references, never null: a missing one is
// a compile error where the struct is built); each handler group receives only the ones it
// uses (router/api_dispatch.cpp). Build it by field name (`{.stores = …, .auth = …}`): in
// apps/server/main.cpp, and for tests only in FakeContributions::services
// (tests/http/contribution_fakes.hpp).
struct ApiServices {
  StoreService& stores;
  AuthService& auth;
  PurchaseService& purchases;
  RankingService& ranking;
  SubmissionService& submissions;
  // Personal
  FavoriteService& favorites;
  StoreSearchService& search;
  UserStatsService& user_stats;
  FavoriteAlerts& alerts;
  TripService& trips;           // /routes/plan, /saved_routes, /shared_routes
  AdminService& admin;          // /admin/stores, /admin/users, /admin/purchases, /admin/audit
  AnalyticsService& analytics;  // /analytics/events, /admin/analytics
  ProductCatalogService& products;  // /products, /admin/products
  LotteryService& lotteries;        // /lotteries, /admin/lotteries
  ConfirmationService& confirmations;  // /purchases/{id}/confirmation, /purchases/confirmations
  WatchService& watches;               // /watches, /watch_settings, /watches/off
  PushService& push;                   // /push/public_key, /push/subscriptions, /push/settings
  LotteryCalendarService& calendar;    // /calendar/lotteries.ics, /users/calendar
  // GET /geo/ip. Without --ip-db every lookup finds nothing (404).
  const IpLocator& ip_locator = kNoIpLocator;
};

class Router final : public RequestHandler {
 public:
  // The services must outlive the router.
  Router(ApiServices services, RouterConfig config);
  ~Router() override;
  Router(const Router&) = delete;
  Router& operator=(const Router&) = delete;

  // The API route of the header (kRoutes), looked up once: its lane (password hashing:
  // slow, photo uploads: upload) and body limit (uploads: 32 MiB).
  [[nodiscard]] RoutePlan plan(const RequestHeader& header) const override;
  // Uploads: the bearer token's account, or the route's 401/403, before the body is read.
  [[nodiscard]] Admission admit(const RequestHeader& header, const RoutePlan& plan, const Peer& peer) const override;
  // A kept answer of a public map read, its body shared with the cache (no copy).
  [[nodiscard]] std::optional<Reply> ready(const Request& request, RequestContext& context) const override;
  // The answer: the API, photos, sitemaps and pages, or the built frontend; a download
  // from disk (the open data export) as a file reply.
  [[nodiscard]] Reply serve(const Request& request, const RequestContext& context) const override;
  [[nodiscard]] Response error_response(Status status, std::string_view code, std::string_view message) const override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pokeca::http
