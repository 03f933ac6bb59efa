#pragma once
// The process's own figures, read from /proc at each scrape (Linux): resident memory,
// open file descriptors and their limit, threads, CPU time, start time and uptime, and
// the build's version as an info series.
#include <string_view>

#include "pokeca/metrics/registry.hpp"

namespace pokeca::metrics {

void register_process_metrics(Registry& registry, std::string_view version);

}  // namespace pokeca::metrics
