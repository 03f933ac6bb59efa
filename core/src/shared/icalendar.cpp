#include "pokeca/shared/icalendar.hpp"

#include <cstdio>

namespace pokeca {
namespace {

constexpr std::string_view kCrlf = "\r\n";

bool is_continuation_byte(unsigned char c) { return (c & 0xC0) == 0x80; }

// A property line "NAME:value", folded.
void property(std::string& out, std::string_view name, std::string_view value) {
  std::string line(name);
  line += ':';
  line += value;
  out += ics_fold_line(line);
}

void text_property(std::string& out, std::string_view name, std::string_view text) {
  property(out, name, ics_escape_text(text));
}

// A URI value may not hold a line break or a control character; such a URI is left out.
bool plain_uri(std::string_view uri) {
  for (const unsigned char c : uri)
    if (c < 0x20 || c == 0x7F) return false;
  return !uri.empty();
}

void write_event(std::string& out, const IcsEvent& e) {
  property(out, "BEGIN", "VEVENT");
  text_property(out, "UID", e.uid);
  property(out, "DTSTAMP", ics_utc_time(e.stamp));
  property(out, "LAST-MODIFIED", ics_utc_time(e.stamp));
  property(out, "DTSTART", ics_utc_time(e.start));
  property(out, "DTEND", ics_utc_time(e.end));
  text_property(out, "SUMMARY", e.summary);
  if (!e.description.empty()) text_property(out, "DESCRIPTION", e.description);
  if (!e.location.empty()) text_property(out, "LOCATION", e.location);
  if (e.geo) {
    char geo[64];
    std::snprintf(geo, sizeof geo, "%.6f;%.6f", e.geo->first, e.geo->second);
    property(out, "GEO", geo);
  }
  if (plain_uri(e.url)) property(out, "URL", e.url);
  property(out, "TRANSP", "TRANSPARENT");  // a window to apply in, not a busy time
  for (const auto& alarm : e.alarms) {
    property(out, "BEGIN", "VALARM");
    property(out, "ACTION", "DISPLAY");
    text_property(out, "DESCRIPTION", alarm.description);
    property(out, "TRIGGER;RELATED=END", "-" + ics_duration(alarm.before_end));
    property(out, "END", "VALARM");
  }
  property(out, "END", "VEVENT");
}

}  // namespace

std::string ics_escape_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    switch (c) {
      case '\\': out += "\\\\"; break;
      case ';': out += "\\;"; break;
      case ',': out += "\\,"; break;
      case '\r':
        if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
        out += "\\n";
        break;
      case '\n': out += "\\n"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) break;  // no control characters in TEXT
        out += c;
    }
  }
  return out;
}

std::string ics_fold_line(std::string_view line) {
  std::string out;
  out.reserve(line.size() + line.size() / kIcsMaxLineOctets * 3 + 2);
  // The first physical line holds 75 octets; each later one a space and 74.
  std::size_t room = kIcsMaxLineOctets;
  while (line.size() > room) {
    std::size_t cut = room;
    // Back to the first byte of a character, so a multi-byte character stays whole.
    while (cut > 0 && is_continuation_byte(static_cast<unsigned char>(line[cut]))) --cut;
    if (cut == 0) cut = room;  // not UTF-8: any place will do
    out.append(line.substr(0, cut));
    out += kCrlf;
    out += ' ';
    line.remove_prefix(cut);
    room = kIcsMaxLineOctets - 1;
  }
  out.append(line);
  out += kCrlf;
  return out;
}

std::string ics_utc_time(UnixSeconds t) {
  // "2026-11-29T05:00:00Z" → "20261129T050000Z"
  std::string out;
  for (const char c : format_iso8601(t))
    if (c != '-' && c != ':') out += c;
  return out;
}

std::string ics_duration(UnixSeconds seconds) {
  const auto minutes = seconds / 60;
  if (minutes <= 0) return "PT0S";
  std::string out = "PT";
  if (minutes / 60 > 0) out += std::to_string(minutes / 60) + "H";
  if (minutes % 60 > 0) out += std::to_string(minutes % 60) + "M";
  return out;
}

std::string write_icalendar(const IcsCalendar& c) {
  std::string out;
  property(out, "BEGIN", "VCALENDAR");
  property(out, "VERSION", "2.0");
  text_property(out, "PRODID", c.product_id);
  property(out, "CALSCALE", "GREGORIAN");
  property(out, "METHOD", "PUBLISH");
  if (!c.name.empty()) {
    text_property(out, "NAME", c.name);
    text_property(out, "X-WR-CALNAME", c.name);
  }
  if (!c.description.empty()) {
    text_property(out, "DESCRIPTION", c.description);
    text_property(out, "X-WR-CALDESC", c.description);
  }
  if (!c.time_zone.empty()) text_property(out, "X-WR-TIMEZONE", c.time_zone);
  if (c.refresh_seconds > 0) {
    const auto every = ics_duration(c.refresh_seconds);
    property(out, "REFRESH-INTERVAL;VALUE=DURATION", every);
    property(out, "X-PUBLISHED-TTL", every);
  }
  for (const auto& e : c.events) write_event(out, e);
  property(out, "END", "VCALENDAR");
  return out;
}

}  // namespace pokeca
