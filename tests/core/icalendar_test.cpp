// The iCalendar writer (RFC 5545): CRLF line ends, folding before 75 octets that never
// splits a UTF-8 character, TEXT escaping, UTC times, alarms relative to the end, and the
// lottery calendar's events (stable UID, DTSTAMP, the store's URL, 24 h and 3 h alarms).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pokeca/personal/lottery_calendar.hpp"
#include "pokeca/shared/icalendar.hpp"

namespace pokeca {
namespace {

// The physical lines of an iCalendar text (each must end in CRLF).
std::vector<std::string> physical_lines(const std::string& text) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at < text.size()) {
    const auto end = text.find("\r\n", at);
    EXPECT_NE(end, std::string::npos) << "a line without CRLF at " << at;
    if (end == std::string::npos) break;
    out.push_back(text.substr(at, end - at));
    at = end + 2;
  }
  return out;
}

// RFC 5545 §3.1 unfolding: CRLF followed by one space is removed.
std::string unfold(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 3, "\r\n ") == 0) {
      i += 2;
      continue;
    }
    out += text[i];
  }
  return out;
}

bool valid_utf8(const std::string& s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    for (std::size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    i += n;
  }
  return true;
}

TEST(IcsText, EscapesBackslashSemicolonCommaAndLineBreaks) {
  EXPECT_EQ(ics_escape_text(R"(a\b;c,d)"), R"(a\\b\;c\,d)");
  EXPECT_EQ(ics_escape_text("一行目\r\n二行目\nさん\rよん"), R"(一行目\n二行目\nさん\nよん)");
  EXPECT_EQ(ics_escape_text(std::string("tab\there\x01") + "end"), "tabhereend");  // no controls in TEXT
  EXPECT_EQ(ics_escape_text("コロン: はそのまま"), "コロン: はそのまま");
}

TEST(IcsText, FoldsAt75OctetsWithoutSplittingACharacter) {
  const std::string ascii = "DESCRIPTION:" + std::string(200, 'x');
  const auto folded = ics_fold_line(ascii);
  for (const auto& line : physical_lines(folded)) EXPECT_LE(line.size(), kIcsMaxLineOctets);
  EXPECT_EQ(physical_lines(folded)[0].size(), 75U);  // the first line is full
  EXPECT_EQ(physical_lines(folded)[1].size(), 75U);  // a space and 74 more
  EXPECT_EQ(unfold(folded), ascii + "\r\n");

  // Three-byte characters after an odd prefix: no line may end inside one.
  for (std::size_t prefix = 0; prefix < 4; ++prefix) {
    std::string japanese = "SUMMARY:" + std::string(prefix, 'a');
    for (int i = 0; i < 60; ++i) japanese += "抽";
    japanese += "🎴";  // four bytes
    for (int i = 0; i < 30; ++i) japanese += "選";
    const auto out = ics_fold_line(japanese);
    const auto lines = physical_lines(out);
    ASSERT_GT(lines.size(), 3U);
    for (std::size_t i = 0; i < lines.size(); ++i) {
      EXPECT_LE(lines[i].size(), kIcsMaxLineOctets);
      const auto content = i == 0 ? lines[i] : lines[i].substr(1);
      if (i > 0) {
        EXPECT_EQ(lines[i][0], ' ');
      }
      EXPECT_TRUE(valid_utf8(content)) << "line " << i << " with prefix " << prefix;
      if (i + 1 < lines.size()) {
        EXPECT_GE(lines[i].size(), kIcsMaxLineOctets - 3) << "folded too early";  // as full as it can be
      }
    }
    EXPECT_EQ(unfold(out), japanese + "\r\n");
  }
  EXPECT_EQ(ics_fold_line("SHORT:1"), "SHORT:1\r\n");
}

