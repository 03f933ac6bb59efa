// The admin console end to end over a real loopback socket: HttpServer
// → Router → AdminService → SQLite, with real accounts and the public response cache
// on. An admin finds a store, moves it (the public map shows it moved at once), hides
// it, blocks a user (that user's next call is refused as blocked), cannot revoke their
// own rights, deletes a user's reports in bulk, and reads the audit log.
#include <boost/json/serialize.hpp>

#include "api_accounts.hpp"
#include "api_call.hpp"
#include "contribution_fakes.hpp"
#include "loopback_server.hpp"
#include "pokeca/admin/admin_service.hpp"
#include "pokeca/contributions/purchase_service.hpp"
#include "pokeca/contributions/ranking_service.hpp"
#include "pokeca/embedded_data.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/storage/sqlite/sqlite_admin_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_ranking_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_report_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_store_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_submission_repository.hpp"
#include "real_accounts.hpp"
#include "router_fixture.hpp"

namespace pokeca::testing {
namespace {

namespace json = boost::json;
using http::Status;
using http::bhttp::verb;

constexpr std::string_view kPassword = "kiriban-7777";
using Reply = ApiReply;

class AdminFlow : public ::testing::Test {
 protected:
  AdminFlow() {
    EXPECT_TRUE(stores.insert_many(sample_stores()));
    EXPECT_TRUE(reports.insert_many(sample_reports()));  // store 1's
    http::RouterConfig router_config;
    router_config.read_model = response_cache_over(db);
    server = std::make_unique<LoopbackServer>(
        fakes.services(service, accounts.auth, {.purchases = &purchases, .ranking = &ranking, .admin = &admin_service}),
        router_config);
    user_token = login_as("satoshi@example.com", "サトシ");
    admin_token = login_as("admin@example.com", "管理者", true);
    user_id = accounts.users.find_by_email("satoshi@example.com").value()->id;
    admin_id = accounts.users.find_by_email("admin@example.com").value()->id;
  }
  Reply call(verb method, std::string_view target, std::string body = {}, std::string_view bearer = {}) {
    return call_api(server->port(), method, target, std::move(body), bearer);
  }
  Reply admin(verb method, std::string_view target, std::string body = {}) {
    return call(method, target, std::move(body), admin_token);
  }

  std::string login_as(std::string_view email, std::string_view nickname, bool make_admin = false) {
    return signed_up_and_logged_in(server->port(), accounts,
                                   {.email = email, .password = kPassword, .username = nickname, .admin = make_admin});
  }

  static std::string error_of(const Reply& r) { return std::string(r.body.at("error").as_string()); }

