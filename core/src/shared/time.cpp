#include "pokeca/shared/time.hpp"

#include <charconv>
#include <chrono>
#include <cstdio>

namespace pokeca {
namespace {

bool read_int(std::string_view s, std::size_t pos, std::size_t len, int& out) {
  if (pos + len > s.size()) return false;
  for (std::size_t i = pos; i < pos + len; ++i)
    if (s[i] < '0' || s[i] > '9') return false;
  std::from_chars(s.data() + pos, s.data() + pos + len, out);
  return true;
}

}  // namespace

std::string format_iso8601(UnixSeconds t) {
  using namespace std::chrono;
  const sys_seconds tp{seconds{t}};
  const auto day = floor<days>(tp);
  const year_month_day ymd{day};
  const hh_mm_ss hms{tp - day};
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02uT%02d:%02d:%02dZ", static_cast<int>(ymd.year()),
                static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()),
                static_cast<int>(hms.hours().count()), static_cast<int>(hms.minutes().count()),
                static_cast<int>(hms.seconds().count()));
  return buf;
}

std::optional<UnixSeconds> parse_iso8601(std::string_view s) {
  using namespace std::chrono;
  int y = 0, mo = 0, d = 0, h = 0, mi = 0, se = 0;
  if (!read_int(s, 0, 4, y) || s.size() < 16 || s[4] != '-' || !read_int(s, 5, 2, mo) || s[7] != '-' ||
      !read_int(s, 8, 2, d) || (s[10] != 'T' && s[10] != ' ') || !read_int(s, 11, 2, h) || s[13] != ':' ||
      !read_int(s, 14, 2, mi))
    return std::nullopt;
  std::size_t pos = 16;
  if (pos < s.size() && s[pos] == ':') {  // seconds are optional
    if (!read_int(s, pos + 1, 2, se)) return std::nullopt;
    pos += 3;
    if (pos < s.size() && s[pos] == '.') {
      ++pos;
      const auto digits_from = pos;
      while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') ++pos;
      if (pos == digits_from) return std::nullopt;
    }
  }
  int offset = 0;
  if (pos < s.size() && s[pos] == 'Z') {
    ++pos;
  } else if (pos < s.size() && (s[pos] == '+' || s[pos] == '-')) {
    const int sign = s[pos] == '+' ? 1 : -1;
    int oh = 0, om = 0;
    if (!read_int(s, pos + 1, 2, oh)) return std::nullopt;
    pos += 3;
    if (pos < s.size() && s[pos] == ':') {
      if (!read_int(s, pos + 1, 2, om)) return std::nullopt;
      pos += 3;
    } else if (pos < s.size()) {
      if (!read_int(s, pos, 2, om)) return std::nullopt;
      pos += 2;
    }
    if (oh > 23 || om > 59) return std::nullopt;
    offset = (oh * 60 + om) * 60 * sign;
  } else {
    return std::nullopt;  // a time without a zone is ambiguous
  }
  if (pos != s.size()) return std::nullopt;
  const year_month_day ymd{year{y}, month{static_cast<unsigned>(mo)}, day{static_cast<unsigned>(d)}};
  if (!ymd.ok() || h > 23 || mi > 59 || se > 60) return std::nullopt;
  const auto tp = sys_days{ymd} + hours{h} + minutes{mi} + seconds{se};
  return tp.time_since_epoch().count() - offset;
}

UnixSeconds start_of_month_in_japan(UnixSeconds t) {
  using namespace std::chrono;
  // The wall clock in Japan, as if it were UTC; its month's first day; back to UTC.
  const sys_seconds local{seconds{t + kJapanUtcOffsetSeconds}};
  const year_month_day ymd{floor<days>(local)};
  const sys_days first{ymd.year() / ymd.month() / day{1}};
  return duration_cast<seconds>(first.time_since_epoch()).count() - kJapanUtcOffsetSeconds;
}

JapanDateTime japan_date_time(UnixSeconds t) {
  using namespace std::chrono;
  const sys_seconds local{seconds{t + kJapanUtcOffsetSeconds}};
  const auto day_start = floor<days>(local);
  const year_month_day ymd{day_start};
  const hh_mm_ss hms{local - day_start};
  return {static_cast<int>(ymd.year()),
          static_cast<unsigned>(ymd.month()),
          static_cast<unsigned>(ymd.day()),
          weekday{day_start}.c_encoding(),
          static_cast<unsigned>(hms.hours().count()),
          static_cast<unsigned>(hms.minutes().count())};
}

}  // namespace pokeca
