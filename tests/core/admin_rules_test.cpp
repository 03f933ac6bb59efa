// The admin console's pure rules: query checks, the named limits, the
// self and last-admin rules, the before/after diff and the re-import merge.
#include <gtest/gtest.h>

#include "pokeca/admin/admin.hpp"
#include "pokeca/shared/messages.hpp"

namespace pokeca {
namespace {

AdminUser account(UserId id, bool admin = false, bool blocked = false) {
  AdminUser u;
  u.user.id = id;
  u.user.admin = admin;
  u.user.blocked = blocked;
  return u;
}

TEST(AdminRules, LimitsAreNamed) {
  EXPECT_EQ(kAdminPageSize, 50);
  EXPECT_EQ(kMaxStatusNoteChars, 200u);
  EXPECT_EQ(kMaxBlockReasonChars, 500u);
  EXPECT_EQ(kMaxAdminQueryChars, 50u);
  EXPECT_EQ(kMaxBulkDeleteDays, 366);
}

TEST(AdminRules, SelfAndLastAdmin) {
  User me;
  me.id = 1;
  me.admin = true;
  EXPECT_EQ(check_user_action(me, account(1, true), UserAction::kRevokeAdmin, 2).error().message,
            msg::kAdminCannotRevokeSelf);
  EXPECT_EQ(check_user_action(me, account(1, true), UserAction::kBlock, 2).error().message, msg::kAdminCannotBlockSelf);
  EXPECT_EQ(check_user_action(me, account(2, true), UserAction::kRevokeAdmin, 1).error().message,
            msg::kAdminCannotRevokeLast);
  EXPECT_TRUE(check_user_action(me, account(2, true), UserAction::kRevokeAdmin, 2));
  EXPECT_TRUE(check_user_action(me, account(2, false), UserAction::kRevokeAdmin, 1));  // not an admin: a no-op
  EXPECT_EQ(check_user_action(me, account(2, false, true), UserAction::kGrantAdmin, 1).error().code,
            ErrorCode::kConflict);
  auto gone = account(3);
  gone.user.withdrawn_at = 1;
  EXPECT_EQ(check_user_action(me, gone, UserAction::kUnblock, 1).error().code, ErrorCode::kConflict);
}

TEST(AdminRules, BlockReason) {
  EXPECT_EQ(check_block_reason("  スパム ", true).value(), "スパム");
  EXPECT_EQ(check_block_reason("", true).error().message, msg::kAdminBlockReasonRequired);
  EXPECT_EQ(check_block_reason("", false).value(), "");
  EXPECT_TRUE(check_block_reason(std::string(kMaxBlockReasonChars, 'x'), true));
  EXPECT_FALSE(check_block_reason(std::string(kMaxBlockReasonChars + 1, 'x'), true));
}

TEST(AdminRules, DiffAndAuditJson) {
  AdminStore before;
  before.store.name = "店\"A\"";
  before.store.location = {35.5, 139.5};
  before.store.sells.packs = true;
  AdminStore after = before;
  after.store.name = "店B";
  after.store.sells.packs = std::nullopt;
  after.status_note = "閉店";
  const auto changes = diff_stores(before, after);
  ASSERT_EQ(changes.size(), 3u);
  EXPECT_EQ(audit_changes_json(changes),
            R"({"name":{"before":"店\"A\"","after":"店B"},"sells.packs":{"before":true,"after":null},)"
            R"("status_note":{"before":"","after":"閉店"}})");
  EXPECT_EQ(audit_changes_json({}), "{}");
  EXPECT_EQ(audit_changes_json({{"lat", 35.6938, 34.7025}}), R"({"lat":{"before":35.6938,"after":34.7025}})");
}

TEST(AdminRules, AReimportKeepsOnlyTheEditedFields) {
  Store current;
  current.name = "管理者の名前";
  current.address = "旧住所";
  current.location = {35.0, 139.0};
  current.prefecture = "tokyo";
  current.status = StoreStatus::kHidden;
  Store imported;
  imported.name = "ファイルの名前";
  imported.address = "新住所";
  imported.location = {34.0, 135.0};
  imported.prefecture = "osaka";
  imported.status = StoreStatus::kActive;
  const auto merged = keep_admin_edits(current, imported, {"name", "lat", "status"});
  EXPECT_EQ(merged.name, "管理者の名前");
  EXPECT_EQ(merged.address, "新住所");
  EXPECT_EQ(merged.location.lat, 35.0);
  EXPECT_EQ(merged.prefecture, "tokyo");  // the position's prefecture goes with it
  EXPECT_EQ(merged.status, StoreStatus::kHidden);
}

TEST(AdminRules, Queries) {
  EXPECT_EQ(parse_admin_store_query({}).value().offset, 0);
  AdminStoreQuery q;
  q.page = "3";
  EXPECT_EQ(parse_admin_store_query(q).value().offset, 2 * kAdminPageSize);
  q.page = "0";
  EXPECT_EQ(parse_admin_store_query(q).error().message, msg::kAdminBadPage);

  AdminReportQuery r;
  r.from = "2026-11-23";
  r.to = "2026-11-23";
  const auto f = parse_admin_report_query(r).value();
  EXPECT_EQ(*f.from, parse_iso8601("2026-11-23T00:00:00+09:00").value());
  EXPECT_EQ(*f.until - *f.from, kSecondsPerDay);  // the "to" day is included
  r.to = "2026-11-22";
  EXPECT_EQ(parse_admin_report_query(r).error().message, msg::kAdminBadDateRange);
  for (const auto* bad : {"2026-02-30", "2026-1-01", "20261101", "2026-11-23T00:00"})
    EXPECT_FALSE(parse_japan_date(bad)) << bad;

  AuditQuery a;
  a.action = "user.block";
  a.target_type = "user";
  EXPECT_TRUE(parse_audit_query(a));
  a.action = "user.delete";
  EXPECT_EQ(parse_audit_query(a).error().message, msg::kAdminBadAction);

  EXPECT_TRUE(check_bulk_delete_range(0, kMaxBulkDeleteDays * kSecondsPerDay));
  EXPECT_FALSE(check_bulk_delete_range(0, kMaxBulkDeleteDays * kSecondsPerDay + 1));
  EXPECT_FALSE(check_bulk_delete_range(10, 10));
}

}  // namespace
}  // namespace pokeca
