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

void log_event(std::string_view event, std::initializer_list<LogField> fields = {});

// Sends stderr, and with it every log line of the process (these events, the access log,
// the error lines of 5xx answers, the photo workers' messages), to `file`, appended; a
// SIGHUP opens the path again, so that logrotate can move the file away (no copytruncate).
// Throws std::system_error when the file cannot be opened.
void log_to_file(const std::filesystem::path& file);

}  // namespace pokeca::server
