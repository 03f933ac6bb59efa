// Purchase reports and the ranking end to end over a real loopback socket:
// HttpServer → Router → PurchaseService / RankingService → SQLite, with real accounts
// (sign-up → mail → verify → login; admin granted as the command line does).
#include <boost/json/serialize.hpp>

#include "api_accounts.hpp"
#include "api_call.hpp"
#include "common/http_messages.hpp"
#include "contribution_fakes.hpp"
#include "loopback_server.hpp"
#include "pokeca/admin/admin_service.hpp"
#include "pokeca/contributions/purchase_service.hpp"
#include "pokeca/contributions/ranking_service.hpp"
#include "pokeca/map/clustering.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/text.hpp"
#include "pokeca/storage/sqlite/sqlite_admin_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_product_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_ranking_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_report_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_store_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_submission_repository.hpp"
#include "pokeca/testing/submission_rows.hpp"
#include "real_accounts.hpp"
#include "router_fixture.hpp"

namespace pokeca::testing {
namespace {

namespace json = boost::json;
using http::Status;
using http::bhttp::verb;

constexpr std::string_view kPassword = "kiriban-7777";
// Low, so the limit test reaches it in a few calls.
constexpr RateLimit kTestPurchaseLimit{3, 600};  // a window shorter than an access token lives

using Reply = ApiReply;

class PurchaseFlow : public ::testing::Test {
 protected:
  PurchaseFlow() {
    EXPECT_TRUE(stores.insert_many(sample_stores()));
    EXPECT_TRUE(reports.insert_many(sample_reports()));
    http::RouterConfig router_config;
    // With the public response cache on, as the server runs: a write must show at once.
    router_config.read_model = response_cache_over(db);
    server = std::make_unique<LoopbackServer>(
        fakes.services(service, accounts.auth, {.purchases = &purchases, .ranking = &ranking, .admin = &admin_service}),
        router_config);
  }

  Reply call(verb method, std::string_view target, std::string body = {}, std::string_view bearer = {}) {
    return call_api(server->port(), method, target, std::move(body), bearer);
  }
  json::value data(std::string_view target) {
    const auto r = call(verb::get, target);
    EXPECT_EQ(r.status, Status::ok) << target << " " << json::serialize(r.body);
    return r.body.at("data");
  }

  // A verified, logged-in account through the real API; its access token.
  std::string login_as(std::string_view email, std::string_view nickname = "サトシ", bool admin = false) {
    return signed_up_and_logged_in(server->port(), accounts,
                                   {.email = email, .password = kPassword, .username = nickname, .admin = admin});
  }

  Reply report(std::string_view token, std::string body) {
    return call(verb::post, "/api/v1/purchases", std::move(body), token);
  }
  static std::string error_of(const Reply& r) { return std::string(r.body.at("error").as_string()); }

