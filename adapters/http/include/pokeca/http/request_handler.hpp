#pragma once
// What HttpServer needs from the application: answer a request, and build the
// response for a request the server refused before it was complete (413, 431, 400),
// so that every response carries the same envelope and headers.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "pokeca/http/http_types.hpp"

namespace pokeca::http {

// Where a request came from, as the server's socket saw it.
struct Peer {
  std::string address;  // "192.0.2.7", "2001:db8::1"; empty when unknown
};

// Which worker pool runs a request. Slow requests (password hashing: sign-up, login …)
// get their own small pool, so a burst of them cannot occupy the threads the map's
// requests need; photo uploads (decoding takes up to about a second a photo, and their
// bodies are large) get another, so they hold up neither the map nor logins.
enum class Lane { kNormal, kSlow, kUpload };

class RequestHandler {
 public:
  virtual ~RequestHandler() = default;

  // Called on a worker thread, possibly several at once. Must not throw.
  [[nodiscard]] virtual Response handle(const Request& request, const Peer& peer) const = 0;
  // For callers without a socket (tests): an unknown peer.
  [[nodiscard]] Response handle(const Request& request) const { return handle(request, Peer{}); }

  // Called on an I/O thread before any pool: an answer that is ready without work (a
  // cache hit) is sent from there, saving two thread hops. Must be cheap; never block.
  [[nodiscard]] virtual std::optional<Response> try_ready(const Request&) const { return std::nullopt; }

  // The pool that should run this request; decided from the header alone.
  [[nodiscard]] virtual Lane lane(const RequestHeader&) const { return Lane::kNormal; }

  // An error response with the JSON envelope; `code` is the machine code.
  [[nodiscard]] virtual Response error_response(Status status, std::string_view code,
                                                std::string_view message) const = 0;

  // The largest body this request may carry; nullopt = the server's default.
  // Upload routes (multipart) answer their own, larger limit.
  [[nodiscard]] virtual std::optional<std::uint64_t> body_limit(const RequestHeader&) const {
    return std::nullopt;
  }
};

}  // namespace pokeca::http
