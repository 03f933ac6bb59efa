#pragma once
// Time as Unix seconds (UTC) and the ISO 8601 form the API uses.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pokeca {

using UnixSeconds = std::int64_t;

class Clock {
 public:
  virtual ~Clock() = default;
  [[nodiscard]] virtual UnixSeconds now() const = 0;
};

// "2026-11-21T05:30:00Z"
[[nodiscard]] std::string format_iso8601(UnixSeconds t);
// Accepts "YYYY-MM-DDTHH:MM[:SS[.fraction]]" (a space may stand for the "T") with a
// zone: "Z" or an offset "+09:00", "+0900" or "+09". A time without a zone is refused:
// it is ambiguous (the browser's local time? the server's?).
[[nodiscard]] std::optional<UnixSeconds> parse_iso8601(std::string_view text);

// Japan Standard Time is UTC+9 all year (no daylight saving since 1951).
inline constexpr UnixSeconds kJapanUtcOffsetSeconds = 9 * 3600;
// The instant the calendar month containing `t` began in Japan (the 1st, 00:00 JST).
[[nodiscard]] UnixSeconds start_of_month_in_japan(UnixSeconds t);

// The wall clock in Japan at `t`.
struct JapanDateTime {
  int year = 0;
  unsigned month = 0;    // 1–12
  unsigned day = 0;      // 1–31
  unsigned weekday = 0;  // 0 = Sunday … 6 = Saturday
  unsigned hour = 0;     // 0–23
  unsigned minute = 0;
};
[[nodiscard]] JapanDateTime japan_date_time(UnixSeconds t);

}  // namespace pokeca