  TempDir dir;
  storage::Database db{dir.path() / "pokeca.db"};
  storage::SqliteStoreRepository stores{db};
  storage::SqliteReportRepository reports{db};
  storage::SqliteRankingRepository ranking_repository{db};
  storage::SqliteSubmissionRepository submission_repo{db};
  storage::SqliteAdminRepository admin_repo{db};
  SettableClock clock{kTestNow};
  StoreService service{stores, reports, clock};
  RealAccounts accounts{db, clock};
  PurchaseService purchases{{stores, reports, accounts.limiter, clock}, {1'000'000, 1}};
  RankingService ranking{ranking_repository, clock};
  FakeContributions fakes{stores, reports, accounts.limiter, clock};
  Gazetteer gazetteer = *Gazetteer::from_tsv(data::kGazetteerTsv);
  AdminService admin_service{{admin_repo, submission_repo, fakes.photos, gazetteer, clock}};
  std::unique_ptr<LoopbackServer> server;
  std::string user_token, admin_token;
  UserId user_id = 0, admin_id = 0;
};

TEST_F(AdminFlow, AnAdminFindsMovesAndHidesAStoreAndTheMapFollowsAtOnce) {
  // The public answers sit in the response cache first.
  ASSERT_EQ(call(verb::get, "/api/v1/stores/2").status, Status::ok);
  ASSERT_EQ(call(verb::get, "/api/v1/stores?prefecture=osaka").body.at("data").as_array().size(), 1u);

  const auto list = admin(verb::get, "/api/v1/admin/stores?q=%E6%B8%8B%E8%B0%B7&prefecture=tokyo");  // 渋谷
  ASSERT_EQ(list.status, Status::ok) << json::serialize(list.body);
  EXPECT_EQ(list.body.at("total"), 1);
  EXPECT_EQ(list.body.at("total_capped"), false);
  EXPECT_EQ(list.body.at("page"), 1);
  EXPECT_EQ(list.body.at("page_size"), kAdminPageSize);
  const auto& row = list.body.at("data").as_array().at(0);
  EXPECT_EQ(row.at("id"), 2);
  EXPECT_EQ(row.at("status"), "active");
  EXPECT_EQ(row.at("source"), "demo");
  EXPECT_TRUE(row.at("admin_edited").as_array().empty());
  EXPECT_EQ(admin(verb::get, "/api/v1/admin/stores?status=hidden").body.at("data").as_array().at(0).at("id"), 4);
  EXPECT_EQ(admin(verb::get, "/api/v1/admin/stores?page=0").status, Status::bad_request);

  // Move the store to Osaka: the public detail and the prefecture list show it at once.
  const auto moved = admin(verb::put, "/api/v1/admin/stores/2",
                           R"({"lat":34.7025,"lng":135.4959,"sells":{"boxes":true},"status_note":""})");
  ASSERT_EQ(moved.status, Status::ok) << json::serialize(moved.body);
  EXPECT_EQ(str(moved.body.at("message")), msg::kAdminStoreUpdated);
  EXPECT_EQ(moved.body.at("store").at("prefecture"), "osaka");
  EXPECT_EQ(json::serialize(moved.body.at("store").at("admin_edited")), R"(["lat","lng","sells"])");
  const auto pub = call(verb::get, "/api/v1/stores/2").body.at("data");
  EXPECT_DOUBLE_EQ(pub.at("lat").as_double(), 34.7025);
  EXPECT_EQ(pub.at("sells").at("boxes"), true);
  EXPECT_EQ(call(verb::get, "/api/v1/stores?prefecture=osaka").body.at("data").as_array().size(), 2u);

  EXPECT_EQ(admin(verb::put, "/api/v1/admin/stores/2", R"({"lat":34.7})").status, Status::bad_request);
  EXPECT_EQ(admin(verb::put, "/api/v1/admin/stores/2", R"({"name":12})").status, Status::bad_request);
  const auto long_note = admin(verb::put, "/api/v1/admin/stores/2",
                               R"({"status_note":")" + std::string(kMaxStatusNoteChars + 1, 'x') + R"("})");
  EXPECT_EQ(long_note.status, Status::bad_request);
  EXPECT_EQ(error_of(long_note), "状態のメモは200文字以内で入力してください。");
  EXPECT_EQ(admin(verb::put, "/api/v1/admin/stores/999", "{}").status, Status::not_found);

  // Hide: gone from the public map, still on the admin's page with its history.
  const auto hidden = admin(verb::delete_, "/api/v1/admin/stores/2");
  ASSERT_EQ(hidden.status, Status::ok) << json::serialize(hidden.body);
  EXPECT_EQ(str(hidden.body.at("message")), msg::kAdminStoreHidden);
  EXPECT_EQ(call(verb::get, "/api/v1/stores/2").status, Status::not_found);
  const auto detail = admin(verb::get, "/api/v1/admin/stores/2");
  ASSERT_EQ(detail.status, Status::ok);
  EXPECT_EQ(detail.body.at("store").at("status"), "hidden");
  const auto& history = detail.body.at("audit").as_array();
  ASSERT_EQ(history.size(), 2u);
  EXPECT_EQ(history[0].at("action"), "store.hide");
  EXPECT_EQ(history[0].at("actor").at("nickname"), "管理者");
  EXPECT_EQ(history[1].at("changes").at("lat").at("after").as_double(), 34.7025);

  // A hard delete of a store with reports is refused; one without goes.
  const auto refused = admin(verb::delete_, "/api/v1/admin/stores/1?hard=1");
  EXPECT_EQ(refused.status, Status::conflict) << json::serialize(refused.body);
  EXPECT_EQ(refused.body.at("code"), "conflict");
  const auto gone = admin(verb::delete_, "/api/v1/admin/stores/3?hard=1");
  ASSERT_EQ(gone.status, Status::ok) << json::serialize(gone.body);
  EXPECT_EQ(str(gone.body.at("message")), msg::kAdminStoreDeleted);
  EXPECT_EQ(admin(verb::get, "/api/v1/admin/stores/3").status, Status::not_found);
  EXPECT_EQ(admin(verb::delete_, "/api/v1/admin/photos/abc").status, Status::bad_request);  // no store_id
}

TEST_F(AdminFlow, BlockingAUserRefusesTheirNextCallAndIsAudited) {
  ASSERT_EQ(call(verb::get, "/api/v1/auth/me", {}, user_token).status, Status::ok);
  const auto self =
      admin(verb::post, "/api/v1/admin/users/" + std::to_string(admin_id) + "/block", R"({"reason":"テスト"})");
  EXPECT_EQ(self.status, Status::conflict);
  const auto no_reason =
      admin(verb::post, "/api/v1/admin/users/" + std::to_string(user_id) + "/block", R"({"reason":""})");
  EXPECT_EQ(no_reason.status, Status::bad_request);
  EXPECT_EQ(error_of(no_reason), msg::kAdminBlockReasonRequired);

  const auto blocked = admin(verb::post, "/api/v1/admin/users/" + std::to_string(user_id) + "/block",
                             R"({"reason":"スパム投稿","hide_content":true})");
  ASSERT_EQ(blocked.status, Status::ok) << json::serialize(blocked.body);
  EXPECT_EQ(str(blocked.body.at("message")), msg::kAdminUserBlocked);
  EXPECT_EQ(blocked.body.at("user").at("blocked"), true);
  EXPECT_EQ(blocked.body.at("user").at("blocked_reason"), "スパム投稿");
  const auto next = call(verb::get, "/api/v1/auth/me", {}, user_token);
  EXPECT_EQ(next.status, Status::forbidden);
  EXPECT_EQ(next.body.at("code"), "blocked");

  const auto page = admin(verb::get, "/api/v1/admin/users/" + std::to_string(user_id));
  ASSERT_EQ(page.status, Status::ok);
  EXPECT_EQ(page.body.at("user").at("email"), "satoshi@example.com");
  EXPECT_TRUE(page.body.at("user").at("last_login_at").is_string());
  EXPECT_EQ(page.body.at("audit").as_array().at(0).at("action"), "user.block");

  const auto unblocked = admin(verb::post, "/api/v1/admin/users/" + std::to_string(user_id) + "/unblock", "{}");
  ASSERT_EQ(unblocked.status, Status::ok);
  EXPECT_EQ(unblocked.body.at("user").at("blocked"), false);
  // The old token stays dead (its epoch passed); a new login works.
  EXPECT_EQ(call(verb::get, "/api/v1/auth/me", {}, user_token).status, Status::unauthorized);

  const auto users = admin(verb::get, "/api/v1/admin/users?q=satoshi");
  ASSERT_EQ(users.status, Status::ok);
  EXPECT_EQ(users.body.at("total"), 1);
}

TEST_F(AdminFlow, AdminRightsFollowTheSelfAndLastAdminRules) {
  const auto self = admin(verb::post, "/api/v1/admin/users/" + std::to_string(admin_id) + "/revoke_admin");
  EXPECT_EQ(self.status, Status::conflict);
  EXPECT_EQ(error_of(self), "自分の管理者権限は取り消せません。");
  const auto granted = admin(verb::post, "/api/v1/admin/users/" + std::to_string(user_id) + "/grant_admin");
  ASSERT_EQ(granted.status, Status::ok);
  EXPECT_EQ(granted.body.at("user").at("admin"), true);
  const auto revoked = admin(verb::post, "/api/v1/admin/users/" + std::to_string(user_id) + "/revoke_admin");
  ASSERT_EQ(revoked.status, Status::ok);
  EXPECT_EQ(str(revoked.body.at("message")), msg::kAdminRevoked);
  EXPECT_EQ(admin(verb::post, "/api/v1/admin/users/999/grant_admin").status, Status::not_found);

  const auto log = admin(verb::get, "/api/v1/admin/audit?target_type=user&action=user.grant_admin");
  ASSERT_EQ(log.status, Status::ok);
  EXPECT_EQ(log.body.at("total"), 1);
  EXPECT_EQ(str(log.body.at("data").as_array().at(0).at("target_id")), std::to_string(user_id));
  EXPECT_EQ(admin(verb::get, "/api/v1/admin/audit?target_type=castle").status, Status::bad_request);
  EXPECT_EQ(admin(verb::get, "/api/v1/admin/audit?action=store.burn").status, Status::bad_request);
}

TEST_F(AdminFlow, ReportsAreListedAndDeletedInBulk) {
  for (int i = 0; i < 3; ++i)
    ASSERT_EQ(
        call(verb::post, "/api/v1/purchases", R"({"store_id":2,"kind":"bought","product":"pack"})", user_token).status,
        Status::created);
  const auto listed = admin(verb::get, "/api/v1/admin/purchases?user_id=" + std::to_string(user_id));
  ASSERT_EQ(listed.status, Status::ok) << json::serialize(listed.body);
  EXPECT_EQ(listed.body.at("total"), 3);
  const auto& first = listed.body.at("data").as_array().at(0);
  EXPECT_EQ(first.at("store").at("name"), "コンビニ渋谷");
  EXPECT_EQ(first.at("user").at("nickname"), "サトシ");
  EXPECT_EQ(admin(verb::get, "/api/v1/admin/purchases?from=2026-13-01").status, Status::bad_request);
  EXPECT_EQ(admin(verb::get, "/api/v1/admin/purchases?kind=maybe").status, Status::bad_request);

  const auto body = R"({"user_id":)" + std::to_string(user_id) + R"(,"from":")" + format_iso8601(kTestNow - 3600) +
                    R"(","to":")" + format_iso8601(kTestNow + 1) + R"("})";
  const auto deleted = admin(verb::post, "/api/v1/admin/purchases/bulk_delete", body);
  ASSERT_EQ(deleted.status, Status::ok) << json::serialize(deleted.body);
  EXPECT_EQ(deleted.body.at("deleted"), 3);
  EXPECT_EQ(str(deleted.body.at("message")), "3件の報告を削除しました。");
  EXPECT_TRUE(call(verb::get, "/api/v1/stores/2").body.at("data").at("last_report_at").is_null());
  const auto unknown = admin(verb::post, "/api/v1/admin/purchases/bulk_delete",
                             R"({"user_id":999,"from":"2026-01-01T00:00:00Z","to":"2026-01-02T00:00:00Z"})");
  EXPECT_EQ(unknown.status, Status::not_found);
  const auto backwards = admin(verb::post, "/api/v1/admin/purchases/bulk_delete",
                               R"({"user_id":1,"from":"2026-01-02T00:00:00Z","to":"2026-01-01T00:00:00Z"})");
  EXPECT_EQ(backwards.status, Status::bad_request);
  const auto log = admin(verb::get, "/api/v1/admin/audit?action=purchase.bulk_delete");
  EXPECT_EQ(log.body.at("data").as_array().at(0).at("changes").at("deleted_reports").at("after"), 3);
}

}  // namespace
}  // namespace pokeca::testing
