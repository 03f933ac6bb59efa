#include "pokeca/metrics/process_metrics.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace pokeca::metrics {
namespace {

// Fields of /proc/self/stat after the command name (which may hold spaces): field 3 is
// the first after ")".
std::vector<std::string> stat_fields() {
  std::ifstream in("/proc/self/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto close = text.rfind(')');
  std::vector<std::string> fields;
  if (close == std::string::npos) return fields;
  std::istringstream rest(text.substr(close + 1));
  for (std::string f; rest >> f;) fields.push_back(f);
  return fields;  // fields[0] is field 3 (state)
}

double stat_field(std::size_t field) {
  const auto fields = stat_fields();
  return field >= 3 && field - 3 < fields.size() ? std::stod(fields[field - 3]) : 0;
}

double resident_bytes() {
  std::ifstream in("/proc/self/statm");
  double pages = 0;
  double resident = 0;
  in >> pages >> resident;
  return resident * static_cast<double>(sysconf(_SC_PAGESIZE));
}

double open_fds() {
  std::error_code ec;
  double n = 0;
  for (std::filesystem::directory_iterator it("/proc/self/fd", ec), end; !ec && it != end; it.increment(ec)) ++n;
  return n > 0 ? n - 1 : 0;  // less the directory being listed
}

double max_fds() {
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) != 0 || files.rlim_cur == RLIM_INFINITY) return 0;
  return static_cast<double>(files.rlim_cur);
}

double cpu_seconds() {
  const auto ticks = static_cast<double>(sysconf(_SC_CLK_TCK));
  return ticks > 0 ? (stat_field(14) + stat_field(15)) / ticks : 0;  // utime + stime
}

}  // namespace

void register_process_metrics(Registry& registry, std::string_view version) {
  const auto started = std::chrono::steady_clock::now();
  const auto started_unix = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
  registry.gauge_fn("process_resident_memory_bytes", "Resident memory size in bytes.", {}, resident_bytes);
  registry.gauge_fn("process_open_fds", "Number of open file descriptors.", {}, open_fds);
  registry.gauge_fn("process_max_fds", "Maximum number of open file descriptors (soft limit).", {}, max_fds);
  registry.gauge_fn("process_threads", "Number of threads of the process.", {}, [] { return stat_field(20); });
  registry.counter_fn("process_cpu_seconds_total", "User and system CPU time spent in seconds.", {}, cpu_seconds);
  registry.gauge_fn("process_start_time_seconds", "Start time of the process since the Unix epoch in seconds.", {},
                    [started_unix] { return started_unix; });
  registry.gauge_fn("pokeca_uptime_seconds", "Seconds since the server started.", {}, [started] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  });
  registry.gauge_fn("pokeca_build_info", "The running build; always 1.", {{"version", std::string(version)}},
                    [] { return 1.0; });
}

}  // namespace pokeca::metrics
