#pragma once
// What HttpServer needs from the application: plan a request from its header (which
// pool runs it, how large a body it may send), answer it, and build the response for a
// request the server refused before it was complete (413, 431, 400), so that every
// response carries the same envelope and headers.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <boost/beast/http/file_body.hpp>

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

// What the handler decides from the header alone, before the body is read. The route
// is looked up once, here; the server carries the plan to try_ready() and handle().
struct RoutePlan {
  Lane lane = Lane::kNormal;
  std::optional<std::uint64_t> body_limit;  // nullopt = the server's default
  // The matched API route, as an index the handler understands (opaque to the server);
  // nullopt when the request is not for an API route the handler knows.
  std::optional<std::size_t> route;
  // The route needs a signed-in user and takes a large body (uploads): the server asks
  // admit() who is calling before it reads a byte of the body.
  bool admit_first = false;
};

// admit()'s answer: a refusal to send at once (the body unread, the connection closed),
// or the caller's account, which the server uses to share the upload lane fairly.
struct Admission {
  std::optional<Response> refusal;
  std::string caller;  // a stable key of the account; empty = none
};

// Everything about a request that is not in the request itself.
struct RequestContext {
  Peer peer;
  std::string request_id;  // the X-Request-Id the server sends and logs; empty = make one
  RoutePlan plan;
};

// An answer as the server sends it: the response, or, when `file` is set, only its head
// (Content-Length included) with the body read from the open file and sent in pieces,
// so a large download (the open data export) is never held in memory. When
// `shared_body` is set, it is the body (response.body() stays empty; Content-Length is
// set): bytes shared with the response cache, sent without a copy.
struct Reply {
  Response response;
  std::optional<bhttp::file_body::value_type> file;
  std::shared_ptr<const std::string> shared_body;
};

class RequestHandler {
 public:
  virtual ~RequestHandler() = default;

  // The lane, body limit and route of a request, from its header. Must be cheap.
  [[nodiscard]] virtual RoutePlan plan(const RequestHeader&) const { return {}; }

  // Called on a worker thread, possibly several at once, with the plan made for this
  // request's header. Must not throw.
  [[nodiscard]] virtual Response handle(const Request& request, const RequestContext& context) const = 0;
  // For callers without a server (tests): plans the request itself.
  [[nodiscard]] Response handle(const Request& request, const Peer& peer) const {
    return handle(request, RequestContext{peer, {}, plan(request.base())});
  }
  [[nodiscard]] Response handle(const Request& request) const { return handle(request, Peer{}); }

  // What the server calls: handle(), or a reply whose body is a file. A handler that
  // streams files overrides it and makes handle() read the file into the body.
  [[nodiscard]] virtual Reply respond(const Request& request, const RequestContext& context) const {
    return Reply{handle(request, context), std::nullopt, nullptr};
  }

  // For a plan with admit_first: checks the credentials in the header (the route's
  // access rule) before the body is read. Called on a worker thread; may block.
  [[nodiscard]] virtual Admission admit(const RequestHeader&, const RoutePlan&, const Peer&) const { return {}; }

  // Called on an I/O thread before any pool: an answer that is ready without work (a
  // cache hit) is sent from there, saving two thread hops. Must be cheap; never block.
  [[nodiscard]] virtual std::optional<Response> try_ready(const Request&, const RoutePlan&) const {
    return std::nullopt;
  }
  [[nodiscard]] std::optional<Response> try_ready(const Request& request) const {
    return try_ready(request, plan(request.base()));
  }
  // try_ready() as the server calls it: the reply may share its body (Reply::shared_body).
  [[nodiscard]] virtual std::optional<Reply> ready(const Request& request, const RoutePlan& plan) const {
    auto response = try_ready(request, plan);
    if (!response) return std::nullopt;
    return Reply{std::move(*response), std::nullopt, nullptr};
  }

  // Shorthands for plan(header).lane and plan(header).body_limit.
  [[nodiscard]] Lane lane(const RequestHeader& header) const { return plan(header).lane; }
  [[nodiscard]] std::optional<std::uint64_t> body_limit(const RequestHeader& header) const {
    return plan(header).body_limit;
  }

  // An error response with the JSON envelope; `code` is the machine code.
  [[nodiscard]] virtual Response error_response(Status status, std::string_view code,
                                                std::string_view message) const = 0;
};

}  // namespace pokeca::http
