// libFuzzer: the JSON API through the real Router over in-memory fakes:
// the bodies of every JSON write endpoint and the query strings of the map reads
// (bbox, zoom, prefecture, lat/lng …). The first byte picks the route; the rest is the
// body (writes) or the query string (reads). Calls are made as a signed-in admin, so
// they reach the handlers. A 500 is a bug (unhandled input) and stops the run.
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "auth_fakes.hpp"
#include "contribution_fakes.hpp"
#include "fake_repositories.hpp"
#include "pokeca/accounts/access_token.hpp"
#include "pokeca/accounts/auth_service.hpp"
#include "pokeca/contributions/purchase_service.hpp"
#include "pokeca/contributions/submission_service.hpp"
#include "pokeca/embedded_data.hpp"
#include "pokeca/http/router.hpp"
#include "pokeca/map/gazetteer.hpp"
#include "serve.hpp"
#include "submission_fakes.hpp"

namespace {

using namespace pokeca;
using namespace pokeca::testing;
namespace bhttp = pokeca::http::bhttp;

struct Route {
  bhttp::verb method;
  std::string_view target;  // for reads: the path, the input is its query string
  bool read;
};

constexpr std::array kRoutes{
    Route{bhttp::verb::get, "/api/v1/stores", true},
    Route{bhttp::verb::get, "/api/v1/stores/clusters", true},
    Route{bhttp::verb::get, "/api/v1/stores/1", true},
    Route{bhttp::verb::get, "/api/v1/purchases/timeline", true},
    Route{bhttp::verb::get, "/api/v1/admin/submissions", true},
    Route{bhttp::verb::post, "/api/v1/users", false},
    Route{bhttp::verb::post, "/api/v1/auth/login", false},
    Route{bhttp::verb::post, "/api/v1/auth/verify-email", false},
    Route{bhttp::verb::post, "/api/v1/auth/resend-verification", false},
    Route{bhttp::verb::post, "/api/v1/auth/password-reset", false},
    Route{bhttp::verb::post, "/api/v1/auth/password-reset/confirm", false},
    Route{bhttp::verb::put, "/api/v1/users/profile", false},
    Route{bhttp::verb::post, "/api/v1/purchases", false},
    Route{bhttp::verb::post, "/api/v1/admin/submissions/1/approve", false},
    Route{bhttp::verb::post, "/api/v1/admin/submissions/1/reject", false},
    Route{bhttp::verb::delete_, "/api/v1/users/withdrawal", false},
};

RateLimits unlimited() {
  RateLimits limits;
  for (auto* l :
       {&limits.sign_up_ip, &limits.login_ip, &limits.login_account, &limits.login_account_ip, &limits.login_device,
        &limits.resend_ip, &limits.resend_account, &limits.reset_ip, &limits.reset_account, &limits.write_ip,
        &limits.write_account, &limits.purchase_account, &limits.submission_account})
    *l = {1'000'000'000, 1};
  return limits;
}

// Everything a request can touch; rebuilt every kRunsPerWorld inputs so fuzzed
// sign-ups and reports do not pile up.
struct World {
  World() {
    stores.stores = {};
    Store s;
    s.id = 1;
    s.name = "カードショップ新宿";
    s.store_type = "card_shop";
    s.prefecture = "tokyo";
    s.city = "新宿区";
    s.location = {35.6905, 139.7005};
    stores.stores.push_back(s);
    auto admin = users.create({"admin@example.com", "管理者", "", "fake$kiriban-7777", kTestNow});
    (void)users.mark_email_verified(admin->id, kTestNow);
    (void)users.set_admin(admin->id, true);
    bearer = "Bearer " + encode_access_token({admin->id, 0, kTestNow, kTestNow + 900, {}}, crypto);
    Submission pending;
    pending.user_id = admin->id;
    pending.store_name = "新しい店";
    pending.prefecture = "tokyo";
    pending.city = "新宿区";
    pending.location = {35.69, 139.70};
    (void)submissions.create(pending);
    router = std::make_unique<http::Router>(
        contributions.services(store_service, auth, {.purchases = &purchases, .submissions = &submission_service}),
        http::RouterConfig{});
  }

  FakeClock clock;
  SettableClock auth_clock{kTestNow};
  FakeStoreRepository stores;
  FakeReportRepository reports;
  StoreService store_service{stores, reports, clock};
  FakeUserRepository users;
  FakeSessionRepository sessions;
  FakeActionTokenRepository action_tokens;
  FakePasswordHasher hasher;
  FakeTokenCrypto crypto;
  CapturingMailer mailer;
  RateLimiter limiter;
  CommonPasswords common = CommonPasswords::from_text("password\n");
  AuthService auth{{users, sessions, action_tokens, hasher, crypto, mailer, limiter, common, auth_clock},
                   {"http://localhost:8080", unlimited()}};
  PurchaseService purchases{{stores, reports, limiter, clock}, unlimited().purchase_account};
  FakeSubmissionRepository submissions;
  FakePhotoProcessor processor;
  FakePhotoStore photos;
  Gazetteer gazetteer = *Gazetteer::from_tsv(data::kGazetteerTsv);
  SubmissionService submission_service{{submissions, stores, processor, photos, gazetteer, limiter, clock},
                                       {unlimited().submission_account}};
  // The services this harness does not fuzz (ranking, the personal ones), over fakes.
  FakeContributions contributions{stores, reports, limiter, clock};
  std::string bearer;
  std::unique_ptr<http::Router> router;
};

constexpr int kRunsPerWorld = 512;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static std::unique_ptr<World> world;
  static int runs = 0;
  if (!world || ++runs % kRunsPerWorld == 0) world = std::make_unique<World>();
  if (size == 0) return 0;
  const auto& route = kRoutes[data[0] % kRoutes.size()];
  const std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::string target(route.target);
  http::Request req{route.method, "/", 11};
  if (route.read) {
    target += "?";
    target += rest;
  } else {
    req.set(bhttp::field::content_type, "application/json");
    req.body() = std::string(rest);
  }
  req.target(target);
  req.set(bhttp::field::host, "localhost");
  req.set(bhttp::field::authorization, world->bearer);
  req.prepare_payload();
  const auto res = serve(*world->router, req);
  if (res.result() == bhttp::status::internal_server_error) __builtin_trap();
  return 0;
}
