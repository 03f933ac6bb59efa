// The product catalogue end to end over a real loopback socket: HttpServer → Router →
// ProductCatalogService → SQLite, with real accounts and the public response cache on.
// An admin adds, changes, unlists and deletes products; the public list follows each
// write at once; every write leaves its audit row; bad input gets its Japanese message.
#include <boost/json/serialize.hpp>

#include "api_accounts.hpp"
#include "api_call.hpp"
#include "common/http_messages.hpp"
#include "contribution_fakes.hpp"
#include "loopback_server.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/text.hpp"
#include "router_fixture.hpp"
#include "sqlite_services.hpp"

namespace pokeca::testing {
namespace {

namespace json = boost::json;
using http::Status;
using http::bhttp::verb;

constexpr std::string_view kPassword = "kiriban-7777";

class ProductCatalogFlow : public ::testing::Test {
 protected:
  ProductCatalogFlow() {
    http::RouterConfig router_config;
    router_config.read_model = response_cache_over(sqlite.db);
    server = std::make_unique<LoopbackServer>(fakes.services(sqlite.stores, sqlite.accounts.auth, sqlite.real()),
                                              router_config);
    admin_token = signed_up_and_logged_in(
        server->port(), sqlite.accounts,
        {.email = "admin@example.com", .password = kPassword, .username = "管理者", .admin = true});
  }
  ApiReply call(verb method, std::string_view target, std::string body = {}, std::string_view bearer = {}) {
    return call_api(server->port(), method, target, std::move(body), bearer);
  }
  ApiReply admin(verb method, std::string_view target, std::string body = {}) {
    return call(method, target, std::move(body), admin_token);
  }
  // The public list's names, in its order.
  std::vector<std::string> public_names() {
    const auto list = call(verb::get, "/api/v1/products");
    EXPECT_EQ(list.status, Status::ok) << json::serialize(list.body);
    std::vector<std::string> out;
    for (const auto& p : list.body.at("products").as_array()) out.emplace_back(p.at("name").as_string());
    return out;
  }
  std::string error_of(const ApiReply& r) { return std::string(r.body.at("error").as_string()); }

