#include "pokeca/http/metrics_endpoint.hpp"

#include "common/http_messages.hpp"
#include "common/query_string.hpp"

namespace pokeca::http {

Reply MetricsEndpoint::serve(const Request& request, const RequestContext&) const {
  if (split_target(request.target()).path != kMetricsPath)
    return {error_response(Status::not_found, "not_found", msg::kNotFound)};
  if (request.method() != bhttp::verb::get && request.method() != bhttp::verb::head) {
    auto res = error_response(Status::method_not_allowed, "method_not_allowed", msg::kMethodNotAllowed);
    res.set(bhttp::field::allow, "GET, HEAD");
    return {std::move(res)};
  }
  Response res{Status::ok, request.version()};
  res.set(bhttp::field::content_type, metrics::kExpositionContentType);
  res.set(bhttp::field::cache_control, "no-store");
  res.body() = registry_.render();
  res.prepare_payload();
  if (request.method() == bhttp::verb::head) {  // the same headers as GET, no body
    const auto length = res.body().size();
    res.body().clear();
    res.content_length(length);
  }
  return {std::move(res)};
}

Response MetricsEndpoint::error_response(Status status, std::string_view, std::string_view message) const {
  Response res{status, 11};
  res.set(bhttp::field::content_type, "text/plain; charset=utf-8");
  res.set(bhttp::field::cache_control, "no-store");
  res.body() = std::string(message) + "\n";
  res.prepare_payload();
  return res;
}

}  // namespace pokeca::http