  TempDir dir;
  storage::Database db{dir.path() / "pokeca.db"};
  storage::SqliteStoreRepository stores{db};
  storage::SqliteReportRepository reports{db};
  storage::SqliteRankingRepository ranking_repository{db};
  SettableClock clock{kTestNow};
  StoreService service{stores, reports, clock};
  RealAccounts accounts{db, clock};
  storage::SqliteProductRepository products{db};
  PurchaseService purchases{{stores, reports, accounts.limiter, clock, nullptr, &products}, kTestPurchaseLimit};
  RankingService ranking{ranking_repository, clock};
  FakeContributions fakes{stores, reports, accounts.limiter, clock};  // submissions
  // DELETE /admin/purchases/{id} is the admin console's, on the same database.
  storage::SqliteSubmissionRepository submission_repo{db};
  storage::SqliteAdminRepository admin_repo{db};
  AdminService admin_service{{admin_repo, submission_repo, fakes.photos, fakes.gazetteer, clock}};
  std::unique_ptr<LoopbackServer> server;
};

TEST_F(PurchaseFlow, AReportIsFirstInTheTimelineAndTheStoresLastReport) {
  // Read once first, so the answers sit in the response cache.
  ASSERT_EQ(data("/api/v1/purchases/timeline").as_array().size(), 2u);
  ASSERT_EQ(data("/api/v1/stores/1").at("last_report_kind"), "bought");
  ASSERT_EQ(data("/api/v1/stores?prefecture=tokyo&reported_within_hours=1").as_array().size(), 1u);
  const auto token = login_as("satoshi@example.com");

  const auto posted = report(token, R"({"store_id":2,"kind":"sold_out","product":"box",)"
                                    R"("product_name":"  テラスタルフェスex ","limit_note":"1人1箱まで"})");
  ASSERT_EQ(posted.status, Status::created) << json::serialize(posted.body);
  EXPECT_EQ(posted.body.at("success"), true);
  EXPECT_EQ(str(posted.body.at("message")), msg::kPurchaseReported);
  const auto& r = posted.body.at("report");
  EXPECT_EQ(r.at("kind"), "sold_out");
  EXPECT_EQ(r.at("product"), "box");
  EXPECT_EQ(r.at("product_name"), "テラスタルフェスex");
  EXPECT_EQ(r.at("limit_note"), "1人1箱まで");
  EXPECT_EQ(str(r.at("purchased_at")), format_iso8601(kTestNow));  // default: now
  EXPECT_EQ(str(r.at("created_at")), format_iso8601(kTestNow));
  const auto id = r.at("id").as_int64();

  const auto timeline = data("/api/v1/purchases/timeline").as_array();
  ASSERT_EQ(timeline.size(), 3u);
  EXPECT_EQ(timeline[0].at("id"), id);
  EXPECT_EQ(timeline[0].at("store").at("name"), "コンビニ渋谷");
  EXPECT_EQ(timeline[0].at("limit_note"), "1人1箱まで");

  const auto detail = data("/api/v1/stores/2");
  EXPECT_EQ(str(detail.at("last_report_at")), format_iso8601(kTestNow));
  EXPECT_EQ(detail.at("last_report_kind"), "sold_out");
  ASSERT_EQ(detail.at("recent_reports").as_array().size(), 1u);
  EXPECT_EQ(detail.at("recent_reports").as_array()[0].at("id"), id);
  // "Reported within the last hour" means bought: a sold out does not add the store ...
  EXPECT_EQ(data("/api/v1/stores?prefecture=tokyo&reported_within_hours=1").as_array().size(), 1u);
  // ... a purchase does, at once.
  ASSERT_EQ(report(token, R"({"store_id":2,"kind":"bought","product":"pack"})").status, Status::created);
  EXPECT_EQ(data("/api/v1/stores?prefecture=tokyo&reported_within_hours=1").as_array().size(), 2u);
  // The author is recorded (never shown).
  const auto author = accounts.users.find_by_email("satoshi@example.com").value();
  ASSERT_TRUE(author);
  EXPECT_EQ(reports.recent_for_store(2, 1).value().at(0).user_id, author->id);
  EXPECT_FALSE(detail.at("recent_reports").as_array()[0].as_object().contains("user_id"));
}

TEST_F(PurchaseFlow, AnEarlierPurchaseTimeIsKeptAndLeavesANewerLastReport) {
  const auto token = login_as("satoshi@example.com");
  const auto posted = report(token, R"({"store_id":1,"kind":"sold_out","product":"pack",)"
                                    R"("purchased_at":"2026-11-21T10:00:00+09:00"})");
  ASSERT_EQ(posted.status, Status::created) << json::serialize(posted.body);
  EXPECT_EQ(posted.body.at("report").at("purchased_at"), "2026-11-21T01:00:00Z");
  // Store 1's sample report at 05:00Z is newer than this 01:00Z purchase.
  EXPECT_EQ(str(data("/api/v1/stores/1").at("last_report_at")), format_iso8601(kTestNow - 3600));
  EXPECT_EQ(data("/api/v1/stores/1").at("last_report_kind"), "bought");
}

TEST_F(PurchaseFlow, RefusalsSayWhatIsWrongInJapanese) {
  const auto token = login_as("satoshi@example.com");
  const auto future = report(token, R"({"store_id":1,"kind":"bought","product":"pack",)"
                                    R"("purchased_at":")" +
                                        format_iso8601(kTestNow + 3600) + R"("})");
  EXPECT_EQ(future.status, Status::bad_request);
  EXPECT_EQ(future.body.at("code"), "bad_request");
  EXPECT_EQ(error_of(future), msg::kPurchasedAtInFuture);

  const auto old = report(token, R"({"store_id":1,"kind":"bought","product":"pack",)"
                                 R"("purchased_at":"2026-10-01T00:00:00Z"})");
  EXPECT_EQ(old.status, Status::bad_request);
  EXPECT_EQ(error_of(old), msg::kPurchasedAtTooOld);

