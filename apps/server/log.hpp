#pragma once
// Start-up and operations log: one JSON object a line on stderr. Never pass secrets,
// tokens or full e-mail addresses here.
#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

namespace pokeca::server {

using LogField = std::pair<std::string_view, std::string>;

// A line written while a request is being handled names it ("request_id", after "event"),
// as the access and error lines do: `source` (http::current_request_id, set at start)
// answers the calling thread's request id, empty outside a request.
void log_event(std::string_view event, std::initializer_list<LogField> fields = {});
void set_request_id_source(std::string_view (*source)());

// Sends stderr, and with it every log line of the process (these events, the access log,
// the error lines of 5xx answers, the photo workers' messages), to `file`, appended; a
// SIGHUP opens the path again, so that logrotate can move the file away (no copytruncate).
// Throws std::system_error when the file cannot be opened.
void log_to_file(const std::filesystem::path& file);

}  // namespace pokeca::server
