#include "pokeca/contributions/purchase_rules.hpp"

#include <gtest/gtest.h>

#include "pokeca/shared/messages.hpp"

namespace pokeca {
namespace {

constexpr UnixSeconds kNow = 1795239000;  // 2026-11-21T05:30:00Z

PurchaseReportInput valid_input() {
  PurchaseReportInput in;
  in.store_id = 7;
  in.kind = "bought";
  in.product = "box";
  return in;
}

std::string repeat(std::string_view unit, std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += unit;
  return out;
}

// The refusal's message, or "" when the input was accepted.
std::string refusal(const PurchaseReportInput& in, UnixSeconds now = kNow) {
  const auto r = validate_purchase_report(in, now);
  if (r) return "";
  EXPECT_EQ(r.error().code, ErrorCode::kBadRequest);
  return r.error().message;
}

TEST(PurchaseRules, AMinimalReportIsNowWithoutNotes) {
  const auto r = validate_purchase_report(valid_input(), kNow);
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->id, 0);
  EXPECT_EQ(r->store_id, 7);
  EXPECT_EQ(r->kind, ReportKind::kBought);
  EXPECT_EQ(r->product, Product::kBox);
  EXPECT_EQ(r->product_name, "");
  EXPECT_EQ(r->limit_note, "");
  EXPECT_EQ(r->purchased_at, kNow);
  EXPECT_EQ(r->created_at, kNow);
  EXPECT_EQ(r->user_id, std::nullopt);
}

TEST(PurchaseRules, StoreKindAndProductMustBeGiven) {
  auto in = valid_input();
  in.store_id = 0;
  EXPECT_EQ(refusal(in), msg::kBadPurchaseStoreId);
  in.store_id = -3;
  EXPECT_EQ(refusal(in), msg::kBadPurchaseStoreId);
  in = valid_input();
  for (const auto* kind : {"", "Bought", "sold-out", "sold"}) {
    in.kind = kind;
    EXPECT_EQ(refusal(in), msg::kBadPurchaseKind) << kind;
  }
  in.kind = "sold_out";
  EXPECT_EQ(refusal(in), "");
  for (const auto* product : {"", "packs", "boxes", "BOX"}) {
    in.product = product;
    EXPECT_EQ(refusal(in), msg::kBadPurchaseProduct) << product;
  }
  for (const auto* product : {"pack", "box", "single"}) {
    in.product = product;
    EXPECT_EQ(refusal(in), "") << product;
  }
}

TEST(PurchaseRules, NotesAreTrimmedAndAtMostTheLimitInCodePoints) {
  auto in = valid_input();
  in.product_name = "\u3000 " + repeat("あ", kMaxPurchaseTextChars) + " ";
  in.limit_note = repeat("x", kMaxPurchaseTextChars);
  const auto r = validate_purchase_report(in, kNow);
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->product_name, repeat("あ", kMaxPurchaseTextChars));  // 300 bytes, 100 characters
  EXPECT_EQ(r->limit_note, repeat("x", kMaxPurchaseTextChars));

  in.product_name = repeat("あ", kMaxPurchaseTextChars + 1);
  EXPECT_EQ(refusal(in), msg::kPurchaseProductNameTooLong);
  in.product_name = "";
  in.limit_note = repeat("x", kMaxPurchaseTextChars + 1);
  EXPECT_EQ(refusal(in), msg::kPurchaseLimitNoteTooLong);
  // The messages name the limit they enforce.
  const auto limit = std::to_string(kMaxPurchaseTextChars);
  EXPECT_NE(msg::kPurchaseProductNameTooLong.find(limit), std::string_view::npos);
  EXPECT_NE(msg::kPurchaseLimitNoteTooLong.find(limit), std::string_view::npos);
}

TEST(PurchaseRules, BlankNotesAreAbsentAndControlCharactersAreRefused) {
  auto in = valid_input();
  in.product_name = " \u3000 ";
  in.limit_note = "\t";
  const auto r = validate_purchase_report(in, kNow);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->product_name, "");
  EXPECT_EQ(r->limit_note, "");
  in.product_name = "黒炎の\n支配者";
  EXPECT_EQ(refusal(in), msg::kPurchaseProductNameBadText);
  in.product_name = "\xff\xfe";
  EXPECT_EQ(refusal(in), msg::kPurchaseProductNameBadText);
  in.product_name = "";
  in.limit_note =
      "1人\x07"
      "5パック";
  EXPECT_EQ(refusal(in), msg::kPurchaseLimitNoteBadText);
}

TEST(PurchaseRules, PurchasedAtIsIso8601AndEmptyMeansNow) {
  auto in = valid_input();
  in.purchased_at = "";
  EXPECT_EQ(validate_purchase_report(in, kNow)->purchased_at, kNow);
  in.purchased_at = "2026-11-21T12:00:00+09:00";  // 03:00Z
  EXPECT_EQ(validate_purchase_report(in, kNow)->purchased_at, kNow - 2 * 3600 - 30 * 60);
  in.purchased_at = "2026-11-21T01:00Z";
  EXPECT_EQ(validate_purchase_report(in, kNow)->purchased_at, kNow - 4 * 3600 - 30 * 60);
  for (const auto* bad : {"yesterday", "2026-11-21", "2026-11-21T12:00:00", "2026-13-01T00:00:00Z", "1795239000"}) {
    in.purchased_at = bad;
    EXPECT_EQ(refusal(in), msg::kBadPurchasedAt) << bad;
  }
}

TEST(PurchaseRules, AFutureTimeWithinTheClockSkewIsNowBeyondItIsRefused) {
  auto in = valid_input();
  in.purchased_at = format_iso8601(kNow + kPurchaseClockSkewSeconds);
  const auto r = validate_purchase_report(in, kNow);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->purchased_at, kNow);  // clamped: never ahead of the server
  in.purchased_at = format_iso8601(kNow + kPurchaseClockSkewSeconds + 1);
  EXPECT_EQ(refusal(in), msg::kPurchasedAtInFuture);
  EXPECT_EQ(kPurchaseClockSkewSeconds, 5 * 60);
}

TEST(PurchaseRules, AtMostThirtyDaysOld) {
  auto in = valid_input();
  in.purchased_at = format_iso8601(kNow - kMaxPurchaseAgeSeconds);
  EXPECT_EQ(validate_purchase_report(in, kNow)->purchased_at, kNow - kMaxPurchaseAgeSeconds);
  in.purchased_at = format_iso8601(kNow - kMaxPurchaseAgeSeconds - 1);
  EXPECT_EQ(refusal(in), msg::kPurchasedAtTooOld);
  EXPECT_EQ(kMaxPurchaseAgeSeconds, 30 * 24 * 3600);
  EXPECT_NE(msg::kPurchasedAtTooOld.find("30日"), std::string_view::npos);
}

}  // namespace
}  // namespace pokeca
