// Lottery entries end to end over a real loopback socket: HttpServer → Router →
// LotteryService → SQLite, with real accounts and the public response cache on. A new
// user's entry waits for an admin; once approved it is in the public list (filters,
// distance) and counts in the ranking; hidden, it leaves the list; a trusted author's
// next entry is shown at once; duplicates, bad input and reviews of reviewed entries are
// refused with their Japanese messages; every review leaves its audit row.
#include <boost/json/serialize.hpp>

#include <algorithm>

#include "api_accounts.hpp"
#include "api_call.hpp"
#include "common/http_messages.hpp"
#include "contribution_fakes.hpp"
#include "loopback_server.hpp"
#include "pokeca/shared/messages.hpp"
#include "router_fixture.hpp"
#include "sqlite_services.hpp"

namespace pokeca::testing {
namespace {

namespace json = boost::json;
using http::Status;
using http::bhttp::verb;

constexpr std::string_view kPassword = "kiriban-7777";

class LotteryFlow : public ::testing::Test {
 protected:
  LotteryFlow() {
    EXPECT_TRUE(sqlite.store_repo.insert_many(sample_stores()));
    http::RouterConfig router_config;
    // The whole read model (answers and kept store JSON): a lottery-filtered bbox list must
    // not be assembled from kept stores, whose facts hold no entries.
    router_config.read_model = std::make_shared<http::MapReadModel>(sqlite.db, http::MapReadModelOptions{});
    server = std::make_unique<LoopbackServer>(fakes.services(sqlite.stores, sqlite.accounts.auth, sqlite.real()),
                                              router_config);
    user_token = signed_up_and_logged_in(server->port(), sqlite.accounts,
                                         {.email = "satoshi@example.com", .password = kPassword, .username = "サトシ"});
    admin_token = signed_up_and_logged_in(
        server->port(), sqlite.accounts,
        {.email = "admin@example.com", .password = kPassword, .username = "管理者", .admin = true});
  }
  ApiReply call(verb method, std::string_view target, std::string body = {}, std::string_view bearer = {}) {
    return call_api(server->port(), method, target, std::move(body), bearer);
  }
  // An entry for store `store` open from an hour ago for `hours` hours.
  std::string body(StoreId store, std::string_view product, int hours = 48, std::string extra = {}) {
    return R"({"store_id":)" + std::to_string(store) + R"(,"product_name":")" + std::string(product) +
           R"(","methods":["web","store"],"apply_start":")" + format_iso8601(clock.now() - 3600) +
           R"(","apply_end":")" + format_iso8601(clock.now() + hours * 3600) + "\"" + extra + "}";
  }
  std::vector<std::int64_t> public_ids(std::string_view query = {}) {
    const auto list = call(verb::get, "/api/v1/lotteries" + std::string(query));
    EXPECT_EQ(list.status, Status::ok) << json::serialize(list.body);
    std::vector<std::int64_t> out;
    for (const auto& l : list.body.at("data").as_array()) out.push_back(l.at("id").as_int64());
    return out;
  }
  std::string error_of(const ApiReply& r) { return std::string(r.body.at("error").as_string()); }

