#pragma once
// Requests that end in a 5xx: the router writes one JSON line for each (request id,
// method, path, status, error, the error's log detail), so a user's report, which shows
// the request id (X-Request-Id, and "request_id" in a 500's body), can be matched to the
// cause. The lines go to stderr unless a sink is set (tests capture them).
#include <functional>
#include <string_view>

namespace pokeca::http {

// Every response carries the request's id; the access log and the error log name it.
inline constexpr std::string_view kRequestIdHeader = "X-Request-Id";

// Receives one JSON line (no newline) per 5xx. Called from worker threads.
using ErrorLogSink = std::function<void(std::string_view line)>;

// Replaces the sink for the whole process (empty = stderr). Set it at start-up; tests
// restore the previous sink, which this returns.
ErrorLogSink set_error_log_sink(ErrorLogSink sink);

// The id of the request the calling thread works on, empty outside one: HttpServer sets it
// around admit() and serve(), so a line logged from inside a request (a mail that could not
// be queued, an alert that failed) can name the request as the access and error lines do.
[[nodiscard]] std::string_view current_request_id();

class RequestIdScope {
 public:
  explicit RequestIdScope(std::string_view request_id);  // `request_id` must outlive the scope
  ~RequestIdScope();
  RequestIdScope(const RequestIdScope&) = delete;
  RequestIdScope& operator=(const RequestIdScope&) = delete;

 private:
  std::string_view previous_;
};

}  // namespace pokeca::http