  const auto kind = report(token, R"({"store_id":1,"kind":"maybe","product":"pack"})");
  EXPECT_EQ(kind.status, Status::bad_request);
  EXPECT_EQ(error_of(kind), msg::kBadPurchaseKind);

  const auto long_name = report(
      token, R"({"store_id":1,"kind":"bought","product":"pack","product_name":")" + std::string(101, 'x') + R"("})");
  EXPECT_EQ(long_name.status, Status::bad_request);
  EXPECT_EQ(error_of(long_name), msg::kPurchaseProductNameTooLong);

  const auto no_store = report(token, R"({"store_id":"1","kind":"bought","product":"pack"})");
  EXPECT_EQ(no_store.status, Status::bad_request);
  EXPECT_EQ(error_of(no_store), msg::kBadPurchaseStoreId);

  const auto not_json = report(token, R"({"store_id":1,)");
  EXPECT_EQ(not_json.status, Status::bad_request);
  EXPECT_EQ(error_of(not_json), msg::kBadJson);

  for (const auto* store : {"999", "4"}) {  // unknown, hidden
    const auto missing =
        report(token, R"({"store_id":)" + std::string(store) + R"(,"kind":"bought","product":"pack"})");
    EXPECT_EQ(missing.status, Status::not_found) << store;
    EXPECT_EQ(missing.body.at("code"), "not_found");
    EXPECT_EQ(error_of(missing), msg::kStoreNotFound);
  }
  EXPECT_EQ(data("/api/v1/purchases/timeline").as_array().size(), 2u);  // nothing stored
}

TEST_F(PurchaseFlow, GuestsMustSignIn) {
  const auto guest = call(verb::post, "/api/v1/purchases", R"({"store_id":1,"kind":"bought","product":"pack"})");
  EXPECT_EQ(guest.status, Status::unauthorized);
  EXPECT_EQ(guest.body.at("code"), "auth/unauthenticated");
  EXPECT_EQ(data("/api/v1/purchases/timeline").as_array().size(), 2u);
}

TEST_F(PurchaseFlow, ThePerAccountLimitAnswers429WithRetryAfter) {
  const auto token = login_as("satoshi@example.com");
  const std::string body = R"({"store_id":1,"kind":"bought","product":"pack"})";
  for (int i = 0; i < kTestPurchaseLimit.max_requests; ++i) ASSERT_EQ(report(token, body).status, Status::created) << i;
  const auto limited = report(token, body);
  EXPECT_EQ(limited.status, Status::too_many_requests);
  EXPECT_EQ(limited.body.at("code"), "rate_limited");
  EXPECT_EQ(error_of(limited), msg::kTooManyRequests);
  const auto wait = kTestPurchaseLimit.window_seconds / kTestPurchaseLimit.max_requests;
  EXPECT_EQ(limited.body.at("retry_after"), wait);
  EXPECT_EQ(limited.retry_after, std::to_string(wait));
  // Another account still may.
  EXPECT_EQ(report(login_as("kasumi@example.com", "カスミ"), body).status, Status::created);
  clock.advance(wait);
  EXPECT_EQ(report(token, body).status, Status::created);
}