  // Every service on one SQLite file: the audit log and the ranking read what the writes appended.
  TempDir dir;
  SettableClock clock{kTestNow};
  SqliteServices sqlite{dir.path() / "pokeca.db", clock};
  FakeContributions fakes{sqlite.store_repo, sqlite.reports, sqlite.accounts.limiter, clock};
  std::unique_ptr<LoopbackServer> server;
  std::string user_token, admin_token;
};

TEST_F(LotteryFlow, ANewUsersEntryIsShownOnceAnAdminApprovesItAndLeavesWhenHidden) {
  ASSERT_TRUE(public_ids().empty());  // the empty answer is now in the response cache

  const auto sent = call(verb::post, "/api/v1/lotteries",
                         body(1, "テラスタルフェスex", 48,
                              R"(,"conditions":["members_only"],"condition_note":"アプリ会員",)"
                              R"("source_url":"https://example.jp/news","result_at":")" +
                                  format_iso8601(clock.now() + 72 * 3600) + "\""),
                         user_token);
  ASSERT_EQ(sent.status, Status::created) << json::serialize(sent.body);
  EXPECT_EQ(str(sent.body.at("message")), msg::kLotteryPending);
  EXPECT_EQ(sent.body.at("lottery").at("status"), "pending");
  const auto id = sent.body.at("lottery").at("id").as_int64();
  EXPECT_TRUE(public_ids().empty());

  const auto queue = call(verb::get, "/api/v1/admin/lotteries?status=pending", {}, admin_token);
  ASSERT_EQ(queue.status, Status::ok) << json::serialize(queue.body);
  EXPECT_EQ(queue.body.at("total"), 1);
  EXPECT_EQ(queue.body.at("data").as_array().at(0).at("store").at("name"), "カードショップ新宿");

  const auto approved = call(verb::post, "/api/v1/admin/lotteries/" + std::to_string(id) + "/approve", {}, admin_token);
  ASSERT_EQ(approved.status, Status::ok) << json::serialize(approved.body);
  EXPECT_EQ(str(approved.body.at("message")), msg::kLotteryApproved);
  // Public at once despite the cache, with every field a list row shows.
  ASSERT_EQ(public_ids(), (std::vector<std::int64_t>{id}));
  const auto row = call(verb::get, "/api/v1/lotteries").body.at("data").as_array().at(0);
  EXPECT_EQ(row.at("product").at("name"), "テラスタルフェスex");
  EXPECT_EQ(row.at("product").at("id"), nullptr);
  EXPECT_EQ(json::serialize(row.at("methods")), R"(["store","web"])");
  EXPECT_EQ(json::serialize(row.at("conditions")), R"(["members_only"])");
  EXPECT_EQ(row.at("condition_note"), "アプリ会員");
  EXPECT_EQ(row.at("source_url"), "https://example.jp/news");
  EXPECT_EQ(str(row.at("apply_end")), format_iso8601(clock.now() + 48 * 3600));
  EXPECT_EQ(str(row.at("result_at")), format_iso8601(clock.now() + 72 * 3600));
  EXPECT_EQ(row.at("purchase_start"), nullptr);
  EXPECT_FALSE(row.as_object().contains("status"));
  EXPECT_FALSE(row.as_object().contains("author_id"));
  // Filters: members-only is not 「条件ゆるめ」; the store is in Tokyo; the distance comes with a position.
  EXPECT_TRUE(public_ids("?loose=1").empty());
  EXPECT_TRUE(public_ids("?prefecture=osaka").empty());
  EXPECT_EQ(public_ids("?method=web&prefecture=tokyo"), (std::vector<std::int64_t>{id}));
  // One store's entries, as its sheet asks for them.
  EXPECT_EQ(public_ids("?store_id=1"), (std::vector<std::int64_t>{id}));
  EXPECT_TRUE(public_ids("?store_id=2").empty());
  const auto near = call(verb::get, "/api/v1/lotteries?lat=35.6905&lng=139.7005&radius_km=3");
  EXPECT_DOUBLE_EQ(near.body.at("data").as_array().at(0).at("distance_km").to_number<double>(), 0.0);

  // The approval counts in the ranking like an approved store submission.
  const auto ranking_now = call(verb::get, "/api/v1/users/ranking");
  ASSERT_EQ(ranking_now.status, Status::ok) << json::serialize(ranking_now.body);
  const auto& first = ranking_now.body.at("ranking").as_array().at(0);
  EXPECT_EQ(first.at("nickname"), "サトシ");
  EXPECT_EQ(first.at("points"), kPointsPerLotteryEntry);

  const auto again = call(verb::post, "/api/v1/admin/lotteries/" + std::to_string(id) + "/reject",
                          R"({"reason":"重複"})", admin_token);
  EXPECT_EQ(again.status, Status::conflict);
  EXPECT_EQ(error_of(again), msg::kLotteryAlreadyReviewed);
  ASSERT_EQ(call(verb::post, "/api/v1/admin/lotteries/" + std::to_string(id) + "/hide", {}, admin_token).status,
            Status::ok);
  EXPECT_TRUE(public_ids().empty());
  // Hidden, it keeps the point it earned (points once awarded are never taken back).
  EXPECT_EQ(call(verb::get, "/api/v1/users/ranking").body.at("ranking").as_array().at(0).at("points"),
            kPointsPerLotteryEntry);

  const auto log = call(verb::get, "/api/v1/admin/audit?target_type=lottery", {}, admin_token);
  ASSERT_EQ(log.status, Status::ok) << json::serialize(log.body);
  const auto& rows = log.body.at("data").as_array();
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows.at(0).at("action"), "lottery.hide");
  EXPECT_EQ(rows.at(1).at("action"), "lottery.approve");
}

