#pragma once
// iCalendar (RFC 5545) text for published calendars: a VCALENDAR of VEVENTs with display
// alarms. Every content line ends in CRLF and is folded before 75 octets, between UTF-8
// characters (never inside one); TEXT values escape backslash, semicolon, comma and line
// breaks; times are written in UTC ("…Z"), so no VTIMEZONE is needed.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pokeca/shared/time.hpp"

namespace pokeca {

// A content line is at most this many octets before its CRLF (RFC 5545 §3.1).
inline constexpr std::size_t kIcsMaxLineOctets = 75;

struct IcsAlarm {
  UnixSeconds before_end = 0;  // fires this long before the event's end (TRIGGER;RELATED=END)
  std::string description;     // what the alarm shows (DESCRIPTION is required for DISPLAY)
};

struct IcsEvent {
  std::string uid;        // stable for the same thing on every fetch
  UnixSeconds stamp = 0;  // DTSTAMP and LAST-MODIFIED: when its information last changed
  UnixSeconds start = 0;
  UnixSeconds end = 0;  // > start
  std::string summary;
  std::string description;
  std::string location;
  std::string url;                               // "" = none
  std::optional<std::pair<double, double>> geo;  // lat, lng
  std::vector<IcsAlarm> alarms;
};

struct IcsCalendar {
  std::string product_id;  // PRODID
  std::string name;        // X-WR-CALNAME (and NAME, RFC 7986)
  std::string description;
  std::string time_zone;            // X-WR-TIMEZONE: how clients show the times ("" = none)
  UnixSeconds refresh_seconds = 0;  // REFRESH-INTERVAL and X-PUBLISHED-TTL (0 = none)
  std::vector<IcsEvent> events;
};

// The whole calendar as iCalendar text.
[[nodiscard]] std::string write_icalendar(const IcsCalendar& calendar);

// A TEXT value with \ ; , escaped and every line break (CRLF, CR or LF) as "\n"; other
// control characters are dropped (they are not allowed in TEXT).
[[nodiscard]] std::string ics_escape_text(std::string_view text);
// One content line (without CRLF) folded: CRLF + space before it would pass
// kIcsMaxLineOctets octets, never inside a UTF-8 character; ends with CRLF.
[[nodiscard]] std::string ics_fold_line(std::string_view line);
// "20261129T050000Z"
[[nodiscard]] std::string ics_utc_time(UnixSeconds t);
// "PT24H", "PT3H30M": a duration of whole minutes ("PT0S" under a minute).
[[nodiscard]] std::string ics_duration(UnixSeconds seconds);

}  // namespace pokeca
