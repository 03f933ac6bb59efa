// The catalogue's rules: what a product must be, and the demo catalogue that ships in
// the binary passing them.
#include <gtest/gtest.h>

#include "pokeca/contributions/product_catalog.hpp"
#include "pokeca/embedded_data.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/text.hpp"

namespace pokeca {
namespace {

CatalogProductInput input(std::string name = "ブラックボルト", std::string kind = "pack",
                          std::string date = "2025-06-06", std::string url = "") {
  return {.name = std::move(name),
          .kind = std::move(kind),
          .release_date = std::move(date),
          .official_url = std::move(url),
          .listed = true};
}

std::string refusal(const CatalogProductInput& in) {
  auto p = checked_catalog_product(in);
  EXPECT_FALSE(p.has_value());
  if (p) return {};
  EXPECT_EQ(p.error().code, ErrorCode::kBadRequest);
  return p.error().message;
}

TEST(ProductCatalogRules, AcceptsAProductTrimmedAndKeepsItsFields) {
  auto p = checked_catalog_product(input("　テラスタルフェスex ", " box ", "2024-12-06", " https://example.jp/x?y=1 "));
  ASSERT_TRUE(p) << p.error().message;
  EXPECT_EQ(p->name, "テラスタルフェスex");
  EXPECT_EQ(p->kind, CatalogProductKind::kBox);
  EXPECT_EQ(p->release_date, "2024-12-06");
  EXPECT_EQ(p->official_url, "https://example.jp/x?y=1");
}

TEST(ProductCatalogRules, NameKindAndDateAreRequiredAndChecked) {
  EXPECT_EQ(refusal(input(" ")), msg::kProductNameRequired);
  EXPECT_EQ(refusal(input(std::string(kMaxCatalogProductNameChars + 1, 'a'))),
            fill_placeholder(msg::kProductNameTooLong, "{max}", std::to_string(kMaxCatalogProductNameChars)));
  EXPECT_TRUE(checked_catalog_product(input(std::string(kMaxCatalogProductNameChars, 'a'))));
  EXPECT_EQ(refusal(input("a\tb")), msg::kAdminBadText);
  EXPECT_EQ(refusal(input("ok", "single")), msg::kProductBadKind);
  EXPECT_EQ(refusal(input("ok", "")), msg::kProductBadKind);
}

TEST(ProductCatalogRules, AReleaseDateIsARealDayOfTheCalendar) {
  EXPECT_TRUE(is_calendar_date("2024-02-29"));  // leap year
  EXPECT_FALSE(is_calendar_date("2025-02-29"));
  EXPECT_FALSE(is_calendar_date("2025-04-31"));
  EXPECT_FALSE(is_calendar_date("2025-13-01"));
  EXPECT_FALSE(is_calendar_date("2025-00-10"));
  EXPECT_FALSE(is_calendar_date("2025-1-01"));
  EXPECT_FALSE(is_calendar_date("2025/01/01"));
  EXPECT_FALSE(is_calendar_date("2025-01-0a"));
  EXPECT_FALSE(is_calendar_date("2025--1-01"));
  EXPECT_FALSE(is_calendar_date("1899-12-31"));
  EXPECT_EQ(refusal(input("ok", "pack", "2025-02-29")), msg::kProductBadReleaseDate);
}

TEST(ProductCatalogRules, TheOfficialPageIsAnHttpOrHttpsUrl) {
  EXPECT_TRUE(is_web_url("https://www.pokemon-card.com/products/"));
  EXPECT_TRUE(is_web_url("http://example.jp"));
  EXPECT_FALSE(is_web_url("javascript:alert(1)"));
  EXPECT_FALSE(is_web_url("https://"));
  EXPECT_FALSE(is_web_url("https:///path"));
  EXPECT_FALSE(is_web_url("https://exa mple.jp"));
  EXPECT_FALSE(is_web_url("ftp://example.jp"));
  EXPECT_FALSE(refusal(input("ok", "pack", "2025-01-01", "data:text/html,x")).empty());
  const std::string longest = "https://example.jp/" + std::string(kMaxCatalogProductUrlBytes - 19, 'a');
  EXPECT_TRUE(checked_catalog_product(input("ok", "pack", "2025-01-01", longest)));
  EXPECT_FALSE(checked_catalog_product(input("ok", "pack", "2025-01-01", longest + "a")));
  EXPECT_TRUE(checked_catalog_product(input("ok", "pack", "2025-01-01", "")));  // optional
}

TEST(ProductCatalogRules, TheDemoCatalogueParsesAndIsMarkedDemo) {
  auto demo = parse_demo_products(data::kDemoProductsTsv);
  ASSERT_TRUE(demo) << demo.error().message;
  ASSERT_GE(demo->size(), 8u);
  for (const auto& p : *demo) {
    EXPECT_TRUE(p.demo) << p.name;
    EXPECT_TRUE(p.listed) << p.name;
    EXPECT_TRUE(is_calendar_date(p.release_date)) << p.name;
  }
  EXPECT_FALSE(parse_demo_products("name\tkind\trelease_date\nx\tpack\t2025-02-30\n"));
  EXPECT_FALSE(parse_demo_products("name\tkind\nx\tpack\n"));
}

}  // namespace
}  // namespace pokeca