TEST_F(LotteryFlow, DuplicatesBadInputAndAnUnknownStoreAreRefusedWithTheirMessages) {
  ASSERT_EQ(call(verb::post, "/api/v1/lotteries", body(1, "ブラックボルト"), user_token).status, Status::created);
  const auto twice = call(verb::post, "/api/v1/lotteries", body(1, "ブラックボルト", 24), user_token);
  EXPECT_EQ(twice.status, Status::conflict);
  EXPECT_EQ(error_of(twice), msg::kLotteryDuplicate);

  const auto refused = [&](std::string sent) {
    const auto r = call(verb::post, "/api/v1/lotteries", std::move(sent), user_token);
    EXPECT_EQ(r.status, Status::bad_request) << json::serialize(r.body);
    return r.status == Status::bad_request ? error_of(r) : std::string();
  };
  EXPECT_EQ(refused(body(2, "")), msg::kLotteryProductRequired);
  EXPECT_EQ(refused(body(2, "x", -2)), msg::kLotteryWindowOrder);
  EXPECT_EQ(refused(R"({"store_id":2,"product_name":"x","methods":"web"})"), msg::kBadJson);
  EXPECT_EQ(refused(body(2, "x", 48, R"(,"conditions":["other"])")), msg::kLotteryNoteRequired);
  const auto unknown = call(verb::post, "/api/v1/lotteries", body(999, "x"), user_token);
  EXPECT_EQ(unknown.status, Status::not_found);
  EXPECT_EQ(error_of(unknown), msg::kLotteryStoreNotFound);
  EXPECT_EQ(call(verb::get, "/api/v1/lotteries?method=fax").status, Status::bad_request);
  const auto bad_store = call(verb::get, "/api/v1/lotteries?store_id=abc");
  EXPECT_EQ(bad_store.status, Status::bad_request);
  EXPECT_EQ(error_of(bad_store), msg::kLotteryBadStoreId);
  EXPECT_EQ(call(verb::get, "/api/v1/admin/lotteries?status=lost", {}, admin_token).status, Status::bad_request);

  // One entry, waiting: the refusals wrote nothing.
  EXPECT_EQ(call(verb::get, "/api/v1/admin/lotteries", {}, admin_token).body.at("total"), 1);
}

