#include <gtest/gtest.h>

#include "common/http_messages.hpp"
#include "common/query_string.hpp"

namespace pokeca::http {
namespace {

TEST(SplitTarget, PathQueryAndFragment) {
  EXPECT_EQ(split_target("/a/b?x=1&y=2").path, "/a/b");
  EXPECT_EQ(split_target("/a/b?x=1&y=2").query, "x=1&y=2");
  EXPECT_EQ(split_target("/a").query, "");
  EXPECT_EQ(split_target("/a?x=1#frag").query, "x=1");
  EXPECT_EQ(split_target("/a#frag?x").path, "/a");
}

TEST(PercentDecode, EscapesPlusAndErrors) {
  EXPECT_EQ(percent_decode("%E6%9D%B1%E4%BA%AC", false), "東京");
  EXPECT_EQ(percent_decode("a+b", true), "a b");
  EXPECT_EQ(percent_decode("a+b", false), "a+b");
  EXPECT_EQ(percent_decode("%2B", true), "+");
  EXPECT_EQ(percent_decode("%2e%2E", false), "..");
  EXPECT_FALSE(percent_decode("%", false));
  EXPECT_FALSE(percent_decode("%4", false));
  EXPECT_FALSE(percent_decode("%g0", false));
  EXPECT_FALSE(percent_decode("abc%", false));
}

TEST(ParseQuery, DecodedPairsInOrder) {
  const auto q = parse_query("prefecture=tokyo&type=card_shop%2Cconvenience&flag&empty=&&x=a+b");
  ASSERT_TRUE(q);
  EXPECT_EQ(find_param(*q, "prefecture"), "tokyo");
  EXPECT_EQ(find_param(*q, "type"), "card_shop,convenience");
  EXPECT_EQ(find_param(*q, "flag"), "");
  EXPECT_EQ(find_param(*q, "empty"), "");
  EXPECT_EQ(find_param(*q, "x"), "a b");
  EXPECT_FALSE(find_param(*q, "missing"));
  EXPECT_TRUE(parse_query("")->empty());
}

TEST(ParseQuery, RefusesRepeatsBadEscapesAndFloods) {
  EXPECT_EQ(parse_query("a=1&a=2").error().message, msg::kRepeatedParameter);
  EXPECT_EQ(parse_query("a=1&%61=2").error().message, msg::kRepeatedParameter);
  EXPECT_EQ(parse_query("a=%zz").error().message, msg::kBadQueryString);
  EXPECT_EQ(parse_query("%=1").error().code, ErrorCode::kBadRequest);
  std::string many;
  for (std::size_t i = 0; i <= kMaxQueryParams; ++i) many += "p" + std::to_string(i) + "=1&";
  EXPECT_EQ(parse_query(many).error().message, msg::kBadQueryString);
}

}  // namespace
}  // namespace pokeca::http