TEST_F(PurchaseFlow, AnAdminDeletesAReportAndTheStoreFallsBack) {
  const auto user = login_as("satoshi@example.com");
  const auto admin = login_as("admin@example.com", "管理者", true);
  const auto posted = report(user, R"({"store_id":1,"kind":"sold_out","product":"pack"})");
  ASSERT_EQ(posted.status, Status::created);
  const auto id = std::to_string(posted.body.at("report").at("id").as_int64());
  ASSERT_EQ(data("/api/v1/stores/1").at("last_report_kind"), "sold_out");
  ASSERT_EQ(data("/api/v1/purchases/timeline").as_array()[0].at("id").as_int64(), std::stoll(id));

  const auto refused = call(verb::delete_, "/api/v1/admin/purchases/" + id, {}, user);
  EXPECT_EQ(refused.status, Status::forbidden);
  EXPECT_EQ(refused.body.at("code"), "forbidden");
  EXPECT_EQ(call(verb::delete_, "/api/v1/admin/purchases/" + id).status, Status::unauthorized);

  const auto deleted = call(verb::delete_, "/api/v1/admin/purchases/" + id, {}, admin);
  ASSERT_EQ(deleted.status, Status::ok) << json::serialize(deleted.body);
  EXPECT_EQ(str(deleted.body.at("message")), msg::kPurchaseDeleted);
  const auto timeline = data("/api/v1/purchases/timeline").as_array();
  ASSERT_EQ(timeline.size(), 2u);
  for (const auto& item : timeline) EXPECT_NE(item.at("id").as_int64(), std::stoll(id));
  // Back to the newest report left: the sample "bought" an hour ago.
  const auto detail = data("/api/v1/stores/1");
  EXPECT_EQ(str(detail.at("last_report_at")), format_iso8601(kTestNow - 3600));
  EXPECT_EQ(detail.at("last_report_kind"), "bought");

  const auto again = call(verb::delete_, "/api/v1/admin/purchases/" + id, {}, admin);
  EXPECT_EQ(again.status, Status::not_found);
  EXPECT_EQ(error_of(again), msg::kPurchaseNotFound);
  EXPECT_EQ(call(verb::delete_, "/api/v1/admin/purchases/abc", {}, admin).status, Status::bad_request);

  // The last two reports of store 1 go: it has no last report any more.
  for (const auto* sample : {"10", "9"})
    ASSERT_EQ(call(verb::delete_, std::string("/api/v1/admin/purchases/") + sample, {}, admin).status, Status::ok);
  EXPECT_TRUE(data("/api/v1/stores/1").at("last_report_at").is_null());
  EXPECT_TRUE(data("/api/v1/stores/1").at("last_report_kind").is_null());
  EXPECT_TRUE(data("/api/v1/stores?prefecture=tokyo&reported_within_hours=720").as_array().empty());
}