TEST_F(LotteryFlow, TheMapsLotteryFilterKeepsStoresWithAnOpenWindow) {
  const std::string box = "/api/v1/stores?bbox=139.6,35.6,139.8,35.7";
  const auto ids = [&](const std::string& target) {
    const auto r = call(verb::get, target);
    EXPECT_EQ(r.status, Status::ok) << target << json::serialize(r.body);
    std::vector<std::int64_t> out;
    for (const auto& s : r.body.at("data").as_array()) out.push_back(s.at("id").as_int64());
    std::sort(out.begin(), out.end());
    return out;
  };
  const auto clustered = [&](const std::string& query) {
    const auto r = call(verb::get, "/api/v1/stores/clusters?bbox=129,30,146,46&zoom=5" + query);
    EXPECT_EQ(r.status, Status::ok) << json::serialize(r.body);
    std::int64_t n = static_cast<std::int64_t>(r.body.at("data").at("stores").as_array().size());
    for (const auto& c : r.body.at("data").at("clusters").as_array()) n += c.at("count").as_int64();
    return n;
  };
  // Every store kept (fragments), then the filter: none open yet.
  ASSERT_EQ(ids(box), (std::vector<std::int64_t>{1, 2}));
  EXPECT_TRUE(ids(box + "&lottery=open").empty());

  // Store 1: open for 48 hours (approved); store 2: ends in 5 hours, still waiting.
  const auto first = call(verb::post, "/api/v1/lotteries", body(1, "ブラックボルト", 48), user_token);
  ASSERT_EQ(first.status, Status::created);
  const auto second = call(verb::post, "/api/v1/lotteries", body(2, "ブラックボルト", 5), user_token);
  ASSERT_EQ(second.status, Status::created);
  EXPECT_TRUE(ids(box + "&lottery=open").empty());  // pending entries do not count
  ASSERT_EQ(call(verb::post,
                 "/api/v1/admin/lotteries/" + std::to_string(first.body.at("lottery").at("id").as_int64()) + "/approve",
                 {}, admin_token)
                .status,
            Status::ok);
  EXPECT_EQ(ids(box + "&lottery=open"), (std::vector<std::int64_t>{1}));
  EXPECT_TRUE(ids(box + "&lottery=closing").empty());
  EXPECT_EQ(ids("/api/v1/stores?prefecture=tokyo&lottery=open"), (std::vector<std::int64_t>{1}));
  EXPECT_EQ(ids("/api/v1/stores?lat=35.69&lng=139.70&lottery=open"), (std::vector<std::int64_t>{1}));
  EXPECT_EQ(clustered("&lottery=open"), 1);
  EXPECT_EQ(clustered(""), 3);

  ASSERT_EQ(
      call(verb::post,
           "/api/v1/admin/lotteries/" + std::to_string(second.body.at("lottery").at("id").as_int64()) + "/approve", {},
           admin_token)
          .status,
      Status::ok);
  EXPECT_EQ(ids(box + "&lottery=open"), (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(ids(box + "&lottery=closing"), (std::vector<std::int64_t>{2}));
  EXPECT_EQ(clustered("&lottery=closing"), 1);

  // Windows move with the clock, with no write: 30 hours on, store 1 ends within the day and
  // store 2's window has ended. The same URL may be answered from the cache until its TTL;
  // another key (a parameter the parser ignores) shows what the server reads now.
  clock.advance(30 * 3600);
  EXPECT_EQ(ids(box + "&lottery=closing&t=30"), (std::vector<std::int64_t>{1}));
  EXPECT_EQ(ids(box + "&lottery=open&t=30"), (std::vector<std::int64_t>{1}));
  EXPECT_EQ(clustered("&lottery=open&t=30"), 1);
  clock.advance(20 * 3600);
  EXPECT_TRUE(ids(box + "&lottery=open&t=50").empty());
  EXPECT_EQ(ids(box + "&t=50"), (std::vector<std::int64_t>{1, 2}));  // the list without the filter
}

TEST_F(LotteryFlow, ATrustedAuthorsEntryIsShownAtOnce) {
  // Three approved contributions make an author trusted.
  for (int i = 0; i < kTrustedLotteryAuthorApprovals; ++i) {
    const auto sent = call(verb::post, "/api/v1/lotteries", body(1, "商品" + std::to_string(i)), user_token);
    ASSERT_EQ(sent.status, Status::created) << json::serialize(sent.body);
    const auto id = sent.body.at("lottery").at("id").as_int64();
    ASSERT_EQ(call(verb::post, "/api/v1/admin/lotteries/" + std::to_string(id) + "/approve", {}, admin_token).status,
              Status::ok);
  }
  const auto next = call(verb::post, "/api/v1/lotteries", body(2, "次の商品"), user_token);
  ASSERT_EQ(next.status, Status::created) << json::serialize(next.body);
  EXPECT_EQ(str(next.body.at("message")), msg::kLotteryPublished);
  EXPECT_EQ(next.body.at("lottery").at("status"), "approved");
  EXPECT_EQ(public_ids().size(), static_cast<std::size_t>(kTrustedLotteryAuthorApprovals) + 1);
}

}  // namespace
}  // namespace pokeca::testing
