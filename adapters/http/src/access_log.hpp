#pragma once
// The access log: one JSON object a line. Only what operators need to follow a request:
// never query strings (they can hold a position), bodies, tokens or e-mail addresses.
#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>

#include "pokeca/http/http_server.hpp"

namespace pokeca::http {

inline constexpr std::size_t kMaxLoggedPathChars = 256;

struct AccessLogEntry {
  std::string_view request_id;
  std::string_view method;
  std::string_view path;  // without the query string
  unsigned status = 0;
  double duration_ms = 0;
  std::uint64_t bytes = 0;
};

// {"time":"…Z","request_id":"…","method":"GET","path":"/api/v1/stores","status":200,
//  "duration_ms":1.25,"bytes":512}
[[nodiscard]] std::string format_access_log(const AccessLogEntry& entry, std::int64_t unix_seconds);

// Writes each line to stderr with one write, so lines from several threads do not mix.
void write_to_stderr(std::string_view line);

// Short ids unique within a run and unlikely to repeat across restarts.
class RequestIds {
 public:
  RequestIds();
  [[nodiscard]] std::string next();

 private:
  std::uint32_t run_prefix_;
  std::atomic<std::uint64_t> counter_{0};
};

}  // namespace pokeca::http
