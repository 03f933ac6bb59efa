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

// One line for a request answered with a 5xx (pokeca/http/error_log.hpp):
// {"time":"…Z","level":"error","event":"request_failed","request_id":"…","method":"GET",
//  "path":"/api/v1/stores","status":500,"error":"internal","detail":"…"}
// `detail` is the domain error's detail or the exception's text: never shown to clients.
inline constexpr std::size_t kMaxLoggedDetailChars = 2048;
struct ErrorLogEntry {
  std::string_view request_id;
  std::string_view method;
  std::string_view path;  // without the query string
  unsigned status = 0;
  std::string_view error;   // the machine code ("internal", "unavailable") or "exception"
  std::string_view detail;  // for the operator
};
[[nodiscard]] std::string format_error_log(const ErrorLogEntry& entry, std::int64_t unix_seconds);
// Sends a line to the sink set with set_error_log_sink (stderr when none).
void write_error_log(std::string_view line);

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
