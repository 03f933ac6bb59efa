#pragma once
// A request through a RequestHandler without a socket, step by step as HttpServer runs it:
// plan() from the header, ready() (a kept answer, as the I/O thread asks), else serve();
// then a shared or file body read into the response, so a test reads one Response.
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "pokeca/http/request_handler.hpp"

namespace pokeca::testing {

// The reply's body in the response itself (a shared body copied, a file read whole).
inline http::Response with_body(http::Reply reply) {
  if (reply.shared_body) reply.response.body() = *reply.shared_body;
  if (reply.file) {
    auto& file = reply.file->file();
    std::string out(static_cast<std::size_t>(reply.file->size()), '\0');
    boost::beast::error_code ec;
    file.seek(0, ec);
    std::size_t at = 0;
    while (!ec && at < out.size()) {
      const auto n = file.read(out.data() + at, out.size() - at, ec);
      if (n == 0) break;
      at += n;
    }
    out.resize(at);
    reply.response.body() = std::move(out);
  }
  return std::move(reply.response);
}

// The X-Request-Id the server would give the request.
inline std::string next_request_id() {
  static std::atomic<std::uint64_t> counter{0};
  return "test-" + std::to_string(++counter);
}

// What the server answers `request` from `peer`: a kept answer when ready() has one, else
// serve()'s.
inline http::Response serve(const http::RequestHandler& handler, const http::Request& request, http::Peer peer = {}) {
  http::RequestContext context{std::move(peer), next_request_id(), handler.plan(request.base())};
  if (auto ready = handler.ready(request, context)) return with_body(std::move(*ready));
  return with_body(handler.serve(request, context));
}

// What the server sends at once from the I/O thread, or nullopt when a worker must serve it.
inline std::optional<http::Response> ready_answer(const http::RequestHandler& handler, const http::Request& request) {
  http::RequestContext context{{}, next_request_id(), handler.plan(request.base())};
  auto reply = handler.ready(request, context);
  if (!reply) return std::nullopt;
  return with_body(std::move(*reply));
}

}  // namespace pokeca::testing
