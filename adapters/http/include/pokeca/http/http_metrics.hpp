#pragma once
// What HttpServer counts for an operator (HttpServerConfig::metrics): requests by route
// template, method and status class, their latency and bytes; each lane's requests,
// queue, waits and refusals; connections open, accepted and refused. Every series is
// registered when this is built, one slot per route of the table it is given, so the
// request path only indexes arrays and adds to relaxed atomics: no map, no lock.
// Labels name the route table's templates ("/api/v1/stores/{id}"), never a request's path.
#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "pokeca/http/api_routes.hpp"
#include "pokeca/http/request_handler.hpp"
#include "pokeca/metrics/registry.hpp"

namespace pokeca::http {

// The route label of a request that matched no API route (the built frontend, photos,
// sitemaps, an unknown path) and of one refused before its route was known.
inline constexpr std::string_view kOtherRoute = "other";

class HttpMetrics {
 public:
  // `routes` in RoutePlan::route's order (api_routes()).
  HttpMetrics(metrics::Registry& registry, std::span<const ApiRouteInfo> routes);

  // One answered request: its plan's route (nullopt: kOtherRoute), method, status,
  // time from its header's arrival to the end of the write, and bytes written.
  void request(std::optional<std::size_t> route, std::string_view method, unsigned status,
               std::chrono::nanoseconds elapsed, std::uint64_t bytes);

  // Lanes: a request handed to a lane's pool, when a worker starts it (after `waited`),
  // when it is done, or refused because the lane's queue was full (503).
  void lane_queued(Lane lane) { lanes_[index(lane)].in_flight->add(1); }
  void lane_started(Lane lane, std::chrono::nanoseconds waited) { lanes_[index(lane)].wait->observe(waited); }
  void lane_done(Lane lane) {
    auto& l = lanes_[index(lane)];
    l.in_flight->add(-1);
    l.served->add();
  }
  void lane_refused(Lane lane) { lanes_[index(lane)].refused->add(); }

  void connection_opened() {
    connections_accepted_.add();
    open_connections_.add(1);
  }
  void connection_closed() { open_connections_.add(-1); }
  void connection_refused() { connections_refused_.add(); }

 private:
  static constexpr std::size_t kMethods = 8;  // GET HEAD POST PUT PATCH DELETE OPTIONS other
  static constexpr std::size_t kStatusClasses = 5;
  struct RouteSlot {
    std::array<std::array<metrics::Counter*, kStatusClasses>, kMethods> requests{};
    metrics::Histogram* latency = nullptr;
    metrics::Counter* bytes = nullptr;
  };
  struct LaneSlot {
    metrics::Gauge* in_flight = nullptr;
    metrics::Counter* served = nullptr;
    metrics::Counter* refused = nullptr;
    metrics::Histogram* wait = nullptr;
  };
  static std::size_t index(Lane lane) { return static_cast<std::size_t>(lane); }
  static std::size_t method_index(std::string_view method);

  std::vector<RouteSlot> routes_;  // routes' slots, then kOtherRoute's
  std::array<LaneSlot, 3> lanes_{};
  metrics::Counter& connections_accepted_;
  metrics::Counter& connections_refused_;
  metrics::Gauge& open_connections_;
};

}  // namespace pokeca::http
