// The pure rules of page-view analytics: Japan-time days, the address
// blocks a visitor hash uses, robots by User-Agent, and the event's validation.
#include <gtest/gtest.h>

#include "pokeca/analytics/analytics.hpp"

namespace pokeca {
namespace {

TEST(AnalyticsDays, AreJapanTimeAndRoundTrip) {
  const auto midnight = *parse_iso8601("2026-11-23T00:00:00+09:00");
  EXPECT_EQ(format_day(japan_day(midnight)), "2026-11-23");
  EXPECT_EQ(format_day(japan_day(midnight - 1)), "2026-11-22");
  EXPECT_EQ(format_day(japan_day(midnight + 86'399)), "2026-11-23");
  EXPECT_EQ(parse_day("2026-11-23"), japan_day(midnight));
  EXPECT_EQ(parse_day("2024-02-29"), parse_day("2024-02-28").value() + 1);
  for (const auto* bad : {"2026-02-30", "2026-13-01", "2026-1-01", "20261123", "", "2026-11-23T00"})
    EXPECT_FALSE(parse_day(bad)) << bad;
}

TEST(AnalyticsVisitor, KeepsOnlyTheAddressBlock) {
  EXPECT_EQ(visitor_address_prefix("203.0.113.77"), "203.0.113.0/24");
  EXPECT_EQ(visitor_address_prefix("2001:db8:1:2:3:4:5:6"), "2001:db8:1::/48");
  EXPECT_EQ(visitor_address_prefix("2001:0DB8:0001:0002::/64"), "2001:db8:1::/48");
  EXPECT_EQ(visitor_address_prefix("2001:db8::1"), "2001:db8:0::/48");
  EXPECT_EQ(visitor_address_prefix("::1"), "0:0:0::/48");
  EXPECT_EQ(visitor_address_prefix("::ffff:203.0.113.9"), "203.0.113.0/24");
  EXPECT_EQ(visitor_address_prefix(""), "");
}

TEST(AnalyticsVisitor, RobotsNameThemselves) {
  EXPECT_TRUE(is_bot_user_agent("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"));
  EXPECT_TRUE(is_bot_user_agent("Mozilla/5.0 (compatible; bingbot/2.0)"));
  EXPECT_TRUE(is_bot_user_agent("Mozilla/5.0 (compatible; Yahoo! Slurp)"));
  EXPECT_TRUE(is_bot_user_agent("Baiduspider"));
  EXPECT_TRUE(is_bot_user_agent("AhrefsCrawler"));
  EXPECT_TRUE(is_bot_user_agent("curl/8.5.0"));
  EXPECT_TRUE(is_bot_user_agent(""));
  EXPECT_FALSE(
      is_bot_user_agent("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
                        "HeadlessChrome/120.0.0.0 Safari/537.36"));
  EXPECT_FALSE(is_bot_user_agent("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1"));
}

TEST(AnalyticsEvent, ValidatesEveryField) {
  EXPECT_TRUE(validate_page_view({"/map", "tokyo", "www.google.com", "phone"}));
  EXPECT_TRUE(validate_page_view({"/", "", "", "desktop"}));
  EXPECT_EQ(validate_page_view({"/map", "", "", "phone"})->viewport, Viewport::kPhone);
  const PageViewInput bad[] = {
      {"map", "", "", "phone"},                                           // no leading slash
      {"/map?prefecture=tokyo", "", "", "phone"},                         // a query
      {"/map#x", "", "", "phone"},                                        // a fragment
      {"/" + std::string(kMaxAnalyticsPathChars, 'a'), "", "", "phone"},  // 201 characters
      {"/a\nb", "", "", "phone"},                                         // a control character
      {"/map", "atlantis", "", "phone"},                                  // unknown prefecture
      {"/map", "", std::string(kMaxAnalyticsReferrerChars + 1, 'a'), "phone"},
      {"/map", "", "evil host/", "phone"},
      {"/map", "", "", "tablet"},
      {"/map", "", "", ""},
  };
  for (const auto& in : bad) {
    const auto v = validate_page_view(in);
    ASSERT_FALSE(v) << in.path << " " << in.prefecture << " " << in.referrer_host << " " << in.viewport;
    EXPECT_EQ(v.error().code, ErrorCode::kBadRequest);
    EXPECT_FALSE(v.error().message.empty());
  }
  EXPECT_TRUE(validate_page_view({"/" + std::string(kMaxAnalyticsPathChars - 1, 'a'), "", "", "phone"}));
}

}  // namespace
}  // namespace pokeca
