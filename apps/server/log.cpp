#include "log.hpp"

#include <cstdio>
#include <ctime>

#include "pokeca/time.hpp"

namespace pokeca::server {
namespace {

void append_json_string(std::string& out, std::string_view s) {
  out += '"';
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

}  // namespace

void log_event(std::string_view event, std::initializer_list<LogField> fields) {
  std::string line = "{\"time\":";
  append_json_string(line, format_iso8601(std::time(nullptr)));
  line += ",\"event\":";
  append_json_string(line, event);
  for (const auto& [key, value] : fields) {
    line += ',';
    append_json_string(line, key);
    line += ':';
    append_json_string(line, value);
  }
  line += "}\n";
  std::fwrite(line.data(), 1, line.size(), stderr);
}

}  // namespace pokeca::server
