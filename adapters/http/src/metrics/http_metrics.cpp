#include "pokeca/http/http_metrics.hpp"

#include <string>

namespace pokeca::http {
namespace {

constexpr std::array<std::string_view, 8> kMethodNames{"GET",   "HEAD",   "POST",    "PUT",
                                                       "PATCH", "DELETE", "OPTIONS", "other"};
constexpr std::array<std::string_view, 5> kStatusClassNames{"1xx", "2xx", "3xx", "4xx", "5xx"};
constexpr std::array<std::string_view, 3> kLaneNames{"normal", "slow", "upload"};

// Seconds a request may wait for a lane's worker: from the I/O thread's hand-over to its start.
constexpr std::array<double, 12> kWaitBuckets{0.00001, 0.0001, 0.0005, 0.001, 0.005, 0.01,
                                              0.05,    0.1,    0.25,   0.5,   1.0,   5.0};

}  // namespace

std::size_t HttpMetrics::method_index(std::string_view method) {
  for (std::size_t i = 0; i + 1 < kMethodNames.size(); ++i)
    if (method == kMethodNames[i]) return i;
  return kMethodNames.size() - 1;
}

HttpMetrics::HttpMetrics(metrics::Registry& registry, std::span<const ApiRouteInfo> routes)
    : connections_accepted_(
          registry.counter("pokeca_http_connections_accepted_total", "Connections accepted on the public port.")),
      connections_refused_(
          registry.counter("pokeca_http_connections_refused_total",
                           "Connections refused at once (503) at the open-connection cap or an address's share.")),
      open_connections_(registry.gauge("pokeca_http_open_connections", "Connections open on the public port.")) {
  routes_.resize(routes.size() + 1);
  for (std::size_t r = 0; r <= routes.size(); ++r) {
    const std::string route(r < routes.size() ? routes[r].path : kOtherRoute);
    auto& slot = routes_[r];
    for (std::size_t m = 0; m < kMethods; ++m)
      for (std::size_t s = 0; s < kStatusClasses; ++s)
        slot.requests[m][s] = &registry.counter(
            "pokeca_http_requests_total", "Requests answered, by route template, method and status class.",
            {{"route", route}, {"method", std::string(kMethodNames[m])}, {"status", std::string(kStatusClassNames[s])}},
            metrics::Zero::kOmit);
    slot.latency =
        &registry.histogram("pokeca_http_request_duration_seconds",
                            "Time from a request's header to the end of its answer's write, by route template.",
                            {{"route", route}}, metrics::kLatencyBuckets, metrics::Zero::kOmit);
    slot.bytes = &registry.counter("pokeca_http_response_bytes_total", "Bytes written in answers, by route template.",
                                   {{"route", route}}, metrics::Zero::kOmit);
  }
  for (std::size_t l = 0; l < kLaneNames.size(); ++l) {
    const metrics::Labels lane{{"lane", std::string(kLaneNames[l])}};
    lanes_[l].in_flight = &registry.gauge("pokeca_lane_in_flight", "Requests queued or running on a lane.", lane);
    lanes_[l].served = &registry.counter("pokeca_lane_requests_total", "Requests a lane's workers ran.", lane);
    lanes_[l].refused = &registry.counter("pokeca_lane_rejected_total",
                                          "Requests answered 503 because the lane's queue was full.", lane);
    lanes_[l].wait = &registry.histogram("pokeca_lane_wait_seconds", "Time a request waited for a worker of its lane.",
                                         lane, kWaitBuckets);
  }
}

void HttpMetrics::request(std::optional<std::size_t> route, std::string_view method, unsigned status,
                          std::chrono::nanoseconds elapsed, std::uint64_t bytes) {
  auto& slot = routes_[route && *route + 1 < routes_.size() ? *route : routes_.size() - 1];
  const std::size_t status_class = status >= 100 && status < 600 ? status / 100 - 1 : kStatusClasses - 1;
  slot.requests[method_index(method)][status_class]->add();
  slot.latency->observe(elapsed);
  slot.bytes->add(bytes);
}

}  // namespace pokeca::http
