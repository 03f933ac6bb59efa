#include "common/access_log.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <random>

#include "common/json_text.hpp"
#include "pokeca/http/error_log.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca::http {
namespace {

// Paths are logged as sent but only as printable ASCII, so a line is always valid JSON
// and a terminal never sees control bytes.
std::string loggable_path(std::string_view path) {
  std::string out;
  const auto n = std::min(path.size(), kMaxLoggedPathChars);
  out.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    const auto c = static_cast<unsigned char>(path[i]);
    out += (c >= 0x20 && c < 0x7f) ? path[i] : '?';
  }
  return out;
}

}  // namespace

std::string format_access_log(const AccessLogEntry& e, std::int64_t unix_seconds) {
  std::string line = R"({"time":)";
  append_json_string(line, format_iso8601(unix_seconds));
  line += R"(,"request_id":)";
  append_json_string(line, e.request_id);
  line += R"(,"method":)";
  append_json_string(line, loggable_path(e.method));
  line += R"(,"path":)";
  append_json_string(line, loggable_path(e.path));
  char numbers[96];
  const auto n =
      std::snprintf(numbers, sizeof numbers, R"(,"status":%u,"duration_ms":%.3f,"bytes":%llu})", e.status,
                    std::isfinite(e.duration_ms) ? e.duration_ms : 0.0, static_cast<unsigned long long>(e.bytes));
  line.append(numbers, static_cast<std::size_t>(n));
  return line;
}

std::string format_error_log(const ErrorLogEntry& e, std::int64_t unix_seconds) {
  std::string line = R"({"time":)";
  append_json_string(line, format_iso8601(unix_seconds));
  line += R"(,"level":"error","event":"request_failed","request_id":)";
  append_json_string(line, e.request_id);
  line += R"(,"method":)";
  append_json_string(line, loggable_path(e.method));
  line += R"(,"path":)";
  append_json_string(line, loggable_path(e.path));
  line += R"(,"status":)" + std::to_string(e.status);
  line += R"(,"error":)";
  append_json_string(line, e.error);
  line += R"(,"detail":)";
  append_json_string(line, e.detail.substr(0, kMaxLoggedDetailChars));
  line += '}';
  return line;
}

namespace {
std::mutex error_log_mutex;
ErrorLogSink error_log_sink;  // guarded by error_log_mutex
}  // namespace

namespace {
thread_local std::string_view current_request;
}  // namespace

std::string_view current_request_id() { return current_request; }

RequestIdScope::RequestIdScope(std::string_view request_id) : previous_(current_request) {
  current_request = request_id;
}

RequestIdScope::~RequestIdScope() { current_request = previous_; }

ErrorLogSink set_error_log_sink(ErrorLogSink sink) {
  std::lock_guard lock(error_log_mutex);
  std::swap(error_log_sink, sink);
  return sink;
}

void write_error_log(std::string_view line) {
  std::lock_guard lock(error_log_mutex);
  if (error_log_sink)
    error_log_sink(line);
  else
    write_to_stderr(line);
}

void write_to_stderr(std::string_view line) {
  std::string out(line);
  out += '\n';
  std::fwrite(out.data(), 1, out.size(), stderr);
}

RequestIds::RequestIds() : run_prefix_(std::random_device{}()) {}

std::string RequestIds::next() {
  char buf[24];
  const auto n =
      std::snprintf(buf, sizeof buf, "%08x-%06llx", run_prefix_, static_cast<unsigned long long>(++counter_));
  return std::string(buf, static_cast<std::size_t>(n));
}

}  // namespace pokeca::http