// "Reported within N hours" keeps the stores whose latest report, of the chosen product or
// else of any, says 購入できた: in the lists and in the cluster counts (over 300 matches, so
// the counts come from the cluster tables, not from markers).
TEST_F(PurchaseFlow, ReportedWithinCountsOnlyStoresWhoseLatestReportIsAPurchase) {
  // Four groups of stores in a grid near Osaka, each store with its reports:
  // 0: a pack bought 2 h ago; 1: a pack bought 3 h ago, then sold out 1 h ago;
  // 2: a pack sold out 2 h ago, then a box bought 1 h ago; 3: a box bought 3 h ago, then a
  // pack sold out 1 h ago.
  constexpr StoreId kFirst = 1000;
  constexpr StoreId kPerGroup = 310;
  constexpr UnixSeconds kHour = 3600;
  const auto at = [](StoreId id) {
    const auto i = id - kFirst;
    return LatLng{34.60 + static_cast<double>(i / 40) * 0.005, 135.40 + static_cast<double>(i % 40) * 0.005};
  };
  std::vector<Store> grid;
  std::vector<PurchaseReport> made;
  const auto add = [&](StoreId id, ReportKind kind, Product product, UnixSeconds ago) {
    PurchaseReport r;
    r.store_id = id;
    r.kind = kind;
    r.product = product;
    r.purchased_at = r.created_at = kTestNow - ago;
    made.push_back(r);
  };
  for (StoreId id = kFirst; id < kFirst + 4 * kPerGroup; ++id) {
    const auto p = at(id);
    auto s = sample_store(id, "グリッドの店", "card_shop", "osaka", "大阪市", p.lat, p.lng);
    s.sells = {true, true, true};
    grid.push_back(s);
  }
  ASSERT_TRUE(stores.insert_many(grid));
  for (StoreId id = kFirst; id < kFirst + 4 * kPerGroup; ++id) switch ((id - kFirst) % 4) {
      case 0: add(id, ReportKind::kBought, Product::kPack, 2 * kHour); break;
      case 1:
        add(id, ReportKind::kBought, Product::kPack, 3 * kHour);
        add(id, ReportKind::kSoldOut, Product::kPack, kHour);
        break;
      case 2:
        add(id, ReportKind::kSoldOut, Product::kPack, 2 * kHour);
        add(id, ReportKind::kBought, Product::kBox, kHour);
        break;
      default:
        add(id, ReportKind::kBought, Product::kBox, 3 * kHour);
        add(id, ReportKind::kSoldOut, Product::kPack, kHour);
    }
  ASSERT_TRUE(reports.insert_many(made));

  const std::string area = "bbox=135.3,34.5,135.7,34.8";
  const auto counted = [&](std::string_view filters) {
    const auto d = data("/api/v1/stores/clusters?" + area + "&zoom=5&reported_within_hours=24" + std::string(filters));
    std::int64_t total = static_cast<std::int64_t>(d.at("stores").as_array().size());
    for (const auto& c : d.at("clusters").as_array()) total += c.at("count").as_int64();
    // Over kMaxMarkersInView matches the answer is bubbles from the cluster tables.
    if (total > static_cast<std::int64_t>(kMaxMarkersInView)) {
      EXPECT_FALSE(d.at("clusters").as_array().empty()) << filters;
    }
    return total;
  };
  EXPECT_EQ(counted(""), 2 * kPerGroup);                // groups 0 and 2
  EXPECT_EQ(counted("&product=packs"), kPerGroup);      // group 0
  EXPECT_EQ(counted("&product=boxes"), 2 * kPerGroup);  // groups 2 and 3
  EXPECT_EQ(counted("&product=singles"), 0);

  // The lists, store by store: a box around one store of each group.
  const auto listed = [&](StoreId id, std::string_view filters, int hours = 24) {
    const auto p = at(id);
    const std::string within = "&reported_within_hours=" + std::to_string(hours);
    const auto box = std::to_string(p.lng - 0.001) + "," + std::to_string(p.lat - 0.001) + "," +
                     std::to_string(p.lng + 0.001) + "," + std::to_string(p.lat + 0.001);
    const auto in_box = data("/api/v1/stores?bbox=" + box + within + std::string(filters));
    const auto near = data("/api/v1/stores?lat=" + std::to_string(p.lat) + "&lng=" + std::to_string(p.lng) +
                           "&radius_km=0.1" + within + std::string(filters));
    EXPECT_EQ(in_box.as_array().size(), near.as_array().size()) << id << filters;
    return in_box.as_array().size() == 1 && in_box.as_array()[0].at("id").as_int64() == id;
  };
  EXPECT_TRUE(listed(kFirst, ""));
  EXPECT_TRUE(listed(kFirst, "&product=packs"));
  EXPECT_FALSE(listed(kFirst + 1, ""));  // the latest says sold out
  EXPECT_FALSE(listed(kFirst + 1, "&product=packs"));
  EXPECT_TRUE(listed(kFirst + 2, ""));
  EXPECT_FALSE(listed(kFirst + 2, "&product=packs"));  // the latest pack sold out
  EXPECT_TRUE(listed(kFirst + 2, "&product=boxes"));   // the latest box was bought
  EXPECT_FALSE(listed(kFirst + 3, ""));
  EXPECT_TRUE(listed(kFirst + 3, "&product=boxes"));
  EXPECT_FALSE(listed(kFirst + 3, "&product=boxes", 2));  // bought 3 h ago

  // The store JSON says each product's latest result.
  const auto detail = data("/api/v1/stores/" + std::to_string(kFirst + 2));
  EXPECT_EQ(detail.at("latest_by_product").at("pack").at("kind"), "sold_out");
  EXPECT_EQ(detail.at("latest_by_product").at("box").at("kind"), "bought");
  EXPECT_EQ(str(detail.at("latest_by_product").at("box").at("at")), format_iso8601(kTestNow - kHour));
  EXPECT_TRUE(detail.at("latest_by_product").at("single").is_null());
}

// A catalogue product and the sale terms: stored, shown by the timeline and the store's
// detail (through the response cache), and refused with the rule's message.
class SaleTermsFlow : public PurchaseFlow {
 protected:
  CatalogProductId add_product(std::string name, bool listed = true) {
    CatalogProduct p;
    p.name = std::move(name);
    p.release_date = "2025-06-06";
    p.listed = listed;
    AuditRecord audit;
    audit.at = kTestNow;
    audit.actor = 1;
    audit.action = std::string(audit_action::kProductCreate);
    audit.target = AuditTarget::kProduct;
    auto stored = products.insert(p, audit, kMaxCatalogProducts);
    EXPECT_TRUE(stored);
    return stored ? stored->id : 0;
  }
};

