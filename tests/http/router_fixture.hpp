#pragma once
// A Router over fake repositories holding a small, known dataset, and a built
// "frontend" in a temp dir; plus helpers to send requests (serve.hpp) and read JSON.
#include <gtest/gtest.h>

#include <atomic>
#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>
#include <memory>
#include <string>

#include "auth_fakes.hpp"
#include "contribution_fakes.hpp"
#include "fake_repositories.hpp"
#include "pokeca/accounts/auth_service.hpp"
#include "pokeca/http/map_read_model.hpp"
#include "pokeca/http/router.hpp"
#include "pokeca/shared/data_changes.hpp"
#include "pokeca/testing/temp_dir.hpp"
#include "serve.hpp"

namespace pokeca::testing {

// A change signal the test moves by hand: a generation, and no store ever named.
struct FakeDataChanges final : DataChanges {
  explicit FakeDataChanges(const std::atomic<std::uint64_t>& g) : value(g) {}
  [[nodiscard]] std::uint64_t generation() const override { return value.load(); }
  void subscribe(StoresChanged) override {}
  const std::atomic<std::uint64_t>& value;
};

// The map's response cache alone (no store fragments), as the tests that count on a
// whole-answer cache were wired before the read model.
inline std::shared_ptr<http::MapReadModel> response_cache_over(DataChanges& changes) {
  return std::make_shared<http::MapReadModel>(changes, http::MapReadModelOptions{.store_fragments = false});
}

inline constexpr std::string_view kIndexHtml = "<!doctype html><title>ポケカ販売店マップ</title>";
inline constexpr std::string_view kAppJs = "console.log('app');";
// A file next to the static root: no request may ever return it.
inline constexpr std::string_view kSecret = "TOP-SECRET-OUTSIDE-ROOT";

// A GET of `target` as a browser sends it, for tests that call a Router directly.
inline http::Request get_request(std::string_view target) {
  http::Request req{http::bhttp::verb::get, target, 11};
  req.set(http::bhttp::field::host, "localhost");
  return req;
}

// A JSON string as std::string, to compare with the message table's string_views.
inline std::string str(const boost::json::value& v) { return std::string(v.as_string()); }

inline Store sample_store(StoreId id, std::string name, std::string type, std::string pref, std::string city,
                          double lat, double lng) {
  Store s;
  s.id = id;
  s.name = std::move(name);
  s.store_type = std::move(type);
  s.prefecture = std::move(pref);
  s.city = std::move(city);
  s.address = s.city + "1-2-3";
  s.location = {lat, lng};
  s.created_at = kTestNow - 30 * 86400;
  s.updated_at = s.created_at;
  return s;
}

// Three active stores (two in Tokyo, one in Osaka) and a hidden one.
inline std::vector<Store> sample_stores() {
  auto shinjuku = sample_store(1, "カードショップ新宿", "card_shop", "tokyo", "新宿区", 35.6905, 139.7005);
  shinjuku.sells = {true, false, std::nullopt};
  shinjuku.last_report_at = kTestNow - 3600;
  shinjuku.last_report_kind = ReportKind::kBought;
  shinjuku.latest_by_product[product_index(Product::kPack)] = LatestReport{kTestNow - 3600, ReportKind::kBought};
  auto shibuya = sample_store(2, "コンビニ渋谷", "convenience", "tokyo", "渋谷区", 35.658, 139.7016);
  shibuya.sells.packs = true;
  auto osaka = sample_store(3, "おもちゃの大阪", "toy", "osaka", "大阪市北区", 34.7025, 135.4959);
  osaka.precision = LocationPrecision::kMunicipality;
  auto hidden = sample_store(4, "非公開の店", "other", "tokyo", "港区", 35.65, 139.75);
  hidden.status = StoreStatus::kHidden;
  return {shinjuku, shibuya, osaka, hidden};
}

// Two reports for store 1, newest first.
inline std::vector<PurchaseReport> sample_reports() {
  const auto report = [](ReportId id, ReportKind kind, Product product, std::string name, std::string note,
                         UnixSeconds purchased_at, UnixSeconds created_at) {
    PurchaseReport r;
    r.id = id;
    r.store_id = 1;
    r.kind = kind;
    r.product = product;
    r.product_name = std::move(name);
    r.limit_note = std::move(note);
    r.purchased_at = purchased_at;
    r.created_at = created_at;
    return r;
  };
  return {report(10, ReportKind::kBought, Product::kPack, "黒炎の支配者", "1人5パックまで", kTestNow - 3600,
                 kTestNow - 3500),
          report(9, ReportKind::kSoldOut, Product::kBox, "", "", kTestNow - 3 * 86400, kTestNow - 3 * 86400)};
}

inline void fill_sample_data(FakeStoreRepository& stores, FakeReportRepository& reports) {
  stores.stores = sample_stores();
  for (const auto& r : sample_reports())
    reports.items.push_back(TimelineItem{r, 1, "カードショップ新宿", "tokyo", "新宿区"});
}

class RouterTest : public ::testing::Test {
 protected:
  RouterTest() {
    fill_sample_data(stores, reports);
    site.write("site/index.html", kIndexHtml);
    site.write("site/assets/app-3f9a1c.js", kAppJs);
    site.write("secret.txt", kSecret);
    make_router({});
  }

  void make_router(http::RouterConfig config) {
    config.static_dir = site.path() / "site";
    if (!config.site.demo_data) config.site.demo_data = [] { return true; };
    if (config.site.contact_url.empty()) config.site.contact_url = "https://x.com/pokeca_map";
    router = std::make_unique<http::Router>(contributions.services(service, auth), std::move(config));
  }

  http::Response send(std::string_view target, http::bhttp::verb method = http::bhttp::verb::get,
                      std::string body = {}) {
    http::Request req{method, target, 11};
    req.set(http::bhttp::field::host, "localhost");
    req.body() = std::move(body);
    req.prepare_payload();
    return serve(*router, req);
  }
  http::Response get(std::string_view target) { return send(target); }

  static boost::json::value json(const http::Response& res) { return boost::json::parse(res.body()); }
  static boost::json::value data(const http::Response& res) { return json(res).at("data"); }

  FakeClock clock;
  FakeStoreRepository stores;
  FakeReportRepository reports;
  StoreService service{stores, reports, clock};
  // Accounts over in-memory fakes (tests/fakes/auth_fakes.hpp).
  SettableClock auth_clock{kTestNow};
  FakeUserRepository users;
  FakeSessionRepository sessions;
  FakeActionTokenRepository action_tokens;
  FakePasswordHasher hasher;
  FakeTokenCrypto crypto;
  CapturingMailer mailer;
  RateLimiter limiter;
  CommonPasswords common_passwords = CommonPasswords::from_text("password\n");
  AuthService auth{{users, sessions, action_tokens, hasher, crypto, mailer, limiter, common_passwords, auth_clock},
                   {"http://localhost:8080", {}}};
  FakeContributions contributions{stores, reports, limiter, clock};
  TempDir site;
  std::unique_ptr<http::Router> router;
};

}  // namespace pokeca::testing
