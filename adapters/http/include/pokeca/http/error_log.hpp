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

}  // namespace pokeca::http
