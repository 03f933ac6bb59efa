#include "pokeca/personal/lottery_calendar.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <span>
#include <utility>

#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/prefectures.hpp"
#include "pokeca/shared/text.hpp"

namespace pokeca {
namespace {

// "2026年11月29日(日) 14:00" in Japan time, as the site shows dates.
std::string japan_time(UnixSeconds t) {
  static constexpr std::string_view kWeekdays[] = {"日", "月", "火", "水", "木", "金", "土"};
  const auto j = japan_date_time(t);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%d年%u月%u日(", j.year, j.month, j.day);
  std::string out = buf;
  out += kWeekdays[j.weekday % 7];
  std::snprintf(buf, sizeof buf, ") %02u:%02u", j.hour, j.minute);
  return out + buf;
}

template <typename Value>
std::string labels(const std::vector<Value>& values, std::span<const std::string_view> names) {
  std::string out;
  for (const auto v : values) {
    // The enums are bits 1, 2, 4…: the bit's position is the label's index.
    const auto bits = static_cast<unsigned>(v);
    const auto index = static_cast<std::size_t>(std::countr_zero(bits));
    if (index >= names.size()) continue;
    if (!out.empty()) out += "・";
    out += names[index];
  }
  return out;
}

std::string store_url(std::string_view site_url, StoreId id) {
  return std::string(site_url) + "/map?store=" + std::to_string(id);
}

IcsEvent event_for(const LotteryListing& l, std::string_view site_url) {
  const auto& e = l.entry;
  IcsEvent ev;
  // Stable for the entry whatever changes in it, so apps update the event in place.
  std::string host(site_url);
  if (const auto at = host.find("://"); at != std::string::npos) host = host.substr(at + 3);
  ev.uid = "lottery-" + std::to_string(e.id) + "@" + (host.empty() ? std::string("pokeca") : host);
  ev.stamp = std::max(e.updated_at, e.reviewed_at.value_or(0));
  ev.start = e.apply_start;
  ev.end = e.apply_end;
  const std::initializer_list<std::pair<std::string_view, std::string_view>> names{{"{product}", e.product_name},
                                                                                   {"{store}", l.store_name}};
  ev.summary = fill_placeholders(msg::kCalendarSummary, names);
  std::vector<std::string> lines;
  lines.push_back(fill_placeholder(msg::kCalendarDeadline, "{time}", japan_time(e.apply_end)));
  lines.push_back(fill_placeholder(msg::kCalendarApplyFrom, "{time}", japan_time(e.apply_start)));
  lines.push_back(fill_placeholder(msg::kCalendarMethods, "{methods}",
                                   labels(lottery_methods_in(e.methods), msg::kCalendarMethodLabels)));
  auto conditions = labels(lottery_conditions_in(e.conditions), msg::kCalendarConditionLabels);
  if (!e.condition_note.empty())
    conditions += (conditions.empty() ? "" : "（") + e.condition_note + (conditions.empty() ? "" : "）");
  lines.push_back(conditions.empty() ? std::string(msg::kCalendarNoConditions)
                                     : fill_placeholder(msg::kCalendarConditions, "{conditions}", conditions));
  if (e.result_at) lines.push_back(fill_placeholder(msg::kCalendarResult, "{time}", japan_time(*e.result_at)));
  if (e.purchase_start && e.purchase_end)
    lines.push_back(fill_placeholders(
        msg::kCalendarPurchase, {{"{from}", japan_time(*e.purchase_start)}, {"{to}", japan_time(*e.purchase_end)}}));
  if (!e.source_url.empty()) lines.push_back(fill_placeholder(msg::kCalendarSource, "{url}", e.source_url));
  ev.url = store_url(site_url, e.store_id);
  lines.push_back(fill_placeholder(msg::kCalendarStorePage, "{url}", ev.url));
  for (const auto& line : lines) ev.description += (ev.description.empty() ? "" : "\n") + line;
  const auto* pref = find_prefecture(l.prefecture);
  ev.location = l.store_name + "（" + std::string(pref ? pref->name : std::string_view{}) + l.city + "）";
  ev.geo = std::pair{l.location.lat, l.location.lng};
  ev.alarms.push_back({kCalendarAlarmsBeforeEnd[0], fill_placeholders(msg::kCalendarAlarm24h, names)});
  ev.alarms.push_back({kCalendarAlarmsBeforeEnd[1], fill_placeholders(msg::kCalendarAlarm3h, names)});
  return ev;
}

}  // namespace

IcsCalendar lottery_calendar(const std::vector<LotteryListing>& entries, std::string_view site_url) {
  IcsCalendar c;
  c.product_id = "-//pokeca-map//lottery calendar//JA";
  c.name = std::string(msg::kCalendarName);
  c.description = std::string(msg::kCalendarDescription);
  c.time_zone = "Asia/Tokyo";
  c.refresh_seconds = kCalendarRefreshSeconds;
  c.events.reserve(entries.size());
  for (const auto& l : entries) c.events.push_back(event_for(l, site_url));
  return c;
}

LotteryCalendarService::LotteryCalendarService(Ports ports, std::string site_url)
    : ports_(ports), site_url_(std::move(site_url)) {
  while (!site_url_.empty() && site_url_.back() == '/') site_url_.pop_back();
}

Result<CalendarSettings> LotteryCalendarService::settings(const User& user) {
  return ports_.calendars.settings(user.id);
}

Result<CalendarSettings> LotteryCalendarService::choose_prefectures(const User& user,
                                                                    const std::vector<std::string>& codes) {
  if (codes.size() > kMaxCalendarPrefectures)
    return fail(ErrorCode::kBadRequest,
                fill_placeholder(msg::kCalendarTooManyPrefectures, "{max}", std::to_string(kMaxCalendarPrefectures)));
  std::vector<std::string> checked;
  for (const auto& code : codes) {
    if (!find_prefecture(code)) return fail(ErrorCode::kBadRequest, msg::kCalendarBadPrefecture);
    if (std::ranges::find(checked, code) != checked.end())
      return fail(ErrorCode::kBadRequest, msg::kCalendarDuplicatePrefecture);
    checked.push_back(code);
  }
  if (auto ok = ports_.calendars.set_prefectures(user.id, checked); !ok) return std::unexpected(ok.error());
  return ports_.calendars.settings(user.id);
}

Result<IssuedCalendarToken> LotteryCalendarService::issue_token(const User& user) {
  IssuedCalendarToken issued;
  issued.token = ports_.crypto.random_token();
  issued.created_at = ports_.clock.now();
  issued.feed_path = std::string(kCalendarFeedPath) + "?token=" + issued.token;
  if (auto ok = ports_.calendars.set_token(user.id, ports_.crypto.hash_token(issued.token), issued.created_at); !ok)
    return std::unexpected(ok.error());
  return issued;
}

Result<void> LotteryCalendarService::revoke_token(const User& user) { return ports_.calendars.revoke_token(user.id); }

Result<CalendarFeed> LotteryCalendarService::feed(std::string_view token, std::string_view client_address) {
  const auto now = ports_.clock.now();
  const auto refused_as_unknown = [&]() -> Result<CalendarFeed> {
    const auto d = ports_.limiter.hit("calendar-bad:" + std::string(client_address), kCalendarBadTokensPerIp, now);
    if (!d.allowed) return fail_rate_limited(msg::kCalendarFeedTooMany, {}, d.retry_after_seconds);
    return fail(ErrorCode::kNotFound, msg::kCalendarFeedNotFound);
  };
  // A token is base64url of kTokenRandomBytes; anything else names nobody.
  if (token.empty() || token.size() > 128) return refused_as_unknown();
  const auto hash = ports_.crypto.hash_token(token);
  auto owner = ports_.calendars.find_by_token(hash);
  if (!owner) return std::unexpected(owner.error());
  // The lookup is by the hash's index; the comparison of what it found is constant-time.
  if (!*owner || !constant_time_equal((*owner)->token_hash, hash)) return refused_as_unknown();
  const auto d = ports_.limiter.hit("calendar:" + std::to_string((*owner)->user_id), kCalendarFetchesPerFeed, now);
  if (!d.allowed) return fail_rate_limited(msg::kCalendarFeedTooMany, {}, d.retry_after_seconds);
  auto entries = ports_.calendars.feed_entries((*owner)->user_id, now, kMaxCalendarFeedEntries);
  if (!entries) return std::unexpected(entries.error());
  return CalendarFeed{write_icalendar(lottery_calendar(*entries, site_url_)), entries->size()};
}

}  // namespace pokeca
