#pragma once
// The handler of the metrics listener (--metrics-bind): GET or HEAD /metrics answers the
// registry's exposition text; anything else is 404 (405 for another method on /metrics).
// It runs on an HttpServer of its own, bound apart from the public port, so the page is
// never reachable where the site is.
#include "pokeca/http/request_handler.hpp"
#include "pokeca/metrics/registry.hpp"

namespace pokeca::http {

inline constexpr std::string_view kMetricsPath = "/metrics";

class MetricsEndpoint final : public RequestHandler {
 public:
  explicit MetricsEndpoint(const metrics::Registry& registry) : registry_(registry) {}

  [[nodiscard]] RoutePlan plan(const RequestHeader&) const override { return {}; }
  [[nodiscard]] Admission admit(const RequestHeader&, const RoutePlan&, const Peer&) const override { return {}; }
  [[nodiscard]] std::optional<Reply> ready(const Request&, RequestContext&) const override { return std::nullopt; }
  [[nodiscard]] Reply serve(const Request& request, const RequestContext& context) const override;
  [[nodiscard]] Response error_response(Status status, std::string_view code, std::string_view message) const override;

 private:
  const metrics::Registry& registry_;
};

}  // namespace pokeca::http