  // Every service on one SQLite file: the audit log reads what the writes appended.
  TempDir dir;
  SettableClock clock{kTestNow};
  SqliteServices sqlite{dir.path() / "pokeca.db", clock};
  FakeContributions fakes{sqlite.store_repo, sqlite.reports, sqlite.accounts.limiter, clock};
  std::unique_ptr<LoopbackServer> server;
  std::string admin_token;
};

TEST_F(ProductCatalogFlow, AnAdminKeepsTheCatalogueAndThePublicListFollowsEachWrite) {
  ASSERT_TRUE(public_names().empty());  // the empty answer is now in the response cache

  const auto made = admin(verb::post, "/api/v1/admin/products",
                          R"({"name":"  ブラックボルト ","kind":"pack","release_date":"2025-06-06",)"
                          R"("official_url":"https://www.pokemon-card.com/"})");
  ASSERT_EQ(made.status, Status::created) << json::serialize(made.body);
  EXPECT_EQ(str(made.body.at("message")), msg::kProductCreated);
  const auto id = made.body.at("product").at("id").as_int64();
  EXPECT_EQ(made.body.at("product").at("name"), "ブラックボルト");  // trimmed
  EXPECT_EQ(made.body.at("product").at("listed"), true);
  ASSERT_EQ(admin(verb::post, "/api/v1/admin/products",
                  R"({"name":"熱風のアリーナ","kind":"pack","release_date":"2025-03-14"})")
                .status,
            Status::created);
  // Newest release first, at once despite the cache.
  EXPECT_EQ(public_names(), (std::vector<std::string>{"ブラックボルト", "熱風のアリーナ"}));
  const auto first = call(verb::get, "/api/v1/products").body.at("products").as_array().at(0);
  EXPECT_EQ(first.at("official_url"), "https://www.pokemon-card.com/");
  EXPECT_EQ(first.at("demo"), false);
  EXPECT_FALSE(first.as_object().contains("listed"));  // the public sees listed products only

  // A change replaces every field; unlisting hides it from the public list only.
  const auto changed = admin(verb::put, "/api/v1/admin/products/" + std::to_string(id),
                             R"({"name":"ブラックボルト","kind":"box","release_date":"2025-06-06","listed":false})");
  ASSERT_EQ(changed.status, Status::ok) << json::serialize(changed.body);
  EXPECT_EQ(changed.body.at("product").at("kind"), "box");
  EXPECT_EQ(changed.body.at("product").at("official_url"), nullptr);
  EXPECT_EQ(public_names(), (std::vector<std::string>{"熱風のアリーナ"}));
  EXPECT_EQ(admin(verb::get, "/api/v1/admin/products").body.at("products").as_array().size(), 2u);

  // Every write is in the audit log, with what changed.
  const auto log = admin(verb::get, "/api/v1/admin/audit?target_type=product&target_id=" + std::to_string(id));
  ASSERT_EQ(log.status, Status::ok) << json::serialize(log.body);
  const auto& rows = log.body.at("data").as_array();
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows.at(0).at("action"), "product.update");
  const auto changes = json::serialize(rows.at(0).at("changes"));
  EXPECT_NE(changes.find(R"("product_kind":{"before":"pack","after":"box"})"), std::string::npos) << changes;
  EXPECT_NE(changes.find(R"("listed":{"before":true,"after":false})"), std::string::npos) << changes;
  EXPECT_EQ(rows.at(1).at("action"), "product.create");

  const auto gone = admin(verb::delete_, "/api/v1/admin/products/" + std::to_string(id));
  ASSERT_EQ(gone.status, Status::ok) << json::serialize(gone.body);
  EXPECT_EQ(str(gone.body.at("message")), msg::kProductDeleted);
  EXPECT_EQ(admin(verb::get, "/api/v1/admin/products").body.at("products").as_array().size(), 1u);
  EXPECT_EQ(admin(verb::get, "/api/v1/admin/audit?action=product.delete").body.at("data").as_array().size(), 1u);
  const auto again = admin(verb::delete_, "/api/v1/admin/products/" + std::to_string(id));
  EXPECT_EQ(again.status, Status::not_found);
  EXPECT_EQ(error_of(again), msg::kProductNotFound);
}

TEST_F(ProductCatalogFlow, BadInputIsRefusedWithItsMessageAndNothingIsWritten) {
  const auto refused = [&](std::string body) {
    const auto r = admin(verb::post, "/api/v1/admin/products", std::move(body));
    EXPECT_EQ(r.status, Status::bad_request) << json::serialize(r.body);
    return r.status == Status::bad_request ? error_of(r) : std::string();
  };
  EXPECT_EQ(refused(R"({"name":" ","kind":"pack","release_date":"2025-01-01"})"), msg::kProductNameRequired);
  EXPECT_EQ(refused(R"({"name":"x","kind":"single","release_date":"2025-01-01"})"), msg::kProductBadKind);
  EXPECT_EQ(refused(R"({"name":"x","kind":"pack","release_date":"2025-02-29"})"), msg::kProductBadReleaseDate);
  EXPECT_EQ(refused(R"({"name":"x","kind":"pack","release_date":"2025/01/01"})"), msg::kProductBadReleaseDate);
  EXPECT_NE(refused(R"j({"name":"x","kind":"pack","release_date":"2025-01-01","official_url":"javascript:alert(1)"})j")
                .find("URL"),
            std::string::npos);
  EXPECT_EQ(refused(R"({"name":"x","kind":"pack","release_date":"2025-01-01","listed":"yes"})"), msg::kBadJson);
  EXPECT_EQ(refused(R"({"name":"x\u202Ey","kind":"pack","release_date":"2025-01-01"})"),
            fill_placeholder(msg::kTextHasDirectionControls, "{name}", msg::kProductNameField));

  ASSERT_EQ(admin(verb::post, "/api/v1/admin/products", R"({"name":"同名","kind":"pack","release_date":"2025-01-01"})")
                .status,
            Status::created);
  const auto twice =
      admin(verb::post, "/api/v1/admin/products", R"({"name":"同名","kind":"box","release_date":"2025-01-02"})");
  EXPECT_EQ(twice.status, Status::conflict);
  EXPECT_EQ(error_of(twice), msg::kProductNameTaken);
  EXPECT_EQ(admin(verb::put, "/api/v1/admin/products/abc", "{}").status, Status::bad_request);

  // One product and one audit row: the refusals wrote nothing.
  EXPECT_EQ(admin(verb::get, "/api/v1/admin/products").body.at("products").as_array().size(), 1u);
  EXPECT_EQ(admin(verb::get, "/api/v1/admin/audit?target_type=product").body.at("data").as_array().size(), 1u);
}

}  // namespace
}  // namespace pokeca::testing
