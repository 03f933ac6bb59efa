// The lottery calendar service against a fake port: the token is stored only as its hash
// and shown once; a token that names nobody is 404 (and counted per address); a feed's
// fetches are limited; the chosen prefectures are checked (unknown, repeated, too many).
#include <gtest/gtest.h>

#include <map>

#include "auth_fakes.hpp"
#include "pokeca/personal/lottery_calendar.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/text.hpp"

namespace pokeca {
namespace {

using testing::FakeTokenCrypto;
using testing::SettableClock;

constexpr UnixSeconds kNow = 1'795'824'000;

class MemoryCalendars final : public LotteryCalendarRepository {
 public:
  Result<CalendarSettings> settings(UserId user) override {
    CalendarSettings s;
    if (tokens.contains(user)) s.token_created_at = tokens[user].second;
    s.prefectures = prefectures[user];
    return s;
  }
  Result<void> set_prefectures(UserId user, const std::vector<std::string>& codes) override {
    prefectures[user] = codes;
    return {};
  }
  Result<void> set_token(UserId user, std::string_view hash, UnixSeconds at) override {
    tokens[user] = {std::string(hash), at};
    return {};
  }
  Result<void> revoke_token(UserId user) override {
    tokens.erase(user);
    return {};
  }
  Result<std::optional<CalendarOwner>> find_by_token(std::string_view hash) override {
    // A lookup that matches too much (say, a collation that ignores case) finds any row.
    if (loose_lookup && !tokens.empty())
      return std::optional<CalendarOwner>{CalendarOwner{tokens.begin()->first, tokens.begin()->second.first}};
    for (const auto& [user, t] : tokens)
      if (t.first == hash) return std::optional<CalendarOwner>{CalendarOwner{user, t.first}};
    return std::optional<CalendarOwner>{};
  }
  Result<std::vector<LotteryListing>> feed_entries(UserId user, UnixSeconds, int limit) override {
    last_limit = limit;
    std::vector<LotteryListing> out;
    if (user != 1) return out;
    LotteryListing l;
    l.entry.id = 5;
    l.entry.store_id = 3;
    l.entry.product_name = "テラスタルフェスex";
    l.entry.methods = 1;
    l.entry.apply_start = kNow;
    l.entry.apply_end = kNow + 3600 * 30;
    l.store_name = "カードラボ, 新宿店";
    l.prefecture = "tokyo";
    out.push_back(l);
    return out;
  }
  std::map<UserId, std::pair<std::string, UnixSeconds>> tokens;
  std::map<UserId, std::vector<std::string>> prefectures;
  int last_limit = 0;
  bool loose_lookup = false;
};

class LotteryCalendarServiceTest : public ::testing::Test {
 protected:
  User user_with(UserId id) {
    User u;
    u.id = id;
    return u;
  }
  MemoryCalendars repo;
  FakeTokenCrypto crypto;
  RateLimiter limiter;
  SettableClock clock{kNow};
  LotteryCalendarService service{{repo, crypto, limiter, clock}, "https://pokeca.example/"};
};

TEST_F(LotteryCalendarServiceTest, ATokenIsShownOnceAndStoredOnlyAsItsHash) {
  const auto issued = service.issue_token(user_with(1)).value();
  EXPECT_FALSE(issued.token.empty());
  EXPECT_EQ(issued.feed_path, std::string(kCalendarFeedPath) + "?token=" + issued.token);
  EXPECT_EQ(repo.tokens[1].first, crypto.hash_token(issued.token));
  EXPECT_NE(repo.tokens[1].first, issued.token);
  EXPECT_EQ(service.settings(user_with(1)).value().token_created_at, kNow);

  const auto feed = service.feed(issued.token, "192.0.2.1").value();
  EXPECT_EQ(feed.entries, 1U);
  EXPECT_EQ(repo.last_limit, kMaxCalendarFeedEntries);
  EXPECT_TRUE(feed.ics.starts_with("BEGIN:VCALENDAR\r\n"));
  EXPECT_NE(feed.ics.find("UID:lottery-5@pokeca.example"), std::string::npos);  // the trailing / dropped
  EXPECT_NE(feed.ics.find("カードラボ\\, 新宿店"), std::string::npos);

  // A new token: the old one names nobody.
  const auto second = service.issue_token(user_with(1)).value();
  EXPECT_NE(second.token, issued.token);
  const auto old = service.feed(issued.token, "192.0.2.1");
  ASSERT_FALSE(old);
  EXPECT_EQ(old.error().code, ErrorCode::kNotFound);
  EXPECT_EQ(old.error().message, msg::kCalendarFeedNotFound);
  EXPECT_TRUE(service.feed(second.token, "192.0.2.1"));

  ASSERT_TRUE(service.revoke_token(user_with(1)));
  EXPECT_EQ(service.feed(second.token, "192.0.2.1").error().code, ErrorCode::kNotFound);
  EXPECT_EQ(service.feed("", "192.0.2.1").error().code, ErrorCode::kNotFound);
  EXPECT_EQ(service.feed(std::string(500, 'a'), "192.0.2.1").error().code, ErrorCode::kNotFound);
}

TEST_F(LotteryCalendarServiceTest, TheFoundHashIsComparedAgainSoALooseLookupGrantsNothing) {
  const auto token = service.issue_token(user_with(1)).value().token;
  repo.loose_lookup = true;
  EXPECT_TRUE(service.feed(token, "192.0.2.1"));
  const auto other = service.feed("someone-elses-token", "192.0.2.1");
  ASSERT_FALSE(other);
  EXPECT_EQ(other.error().code, ErrorCode::kNotFound);
  EXPECT_TRUE(constant_time_equal("abc", "abc"));
  EXPECT_FALSE(constant_time_equal("abc", "abd"));
  EXPECT_FALSE(constant_time_equal("abc", "abcd"));
  EXPECT_TRUE(constant_time_equal("", ""));
}

TEST_F(LotteryCalendarServiceTest, BadTokensAreLimitedPerAddressAndAFeedsFetchesPerFeed) {
  for (std::int64_t i = 0; i < kCalendarBadTokensPerIp.max_requests; ++i)
    EXPECT_EQ(service.feed("nope", "192.0.2.9").error().code, ErrorCode::kNotFound);
  const auto refused = service.feed("nope", "192.0.2.9");
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::kRateLimited);
  EXPECT_GT(refused.error().retry_after_seconds.value_or(0), 0);
  // Another address is not refused; nor is a good token from the refused address.
  EXPECT_EQ(service.feed("nope", "192.0.2.10").error().code, ErrorCode::kNotFound);
  const auto token = service.issue_token(user_with(1)).value().token;
  for (std::int64_t i = 0; i < kCalendarFetchesPerFeed.max_requests; ++i)
    EXPECT_TRUE(service.feed(token, "192.0.2.9")) << i;
  EXPECT_EQ(service.feed(token, "198.51.100.1").error().code, ErrorCode::kRateLimited);  // per feed, any address
  clock.advance(kCalendarFetchesPerFeed.window_seconds);
  EXPECT_TRUE(service.feed(token, "198.51.100.1"));
}

TEST_F(LotteryCalendarServiceTest, ChosenPrefecturesAreCheckedBeforeTheyAreStored) {
  const auto ok = service.choose_prefectures(user_with(2), {"tokyo", "osaka"});
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->prefectures, (std::vector<std::string>{"tokyo", "osaka"}));
  const auto unknown = service.choose_prefectures(user_with(2), {"tokyo", "atlantis"});
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().code, ErrorCode::kBadRequest);
  EXPECT_EQ(unknown.error().message, msg::kCalendarBadPrefecture);
  EXPECT_EQ(service.choose_prefectures(user_with(2), {"tokyo", "tokyo"}).error().message,
            msg::kCalendarDuplicatePrefecture);
  std::vector<std::string> many{"hokkaido",  "aomori",  "iwate",   "miyagi", "akita",  "yamagata",
                                "fukushima", "ibaraki", "tochigi", "gunma",  "saitama"};
  ASSERT_EQ(many.size(), kMaxCalendarPrefectures + 1);
  EXPECT_EQ(service.choose_prefectures(user_with(2), many).error().code, ErrorCode::kBadRequest);
  many.pop_back();
  EXPECT_TRUE(service.choose_prefectures(user_with(2), many));
  EXPECT_EQ(repo.prefectures[2].size(), kMaxCalendarPrefectures);
}

}  // namespace
}  // namespace pokeca