TEST_F(SaleTermsFlow, ACatalogueProductWithFirstComeOneBoxFromSeven) {
  const auto id = add_product("ブラックボルト");
  ASSERT_GT(id, 0);
  // Read once first, so the answers sit in the response cache.
  ASSERT_EQ(data("/api/v1/stores/2").at("recent_reports").as_array().size(), 0u);
  const auto token = login_as("satoshi@example.com");
  const auto purchased = kTestNow - 3600;
  const auto started = purchased - 2 * 3600;
  const auto posted =
      report(token, R"({"store_id":2,"kind":"bought","product":"box","product_id":)" + std::to_string(id) +
                        R"(,"product_name":"ブラボル","purchased_at":")" + format_iso8601(purchased) +
                        R"(","sale_method":"first_come","limit_count":1,"limit_unit":"box",)"
                        R"("sales_started_at":")" +
                        format_iso8601(started) + R"("})");
  ASSERT_EQ(posted.status, Status::created) << json::serialize(posted.body);
  const auto check = [&](const json::value& r) {
    EXPECT_EQ(r.at("product_id"), id);
    EXPECT_EQ(r.at("product_name"), "ブラックボルト");  // the catalogue's name
    EXPECT_EQ(r.at("sale_method"), "first_come");
    EXPECT_EQ(r.at("limit_count"), 1);
    EXPECT_EQ(r.at("limit_unit"), "box");
    EXPECT_EQ(str(r.at("sales_started_at")), format_iso8601(started));
  };
  check(posted.body.at("report"));
  check(data("/api/v1/purchases/timeline").as_array()[0]);
  const auto recent = data("/api/v1/stores/2").at("recent_reports").as_array();
  ASSERT_EQ(recent.size(), 1u);
  check(recent[0]);

  // A report that says nothing of them has nulls.
  const auto plain = report(token, R"({"store_id":2,"kind":"sold_out","product":"pack"})");
  ASSERT_EQ(plain.status, Status::created);
  for (const auto* key : {"product_id", "sale_method", "limit_count", "limit_unit", "sales_started_at"})
    EXPECT_TRUE(plain.body.at("report").at(key).is_null()) << key;
}

TEST_F(SaleTermsFlow, BadTermsAndUnknownProductsAre400InJapanese) {
  const auto unlisted = add_product("古い商品", false);
  const auto token = login_as("satoshi@example.com");
  const std::string head = R"({"store_id":1,"kind":"bought","product":"pack",)";
  const auto refused = [&](const std::string& rest, std::string_view message) {
    const auto r = report(token, head + rest + "}");
    EXPECT_EQ(r.status, Status::bad_request) << rest;
    EXPECT_EQ(r.body.at("code"), "bad_request") << rest;
    EXPECT_EQ(error_of(r), message) << rest;
  };
  refused(R"("product_id":99999)", msg::kPurchaseUnknownProduct);
  refused(R"("product_id":)" + std::to_string(unlisted), msg::kPurchaseUnknownProduct);
  refused(R"("product_id":0)", msg::kPurchaseBadProductId);
  refused(R"("product_id":"3")", msg::kBadJson);
  refused(R"("sale_method":"lottery")", msg::kBadSaleMethod);
  const auto range = fill_placeholder(msg::kBadLimitCount, "{max}", std::to_string(kMaxPurchaseLimitCount));
  refused(R"("limit_count":0,"limit_unit":"box")", range);
  refused(R"("limit_count":100,"limit_unit":"box")", range);
  refused(R"("limit_count":1.5,"limit_unit":"box")", range);
  refused(R"("limit_count":1,"limit_unit":"case")", msg::kBadLimitUnit);
  refused(R"("limit_count":1)", msg::kLimitNeedsCountAndUnit);
  refused(R"("sales_started_at":"7:00")", msg::kBadSalesStartedAt);
  refused(R"("sales_started_at":")" + format_iso8601(kTestNow + 60) + R"(")", msg::kSalesStartedAfterPurchase);
  refused(R"("sales_started_at":")" + format_iso8601(kTestNow - kMaxSaleStartBeforePurchaseSeconds - 1) + R"(")",
          fill_placeholder(msg::kSalesStartedTooEarly, "{hours}", "24"));
  EXPECT_EQ(data("/api/v1/purchases/timeline").as_array().size(), 2u);  // nothing stored
}

