#include "log.hpp"

#include <cstdio>
#include <ctime>

#include "pokeca/text.hpp"
#include "pokeca/time.hpp"

namespace pokeca::server {
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
