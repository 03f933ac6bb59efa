#include "log.hpp"

#include <fcntl.h>
#include <limits.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <stdexcept>
#include <system_error>

#include "pokeca/shared/text.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca::server {
namespace {

// The path SIGHUP reopens: written once, before the handler is installed.
char reopen_path[PATH_MAX];

int open_log(const char* path) { return ::open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640); }

// Only async-signal-safe calls. If the path cannot be opened, lines keep going to the
// file open until now.
void reopen_on_hangup(int /*signal*/) {
  const int saved = errno;
  if (const int fd = open_log(reopen_path); fd >= 0) {
    ::dup2(fd, STDERR_FILENO);
    ::close(fd);
  }
  errno = saved;
}

std::atomic<std::string_view (*)()> request_id_source{nullptr};

}  // namespace

void set_request_id_source(std::string_view (*source)()) { request_id_source = source; }

void log_to_file(const std::filesystem::path& file) {
  const auto path = file.string();
  if (path.empty() || path.size() >= sizeof reopen_path) throw std::invalid_argument("--log-file: bad path " + path);
  const int fd = open_log(path.c_str());
  if (fd < 0) throw std::system_error(errno, std::generic_category(), "--log-file " + path);
  std::fflush(stderr);
  ::dup2(fd, STDERR_FILENO);
  ::close(fd);
  std::memcpy(reopen_path, path.c_str(), path.size() + 1);
  struct sigaction hangup{};
  hangup.sa_handler = reopen_on_hangup;
  sigemptyset(&hangup.sa_mask);
  hangup.sa_flags = SA_RESTART;
  ::sigaction(SIGHUP, &hangup, nullptr);
}

void log_event(std::string_view event, std::initializer_list<LogField> fields) {
  std::string line = "{\"time\":";
  append_json_string(line, format_iso8601(std::time(nullptr)));
  line += ",\"event\":";
  append_json_string(line, event);
  if (const auto source = request_id_source.load())
    if (const auto id = source(); !id.empty()) {
      line += ",\"request_id\":";
      append_json_string(line, id);
    }
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