class RankingFlow : public PurchaseFlow {
 protected:
  UserId account(const std::string& nickname, const std::string& prefecture = "") {
    const auto email = "user" + std::to_string(++accounts_made) + "@example.com";
    auto u = accounts.users.create({email, nickname, prefecture, "x", kTestNow});
    EXPECT_TRUE(u);
    return u->id;
  }
  void approved(UserId id, int points, UnixSeconds at) {
    auto lease = db.acquire();
    ASSERT_TRUE(lease.connection().exec(reviewed_submission_sql(id, points, at)));
  }
  static std::vector<std::pair<std::int64_t, std::string>> ranks(const json::value& body) {
    std::vector<std::pair<std::int64_t, std::string>> out;
    for (const auto& e : body.at("ranking").as_array())
      out.emplace_back(e.at("rank").as_int64(), std::string(e.at("nickname").as_string()));
    return out;
  }
  int accounts_made = 0;
};

TEST_F(RankingFlow, OrderedByPointsThenCountThenWhoReachedFirstWithSharedRanks) {
  const auto this_month = start_of_month_in_japan(kTestNow);
  const auto a = account("エース", "東京都");
  const auto b = account("ブルー");
  const auto c = account("シアン");
  const auto d = account("ダイゴ");
  const auto gone = account("退会者");
  approved(a, 5, this_month + 100);
  approved(a, 5, this_month + 200);     // a: 10 pt, 2
  approved(b, 5, this_month - 86'400);  // b: 6 pt, 2 — one of them last month
  approved(b, 1, this_month + 300);
  approved(c, 1, this_month + 50);  // c: 6 pt, 2 — reached 6 pt first
  approved(c, 5, this_month + 60);
  approved(d, 1, this_month + 10);  // d: 1 pt
  approved(gone, 50, this_month + 10);
  ASSERT_TRUE(accounts.users.withdraw(gone, "", kTestNow));

  const auto all = call(verb::get, "/api/v1/users/ranking");
  ASSERT_EQ(all.status, Status::ok) << json::serialize(all.body);
  EXPECT_EQ(all.body.at("success"), true);
  EXPECT_EQ(all.body.at("period"), "all");
  using Ranks = std::vector<std::pair<std::int64_t, std::string>>;
  EXPECT_EQ(ranks(all.body), (Ranks{{1, "エース"}, {2, "シアン"}, {2, "ブルー"}, {4, "ダイゴ"}}));
  const auto& first = all.body.at("ranking").as_array()[0].as_object();
  EXPECT_EQ(first.at("prefecture"), "東京都");
  EXPECT_EQ(first.at("points"), 10);
  EXPECT_EQ(first.at("approved_submissions_count"), 2);
  EXPECT_TRUE(all.body.at("ranking").as_array()[1].at("prefecture").is_null());
  // Exactly the RankingEntry members: no account id, no e-mail.
  EXPECT_EQ(first.size(), 5u);

  const auto month = call(verb::get, "/api/v1/users/ranking?period=month");
  ASSERT_EQ(month.status, Status::ok);
  EXPECT_EQ(month.body.at("period"), "month");
  // ブルー's 5 pt came last month; ダイゴ reached 1 pt before ブルー did.
  EXPECT_EQ(ranks(month.body), (Ranks{{1, "エース"}, {2, "シアン"}, {3, "ダイゴ"}, {3, "ブルー"}}));

  EXPECT_EQ(ranks(call(verb::get, "/api/v1/users/ranking?limit=2").body), (Ranks{{1, "エース"}, {2, "シアン"}}));

  // A new approval shows at once, even though the answer above was cached.
  approved(d, 10, this_month + 400);
  EXPECT_EQ(ranks(call(verb::get, "/api/v1/users/ranking?limit=2").body), (Ranks{{1, "ダイゴ"}, {2, "エース"}}));
}

TEST_F(RankingFlow, BadParametersAndAnEmptyRanking) {
  const auto empty = call(verb::get, "/api/v1/users/ranking?period=month");
  ASSERT_EQ(empty.status, Status::ok);
  EXPECT_TRUE(empty.body.at("ranking").as_array().empty());
  const auto period = call(verb::get, "/api/v1/users/ranking?period=week");
  EXPECT_EQ(period.status, Status::bad_request);
  EXPECT_EQ(error_of(period), msg::kBadRankingPeriod);
  for (const auto* limit : {"0", "101", "x"}) {
    const auto r = call(verb::get, std::string("/api/v1/users/ranking?limit=") + limit);
    EXPECT_EQ(r.status, Status::bad_request) << limit;
    EXPECT_EQ(error_of(r), msg::kBadLimit);
  }
  EXPECT_EQ(call(verb::get, "/api/v1/users/ranking?limit=100").status, Status::ok);
}

}  // namespace
}  // namespace pokeca::testing