TEST(IcsText, TimesAreUtcAndDurationsWholeMinutes) {
  EXPECT_EQ(ics_utc_time(1'795'824'000), "20261128T000000Z");
  EXPECT_EQ(ics_duration(24 * 3600), "PT24H");
  EXPECT_EQ(ics_duration(3 * 3600 + 30 * 60), "PT3H30M");
  EXPECT_EQ(ics_duration(15 * 60), "PT15M");
  EXPECT_EQ(ics_duration(10), "PT0S");
}

TEST(IcsCalendarText, AnEventWithAlarmsHasEveryRequiredProperty) {
  IcsCalendar c;
  c.product_id = "-//test//JA";
  c.name = "カレンダー";
  c.refresh_seconds = 3600;
  IcsEvent e;
  e.uid = "lottery-7@example.jp";
  e.stamp = 1'795'800'000;
  e.start = 1'795'824'000;
  e.end = e.start + 48 * 3600;
  e.summary = "【抽選】テラスタルフェス, ex（新宿; 西口）";
  e.description = "一行目\n二行目";
  e.location = "新宿";
  e.url = "https://example.jp/map?store=1";
  e.alarms = {{24 * 3600, "あと24時間"}, {3 * 3600, "あと3時間"}};
  c.events.push_back(e);
  const auto text = write_icalendar(c);
  const auto lines = physical_lines(text);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.front(), "BEGIN:VCALENDAR");
  EXPECT_EQ(lines.back(), "END:VCALENDAR");
  for (const auto& line : lines) EXPECT_LE(line.size(), kIcsMaxLineOctets);
  const auto logical = unfold(text);
  for (const auto* expected :
       {"\r\nVERSION:2.0\r\n", "\r\nPRODID:-//test//JA\r\n", "\r\nBEGIN:VEVENT\r\nUID:lottery-7@example.jp\r\n",
        "\r\nDTSTAMP:20261127T172000Z\r\n", "\r\nDTSTART:20261128T000000Z\r\n", "\r\nDTEND:20261130T000000Z\r\n",
        "\r\nSUMMARY:【抽選】テラスタルフェス\\, ex（新宿\\; 西口）\r\n", "\r\nDESCRIPTION:一行目\\n二行目\r\n",
        "\r\nURL:https://example.jp/map?store=1\r\n", "\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n",
        "\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:あと24時間\r\nTRIGGER;RELATED=END:-PT24H\r\nEND:VALARM\r\n",
        "\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:あと3時間\r\nTRIGGER;RELATED=END:-PT3H\r\nEND:VALARM\r\n"})
    EXPECT_NE(logical.find(expected), std::string::npos) << expected;
}

TEST(LotteryCalendar, EachEntryIsAnEventAtItsStoreWithTwoAlarmsBeforeTheDeadline) {
  LotteryListing l;
  l.entry.id = 42;
  l.entry.store_id = 9;
  l.entry.product_name = "熱風のアリーナ";
  l.entry.methods = static_cast<unsigned>(LotteryMethod::kWeb) | static_cast<unsigned>(LotteryMethod::kApp);
  l.entry.conditions = static_cast<unsigned>(LotteryCondition::kMembersOnly);
  l.entry.apply_start = 1'795'824'000;
  l.entry.apply_end = l.entry.apply_start + 72 * 3600;
  l.entry.updated_at = 1'795'800'000;
  l.store_name = "ヨドバシ梅田";
  l.prefecture = "osaka";
  l.city = "大阪市北区";
  l.location = {34.7043, 135.4959};
  const auto c = lottery_calendar({l}, "https://pokeca.example");
  ASSERT_EQ(c.events.size(), 1U);
  const auto& e = c.events[0];
  EXPECT_EQ(e.uid, "lottery-42@pokeca.example");  // the same on every fetch
  EXPECT_EQ(e.stamp, 1'795'800'000);
  EXPECT_EQ(e.start, l.entry.apply_start);
  EXPECT_EQ(e.end, l.entry.apply_end);
  EXPECT_EQ(e.url, "https://pokeca.example/map?store=9");
  EXPECT_NE(e.summary.find("熱風のアリーナ"), std::string::npos);
  EXPECT_NE(e.summary.find("ヨドバシ梅田"), std::string::npos);
  EXPECT_NE(e.location.find("大阪府大阪市北区"), std::string::npos);
  EXPECT_NE(e.description.find("Web・アプリ"), std::string::npos);
  EXPECT_NE(e.description.find("会員限定"), std::string::npos);
  // The deadline in Japan time: 2026-12-01 00:00 UTC is 09:00 JST.
  EXPECT_NE(e.description.find("2026年12月1日(火) 09:00"), std::string::npos) << e.description;
  ASSERT_EQ(e.alarms.size(), 2U);
  EXPECT_EQ(e.alarms[0].before_end, 24 * 3600);
  EXPECT_EQ(e.alarms[1].before_end, 3 * 3600);
  EXPECT_EQ(c.time_zone, "Asia/Tokyo");
}

}  // namespace
}  // namespace pokeca
