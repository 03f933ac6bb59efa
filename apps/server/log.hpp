#pragma once
// Start-up and operations log: one JSON object a line on stderr. Never pass secrets,
// tokens or full e-mail addresses here.
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

namespace pokeca::server {

using LogField = std::pair<std::string_view, std::string>;

void log_event(std::string_view event, std::initializer_list<LogField> fields = {});

}  // namespace pokeca::server
